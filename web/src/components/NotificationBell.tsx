import { useCallback, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { LOCALES, useT } from '../i18n';
import { LangLink } from './LangLink';
import { countAdded, inbox, listNotifications, setUnread, syncMailLanguage, useNotificationAdded } from '../lib/notifications';

/**
 * The header's bell for a signed-in seller: a link to the notifications page whose name says how
 * many are unread ("Notifications, 3 unread"); the count follows the live socket without a reload.
 * It is on every page a seller sees, so it also tells the server the language mails are written in.
 */
export function NotificationBell({ sellerId }: { sellerId: string }) {
  const { t, lang } = useT();
  const { unread } = useSnapshot(inbox);

  useEffect(() => {
    let current = true;
    inbox.unread = null;
    inbox.newest = 0;
    listNotifications(1)
      .then((p) => current && setUnread(p.unread, p.items[0]?.createdAt))
      .catch(() => undefined); // the badge stays empty; the next live event fills it in
    return () => {
      current = false;
    };
  }, [sellerId]);

  useEffect(() => {
    syncMailLanguage(sellerId, lang).catch(() => undefined); // tried again on the next page load
  }, [sellerId, lang]);

  useNotificationAdded(useCallback((added) => void countAdded(added), []));

  const count = unread ?? 0;
  const shown = count > 99 ? '99+' : new Intl.NumberFormat(LOCALES[lang]).format(count);
  return (
    <LangLink to="/member/notifications" className="bell" markCurrent data-testid="notification-bell" data-unread={count}>
      <svg className="bell-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
        />
      </svg>
      <span className="visually-hidden">{count > 0 ? t('notifications.bellUnread', { count }) : t('notifications.bell')}</span>
      {count > 0 ? (
        <span className="bell-badge" aria-hidden="true">
          {shown}
        </span>
      ) : null}
    </LangLink>
  );
}
