import { useCallback, useEffect, useState } from 'react';
import { WITHDRAWAL_UPDATED, type WithdrawalStatus } from '../../../../domain/withdrawal';
import { useT } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { Pager } from '../Pager';
import { api, euro, useLiveEvents } from '../../lib/api';
import { METHOD_LABELS, rateText } from '../../lib/withdrawals';
import { useLinkedId, useReveal } from '../../lib/linked';
import { Approx } from '../Approx';

const SIZE = 10;
type Row = WithdrawalStatus & { version: number };

/** The withdrawal history (date, type, status, balance, actions), newest first; a change arrives live and replaces its row. */
export function WithdrawalHistory() {
  const { t, lang } = useT();
  const format = useFormat();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ items: Row[]; total: number } | null>(null);
  // The withdrawal a mail or notification opened: its details open, the row marked and revealed, on top when this page does not hold it.
  const linkedId = useLinkedId('withdrawal');
  const reveal = useReveal();
  const [open, setOpen] = useState<string | null>(linkedId);
  const [linked, setLinked] = useState<Row | null>(null);
  useEffect(() => {
    if (linkedId) api<{ withdrawal: Row }>(`/api/withdrawals/${encodeURIComponent(linkedId)}`).then((r) => setLinked(r.withdrawal), () => undefined);
  }, [linkedId]);
  const load = useCallback(async () => {
    try {
      setData(await api<{ items: Row[]; total: number }>('/api/withdrawals', { query: { page, size: SIZE } }));
    } catch {
      // Visitors and network failures: the balance page says so; the history stays empty.
    }
  }, [page]);
  useEffect(() => { void load(); }, [load]);
  useLiveEvents([WITHDRAWAL_UPDATED], (e) => {
    setLinked((r) => (r && r.withdrawalId === e.data.withdrawalId && r.version < e.data.version ? e.data : r));
    // A newer version replaces its row at once; a new withdrawal (not on this page yet) reloads the page.
    const known = data?.items.some((r) => r.withdrawalId === e.data.withdrawalId);
    if (!known) return void load();
    setData((d) => d && { ...d, items: d.items.map((r) => (r.withdrawalId === e.data.withdrawalId && r.version < e.data.version ? e.data : r)) });
  });
  const pages = data ? Math.max(1, Math.ceil(data.total / SIZE)) : 1;
  const pinned = linked && data && page === 1 && !data.items.some((r) => r.withdrawalId === linked.withdrawalId) ? linked : null;
  const items = data ? (pinned ? [pinned, ...data.items] : data.items) : [];

  return (
    <section aria-labelledby="withdrawal-history-title">
      <h2 id="withdrawal-history-title">{t('withdraw.balance.history')}</h2>
      {data && items.length === 0 ? <p className="muted" data-testid="withdrawals-empty">{t('withdraw.balance.empty')}</p> : null}
      {data && items.length > 0 ? (
        <ul className="record-rows withdrawal-rows" data-testid="withdrawals" aria-label={t('withdraw.balance.history')}>
          <li className="record-row record-head" aria-hidden="true">
            <span>{t('withdraw.col.date')}</span><span>{t('withdraw.col.type')}</span><span>{t('withdraw.col.amount')}</span>
            <span>{t('withdraw.col.status')}</span><span>{t('withdraw.col.balance')}</span><span>{t('withdraw.col.actions')}</span>
          </li>
          {items.map((w) => (
            <li
              key={w.withdrawalId} className={w.withdrawalId === linkedId ? 'record-row record-linked' : 'record-row'} data-testid="withdrawal"
              {...(w.withdrawalId === linkedId ? { ref: reveal, tabIndex: -1, 'aria-current': true, 'data-linked': 'true' } : {})}
              data-id={w.withdrawalId} data-status={w.status}>
              <dl>
                <div><dt>{t('withdraw.col.date')}</dt><dd data-testid="withdrawal-date">{format.date(w.requestedAt)}</dd></div>
                <div><dt>{t('withdraw.col.type')}</dt><dd>{t('withdraw.typeValue', { method: METHOD_LABELS[w.method] })}</dd></div>
                <div><dt>{t('withdraw.col.amount')}</dt><dd><span data-testid="withdrawal-amount">{euro(w.fees.amountCents, lang)}</span><Approx cents={w.fees.amountCents} /></dd></div>
                <div className="cell-status">
                  <dt>{t('withdraw.col.status')}</dt>
                  <dd data-testid="withdrawal-status">
                    <strong>{t(`withdraw.status.${w.status}`)}</strong>
                    {w.reason ? <span className="record-guidance" data-testid="withdrawal-reason">{t(`withdraw.reasons.${w.reason}`)}</span> : null}
                    {w.state === 'manual_payout' && w.manualDueAt ? (
                      <span className="record-guidance" data-testid="withdrawal-manual">{t('withdraw.manual', { date: format.date(w.manualDueAt) })}</span>
                    ) : null}
                  </dd>
                </div>
                <div><dt>{t('withdraw.col.balance')}</dt><dd data-testid="withdrawal-balance">{w.balanceAfterCents === null ? '' : euro(w.balanceAfterCents, lang)}</dd></div>
                <div className="cell-actions">
                  <dt>{t('withdraw.col.actions')}</dt>
                  <dd>
                    <button type="button" className="btn btn-small btn-ghost" aria-expanded={open === w.withdrawalId} aria-controls={`wd-${w.withdrawalId}`} onClick={() => setOpen(open === w.withdrawalId ? null : w.withdrawalId)}>
                      {open === w.withdrawalId ? t('withdraw.details.hide') : t('withdraw.details.show')}
                    </button>
                  </dd>
                </div>
              </dl>
              {open === w.withdrawalId ? (
                <dl className="record-details" id={`wd-${w.withdrawalId}`} data-testid="withdrawal-details">
                  <div><dt>{t('withdraw.details.address')}</dt><dd dir="ltr">{w.address}</dd></div>
                  <div><dt>{t('withdraw.form.trueName')}</dt><dd>{w.trueName}</dd></div>
                  <div><dt>{t('withdraw.form.fee')}</dt><dd>{euro(w.fees.feeCents, lang)}</dd></div>
                  <div><dt>{t('withdraw.form.handlingFee')}</dt><dd>{euro(w.fees.handlingFeeCents, lang)}</dd></div>
                  <div><dt>{t('withdraw.form.totalPayout')}</dt><dd>{euro(w.fees.totalPayoutCents, lang)}</dd></div>
                  {w.quote ? <div><dt>{t('withdraw.form.currency')}</dt><dd dir="ltr">{rateText(w.quote)}</dd></div> : null}
                  {w.providerRef || w.reference ? <div><dt>{t('withdraw.details.reference')}</dt><dd dir="ltr">{w.reference ?? w.providerRef}</dd></div> : null}
                  {w.paidAt ? <div><dt>{t('withdraw.col.date')}</dt><dd>{t('withdraw.details.paidAt', { date: format.date(w.paidAt) })}</dd></div> : null}
                </dl>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <Pager page={page} pages={pages} onPage={setPage} />
    </section>
  );
}
