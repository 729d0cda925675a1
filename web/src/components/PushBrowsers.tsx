import { useEffect, useId, useState } from 'react';
import { useT } from '../i18n';
import { useFormat } from '../i18n/format';
import { failureOf, translateMessage } from '../lib/messages';
import { loadPushBrowsers, removePushBrowser, thisBrowserId, unsubscribeThisBrowser, type PushSubscriptionView } from '../lib/push';

/**
 * Settings: every browser that gets the seller's push notifications, named from the browser it was
 * added with, when it was added and last reached, each with a Remove button: a browser someone else
 * added (a stolen session) is seen and taken off here. Removing this browser also unsubscribes it.
 */
export function PushBrowsers({ refresh, onThisRemoved }: { refresh: number; onThisRemoved: () => void }) {
  const { t } = useT();
  const f = useFormat();
  const id = useId();
  const [items, setItems] = useState<PushSubscriptionView[] | null>(null);
  const [mine, setMine] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);

  useEffect(() => {
    let current = true;
    Promise.all([loadPushBrowsers(), thisBrowserId().catch(() => null)])
      .then(([list, own]) => {
        if (!current) return;
        setItems(list.subscriptions);
        setMine(own);
        setFailed(false);
      })
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [refresh]);

  const nameOf = (s: PushSubscriptionView) =>
    s.browser && s.os ? t('notifications.push.browserOn', { browser: s.browser, os: s.os }) : s.browser ?? s.os ?? t('notifications.push.unknownBrowser');

  const remove = async (s: PushSubscriptionView) => {
    setBusy(s.id);
    setMessage(null);
    try {
      const left = await removePushBrowser(s.id);
      setItems(left.subscriptions);
      if (s.id === mine) {
        await unsubscribeThisBrowser();
        setMine(null);
        onThisRemoved();
      }
      setMessage({ text: t('notifications.push.removed', { name: nameOf(s) }), ok: true });
    } catch (err) {
      const failure = failureOf(err);
      setMessage({ text: failure.status ? translateMessage(t, failure.message) : t('notifications.failed'), ok: false });
    } finally {
      setBusy(null);
    }
  };

  const titleId = `${id}-title`;
  return (
    <div className="push-browsers" data-testid="push-browsers">
      <h3 id={titleId}>{t('notifications.push.browsers')}</h3>
      {!items ? (
        <p className={failed ? 'form-notice is-error' : 'muted'} role={failed ? 'alert' : undefined}>{failed ? t('notifications.failed') : t('loading')}</p>
      ) : items.length === 0 ? (
        <p className="muted" data-testid="push-browsers-none">{t('notifications.push.noBrowsers')}</p>
      ) : (
        <ul className="api-key-list" aria-labelledby={titleId}>
          {items.map((s) => (
            <li key={s.id} data-testid="push-browser">
              <p className="api-key-name">
                <strong>{nameOf(s)}</strong> {s.id === mine ? <span className="badge">{t('notifications.push.thisBrowser')}</span> : null}
              </p>
              <dl className="info-list">
                <div><dt>{t('notifications.push.added')}</dt><dd dir="ltr">{f.date(s.createdAt)}</dd></div>
                <div><dt>{t('notifications.push.lastUsed')}</dt><dd dir={s.lastUsedAt ? 'ltr' : undefined}>{s.lastUsedAt ? f.date(s.lastUsedAt) : t('notifications.push.neverUsed')}</dd></div>
              </dl>
              <div className="api-key-actions">
                <button type="button" className="btn btn-small btn-ghost" disabled={busy !== null} onClick={() => void remove(s)} aria-label={`${t('notifications.push.remove')}: ${nameOf(s)}`}>
                  {t('notifications.push.remove')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className={`form-notice${message ? (message.ok ? ' is-ok' : ' is-error') : ''}`} role={message?.ok === false ? 'alert' : 'status'} data-testid="push-browsers-notice">
        {message?.text ?? ''}
      </p>
    </div>
  );
}
