import { useCallback, useEffect, useState } from 'react';
import { PURCHASE_UPDATED, WALLET_UPDATED, type BalanceAnswer } from '../../../domain/player-trade';
import { WITHDRAWAL_UPDATED } from '../../../domain/withdrawal';
import { COMFORT_RUN_UPDATED } from '../../../domain/comfort-trade';
import { useT } from '../i18n';
import { useFormat } from '../i18n/format';
import { LangLink } from '../components/LangLink';
import { Approx } from '../components/Approx';
import { WholeText } from '../components/WholeText';
import { FeeList } from '../components/withdraw/FeeList';
import { WithdrawalHistory } from '../components/withdraw/WithdrawalHistory';
import { api, errorOf, euro, useLiveEvents } from '../lib/api';
import { loadPayoutSettings, loadWithdrawalConfig, METHOD_LABELS, useOnShown, type PayoutSettings, type WithdrawalConfig } from '../lib/withdrawals';
import type { PageProps } from '../page-props';
import { ZoneNote } from '../components/ZoneNote';

/**
 * Member: the balance (/member/coins-balance): total, available, frozen and pending payout, the
 * payment method, payout time, fees and minimum from the server's configuration, when each frozen
 * amount is released, and the withdrawal history; all live.
 */
export default function BalancePage({ params }: PageProps) {
  const { t, lang } = useT();
  const format = useFormat();
  const [data, setData] = useState<BalanceAnswer | null>(null);
  const [config, setConfig] = useState<WithdrawalConfig | null>(null);
  const [settings, setSettings] = useState<PayoutSettings | null>(null);
  const [visitor, setVisitor] = useState(false);
  const load = useCallback(async () => {
    try {
      setData(await api<BalanceAnswer>('/api/wallet'));
    } catch (err) {
      if (errorOf(err).code === 'unauthenticated') setVisitor(true);
    }
  }, []);
  useEffect(() => {
    void load();
    loadWithdrawalConfig().then(setConfig, () => undefined);
    loadPayoutSettings().then(setSettings, () => undefined);
  }, [load]);
  useLiveEvents([WALLET_UPDATED, PURCHASE_UPDATED, WITHDRAWAL_UPDATED, COMFORT_RUN_UPDATED], () => void load());
  useOnShown(`/member/${params.product}-balance`, () => loadPayoutSettings().then(setSettings, () => undefined));

  return (
    <div className="container page-body balance" data-product={params.product}>
      <h1>{t('titles.balance')}</h1>
      {visitor ? <p className="notice"><LangLink to="/signin">{t('player.logInToView')}</LangLink></p> : null}
      {data ? (
        <>
          <ZoneNote />
          <div className="balance-top">
            <dl className="card balance-figures">
              <dt>{t('player.balance.total')}</dt><dd><span data-testid="balance-total">{euro(data.wallet.total, lang)}</span><Approx cents={data.wallet.total} currency={settings?.currency} /></dd>
              <dt>{t('player.balance.available')}</dt><dd><span data-testid="balance-available">{euro(data.wallet.available, lang)}</span><Approx cents={data.wallet.available} currency={settings?.currency} /></dd>
              <dt>{t('player.balance.frozen')}</dt><dd><span data-testid="balance-frozen">{euro(data.wallet.frozen, lang)}</span><Approx cents={data.wallet.frozen} currency={settings?.currency} /></dd>
              <dt>{t('withdraw.balance.pendingPayout')}</dt><dd><span data-testid="balance-pending">{euro(data.wallet.pendingPayout, lang)}</span><Approx cents={data.wallet.pendingPayout} currency={settings?.currency} /></dd>
            </dl>
            <section className="card payout-facts" aria-labelledby="payout-facts-title">
              <h2 id="payout-facts-title" className="visually-hidden">{t('withdraw.balance.method')}</h2>
              <dl>
                <dt>{t('withdraw.balance.method')}</dt>
                <dd data-testid="payout-method">
                  {settings?.paymentMethod ? <>{METHOD_LABELS[settings.paymentMethod]} <WholeText className="muted" text={settings.paymentAddress} testId="payout-address" /></> : t('withdraw.balance.noMethod')}
                  {' '}<LangLink to="/member/my-info">{t('withdraw.balance.change')}</LangLink>
                </dd>
                <dt>{t('withdraw.balance.payoutTime')}</dt><dd data-testid="payout-time">{t('withdraw.balance.payoutTimeValue')}</dd>
                <dt>{t('withdraw.balance.processingTime')}</dt><dd data-testid="processing-time">{t('withdraw.balance.processingTimeValue')}</dd>
                <dt>{t('withdraw.balance.minimum')}</dt><dd data-testid="payout-minimum">{config ? euro(config.minimumCents, lang) : ''}</dd>
                <dt>{t('withdraw.balance.fees')}</dt>
                <dd>{config ? <FeeList fees={config.fees} only={settings?.paymentMethod} /> : null}</dd>
              </dl>
              <LangLink to="/member/withdraw" className="btn btn-primary" data-testid="to-withdraw">{t('withdraw.balance.withdrawNow')}</LangLink>
            </section>
          </div>
          <p className="muted">{t('player.balance.note')}</p>
          <h2>{t('player.balance.frozenItems')}</h2>
          {data.frozenItems.length === 0 ? <p className="muted" data-testid="frozen-none">{t('player.balance.none')}</p> : (
            <ul className="frozen-items" data-testid="frozen-items">{data.frozenItems.map((f) => (
              <li key={f.kind === 'player' ? f.purchaseId : f.runId} className="card frozen-item" data-kind={f.kind} data-testid="frozen-item">
                {f.kind === 'player'
                  ? <span className="frozen-what">{f.playerName} <span className="muted">{t('player.typePlayer')}</span></span>
                  : <span className="frozen-what">{t('player.balance.comfortItem', { coins: f.coinsTransferred })} <WholeText className="muted" text={f.originEmail} testId="frozen-email" /></span>}
                <span className="frozen-income"><strong data-testid="frozen-income">{euro(f.incomeCents, lang)}</strong><Approx cents={f.incomeCents} currency={settings?.currency} /></span>
                <span className="frozen-release" data-testid="frozen-release">{t('player.balance.releaseAt')} {f.releaseAt ? format.date(f.releaseAt) : ''}</span>
              </li>
            ))}</ul>
          )}
          <WithdrawalHistory />
        </>
      ) : null}
    </div>
  );
}
