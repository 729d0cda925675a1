import { useCallback, useEffect, useState } from 'react';
import { PLATFORMS, type Platform } from '../../../domain/pricing';
import type { GameAccountsAnswer, GameAccountView } from '../../../domain/player-trade';
import { useT } from '../i18n';
import { useFormat } from '../i18n/format';
import { LangLink } from '../components/LangLink';
import { api, errorOf } from '../lib/api';
import { translateError, type WireError } from '../lib/messages';
import type { PageProps } from '../page-props';

/** Member: the seller's game accounts (platform and account name) used to buy players; one purchase per account per 4 hours. */
export default function AccountListPage(_: PageProps) {
  const { t } = useT();
  const format = useFormat();
  const [items, setItems] = useState<GameAccountView[] | null>(null);
  const [visitor, setVisitor] = useState(false);
  const [platform, setPlatform] = useState<Platform>('ps');
  const [name, setName] = useState('');
  // The refusal itself, translated when drawn: it follows a language switch.
  const [error, setError] = useState<WireError | null>(null);
  const load = useCallback(async () => {
    try {
      setItems((await api<GameAccountsAnswer>('/api/game-accounts')).items);
    } catch (err) {
      if (errorOf(err).code === 'unauthenticated') setVisitor(true);
    }
  }, []);
  useEffect(() => { void load(); }, [load]);

  const add = async () => {
    setError(null);
    try {
      await api('/api/game-accounts', { method: 'POST', body: { platform, name } });
      setName('');
      await load();
    } catch (err) {
      setError(errorOf(err));
    }
  };
  const remove = async (id: string) => {
    setError(null);
    try {
      await api(`/api/game-accounts/${id}`, { method: 'DELETE', body: {} });
      await load();
    } catch (err) {
      setError(errorOf(err));
    }
  };

  return (
    <div className="container page-body account-list">
      <h1>{t('titles.accountList')}</h1>
      <p className="lead">{t('player.accounts.intro')}</p>
      {visitor ? <p className="notice"><LangLink to="/signin">{t('player.logInToView')}</LangLink></p> : (
        <>
          <form className="card" onSubmit={(e) => { e.preventDefault(); void add(); }}>
            <label>{t('player.col.platform')}{' '}
              <select name="platform" value={platform} onChange={(e) => setPlatform(e.target.value as Platform)}>
                {PLATFORMS.map((p) => <option key={p} value={p}>{t(`player.platforms.${p}`)}</option>)}
              </select>
            </label>{' '}
            <label>{t('player.accounts.name')} <input name="accountName" required maxLength={64} value={name} onChange={(e) => setName(e.target.value)} /></label>{' '}
            <button className="btn btn-primary" type="submit" data-testid="add-account">{t('player.accounts.add')}</button>
          </form>
          {error ? <p className="error" role="alert" data-testid="account-error">{translateError(t, error)}</p> : null}
          {items && items.length === 0 ? <p className="muted">{t('player.accounts.none')}</p> : null}
          {items && items.length > 0 ? (
            <ul className="record-rows account-rows" data-testid="accounts" aria-label={t('titles.accountList')}>
              {items.map((a) => (
                <li key={a.id} className="record-row" data-testid="game-account">
                  <dl>
                    <div><dt>{t('player.col.platform')}</dt><dd>{t(`player.platforms.${a.platform}`)}</dd></div>
                    <div><dt>{t('player.accounts.name')}</dt><dd>{a.name}</dd></div>
                    <div><dt>{t('player.col.status')}</dt><dd>{a.activePurchaseId ? t('player.accounts.busy') : a.cooldownUntil ? t('player.accounts.coolingUntil', { date: format.date(a.cooldownUntil) }) : t('player.accounts.ready')}</dd></div>
                  </dl>
                  <button className="btn btn-small btn-ghost" onClick={() => void remove(a.id)}>{t('player.accounts.remove')}</button>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </div>
  );
}
