import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { LOCALES, useT } from '../i18n';
import { useFormat } from '../i18n/format';
import type { LanguageCode } from '../../../domain/client-config';
import { MemberGate } from '../components/MemberGate';
import { Pager } from '../components/Pager';
import { LangLink } from '../components/LangLink';
import { SupportContacts } from '../components/SupportContacts';
import { failureOf, translateMessage } from '../lib/messages';
import { useOnShown } from '../lib/withdrawals';
import {
  inbox,
  listNotifications,
  markAllRead,
  markRead,
  notificationText,
  relativeTime,
  setUnread,
  useNotificationAdded,
  useNotificationResolved,
  withResolved,
  type NotificationPage,
  type NotificationView,
} from '../lib/notifications';
import { toast } from '../state/feedback';
import type { PageProps } from '../page-props';
import { ZoneNote } from '../components/ZoneNote';

const PATH = '/member/notifications';

/** Member: the seller's notifications, newest first, live; opening one marks it read and goes to what it is about. */
export default function NotificationsPage(_: PageProps) {
  const { t } = useT();
  return (
    <div className="container page-body notifications-page">
      <h1>{t('titles.notifications')}</h1>
      <MemberGate next={PATH}>
        <ZoneNote />
        <Inbox />
      </MemberGate>
    </div>
  );
}

function Inbox() {
  const { t } = useT();
  const { unread } = useSnapshot(inbox);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<NotificationPage | null>(null);
  const [busy, setBusy] = useState(false);
  const now = useMinuteClock();

  // Only the newest request's answer is shown (a page change may overtake an older answer).
  const latest = useRef(0);
  const load = useCallback(async () => {
    const n = ++latest.current;
    try {
      const answer = await listNotifications(page);
      if (n !== latest.current) return;
      setData(answer);
      setUnread(answer.unread, answer.items[0]?.createdAt);
    } catch {
      // The list stays as it was; the next live event or visit loads it again.
    }
  }, [page]);
  useEffect(() => {
    void load();
  }, [load]);
  // Pages stay mounted: coming back reads the list again.
  useOnShown(PATH, () => void load());

  // A new one goes on top of the first page; entries a page load's resync replays are older than
  // the newest shown and are left alone (they are in the list already, or on a later page).
  useNotificationAdded(
    useCallback(
      ({ item }) => {
        setData((d) => {
          if (!d || page !== 1 || d.items.some((i) => i.id === item.id)) return d;
          if (item.createdAt <= (d.items[0]?.createdAt ?? 0)) return d;
          return { ...d, items: [item, ...d.items].slice(0, d.pageSize), total: d.total + 1 };
        });
      },
      [page],
    ),
  );

  // An entry whose run moved on reads resolved at once, without a reload.
  useNotificationResolved(useCallback((r) => setData((d) => d && { ...d, items: withResolved(d.items, r) }), []));

  const markOne = (id: string) => {
    setData((d) => d && { ...d, items: d.items.map((i) => (i.id === id && !i.readAt ? { ...i, readAt: Date.now() } : i)) });
    markRead([id])
      .then((a) => setUnread(a.unread))
      .catch(() => undefined); // still unread on the server: it shows so on the next visit
  };

  const markAll = async () => {
    setBusy(true);
    try {
      const answer = await markAllRead();
      setUnread(answer.unread);
      setData((d) => d && { ...d, items: d.items.map((i) => (i.readAt ? i : { ...i, readAt: Date.now() })) });
      toast(t('notifications.allRead'), 'success');
    } catch (err) {
      toast(translateMessage(t, failureOf(err).message) || t('notifications.failed'), 'error');
    } finally {
      setBusy(false);
    }
  };

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <>
      <div className="inbox-bar">
        <p className="muted" data-testid="unread-summary">
          {unread ? t('notifications.unreadSummary', { count: unread }) : t('notifications.allCaughtUp')}
        </p>
        <button type="button" className="btn btn-ghost btn-small" data-testid="mark-all-read" onClick={() => void markAll()} disabled={busy || !unread}>
          {t('notifications.markAll')}
        </button>
      </div>
      {!data ? <p className="muted" aria-busy="true">{t('loading')}</p> : null}
      {data && data.items.length === 0 ? <p className="notice" data-testid="notifications-empty">{t('notifications.empty')}</p> : null}
      {data && data.items.length > 0 ? (
        <ul className="inbox-list" data-testid="notification-list" aria-label={t('titles.notifications')}>
          {data.items.map((n) => (
            <NotificationRow key={n.id} n={n} now={now} onOpen={() => markOne(n.id)} />
          ))}
        </ul>
      ) : null}
      <Pager page={page} pages={pages} onPage={setPage} />
    </>
  );
}

function NotificationRow({ n, now, onOpen }: { n: NotificationView; now: number; onOpen: () => void }) {
  const { t, lang } = useT();
  const format = useFormat();
  const { title, body } = notificationText(t, n, lang, format.zone);
  const unread = !n.readAt;
  // Only app paths are followed (the link comes from our server; anything else is not a place in this app).
  const inApp = n.link.startsWith('/') && !n.link.startsWith('//');
  return (
    <li
      className={`inbox-item${unread ? ' is-unread' : ''}${n.resolvedAt ? ' is-resolved' : ''}`} data-testid="notification" data-id={n.id} data-kind={n.kind}
      data-read={unread ? 'false' : 'true'} data-resolved={n.resolvedAt ? 'true' : 'false'}>
      <h2 className="inbox-title">
        {unread ? <span className="visually-hidden">{t('notifications.unreadMark')}: </span> : null}
        {inApp ? (
          <LangLink to={n.link} onClick={onOpen} data-testid="notification-open">
            {title}
          </LangLink>
        ) : (
          title
        )}
      </h2>
      {body ? <p className="inbox-body">{body}</p> : null}
      <p className="inbox-meta">
        <time dateTime={new Date(n.createdAt).toISOString()} title={format.date(n.createdAt)}>
          {relativeTime(n.createdAt, now, LOCALES[lang])}
        </time>
        {/* A wait that ended says how and when, not a deadline that passed. */}
        {n.resolvedAt && n.resolution ? (
          <strong className="inbox-resolved" data-testid="notification-resolved">
            {/* A support wait that support ended was not the seller's fix: it says so. */}
            {t(n.kind === 'waiting_support' && n.resolution === 'fixed' ? 'notifications.waiting_support.resolved' : `notifications.resolved.${n.resolution}`, { time: format.date(n.resolvedAt) })}
          </strong>
        ) : n.deadline ? (
          <strong className="inbox-deadline" data-testid="notification-deadline">
            {t('notifications.deadline', { time: format.date(n.deadline), left: relativeTime(n.deadline, now, LOCALES[lang]) })}
          </strong>
        ) : null}
      </p>
      {/* A wait only support ends: how to reach them, while it still waits (the record's contacts, from the same configuration). */}
      {n.kind === 'waiting_support' && !n.resolvedAt ? <SupportContacts label={t('notifications.waiting_support.contact')} /> : null}
    </li>
  );
}

/** The time now, moving on once a minute (relative times stay right while the page is open). */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // Not a sweep: refreshes the page's relative times in the browser.
    const id = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(id);
  }, []);
  return now;
}
