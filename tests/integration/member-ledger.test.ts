/**
 * GET /api/member/ledger and its CSV/XLSX exports over a seller world of 200+ entries written through
 * the real wallet (tests/support/worlds/seller-ledger.ts): newest first, the running balance is the
 * wallet's available, filters by kind and day, bounded pages walked to the end, bad filters refused
 * with 400, another seller's entries never shown, a formula-looking reference neutralised in the CSV,
 * the XLSX read back with exceljs, and a withdrawal request's fees from its own record.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { createSignedInSeller, type SignedInSeller } from '../support/sellers.js';
import { seedLedgerWorld, type LedgerWorld } from '../support/worlds/seller-ledger.js';
import { LEDGER_KINDS as K } from '../../infra/wallet/ledger-kinds.js';
import { LEDGER_EXPORT_MAX, LEDGER_PAGE_MAX, type LedgerRow } from '../../domain/member-ledger.js';
import { LEDGER_COLLECTION, Wallets, type LedgerEntry } from '../../infra/wallet/wallet.js';

interface Page { entries: LedgerRow[]; next: number | null; kinds: string[]; zone: string }

describe('the seller ledger API', () => {
  let app: TestApp;
  let seller: SignedInSeller;
  let other: SignedInSeller;
  let world: LedgerWorld;
  let wallets: Wallets;

  beforeAll(async () => {
    app = await startTestApp();
    [seller, other] = await Promise.all([createSignedInSeller(app), createSignedInSeller(app)]);
    wallets = await Wallets.open(app.db.db!);
    world = await seedLedgerWorld(app.db.db!, seller.sellerId, { entries: 210 });
    await seedLedgerWorld(app.db.db!, other.sellerId, { entries: 20 });
    // A reference a spreadsheet would run as a formula, newest entry of the seller.
    await wallets.apply({ sellerId: seller.sellerId, opId: 'formula', kind: K.comfortCredited, delta: { frozen: 123 }, ref: '=HYPERLINK("http://evil.example","x")' });
    world.entries += 1;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
  });

  const page = async (query: string, who = seller) => {
    const res = await who.fetch(`/api/member/ledger${query}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return (await res.json()) as Page;
  };

  it('walks every entry newest first in bounded pages, each with the available balance after it', async () => {
    expect(world.entries).toBeGreaterThanOrEqual(200);
    const seen: LedgerRow[] = [];
    let cursor: number | null = null;
    do {
      const p: Page = await page(`?limit=${LEDGER_PAGE_MAX}${cursor ? `&before=${cursor}` : ''}`);
      expect(p.entries.length).toBeLessThanOrEqual(LEDGER_PAGE_MAX);
      seen.push(...p.entries);
      cursor = p.next;
    } while (cursor !== null);
    expect(seen).toHaveLength(world.entries);
    expect(seen.map((e) => e.seq)).toEqual([...seen.map((e) => e.seq)].sort((a, b) => b - a));
    const wallet = await wallets.get(seller.sellerId);
    expect(seen[0]).toMatchObject({ ref: '=HYPERLINK("http://evil.example","x")', frozen: 123, balance: wallet.available });
    // Each balance is the one before it plus this entry's change: a running balance from zero.
    const oldestFirst = [...seen].reverse();
    oldestFirst.reduce((before, e) => (expect(e.balance).toBe(before + e.available), e.balance), 0);
    expect(seen.map((e) => e.kind)).toEqual(expect.arrayContaining([K.purchaseCredited, K.comfortCredited, K.purchaseReleased, K.comfortReleased, K.withdrawalRequested, K.withdrawalPaid, K.withdrawalReturned]));
    expect(seen.find((e) => e.kind === K.withdrawalReturned)).toMatchObject({ ref: 'w2', available: 5_000, pendingPayout: -5_000 });
  });

  it('filters by kind and by day, and never shows another seller\'s entries', async () => {
    const returned = await page(`?kind=${K.withdrawalReturned}`);
    expect(returned.entries.map((e) => [e.kind, e.ref])).toEqual([[K.withdrawalReturned, 'w2']]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await page(`?from=${today}&to=${today}&zone=UTC&limit=5`)).entries).toHaveLength(5);
    expect((await page('?from=2001-01-01&to=2001-01-31&zone=Asia/Tokyo')).entries).toEqual([]);
    const theirs = await page(`?limit=${LEDGER_PAGE_MAX}`, other);
    expect(theirs.entries.length).toBeLessThanOrEqual(30);
    expect(theirs.entries.map((e) => e.ref)).not.toContain('=HYPERLINK("http://evil.example","x")');
    expect(theirs.entries[0]!.balance).toBe((await wallets.get(other.sellerId)).available);
  });

  it('refuses bad filters with 400 and a message, and changes nothing', async () => {
    const before = await wallets.ledger.countDocuments({});
    for (const q of ['?kind=bonus', '?from=2026-13-01', '?to=yesterday', '?from=2026-05-02&to=2026-05-01', `?limit=${LEDGER_PAGE_MAX + 1}`, '?limit=0', '?before=abc', '?zone=Mars/Olympus']) {
      const res = await seller.fetch(`/api/member/ledger${q}`);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message, q).toMatch(/\w{4}/);
      expect((await seller.fetch(`/api/member/ledger.csv${q.startsWith('?limit') || q.startsWith('?before') ? '?kind=x' : q}`)).status, q).toBe(400);
    }
    expect(await wallets.ledger.countDocuments({})).toBe(before);
  });

  it('exports the filtered ledger as CSV in the seller\'s zone, euros from cents, the formula neutralised', async () => {
    const res = await seller.fetch('/api/member/ledger.csv?zone=Asia/Tokyo');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await res.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('"time (Asia/Tokyo)","kind","reference","available change EUR","frozen change EUR","pending payout change EUR","available balance EUR","fee EUR"');
    expect(lines).toHaveLength(world.entries + 1);
    const wallet = await wallets.get(seller.sellerId);
    expect(lines[1]).toMatch(new RegExp(`^"\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d","${K.comfortCredited}","'=HYPERLINK\\(""http://evil.example"",""x""\\)",0.00,1.23,0.00,${(wallet.available / 100).toFixed(2).replace('.', '\\.')},$`));
    const paid = await seller.fetch(`/api/member/ledger.csv?kind=${K.withdrawalRequested}`);
    expect((await paid.text()).trim().split('\r\n').slice(1).every((l) => l.includes(',-50.00,0.00,50.00,'))).toBe(true);
  });

  it('exports XLSX that exceljs reads back, amounts as numbers in euros', async () => {
    const res = await seller.fetch(`/api/member/ledger.xlsx?kind=${K.withdrawalReturned}&zone=Europe/Berlin`);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const rows = wb.getWorksheet('ledger')!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]!.slice(1, 2)).toEqual(['time (Europe/Berlin)']);
    expect(rows.slice(1).map((r) => r.slice(2))).toEqual([[K.withdrawalReturned, 'w2', 50, 0, -50, expect.any(Number)]]);
  });

  it("shows a withdrawal request's fees from its record, and never another seller's record", async () => {
    const records = app.db.db!.collection('withdrawals');
    const fees = (fee: number, handling: number) => ({ amountCents: 5_000, feeCents: fee, handlingFeeCents: handling, totalPayoutCents: 5_000 - fee - handling });
    await records.insertMany([
      { _id: 'w1', sellerId: seller.sellerId, fees: fees(170, 30) },
      // Another seller's record under an id this seller's ledger also names: not this seller's fee.
      { _id: 'w3', sellerId: other.sellerId, fees: fees(999, 1) },
    ] as never[]);
    const requested = (await page(`?kind=${K.withdrawalRequested}&limit=100`)).entries;
    expect(requested.map((e) => [e.ref, e.fee]).filter(([, fee]) => fee !== null)).toEqual([['w1', 200]]);
    expect(requested.find((e) => e.ref === 'w3')?.fee).toBeNull();
    // Only a request carries its fees: the payout and the return of the same withdrawal do not repeat them.
    expect((await page(`?kind=${K.withdrawalPaid}&limit=100`)).entries.every((e) => e.fee === null)).toBe(true);
    const csv = (await (await seller.fetch(`/api/member/ledger.csv?kind=${K.withdrawalRequested}`)).text()).trim().split('\r\n');
    expect(csv.find((l) => l.includes('"w1"'))).toMatch(/,-50\.00,0\.00,50\.00,-?\d+\.\d\d,2\.00$/);
    expect(csv.find((l) => l.includes('"w3"'))).toMatch(/,$/);
  });

  it('refuses a visitor', async () => {
    for (const path of ['/api/member/ledger', '/api/member/ledger.csv', '/api/member/ledger.xlsx']) {
      expect((await fetch(`${app.url}${path}`)).status).toBe(401);
    }
  });
  it('refuses an export of more than its row limit with 400 and a way out, and serves a narrower range', async () => {
    const big = await createSignedInSeller(app);
    // A ledger past the export limit, written straight into the collection (the wallet's own chain
    // would take minutes for 5,000 entries): the bound is what is tested, not how entries are made.
    const day = Date.UTC(2026, 0, 1);
    const docs: LedgerEntry[] = Array.from({ length: LEDGER_EXPORT_MAX + 1 }, (_, i) => ({
      _id: `${big.sellerId}:${i + 1}`, sellerId: big.sellerId, seq: i + 1, opId: `big-${i}`, kind: K.comfortCredited,
      delta: { available: 0, frozen: 100, pendingPayout: 0 }, after: { available: 0, frozen: 100 * (i + 1), pendingPayout: 0 },
      // The last entry alone on a later day, so a one-day range holds one row.
      ref: `run-${i}`, at: new Date(i === LEDGER_EXPORT_MAX ? day + 86_400_000 : day),
    }));
    await app.db.db!.collection<LedgerEntry>(LEDGER_COLLECTION).insertMany(docs);
    for (const ext of ['csv', 'xlsx']) {
      const refused = await big.fetch(`/api/member/ledger.${ext}?zone=UTC`);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error: { code: 'export_too_large', message: `An export holds at most ${LEDGER_EXPORT_MAX} entries: choose a shorter date range` } });
    }
    const narrow = await big.fetch('/api/member/ledger.csv?zone=UTC&from=2026-01-02&to=2026-01-02');
    expect(narrow.status).toBe(200);
    expect((await narrow.text()).replace(/^\uFEFF/, '').trim().split('\r\n')).toHaveLength(2);
  });
});
