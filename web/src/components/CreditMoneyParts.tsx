import type { CreditMoney } from '../../../domain/sale-money';
import { useT } from '../i18n';
import { useFormat } from '../i18n/format';
import { euro } from '../lib/api';
import { LangLink } from './LangLink';

/** The word of a credit's money state (domain/sale-money.ts): the record rows' status and the tabs read the same state. */
export function moneyStateText(t: (key: string) => string, money: CreditMoney): string {
  return t(`player.money.states.${money.state}`);
}

/**
 * Where a credit's money is, part by part: what is still available, and what each withdrawal holds or
 * paid out, named by its date and linked to it in the withdrawal history. A credit wholly in one
 * place but available needs no line (the status says it).
 */
export function CreditMoneyParts({ money }: { money: CreditMoney }) {
  const { t, lang } = useT();
  const format = useFormat();
  const split = money.withdrawals.length > 0 && money.availableCents > 0;
  if (!money.withdrawals.length) return null;
  return (
    <ul className="record-guidance money-parts" data-testid="money-parts">
      {split ? <li data-testid="money-available">{t('player.money.available', { amount: euro(money.availableCents, lang) })}</li> : null}
      {money.withdrawals.map((w) => (
        <li key={`${w.withdrawalId}:${w.paidAt ?? ''}`} data-testid={w.paidAt === null ? 'money-pending' : 'money-paid-out'} data-withdrawal-id={w.withdrawalId}>
          <LangLink to={`/member/coins-balance?withdrawal=${encodeURIComponent(w.withdrawalId)}`}>
            {t(w.paidAt === null ? 'player.money.pending' : 'player.money.paidOut', { amount: euro(w.cents, lang), date: format.date(w.paidAt ?? w.requestedAt) })}
          </LangLink>
        </li>
      ))}
    </ul>
  );
}
