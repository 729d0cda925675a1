import { useId, useState, type FormEvent } from 'react';
import { SELLER_EVENT_TYPES, type SellerEventType } from '../../../../domain/seller-events';
import type { WebhookEndpointView } from '../../../../domain/webhooks';
import { useT } from '../../i18n';
import { requestJson } from '../../lib/http';
import { failureOf, translateMessage, type Msg } from '../../lib/messages';
import { toast } from '../../state/feedback';
import { sessionEnded } from '../../state/session';
import { Field } from '../Field';
import { EVENT_LABEL } from './events';
import { withFreshAuth } from '../../lib/confirm-identity';

/** What registering answers: the endpoint and its signing secret (shown this once). */
export interface Registered { endpoint: WebhookEndpointView; secret: string }

/** Registers a webhook endpoint: its URL and the event types it wants; the server's field errors land on their fields. */
export function WebhookForm({ onRegistered }: { onRegistered: (r: Registered) => void }) {
  const { t } = useT();
  const eventsId = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<SellerEventType[]>([...SELLER_EVENT_TYPES]);
  const [errors, setErrors] = useState<Record<string, Msg>>({});
  const [busy, setBusy] = useState(false);

  const toggle = (e: SellerEventType, on: boolean) => setEvents((was) => (on ? SELLER_EVENT_TYPES.filter((x) => x === e || was.includes(x)) : was.filter((x) => x !== e)));

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    setBusy(true);
    try {
      // The signing secret is shown once: the seller confirms it is them first (asked only when needed).
      const r = await withFreshAuth(() => requestJson<Registered>('/api/member/webhooks', { method: 'POST', body: { url: url.trim(), events } }));
      if (!r) return;
      setErrors({});
      setUrl('');
      toast(t('webhooks.added'), 'success');
      onRegistered(r);
    } catch (err) {
      const f = failureOf(err);
      if (f.status === 401) return sessionEnded();
      setErrors(f.fields);
      if (!Object.keys(f.fields).length) toast(f.status === 0 ? t('account.msg.network') : translateMessage(t, f.message), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="webhook-form" onSubmit={submit} noValidate data-testid="webhook-form">
      <h3>{t('webhooks.addTitle')}</h3>
      <Field label={t('webhooks.url')} error={errors.url} hint={t('webhooks.urlHint')}>
        {(c) => <input {...c} type="url" dir="ltr" inputMode="url" autoComplete="off" placeholder="https://" value={url} onChange={(e) => setUrl(e.target.value)} />}
      </Field>
      <fieldset className="webhook-events" aria-describedby={`${eventsId}-error`} aria-invalid={errors.events ? true : undefined}>
        <legend>{t('webhooks.events')}</legend>
        {SELLER_EVENT_TYPES.map((e) => (
          <label key={e} className="check-row">
            <input type="checkbox" name="events" value={e} checked={events.includes(e)} onChange={(x) => toggle(e, x.target.checked)} />
            {t(EVENT_LABEL[e])}
          </label>
        ))}
        <p id={`${eventsId}-error`} className="field-error" aria-live="polite" data-testid="webhook-events-error">
          {errors.events ? translateMessage(t, errors.events) : ''}
        </p>
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={busy}>{t('webhooks.add')}</button>
    </form>
  );
}
