import { useCallback, useEffect, useRef, useState } from 'react';
import { PLATFORMS, type Platform } from '../../../domain/pricing';
import type { GameAccountsAnswer, GameAccountView } from '../../../domain/player-trade';
import { useT } from '../i18n';
import { useFormat } from '../i18n/format';
import { Field } from '../components/Field';
import { LangLink } from '../components/LangLink';
import { MemberGate } from '../components/MemberGate';
import { api, errorOf } from '../lib/api';
import { translateError, type WireError } from '../lib/messages';
import type { PageProps } from '../page-props';

/** Member: the seller's game accounts (platform and name in the game) used to buy players; one purchase per account per 4 hours. */
export default function AccountListPage(_: PageProps) {
  const { t } = useT();
  return (
    <div className="container page-body account-list">
      <h1>{t('titles.accountList')}</h1>
      <p className="lead">{t('player.accounts.intro')}</p>
      <MemberGate next="/member/account-list">
        <Accounts />
      </MemberGate>
    </div>
  );
}

function Accounts() {
  const { t } = useT();
  const format = useFormat();
  const [items, setItems] = useState<GameAccountView[] | null>(null);
  const [platform, setPlatform] = useState<Platform>('ps');
  const [name, setName] = useState('');
  // The refusal itself, translated when drawn: it follows a language switch.
  const [error, setError] = useState<WireError | null>(null);
  // The account just added: the success note names it and says what to do next.
  const [added, setAdded] = useState<GameAccountView | null>(null);
  const addedRef = useRef<HTMLDivElement>(null);
  const load = useCallback(async () => {
    try {
      setItems((await api<GameAccountsAnswer>('/api/game-accounts')).items);
    } catch (err) {
      setError(errorOf(err));
    }
  }, []);
  useEffect(() => { void load(); }, [load]);
  useEffect(() => { if (added) addedRef.current?.focus(); }, [added]);

  const add = async () => {
    setError(null);
    setAdded(null);
    try {
      const res = await api<{ account: GameAccountView }>('/api/game-accounts', { method: 'POST', body: { platform, name } });
      setName('');
      setAdded(res.account);
      await load();
    } catch (err) {
      setError(errorOf(err));
    }
  };
  const remove = async (id: string) => {
    setError(null);
    setAdded(null);
    try {
      await api(`/api/game-accounts/${id}`, { method: 'DELETE', body: {} });
      await load();
    } catch (err) {
      setError(errorOf(err));
    }
  };

  return (
    <div className="settings-grid">
      <section className="card settings-card" aria-labelledby="account-add-title">
        <h2 id="account-add-title">{t('player.accounts.formTitle')}</h2>
        <form className="account-form" onSubmit={(e) => { e.preventDefault(); void add(); }}>
          <Field label={t('player.col.platform')} hint={t('player.accounts.platformHint')}>
            {(control) => (
              <select {...control} name="platform" value={platform} onChange={(e) => setPlatform(e.target.value as Platform)}>
                {PLATFORMS.map((p) => <option key={p} value={p}>{t(`player.platforms.${p}`)}</option>)}
              </select>
            )}
          </Field>
          <Field label={t('player.accounts.name')} hint={t('player.accounts.nameHint')}>
            {(control) => <input {...control} name="accountName" required maxLength={64} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />}
          </Field>
          <button className="btn btn-primary" type="submit" data-testid="add-account">{t('player.accounts.add')}</button>
        </form>
        {error ? <p className="error" role="alert" data-testid="account-error">{translateError(t, error)}</p> : null}
        {added ? (
          <div className="form-notice is-ok account-added" role="status" tabIndex={-1} ref={addedRef} data-testid="account-added">
            <p>{t('player.accounts.added', { name: added.name, platform: t(`player.platforms.${added.platform}`) })}</p>
            <p>{t('player.accounts.nextStep')}</p>
            <LangLink to="/sell-coins-player-trade" className="btn btn-accent" data-testid="account-next">{t('player.accounts.nextLink')}</LangLink>
          </div>
        ) : null}
      </section>
      <section className="card settings-card" aria-labelledby="account-list-title">
        <h2 id="account-list-title">{t('player.accounts.listTitle')}</h2>
        {items && items.length === 0 ? <p className="muted">{t('player.accounts.none')}</p> : null}
        {items && items.length > 0 ? (
          <ul className="record-rows account-rows" data-testid="accounts" aria-labelledby="account-list-title">
            {items.map((a) => (
              <li key={a.id} className="record-row" data-testid="game-account">
                <dl>
                  <div><dt>{t('player.col.platform')}</dt><dd>{t(`player.platforms.${a.platform}`)}</dd></div>
                  <div><dt>{t('player.accounts.name')}</dt><dd><bdi>{a.name}</bdi></dd></div>
                  <div><dt>{t('player.col.status')}</dt><dd>{a.activePurchaseId ? t('player.accounts.busy') : a.cooldownUntil ? t('player.accounts.coolingUntil', { date: format.date(a.cooldownUntil) }) : t('player.accounts.ready')}</dd></div>
                </dl>
                <button className="btn btn-small btn-ghost" onClick={() => void remove(a.id)}>{t('player.accounts.remove')}</button>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
