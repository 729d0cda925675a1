import { useEffect, useState } from 'react';
import { useT } from '../../i18n';
import { api } from '../../lib/player-trade';

const RESULTS = ['bound', 'denied', 'invalid', 'unavailable'] as const;
type Result = (typeof RESULTS)[number];

/**
 * The settings' Payoneer card: the bound account, and a button that goes to Payoneer's consent page
 * (through the API, which adds a one-time state); Payoneer sends the seller back with `?payoneer=<result>`.
 */
export function PayoneerBinding() {
  const { t } = useT();
  const [binding, setBinding] = useState<{ bound: boolean; email?: string } | null>(null);
  const [result] = useState<Result | null>(() => {
    const r = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('payoneer');
    return RESULTS.includes(r as Result) ? (r as Result) : null;
  });
  useEffect(() => {
    api<{ bound: boolean; email?: string }>('/api/member/payoneer').then(setBinding, () => setBinding({ bound: false }));
  }, []);
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
      {/* A full navigation: the API answers with a redirect to the provider's consent page. */}
      <a className="btn btn-ghost" href="/api/member/payoneer/bind" data-testid="payoneer-bind">
        {binding?.bound ? t('withdraw.payoneer.rebind') : t('withdraw.payoneer.bind')}
      </a>
    </section>
  );
}
