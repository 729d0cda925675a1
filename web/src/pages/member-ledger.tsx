import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useT } from '../i18n';
import { useFormat } from '../i18n/format';
import { isolateLtr } from '../i18n/bidi';
import { MemberGate } from '../components/MemberGate';
import { ZoneNote } from '../components/ZoneNote';
import { Approx } from '../components/Approx';
import { api, euro } from '../lib/api';
import { failureOf, translateMessage } from '../lib/messages';
import { LEDGER_EXPORT_MAX, type LedgerRow } from '../../../domain/member-ledger';
import type { PageProps } from '../page-props';

const PATH = '/member/ledger';
const BASE = '/api/member/ledger';

interface LedgerPage { entries: LedgerRow[]; next: number | null; kinds: string[]; zone: string }
interface Filters { kind: string; from: string; to: string }
const NO_FILTERS: Filters = { kind: '', from: '', to: '' };

/** The query of the filters in the page's zone (the server reads the days in it). */
const queryOf = (f: Filters, zone: string, extra: Record<string, string> = {}) =>
  new URLSearchParams(Object.entries({ ...f, zone, ...extra }).filter(([, v]) => v !== '')).toString();

/** Member: every ledger entry, newest first, with the available balance after it; filters, pages and downloads. */
export default function LedgerPage(_: PageProps) {
  const { t } = useT();
  return (
    <div className="container page-body ledger-page">
      <h1>{t('titles.ledger')}</h1>
      <MemberGate next={PATH}>
        <p className="muted">{t('withdraw.ledger.intro')}</p>
        <ZoneNote />
        <Ledger />
      </MemberGate>
    </div>
  );
}

function Ledger() {
  const { t, lang } = useT();
  const format = useFormat();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  // The cursors of the pages before this one: "Newer" goes back one.
  const [cursors, setCursors] = useState<(number | null)[]>([null]);
  const [data, setData] = useState<LedgerPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cursor = cursors[cursors.length - 1] ?? null;

  // Only the newest request's answer is shown (a filter change may overtake an older answer).
  const latest = useRef(0);
  const load = useCallback(async () => {
    const id = ++latest.current;
    try {
      const page = await api<LedgerPage>(`${BASE}?${queryOf(filters, format.zone, cursor === null ? {} : { before: String(cursor) })}`);
      if (id !== latest.current) return;
      setData(page);
      setError(null);
    } catch (err) {
      if (id === latest.current) setError(translateMessage(t, failureOf(err).message));
    }
  }, [filters, cursor, format.zone, t]);
  useEffect(() => void load(), [load]);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters(draft);
    setCursors([null]);
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    setFilters(NO_FILTERS);
    setCursors([null]);
  };
  const kindText = (kind: string) => t(`withdraw.ledger.kinds.${kind}`) || kind;
  const money = (cents: number) => (cents === 0 ? '' : euro(cents, lang));
  const exportQuery = queryOf(filters, format.zone);

  return (
    <>
      <form className="ledger-filters" onSubmit={apply} aria-label={t('withdraw.ledger.label')}>
        <label>
          {t('withdraw.ledger.kind')}
          <select value={draft.kind} onChange={(e) => setDraft({ ...draft, kind: e.target.value })} data-testid="ledger-kind">
            <option value="">{t('withdraw.ledger.allKinds')}</option>
            {(data?.kinds ?? []).map((k) => <option key={k} value={k}>{kindText(k)}</option>)}
          </select>
        </label>
        <label>
          {t('withdraw.ledger.from')}
          <input type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} data-testid="ledger-from" />
        </label>
        <label>
          {t('withdraw.ledger.to')}
          <input type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} data-testid="ledger-to" />
        </label>
        <div className="ledger-actions">
          <button type="submit" className="btn btn-primary">{t('withdraw.ledger.show')}</button>
          <button type="button" className="btn btn-ghost" onClick={clear}>{t('withdraw.ledger.clear')}</button>
        </div>
      </form>
      {error ? <p role="alert" className="form-error">{error}</p> : null}
      <div className="ledger-downloads">
        <a className="btn btn-ghost" href={`${BASE}.csv?${exportQuery}`} download data-testid="ledger-csv">{t('withdraw.ledger.csv')}</a>
        <a className="btn btn-ghost" href={`${BASE}.xlsx?${exportQuery}`} download data-testid="ledger-xlsx">{t('withdraw.ledger.xlsx')}</a>
        <p className="muted">{t('withdraw.ledger.exportNote', { max: LEDGER_EXPORT_MAX, zone: isolateLtr(format.zone, lang) })}</p>
      </div>
      {data && data.entries.length === 0 ? <p data-testid="ledger-empty">{t('withdraw.ledger.empty')}</p> : null}
      {data && data.entries.length > 0 ? (
        <table className="ledger-table" data-testid="ledger-table" aria-label={t('withdraw.ledger.label')}>
          <thead>
            <tr>
              {(['time', 'kind', 'reference', 'available', 'frozen', 'pendingPayout', 'fee', 'balance'] as const).map((c) => <th key={c} scope="col">{t(`withdraw.ledger.col.${c}`)}</th>)}
            </tr>
          </thead>
          <tbody>
            {data.entries.map((e) => (
              <tr key={e.seq} data-testid="ledger-row">
                <td data-label={t('withdraw.ledger.col.time')}>{format.date(e.at)}</td>
                <td data-label={t('withdraw.ledger.col.kind')}>{kindText(e.kind)}</td>
                <td data-label={t('withdraw.ledger.col.reference')} className="ledger-ref">{isolateLtr(e.ref, lang)}</td>
                <td data-label={t('withdraw.ledger.col.available')}>{money(e.available)}</td>
                <td data-label={t('withdraw.ledger.col.frozen')}>{money(e.frozen)}</td>
                <td data-label={t('withdraw.ledger.col.pendingPayout')}>{money(e.pendingPayout)}</td>
                <td data-label={t('withdraw.ledger.col.fee')} data-testid="ledger-fee">{e.fee === null ? '' : euro(e.fee, lang)}</td>
                <td data-label={t('withdraw.ledger.col.balance')} data-testid="ledger-balance"><strong>{euro(e.balance, lang)}</strong><Approx cents={e.balance} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <nav className="pager" aria-label={t('withdraw.ledger.label')}>
        <button className="btn btn-ghost" disabled={cursors.length <= 1} onClick={() => setCursors(cursors.slice(0, -1))}>{t('withdraw.ledger.newer')}</button>
        <button className="btn btn-ghost" disabled={!data?.next} onClick={() => data?.next && setCursors([...cursors, data.next])} data-testid="ledger-older">{t('withdraw.ledger.older')}</button>
      </nav>
    </>
  );
}
