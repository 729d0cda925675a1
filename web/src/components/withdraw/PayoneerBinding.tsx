import { useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { requestJson } from '../../lib/http';
import { askIdentity, showProofRefusal } from '../../lib/confirm-identity';
import { api } from '../../lib/api';
import { confirmBox, toast } from '../../state/feedback';

const RESULTS = ['bound', 'denied', 'invalid', 'unavailable'] as const;
type Result = (typeof RESULTS)[number];
type Binding = { bound: boolean; email?: string };

/**
 * The settings' Payoneer card: the bound account, a button that goes to Payoneer's consent page and
 * one that removes the binding. Both change where payouts go, so the seller confirms with the
 * password (or an emailed code) first; Payoneer sends the seller back with `?payoneer=<result>`.
 */
export function PayoneerBinding() {
  const { t } = useT();
  const [binding, setBinding] = useState<Binding | null>(null);
  const [busy, setBusy] = useState(false);
  const [result] = useState<Result | null>(() => {
    const r = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('payoneer');
    return RESULTS.includes(r as Result) ? (r as Result) : null;
  });
  useEffect(() => {
    api<Binding>('/api/member/payoneer').then(setBinding, () => setBinding({ bound: false }));
  }, []);

  /** Confirms it is the seller, then posts `path` with the proof; the answer, or null (refusal shown). */
  const confirmed = async <T,>(path: string): Promise<T | null> => {
    const proof = await askIdentity('/api/member/settings/code', 'withdraw.payoneer.confirm');
    if (!proof) return null;
    setBusy(true);
    try {
      return await requestJson<T>(path, { method: 'POST', body: proof });
    } catch (err) {
      showProofRefusal(err);
      return null;
    } finally {
      setBusy(false);
    }
  };
  const bind = async () => {
    const r = await confirmed<{ url: string }>('/api/member/payoneer/bind');
    // A full navigation to the provider's consent page (it sends the seller back to our callback).
    if (r) location.assign(r.url);
  };
  const unbind = async () => {
    if ((await confirmBox(t('withdraw.payoneer.unbindConfirm'), { okText: t('withdraw.payoneer.unbind') })).action !== 'ok') return;
    if (await confirmed('/api/member/payoneer/unbind')) {
      setBinding({ bound: false });
      toast(t('withdraw.payoneer.unbound'), 'success');
    }
  };

  return (
    <section className="card settings-card" aria-labelledby="info-payoneer">
      <h2 id="info-payoneer">{t('account.info.payoneerTitle')}</h2>
      {result ? (
        <p className={`form-notice ${result === 'bound' ? 'is-ok' : 'is-error'}`} role={result === 'bound' ? 'status' : 'alert'} data-testid="payoneer-result">
          {t(`withdraw.payoneer.result.${result}`)}
        </p>
      ) : null}
      <p data-testid="payoneer-status">
        {binding?.bound ? t('withdraw.payoneer.bound', { email: binding.email ?? '' }) : t('withdraw.payoneer.none')}
      </p>
      <div className="api-key-actions">
        <button type="button" className="btn btn-ghost" onClick={() => void bind()} disabled={busy} data-testid="payoneer-bind">
          {binding?.bound ? t('withdraw.payoneer.rebind') : t('withdraw.payoneer.bind')}
        </button>
        {binding?.bound ? (
          <button type="button" className="btn btn-ghost" onClick={() => void unbind()} disabled={busy} data-testid="payoneer-unbind">
            {t('withdraw.payoneer.unbind')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
