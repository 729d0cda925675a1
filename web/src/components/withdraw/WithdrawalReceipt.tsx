import { DEFAULT_WITHDRAWAL_TIMINGS, type WithdrawalStatus } from '../../../../domain/withdrawal';
import { useT } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { euro } from '../../lib/api';
import { msg } from '../../lib/messages';
import { FormNotice } from '../Field';
import { LangLink } from '../LangLink';
import { Approx } from '../Approx';

/**
 * What the seller keeps after confirming a withdrawal: the amount, the fees, what arrives and by when.
 * The arrival is the specification's promise (72 hours from the request), or a manual payout's own date.
 */
export function WithdrawalReceipt({ withdrawal, onAnother }: { withdrawal: WithdrawalStatus; onAnother: () => void }) {
  const { t, lang } = useT();
  const format = useFormat();
  const { fees } = withdrawal;
  const arrivesBy = withdrawal.manualDueAt ?? withdrawal.requestedAt + DEFAULT_WITHDRAWAL_TIMINGS.overdueMs;
  return (
    <section className="card withdraw-card" aria-labelledby="withdraw-receipt" data-testid="withdraw-receipt">
      <h2 id="withdraw-receipt">{t('withdraw.form.receiptTitle')}</h2>
      <FormNotice notice={{ message: msg('WITHDRAWAL_SENT'), ok: true }} />
      <dl className="withdraw-fees">
        <div><dt>{t('withdraw.form.receiptAmount')}</dt><dd><span data-testid="receipt-amount">{euro(fees.amountCents, lang)}</span><Approx cents={fees.amountCents} /></dd></div>
        <div><dt>{t('withdraw.form.receiptFees')}</dt><dd data-testid="receipt-fees">{euro(fees.feeCents + fees.handlingFeeCents, lang)}</dd></div>
        <div><dt>{t('withdraw.form.receiptPayout')}</dt><dd data-testid="receipt-payout"><strong>{euro(fees.totalPayoutCents, lang)}</strong></dd></div>
        <div><dt>{t('withdraw.form.receiptArrival')}</dt><dd data-testid="receipt-arrival">{t('withdraw.form.receiptBy', { time: format.date(arrivesBy) })}</dd></div>
      </dl>
      <p><LangLink to="/member/coins-balance" data-testid="to-history">{t('withdraw.form.toHistory')}</LangLink></p>
      <button type="button" className="btn btn-ghost" data-testid="withdraw-another" onClick={onAnother}>{t('withdraw.form.another')}</button>
    </section>
  );
}
