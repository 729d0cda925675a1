import { Fragment } from 'react';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../../domain/account-schemas';
import type { FeeTable } from '../../../../domain/withdrawal';
import { useT } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { euro } from '../../lib/api';
import { METHOD_LABELS } from '../../lib/withdrawals';

/**
 * The fee thresholds of the server's table: of the seller's method when one is chosen, else of every
 * method. Each tier is its own run, joined by the language's separator (Arabic and Persian "؛"), and
 * every amount and percentage is bidi-isolated, so a right-to-left line does not reorder them.
 */
export function FeeList({ fees, only }: { fees: FeeTable; only?: PaymentMethod | null }) {
  const { t, lang } = useT();
  const format = useFormat();
  const methods = only ? [only] : PAYMENT_METHODS;
  const separator = t('withdraw.balance.tierSeparator');
  return (
    <ul className="fee-list" data-testid="fee-list">
      {methods.map((m) => {
        const parts = [
          ...[...fees[m].tiers].sort((a, b) => a.fromCents - b.fromCents).map((tier) =>
            t('withdraw.balance.feeTier', { from: euro(tier.fromCents, lang), fixed: euro(tier.fixedCents, lang), percent: format.percent(tier.bps) }),
          ),
          t('withdraw.balance.handling', { fee: euro(fees[m].handlingFeeCents, lang) }),
        ];
        return (
          <li key={m} data-method={m}>
            <strong>{METHOD_LABELS[m]}</strong>{' '}
            {parts.map((part, i) => (
              <Fragment key={i}>
                {i > 0 ? separator : null}
                <span className="fee-part">{part}</span>
              </Fragment>
            ))}
          </li>
        );
      })}
    </ul>
  );
}
