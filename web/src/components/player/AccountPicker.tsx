import type { GameAccountView } from '../../../../domain/player-trade';
import { useT } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { Field } from '../Field';
import { LangLink } from '../LangLink';

interface Props {
  accounts: readonly GameAccountView[];
  value: string;
  onChange: (id: string) => void;
  /** When the account can buy again, or null when it can now. */
  coolingUntil: (a: GameAccountView) => number | null;
}

/** The game account the seller buys with: a full-size labelled control with what it is for, and where to add one. */
export function AccountPicker({ accounts, value, onChange, coolingUntil }: Props) {
  const { t } = useT();
  const format = useFormat();
  if (!accounts.length) {
    return (
      <p className="card account-picker" data-testid="account-picker">
        <LangLink to="/member/account-list" className="btn btn-primary">{t('player.noAccount')}</LangLink>
      </p>
    );
  }
  return (
    <div className="card account-picker" data-testid="account-picker">
      <Field label={t('player.account')} hint={t('player.accountHint')}>
        {(control) => (
          <select {...control} name="gameAccount" value={value} onChange={(e) => onChange(e.target.value)}>
            {accounts.map((a) => {
              const until = coolingUntil(a);
              const state = a.activePurchaseId ? t('player.accounts.busy') : until ? t('player.accountReadyAt', { time: format.date(until) }) : t('player.accounts.ready');
              return <option key={a.id} value={a.id}>{a.name} ({t(`player.platforms.${a.platform}`)}) · {state}</option>;
            })}
          </select>
        )}
      </Field>
      <LangLink to="/member/account-list">{t('player.addAccountLink')}</LangLink>
    </div>
  );
}
