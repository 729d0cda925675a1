import { useCallback, useEffect, useRef, useState } from 'react';
import { PURCHASE_UPDATED, RECORD_TABS, recordAmounts, type RecordsAnswer, type RecordTab } from '../../../domain/player-trade';
import { WITHDRAWAL_UPDATED } from '../../../domain/withdrawal';
import { useT } from '../i18n';
import { useFormat } from '../i18n/format';
import { LangLink } from '../components/LangLink';
import { RecordSwitch } from '../components/RecordSwitch';
import { Pager } from '../components/Pager';
import { EmptyList } from '../components/EmptyList';
import { RunTimeline } from '../components/RunTimeline';
import { CreditMoneyParts, moneyStateText } from '../components/CreditMoneyParts';
import { api, coins, errorOf, euro, useLiveEvents } from '../lib/api';
import type { PageProps } from '../page-props';
import { ZoneNote } from '../components/ZoneNote';

const SIZE = 10;
const COLUMNS = ['player', 'coinsSpent', 'income', 'date', 'type', 'status', 'actions'] as const;

/** Member: the player sell record, by tab (All, Settled, Processing, Available), paged and live. */
export default function PlayerRecordPage(_: PageProps) {
  const { t, lang } = useT();
  const format = useFormat();
  const [tab, setTab] = useState<RecordTab>('all');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<RecordsAnswer | null>(null);
  const [visitor, setVisitor] = useState(false);
  // Only the newest request's answer is shown: an older one (another tab or page) arriving late is dropped.
  const latest = useRef(0);
  const load = useCallback(async () => {
    const n = ++latest.current;
    try {
      const answer = await api<RecordsAnswer>('/api/player-trade/records', { query: { tab, page, size: SIZE } });
      if (n === latest.current) setData(answer);
    } catch (err) {
      if (errorOf(err).code === 'unauthenticated') setVisitor(true);
    }
  }, [tab, page]);
  useEffect(() => { void load(); }, [load]);
  // Every withdrawal change moves money between available, being paid out and paid out: the tabs reload.
  useLiveEvents([PURCHASE_UPDATED, WITHDRAWAL_UPDATED], () => void load());
  const pages = data ? Math.max(1, Math.ceil(data.total / SIZE)) : 1;

  return (
    <div className="container page-body player-record">
      <h1>{t('titles.playerRecord')}</h1>
      <RecordSwitch />
      {visitor ? <p className="notice"><LangLink to="/signin">{t('player.logInToView')}</LangLink></p> : (
        <>
          <ZoneNote />
          <div role="tablist" className="tabs">
            {RECORD_TABS.map((k) => (
              <button key={k} role="tab" aria-selected={tab === k} className={`tab ${tab === k ? 'active' : ''}`} data-testid={`tab-${k}`} onClick={() => { setTab(k); setPage(1); }}>{t(`player.tabs.${k}`)}</button>
            ))}
          </div>
          {data && data.items.length === 0 ? <EmptyList filtered={tab !== 'all'} none={t('player.empty')} onClear={() => { setTab('all'); setPage(1); }} testId="records-empty" /> : null}
          {data && data.items.length > 0 ? (
            <ul className="record-rows player-rows" data-testid="records" aria-label={t('titles.playerRecord')}>
              <li className="record-row record-head" aria-hidden="true">
                {COLUMNS.map((c) => <span key={c}>{t(`player.col.${c}`)}</span>)}
              </li>
              {data.items.map((r) => {
                // Once credited, the row says where the money is, from the same model as the tabs.
                const state = r.money && r.state === 'available' ? moneyStateText(t, r.money) : t(`player.states.${r.state}`);
                const shown = recordAmounts(r.state);
                // A reason that only repeats the state's own words ("Not bought · Not bought") is left out.
                const reason = r.reason ? t(`player.reasons.${r.reason}`) : '';
                return (
                  <li key={r.purchaseId} className="record-row" data-state={r.state} data-money={r.money?.state ?? 'none'} data-purchase-id={r.purchaseId} data-testid="player-record">
                    <dl>
                      <div><dt>{t('player.col.player')}</dt><dd>{r.card.playerName} <span className="muted">{r.card.versionName}</span></dd></div>
                      <div><dt>{t('player.col.coinsSpent')}</dt><dd data-testid="record-coins">{shown.coins ? coins(r.coinsSpent, lang) : '—'}</dd></div>
                      <div><dt>{t('player.col.income')}</dt><dd data-testid="record-income">{shown.income ? euro(r.incomeCents, lang) : '—'}</dd></div>
                      <div><dt>{t('player.col.date')}</dt><dd>{format.date(r.pickedAt)}</dd></div>
                      <div><dt>{t('player.col.type')}</dt><dd>{t('player.typePlayer')}</dd></div>
                      <div>
                        <dt>{t('player.col.status')}</dt>
                        <dd data-testid="record-status">
                          <strong>{state}</strong>
                          {reason && reason !== state ? <span className="record-guidance">{reason}</span> : null}
                          {r.state === 'frozen' && r.releaseAt ? <span className="record-guidance">{t('player.balance.releaseAt')} {format.date(r.releaseAt)}</span> : null}
                          {r.money ? <CreditMoneyParts money={r.money} /> : null}
                        </dd>
                      </div>
                      <div><dt>{t('player.col.actions')}</dt><dd>{r.state === 'reserved' ? <LangLink to="/sell-coins-player-trade">{t('player.dialog.title')}</LangLink> : null} <RunTimeline kind="player-purchase" id={r.purchaseId} /></dd></div>
                    </dl>
                  </li>
                );
              })}
            </ul>
          ) : null}
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </div>
  );
}
