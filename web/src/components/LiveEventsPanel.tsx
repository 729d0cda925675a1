import { useSnapshot } from 'valtio';
import { useT } from '../i18n';
import { live } from '../state/live';
import { useFormat } from '../i18n/format';

/** The seller's live events (state changes pushed by the server), newest first. */
export function LiveEventsPanel() {
  const { t } = useT();
  const snap = useSnapshot(live);
  const format = useFormat();
  if (snap.status === 'off') return null;
  const events = [...snap.events].reverse();
  return (
    <section className="card live-panel" aria-labelledby="live-title">
      <div className="live-head">
        <h2 id="live-title">{t('live.title')}</h2>
        <span className={`live-status live-${snap.status}`} role="status">
          {snap.status === 'online' ? t('live.connected') : t('live.offline')}
        </span>
      </div>
      {events.length === 0 ? (
        <p className="muted">{t('live.empty')}</p>
      ) : (
        <ol className="live-list" aria-live="polite">
          {events.map((e) => (
            <li key={e.id} data-testid="live-event" data-event-id={e.id}>
              <span className="live-type">{e.type}</span> <span className="live-subject">{e.subject}</span>{' '}
              <time dateTime={e.at}>{format.date(e.at)}</time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
