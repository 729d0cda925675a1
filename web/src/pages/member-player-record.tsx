import { useCallback, useEffect, useRef, useState } from 'react';
import { PURCHASE_UPDATED, RECORD_TABS, type RecordsAnswer, type RecordTab } from '../../../domain/player-trade';
import { WITHDRAWAL_UPDATED } from '../../../domain/withdrawal';
import { useT } from '../i18n';
import { useFormat } from '../i18n/format';
import { LangLink } from '../components/LangLink';
import { RecordSwitch } from '../components/RecordSwitch';
import { Pager } from '../components/Pager';
import { api, coins, errorOf, euro, useLiveEvents } from '../lib/api';
import type { PageProps } from '../routes';

const SIZE = 10;

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
  // A paid withdrawal settles earnings (its allocation is written before its event): the tabs reload.
  useLiveEvents([PURCHASE_UPDATED, WITHDRAWAL_UPDATED], (e) => { if (e.type !== WITHDRAWAL_UPDATED || e.data.state === 'paid') void load(); });
  const pages = data ? Math.max(1, Math.ceil(data.total / SIZE)) : 1;

  return (
    <div className="container page-body player-record">
      <h1>{t('titles.playerRecord')}</h1>
      <RecordSwitch />
      {visitor ? <p className="notice"><LangLink to="/signin">{t('player.logInToView')}</LangLink></p> : (
        <>
          <div role="tablist" className="tabs">
            {RECORD_TABS.map((k) => (
              <button key={k} role="tab" aria-selected={tab === k} className={`tab ${tab === k ? 'active' : ''}`} data-testid={`tab-${k}`} onClick={() => { setTab(k); setPage(1); }}>{t(`player.tabs.${k}`)}</button>
            ))}
          </div>
          {data && data.items.length === 0 ? <p className="muted">{t('player.empty')}</p> : null}
          {data && data.items.length > 0 ? (
            <table className="table" data-testid="records">
              <thead><tr>
                <th>{t('player.col.player')}</th><th>{t('player.col.coinsSpent')}</th><th>{t('player.col.income')}</th>
                <th>{t('player.col.date')}</th><th>{t('player.col.type')}</th><th>{t('player.col.status')}</th><th>{t('player.col.actions')}</th>
              </tr></thead>
              <tbody>{data.items.map((r) => (
                <tr key={r.purchaseId} data-state={r.state}>
                  <td>{r.card.playerName} <span className="muted">{r.card.versionName}</span></td>
                  <td>{coins(r.coinsSpent, lang)}</td>
                  <td>{euro(r.incomeCents, lang)}</td>
                  <td>{format.date(r.pickedAt)}</td>
                  <td>{t('player.typePlayer')}</td>
                  <td data-testid="record-status">{t(`player.states.${r.state}`)}{r.reason ? ` · ${t(`player.reasons.${r.reason}`)}` : ''}{r.state === 'frozen' && r.releaseAt ? ` · ${t('player.balance.releaseAt')} ${format.date(r.releaseAt)}` : ''}</td>
                  <td>{r.state === 'reserved' ? <LangLink to="/sell-coins-player-trade">{t('player.dialog.title')}</LangLink> : null}</td>
                </tr>
              ))}</tbody>
            </table>
          ) : null}
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </div>
  );
}
