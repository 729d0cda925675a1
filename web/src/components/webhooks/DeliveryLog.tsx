import { useEffect, useEffectEvent, useState } from 'react';
import type { DeliveryView } from '../../../../domain/webhooks';
import { useT } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { requestJson } from '../../lib/http';
import { failureOf, translateMessage } from '../../lib/messages';
import { toast } from '../../state/feedback';
import { sessionEnded } from '../../state/session';
import { EVENT_LABEL } from './events';

/** Deliveries per page of the log. */
export const LOG_PAGE = 20;

interface Page { deliveries: DeliveryView[]; next: string | null }

/** One endpoint's delivery log, newest first: state, every attempt (status code or error, time), load more, redeliver. */
export function DeliveryLog({ endpointId, id }: { endpointId: string; id: string }) {
  const { t } = useT();
  const f = useFormat();
  const [items, setItems] = useState<DeliveryView[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const base = `/api/member/webhooks/${encodeURIComponent(endpointId)}/deliveries`;
  const fail = (err: unknown) => {
    const failure = failureOf(err);
    if (failure.status === 401) return sessionEnded();
    toast(failure.status === 0 ? t('account.msg.network') : translateMessage(t, failure.message), 'error');
  };
  const fetchPage = async (before?: string) => {
    setBusy(true);
    try {
      const page = await requestJson<Page>(base, { query: { limit: LOG_PAGE, before } });
      setItems((was) => (before && was ? [...was, ...page.deliveries] : page.deliveries));
      setNext(page.next);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };
  // The first page again whenever the endpoint changes, with the latest fetchPage (which also
  // serves the buttons, so it is a plain function and only this call is an effect event).
  const firstPage = useEffectEvent(() => void fetchPage());
  useEffect(() => firstPage(), [endpointId]);

  const redeliver = async (d: DeliveryView) => {
    try {
      const r = await requestJson<{ delivery: DeliveryView }>(`${base}/${encodeURIComponent(d.id)}/redeliver`, { method: 'POST', body: {} });
      toast(t('webhooks.redelivered'), 'success');
      // Only this row changes: pages loaded with "load more" stay.
      setItems((was) => was && was.map((x) => (x.id === d.id ? r.delivery : x)));
    } catch (err) {
      fail(err);
    }
  };

  return (
    <div className="delivery-log" id={id} data-testid="delivery-log" aria-busy={busy}>
      <div className="api-key-actions">
        <button type="button" className="btn btn-small btn-ghost" onClick={() => void fetchPage()} disabled={busy}>{t('webhooks.refresh')}</button>
      </div>
      {!items ? <p className="muted">{t('loading')}</p> : items.length === 0 ? <p>{t('webhooks.noDeliveries')}</p> : (
        <ol className="delivery-list">
          {items.map((d) => (
            <li key={d.id} data-testid="delivery" data-delivery-id={d.id} data-state={d.state}>
              <p className="delivery-head">
                <strong>{t(EVENT_LABEL[d.type])}</strong> <span className="badge" data-testid="delivery-state" data-state={d.state}>{t(`webhooks.state.${d.state}`)}</span>
              </p>
              <p className="muted"><span dir="ltr">#{d.position} · {f.date(d.createdAt)}</span></p>
              {d.attempts.length === 0 ? <p className="muted">{t('webhooks.noAttempts')}</p> : (
                <ul className="delivery-attempts">
                  {d.attempts.map((a) => (
                    <li key={`${a.redelivery ?? ''}-${a.attempt}-${a.at}`} data-testid="delivery-attempt">
                      {t('webhooks.attempt', { n: a.attempt })}{a.redelivery ? ` (${t('webhooks.redelivery')})` : ''}:{' '}
                      <span dir="ltr">{a.statusCode !== null ? `HTTP ${a.statusCode}` : a.error ?? '—'}</span>{' · '}
                      <span dir="ltr">{f.date(a.at)}</span>
                    </li>
                  ))}
                </ul>
              )}
              <button type="button" className="btn btn-small btn-ghost" onClick={() => void redeliver(d)} aria-label={`${t('webhooks.redeliver')}: #${d.position}`}>{t('webhooks.redeliver')}</button>
            </li>
          ))}
        </ol>
      )}
      {next ? <button type="button" className="btn btn-small btn-ghost" onClick={() => void fetchPage(next)} disabled={busy}>{t('webhooks.loadMore')}</button> : null}
    </div>
  );
}
