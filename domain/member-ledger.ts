/**
 * The seller's ledger as a page and a file (`GET /api/member/ledger`, `.csv`, `.xlsx`; docs/api.md):
 * the filters a seller may set, read and refused here so the route and the page agree, and the rows
 * of an export. Amounts stay integer cents until a file writes them as decimal euros.
 */
import { DomainError } from './errors.js';
import { WITHDRAWAL_REF_PREFIX } from './sale-money.js';

/** Entries on one page: the default and the most a request may ask for. */
export const LEDGER_PAGE = 50;
export const LEDGER_PAGE_MAX = 100;
/** The most rows one export writes; a longer ledger is exported by date range. */
export const LEDGER_EXPORT_MAX = 5_000;

export interface LedgerFilter {
  kind: string | null;
  /** Epoch ms, inclusive start of `from`'s day and exclusive end of `to`'s day in `zone`. */
  from: number | null;
  to: number | null;
  zone: string;
}

export interface LedgerRow {
  seq: number;
  at: number;
  kind: string;
  ref: string;
  /** The change per bucket, cents. */
  available: number;
  frozen: number;
  pendingPayout: number;
  /** The available balance right after this entry, cents. */
  balance: number;
  /** A withdrawal request's fees (payment fee and handling fee), inside its amount, cents; null on every other entry. */
  fee: number | null;
}

const refused = (field: string, message: string) => new DomainError('invalid', 'invalid_filter', message, { fields: [{ field, message }] });

export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** How far `zone`'s wall clock is ahead of UTC at `t`, ms. */
function offsetAt(zone: string, t: number): number {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
    .formatToParts(new Date(t)).map((p) => [p.type, p.value]));
  return Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!) - Math.floor(t / 1000) * 1000;
}

/** The instant a `YYYY-MM-DD` day starts in `zone` (twice corrected: the offset may change that day). */
export function dayStart(day: string, zone: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const utc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!);
  if (new Date(utc).toISOString().slice(0, 10) !== day) return null;
  const first = utc - offsetAt(zone, utc);
  return utc - offsetAt(zone, first);
}

const oneText = (v: unknown, field: string): string | null => {
  if (v === undefined || v === '') return null;
  if (typeof v !== 'string') throw refused(field, `Give ${field} once`);
  return v;
};

/** The filters of a query string (`kinds`: the ledger's kinds); anything malformed is refused with a message naming it. */
export function ledgerFilter(q: Record<string, unknown>, savedZone: string | null, kinds: readonly string[]): LedgerFilter {
  const zone = oneText(q.zone, 'zone') ?? savedZone ?? 'UTC';
  if (!isTimeZone(zone)) throw refused('zone', 'Unknown time zone');
  const kind = oneText(q.kind, 'kind');
  if (kind !== null && !kinds.includes(kind)) throw refused('kind', `Kind must be one of ${kinds.join(', ')}`);
  const day = (field: 'from' | 'to') => {
    const text = oneText(q[field], field);
    if (text === null) return null;
    const start = dayStart(text, zone);
    if (start === null) throw refused(field, `${field === 'from' ? 'From' : 'To'} must be a date written YYYY-MM-DD`);
    return start;
  };
  const from = day('from');
  const toDay = day('to');
  // The end of the `to` day: the start of the next one in the same zone.
  const to = toDay === null ? null : dayStart(new Date(toDay + offsetAt(zone, toDay) + 36 * 3600_000).toISOString().slice(0, 10), zone);
  if (from !== null && to !== null && from >= to) throw refused('to', 'To must not be before From');
  return { kind, from, to, zone };
}

/** The page size asked for, bounded; the cursor (entries older than this sequence number) or null. */
export function ledgerPage(q: Record<string, unknown>): { limit: number; before: number | null } {
  const int = (field: string, v: unknown) => {
    const text = oneText(v, field);
    if (text === null) return null;
    if (!/^\d{1,9}$/.test(text) || +text < 1) throw refused(field, `${field} must be a whole number from 1`);
    return +text;
  };
  const limit = int('limit', q.limit) ?? LEDGER_PAGE;
  if (limit > LEDGER_PAGE_MAX) throw refused('limit', `At most ${LEDGER_PAGE_MAX} entries a page`);
  return { limit, before: int('before', q.before) };
}

/** The withdrawal's id for `withdrawal:<id>`, the run or purchase id as it is otherwise. */
export const ledgerRef = (ref: string): string => (ref.startsWith(WITHDRAWAL_REF_PREFIX) ? ref.slice(WITHDRAWAL_REF_PREFIX.length) : ref);

/** Cents as decimal euros, e.g. -5000 -> "-50.00". */
export const euros = (cents: number): string => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** An export's header: the time column names the zone its times are in. */
export const ledgerExportHeader = (zone: string): string[] =>
  [`time (${zone})`, 'kind', 'reference', 'available change EUR', 'frozen change EUR', 'pending payout change EUR', 'available balance EUR', 'fee EUR'];

/** The wall time in `zone`, `YYYY-MM-DD HH:mm:ss`, for a file. */
export const zonedTime = (at: number, zone: string): string =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(new Date(at));
