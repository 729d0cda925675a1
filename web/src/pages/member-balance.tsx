import { useCallback, useEffect, useState } from 'react';
import { PURCHASE_UPDATED, WALLET_UPDATED, type BalanceAnswer } from '../../../domain/player-trade';
import { useT } from '../i18n';
import { useFormat } from '../i18n/format';
import { LangLink } from '../components/LangLink';
import { api, errorOf, euro, useLiveEvents } from '../lib/player-trade';
import type { PageProps } from '../routes';


/** Member: the balance (/member/coins-balance): total, available, frozen, and when each frozen amount is released, live. */
export default function BalancePage({ params }: PageProps) {
  const { t, lang } = useT();
  const format = useFormat();
  const [data, setData] = useState<BalanceAnswer | null>(null);
  const [visitor, setVisitor] = useState(false);
  const load = useCallback(async () => {
    try {
      setData(await api<BalanceAnswer>('/api/wallet'));
    } catch (err) {
      if (errorOf(err).code === 'unauthenticated') setVisitor(true);
    }
  }, []);
  useEffect(() => { void load(); }, [load]);
  useLiveEvents([WALLET_UPDATED, PURCHASE_UPDATED], () => void load());

  return (
    <div className="container page-body balance" data-product={params.product}>
      <h1>{t('titles.balance')}</h1>
      {visitor ? <p className="notice"><LangLink to="/signin">{t('player.logInToView')}</LangLink></p> : null}
      {data ? (
        <>
          <dl className="card balance-figures">
            <dt>{t('player.balance.total')}</dt><dd data-testid="balance-total">{euro(data.wallet.total, lang)}</dd>
            <dt>{t('player.balance.available')}</dt><dd data-testid="balance-available">{euro(data.wallet.available, lang)}</dd>
            <dt>{t('player.balance.frozen')}</dt><dd data-testid="balance-frozen">{euro(data.wallet.frozen, lang)}</dd>
          </dl>
          <p className="muted">{t('player.balance.note')}</p>
          <h2>{t('player.balance.frozenItems')}</h2>
          {data.frozenItems.length === 0 ? <p className="muted" data-testid="frozen-none">{t('player.balance.none')}</p> : (
            <table className="table" data-testid="frozen-items">
              <thead><tr><th>{t('player.col.player')}</th><th>{t('player.col.income')}</th><th>{t('player.balance.releaseAt')}</th></tr></thead>
              <tbody>{data.frozenItems.map((f) => (
                <tr key={f.purchaseId}><td>{f.playerName}</td><td>{euro(f.incomeCents, lang)}</td><td>{f.releaseAt ? format.date(f.releaseAt) : ''}</td></tr>
              ))}</tbody>
            </table>
          )}
        </>
      ) : null}
    </div>
  );
}
