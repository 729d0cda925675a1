import { useCallback, useEffect, useRef, useState } from 'react';
import { COMFORT_FILTERS, type ComfortFilter, type ComfortRunRecord, type ComfortRunView } from '../../../domain/comfort-trade';
import { WITHDRAWAL_UPDATED } from '../../../domain/withdrawal';
import { useT } from '../i18n';
import { useFormat } from '../i18n/format';
import { withoutIsolates } from '../i18n/bidi';
import { MemberGate } from '../components/MemberGate';
import { Pager } from '../components/Pager';
import { CopyButton } from '../components/CopyButton';
import { WholeText } from '../components/WholeText';
import { LangLink } from '../components/LangLink';
import { RecordSwitch } from '../components/RecordSwitch';
import { CreditMoneyParts, moneyStateText } from '../components/CreditMoneyParts';
import { TryAgainDialog } from '../components/comfort/TryAgainDialog';
import { coins, euro, useLiveEvents } from '../lib/api';
import { RunHelp } from '../components/comfort/RunHelp';
import { RunDeadline } from '../components/comfort/RunDeadline';
import { RunTiming, TransferTimeValue } from '../components/comfort/RunTiming';
import { COMFORT_RUN_UPDATED, guidanceText, listRuns, readRun, recordCsv, remainderText, runEvents, saveText, statusLabel } from '../lib/comfort';
import { useLinkedId, useReveal } from '../lib/linked';
import { toast } from '../state/feedback';
import { EmptyList } from '../components/EmptyList';
import { RunTimeline } from '../components/RunTimeline';
import type { PageProps } from '../page-props';
import { ZoneNote } from '../components/ZoneNote';

const SIZE = 10;

/** Member: the comfort sell record, by status, paged, and live as each run moves. */
export default function SoldRecordPage(_: PageProps) {
  const { t } = useT();
  return (
    <div className="container page-body comfort-record">
      <h1>{t('titles.soldRecord')}</h1>
      <RecordSwitch />
      <p className="lead">{t('comfort.record.intro')}</p>
      <MemberGate next="/member/sold-record">
        <ZoneNote />
        <Records />
      </MemberGate>
    </div>
  );
}

function Records() {
  const { t, lang } = useT();
  const format = useFormat();
  const [status, setStatus] = useState<ComfortFilter>('all');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ items: ComfortRunRecord[]; total: number } | null>(null);
  const [retrying, setRetrying] = useState<ComfortRunView | null>(null);
  // The run a mail or notification opened: marked and revealed; shown on top when this page of the list does not hold it.
  const linkedId = useLinkedId('run');
  const reveal = useReveal();
  const [linked, setLinked] = useState<ComfortRunRecord | null>(null);
  useEffect(() => {
    if (linkedId) readRun(linkedId).then(setLinked, () => undefined);
  }, [linkedId]);

  // Only the newest request's answer is shown: an older one (another filter or page) arriving late is dropped.
  const latest = useRef(0);
  const load = useCallback(async () => {
    const n = ++latest.current;
    try {
      const answer = await listRuns({ status, page, size: SIZE });
      if (n === latest.current) setData(answer);
    } catch {
      // The list stays as it was; the next live event or page change loads it again.
    }
  }, [status, page]);
  useEffect(() => { void load(); }, [load]);
  // A run on this page is updated in place; a new run, one that left the chosen status, or one whose
  // money moved (credited, released) reloads the page, as does every withdrawal change (money taken,
  // paid out or returned), so each row's money is the server's model (domain/sale-money.ts).
  const shown = useRef(data);
  shown.current = data;
  useLiveEvents([COMFORT_RUN_UPDATED, WITHDRAWAL_UPDATED], (e) => {
    if (e.type === WITHDRAWAL_UPDATED) {
      void load();
      if (linkedId) readRun(linkedId).then(setLinked, () => undefined);
      return;
    }
    const next = e.data as unknown as ComfortRunView;
    setLinked((r) => (r && r.runId === next.runId && (r.version ?? 0) <= (next.version ?? 0) ? { ...r, ...next } : r));
    const known = shown.current?.items.some((r) => r.runId === next.runId) ?? false;
    const before = shown.current?.items.find((r) => r.runId === next.runId);
    const moneyMoved = before ? before.creditedCents !== next.creditedCents || before.status !== next.status : false;
    if (status === 'settled' || !known || moneyMoved || (status !== 'all' && next.status !== status)) {
      void load();
    } else {
      setData((d) => d && {
        ...d,
        items: d.items.map((r) => (r.runId === next.runId && (r.version ?? 0) <= (next.version ?? 0) ? { ...r, ...next } : r)),
      });
    }
    setRetrying((r) => (r && r.runId === next.runId ? { ...r, ...next } : r));
  });

  const pages = data ? Math.max(1, Math.ceil(data.total / SIZE)) : 1;
  const pinned = linked && data && page === 1 && status === 'all' && !data.items.some((r) => r.runId === linked.runId) ? linked : null;
  const items = data ? (pinned ? [pinned, ...data.items] : data.items) : [];

  const download = async (run: ComfortRunView) => {
    try {
      saveText(withoutIsolates(recordCsv(t, (at) => format.date(at), await runEvents(run.runId), remainderText(t, run, (n) => coins(n, lang)), format.zone)), `${t('titles.soldRecord')} ${run.originEmail}.csv`.replace(/[\\/:*?"<>|\s]+/g, ' '));
    } catch {
      toast(t('comfort.record.downloadFailed'), 'error');
    }
  };

  return (
    <>
      <div className="comfort-filter">
        <label htmlFor="comfort-status">{t('comfort.record.filter')}</label>
        <select id="comfort-status" value={status} data-testid="status-filter" onChange={(e) => { setStatus(e.target.value as ComfortFilter); setPage(1); }}>
          {COMFORT_FILTERS.map((f) => <option key={f} value={f}>{f === 'all' ? t('comfort.record.all') : f === 'settled' ? t('comfort.record.settled') : statusLabel(t, f)}</option>)}
        </select>
        <LangLink to="/member/player-record">{t('titles.playerRecord')}</LangLink>
      </div>
      {data && items.length === 0 ? <EmptyList filtered={status !== 'all'} none={t('comfort.record.empty')} onClear={() => { setStatus('all'); setPage(1); }} testId="records-empty" /> : null}
      {data && items.length > 0 ? (
        <ul className="record-rows comfort-runs" data-testid="comfort-records" aria-label={t('titles.soldRecord')}>
          <li className="record-row record-head" aria-hidden="true">
            <span>{t('comfort.record.col.amount')}</span><span>{t('comfort.transferTime')}</span><span>{t('comfort.record.col.transferred')}</span>
            <span>{t('comfort.record.col.unitPrice')}</span><span>{t('comfort.record.col.income')}</span><span>{t('comfort.record.col.status')}</span>
            <span>{t('comfort.record.col.progress')}</span>
            <span>{t('comfort.record.col.actions')}</span>
          </li>
          {items.map((r) => (
            <li
              key={r.runId} className={r.runId === linkedId ? 'record-row record-linked' : 'record-row'} data-run-id={r.runId}
              {...(r.runId === linkedId ? { ref: reveal, tabIndex: -1, 'aria-current': true, 'data-linked': 'true' } : {})} data-status={r.status} data-sub-state={r.subState} data-settled={r.settled ? 'true' : 'false'} data-money={r.money?.state ?? 'none'} data-testid="comfort-run">
              <dl>
                {/* Wide screens: email and dates on the row's first line (whole, never wrapped), the figures in columns under them. */}
                <div className="cell-email"><dt>{t('comfort.record.col.email')}</dt><dd><WholeText text={r.originEmail} testId="origin-email" /></dd></div>
                <div className="cell-date"><dt>{t('comfort.record.col.submitted')}</dt><dd data-testid="run-submitted">{format.date(r.createdAt)}</dd></div>
                <div className="cell-date"><dt>{t('comfort.record.col.completed')}</dt><dd data-testid="run-completed">{r.completedAt ? format.date(r.completedAt) : t('comfort.record.notYet')}</dd></div>
                <div><dt>{t('comfort.record.col.amount')}</dt><dd>{t('comfort.record.amountK', { amount: coins(Math.floor(r.coinAmount / 1000), lang) })}</dd></div>
                <div><dt>{t('comfort.transferTime')}</dt><dd><TransferTimeValue run={r} /></dd></div>
                <div>
                  <dt>{t('comfort.record.col.transferred')}</dt>
                  <dd>
                    <span data-testid="coins-transferred">{coins(r.coinsTransferred, lang)}</span>
                    {remainderText(t, r, (n) => coins(n, lang)) ? <span className="record-guidance" data-testid="run-remainder">{remainderText(t, r, (n) => coins(n, lang))}</span> : null}
                  </dd>
                </div>
                <div><dt>{t('comfort.record.col.unitPrice')}</dt><dd>{t('comfort.unitPriceValue', { price: euro(r.unitPriceCents, lang) })}</dd></div>
                <div>
                  <dt>{t('comfort.record.col.income')}</dt>
                  <dd data-testid="run-income">{r.creditedCents !== null ? euro(r.creditedCents, lang) : t('comfort.record.incomeEstimate', { amount: euro(r.estimatedIncomeCents, lang) })}</dd>
                </div>
                <div className="cell-status">
                  <dt>{t('comfort.record.col.status')}</dt>
                  <dd data-testid="run-status">
                    {/* A Paid run's money may have left since in a withdrawal: the label says where it is now, from the model. */}
                    <strong>{r.status === 'paid' && r.money && r.money.state !== 'available' ? moneyStateText(t, r.money) : statusLabel(t, r.status, r.subState)}</strong>
                    {r.status === 'paid' && r.money && r.money.availableCents === 0 ? null : <span className="record-guidance" data-testid="run-guidance">{guidanceText(t, r)}</span>}
                    {r.money ? <CreditMoneyParts money={r.money} /> : null}
                    <RunDeadline run={r} />
                    <RunTiming run={r} />
                    <RunHelp run={r} />
                  </dd>
                </div>
                <div>
                  <dt>{t('comfort.record.col.progress')}</dt>
                  <dd><span data-testid="run-progress" dir="ltr">{r.successCount} / {r.totalCount}</span><span className="record-guidance">{t('comfort.record.progressHint')}</span></dd>
                </div>
                <div className="cell-actions">
                  <dt>{t('comfort.record.col.actions')}</dt>
                  <dd className="comfort-actions">
                    <CopyButton text={r.originEmail} label={r.originEmail} />
                    {r.sellerActions.includes('resubmit') ? (
                      <button type="button" className="btn btn-small btn-primary" data-testid="try-again" onClick={() => setRetrying(r)}>{t('comfort.record.tryAgain')}</button>
                    ) : null}
                    <RunTimeline kind="comfort-run" id={r.runId} />
                    <button type="button" className="btn btn-small btn-ghost" data-testid="download-record" onClick={() => void download(r)}>{t('comfort.record.download')}</button>
                    {r.status === 'paid' && r.money && r.money.availableCents > 0 ? (
                      <LangLink to="/member/withdraw" className="btn btn-small btn-ghost" data-testid="withdraw-link">{t('comfort.record.withdraw')}</LangLink>
                    ) : null}
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      ) : null}
      <Pager page={page} pages={pages} onPage={setPage} />
      <TryAgainDialog run={retrying} onClose={() => setRetrying(null)} onDone={() => void load()} />
    </>
  );
}
