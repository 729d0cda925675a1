import { PAYMENT_METHODS, type PaymentMethod } from '../../../../domain/account-schemas';
import type { FeeTable } from '../../../../domain/withdrawal';
import { useT } from '../../i18n';
import { euro } from '../../lib/api';
import { METHOD_LABELS } from '../../lib/withdrawals';

/** The fee thresholds of the server's table: of the seller's method when one is chosen, else of every method. */
export function FeeList({ fees, only }: { fees: FeeTable; only?: PaymentMethod | null }) {
  const { t, lang } = useT();
  const methods = only ? [only] : PAYMENT_METHODS;
  return (
    <ul className="fee-list" data-testid="fee-list">
      {methods.map((m) => (
        <li key={m} data-method={m}>
          <strong>{METHOD_LABELS[m]}</strong>{' '}
          {[...fees[m].tiers].sort((a, b) => a.fromCents - b.fromCents).map((tier) =>
            t('withdraw.balance.feeTier', { from: euro(tier.fromCents, lang), fixed: euro(tier.fixedCents, lang), percent: new Intl.NumberFormat(lang).format(tier.bps / 100) }),
          ).join('; ')}
          {'; '}{t('withdraw.balance.handling', { fee: euro(fees[m].handlingFeeCents, lang) })}
        </li>
      ))}
    </ul>
  );
}
