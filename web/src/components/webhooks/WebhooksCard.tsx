import { useCallback, useEffect, useState } from 'react';
import type { WebhookEndpointView } from '../../../../domain/webhooks';
import { useT } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { HttpError, request, requestJson } from '../../lib/http';
import { failureOf, translateMessage } from '../../lib/messages';
import { confirmBox, toast } from '../../state/feedback';
import { sessionEnded } from '../../state/session';
import { CopyButton } from '../CopyButton';
import { DeliveryLog } from './DeliveryLog';
import { EVENT_LABEL } from './events';
import { WebhookForm, type Registered } from './WebhookForm';
import { withFreshAuth } from '../../lib/confirm-identity';

/**
 * Settings: the seller's webhook endpoints, for sellers with API access (the same switch as API
 * keys): register (the signing secret shown once), rotate the secret, remove, read each delivery
 * log and ask for redeliveries.
 */
export function WebhooksCard() {
  const { t } = useT();
  const f = useFormat();
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [endpoints, setEndpoints] = useState<WebhookEndpointView[] | null>(null);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const fail = (err: unknown) => {
    const failure = failureOf(err);
    if (failure.status === 401) return sessionEnded();
    toast(failure.status === 0 ? t('account.msg.network') : translateMessage(t, failure.message), 'error');
  };
  // Stable (it keeps the message's key, translated when shown), so the first load runs once.
  const load = useCallback(() =>
    requestJson<{ endpoints: WebhookEndpointView[] }>('/api/member/webhooks').then((r) => setEndpoints(r.endpoints), (err) => {
      if (failureOf(err).status === 401) sessionEnded();
      else setErrorKey('account.msg.network');
    }), []);
  useEffect(() => {
    requestJson<{ enabled: boolean }>('/api/member/api-keys').then((r) => {
      setEnabled(r.enabled);
      if (r.enabled) void load();
    }, () => setEnabled(false));
  }, [load]);

  const registered = (r: Registered) => {
    setSecret({ url: r.endpoint.url, secret: r.secret });
    void load();
  };
  const rotate = async (e: WebhookEndpointView) => {
    if ((await confirmBox(t('webhooks.rotateConfirm', { url: e.url }), { okText: t('webhooks.rotate') })).action !== 'ok') return;
    await withFreshAuth(() => requestJson<Registered>(`/api/member/webhooks/${encodeURIComponent(e.id)}/rotate-secret`, { method: 'POST', body: {} }))
      .then((r) => r && setSecret({ url: r.endpoint.url, secret: r.secret }), fail);
    await load();
  };
  const remove = async (e: WebhookEndpointView) => {
    if ((await confirmBox(t('webhooks.removeConfirm', { url: e.url }), { okText: t('webhooks.remove') })).action !== 'ok') return;
    // 204 without a body: `request`, not `requestJson`.
    await request(`/api/member/webhooks/${encodeURIComponent(e.id)}`, { method: 'DELETE' }).then((res) => {
      if (!res.ok) throw new HttpError(res.status, res.data, `HTTP ${res.status}`);
      toast(t('webhooks.removed'), 'success');
    }).catch(fail);
    await load();
  };

  // Without API access there is no software to call: the section is not shown (API keys says how to get access).
  if (!enabled) return null;
  return (
    <section className="card settings-card webhooks" aria-labelledby="info-webhooks" data-testid="webhooks">
      <h2 id="info-webhooks">{t('webhooks.title')}</h2>
      <p className="muted">{t('webhooks.intro')} <a href="/api/v1/docs">{t('apikeys.docs')}</a></p>
      {secret ? (
        <div className="api-key-secret" role="status" data-testid="webhook-secret">
          <p><strong>{t('webhooks.secretTitle', { url: secret.url })}</strong></p>
          <p>{t('webhooks.secretOnce')}</p>
          <code dir="ltr">{secret.secret}</code>
          <div className="api-key-actions">
            <CopyButton text={secret.secret} label={t('webhooks.secretTitle', { url: secret.url })} />
            <button type="button" className="btn btn-small btn-primary" onClick={() => setSecret(null)}>{t('webhooks.done')}</button>
          </div>
        </div>
      ) : null}
      {!endpoints ? (
        errorKey ? <p role="alert">{t(errorKey)}</p> : <p className="muted">{t('loading')}</p>
      ) : endpoints.length === 0 ? <p data-testid="webhooks-none">{t('webhooks.none')}</p> : (
        <ul className="api-key-list">
          {endpoints.map((e) => (
            <li key={e.id} data-testid="webhook" data-endpoint-id={e.id}>
              <p className="webhook-url"><code dir="ltr">{e.url}</code></p>
              <dl className="info-list">
                <div><dt>{t('webhooks.events')}</dt><dd>{e.events.map((x) => t(EVENT_LABEL[x])).join(', ')}</dd></div>
                <div><dt>{t('webhooks.created')}</dt><dd dir="ltr">{f.date(e.createdAt)}</dd></div>
                {e.previousSecretUntil && Date.parse(e.previousSecretUntil) > Date.now() ? (
                  <div><dt>{t('webhooks.previousUntil')}</dt><dd dir="ltr">{f.date(e.previousSecretUntil)}</dd></div>
                ) : null}
              </dl>
              <div className="api-key-actions">
                <button type="button" className="btn btn-small btn-ghost" aria-expanded={open === e.id} aria-controls={`log-${e.id}`} onClick={() => setOpen(open === e.id ? null : e.id)} aria-label={`${t('webhooks.log')}: ${e.url}`}>{t('webhooks.log')}</button>
                <button type="button" className="btn btn-small btn-ghost" onClick={() => void rotate(e)} aria-label={`${t('webhooks.rotate')}: ${e.url}`}>{t('webhooks.rotate')}</button>
                <button type="button" className="btn btn-small btn-ghost" onClick={() => void remove(e)} aria-label={`${t('webhooks.remove')}: ${e.url}`}>{t('webhooks.remove')}</button>
              </div>
              {open === e.id ? <DeliveryLog endpointId={e.id} id={`log-${e.id}`} /> : null}
            </li>
          ))}
        </ul>
      )}
      <WebhookForm onRegistered={registered} />
    </section>
  );
}
