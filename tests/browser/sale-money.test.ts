/**
 * One model of a sale's money on the records (issue 32, finding 2), through the real API, workflows,
 * simulator and browser: a seller with a player purchase released, two comfort runs paid, one run
 * still under review and a Not bought purchase; then a withdrawal that pays out the purchase, the
 * first run and half of the second (oldest available money first). Each record then says the same:
 * - the player record's Settled tab holds the purchase, reading "Paid out" with the withdrawal it
 *   went out in (linked to that withdrawal in the history), and the Available tab does not;
 * - the comfort record's first run reads "Paid out" with its withdrawal, no "added to your available
 *   balance" and no Withdraw; the second reads Paid, with what is left available and what went out,
 *   and offers Withdraw;
 * - the available and frozen parts add up to the balance the balance page shows;
 * - the Not bought purchase shows no coins spent and no income.
 * 360 px, English and Arabic, axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, readable } from '../support/browser.js';
import { axeProblems, browserForTests, openPage, signInContext } from '../support/accounts-browser.js';
import { startSellerWorld, type SellerWorld } from '../support/seller-world.js';
import { createProvenSeller } from '../support/proven.js';
import { sellerFetch, type SignedInSeller } from '../support/sellers.js';
import { runWhere, submission, submit } from '../support/comfort.js';
import { savePayoutSettings, withdraw } from '../support/withdrawals.js';
import { eventually } from '../support/servers.js';
import { formatMoney } from '../../web/src/ui/format.js';
import { LOCALES } from '../../web/src/i18n/index.js';
import en from '../../web/src/i18n/dict/en.js';
import ar from '../../web/src/i18n/dict/ar.js';
import type { CreditMoney } from '../../domain/sale-money.js';
import type { ComfortRunRecord } from '../../domain/comfort-trade.js';
import type { PurchaseRecord } from '../../domain/player-trade.js';

type Setup = {
  seller: SignedInSeller; purchaseId: string; incomeCents: number; unboughtId: string; boughtName: string; unboughtName: string;
  first: string; second: string; reviewed: string; firstCents: number; secondCents: number; withdrawalId: string; amount: number;
};

/** The text before a placeholder of a dictionary sentence (dates are the seller's own, so only the amount part is fixed). */
const before = (text: string, key: string) => text.split(`{{${key}}}`)[0]!;
const fill = (text: string, params: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? '');

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('one model of a sale\'s money on the records', () => {
  let world: SellerWorld;
  let browser: Browser;
  let s: Setup;

  beforeAll(async () => {
    [world, browser] = await Promise.all([startSellerWorld(), browserForTests()]);
    const seller = await createProvenSeller(world.app);
    await savePayoutSettings(seller);
    const fast = { ...seller, fetch: sellerFetch(world.fast.url, seller.cookie, seller.csrf) };
    // In this order, so oldest-first is known: the purchase's income, then the first run's, then the second's.
    const bought = await world.purchase(seller, world.fast, true);
    const purchase = await eventually(async () => {
      const p = ((await (await seller.fetch(`/api/player-trade/purchases/${bought.purchaseId}`)).json()) as { purchase: PurchaseRecord }).purchase;
      return p.state === 'available' ? p : null;
    }, 60_000, 'the purchase released');
    const unbought = await world.purchase(seller, world.app, false);
    const first = await submit(fast, submission({ coinAmount: 800_000 }));
    const firstPaid = await runWhere(seller, first.runId, (r) => r.status === 'paid', 'first run paid', 60_000);
    const second = await submit(fast, submission({ coinAmount: 800_000 }));
    const secondPaid = await runWhere(seller, second.runId, (r) => r.status === 'paid', 'second run paid', 60_000);
    const reviewed = await submit(seller, submission({ coinAmount: 200_000 }));
    await runWhere(seller, reviewed.runId, (r) => r.status === 'pending_payment', 'third run under review', 60_000);
    const amount = purchase.incomeCents + firstPaid.creditedCents! + Math.floor(secondPaid.creditedCents! / 2);
    const out = await withdraw(seller, amount);
    expect(out.res.status).toBe(201);
    await eventually(async () => ((await (await seller.fetch(`/api/withdrawals/${out.withdrawalId}`)).json()) as { withdrawal?: { state: string } }).withdrawal?.state === 'paid' || null, 60_000, 'the withdrawal paid');
    s = {
      seller, purchaseId: bought.purchaseId, incomeCents: purchase.incomeCents, unboughtId: unbought.purchaseId,
      boughtName: bought.card.playerName, unboughtName: unbought.card.playerName,
      first: first.runId, second: second.runId, reviewed: reviewed.runId, firstCents: firstPaid.creditedCents!, secondCents: secondPaid.creditedCents!,
      withdrawalId: out.withdrawalId, amount,
    };
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await world?.close();
  });

  it('answers one state per credit on every API, and the unsettled parts add up to the balance', async () => {
    const records = async (tab: string) => ((await (await s.seller.fetch(`/api/player-trade/records?tab=${tab}&size=50`)).json()) as { items: PurchaseRecord[] }).items;
    const runs = async (status: string) => ((await (await s.seller.fetch(`/api/comfort-trade/runs?status=${status}&size=50`)).json()) as { items: ComfortRunRecord[] }).items;
    expect((await records('settled')).map((r) => [r.purchaseId, r.phase, r.money?.state])).toEqual([[s.purchaseId, 'settled', 'paid_out']]);
    expect((await records('available')).map((r) => r.purchaseId)).toEqual([]);
    const all = await runs('all');
    const run = (id: string) => all.find((r) => r.runId === id)!;
    const paidOut = { withdrawalId: s.withdrawalId, paidAt: expect.any(Number) };
    expect(run(s.first)).toMatchObject({ settled: true, money: { state: 'paid_out', availableCents: 0, paidOutCents: s.firstCents, withdrawals: [{ ...paidOut, cents: s.firstCents }] } });
    const half = Math.floor(s.secondCents / 2);
    expect(run(s.second)).toMatchObject({ settled: false, money: { state: 'available', availableCents: s.secondCents - half, paidOutCents: half, withdrawals: [{ ...paidOut, cents: half }] } });
    expect(run(s.reviewed).money).toMatchObject({ state: 'frozen', availableCents: 0 });
    // No run is both Paid and Settled.
    expect((await runs('settled')).map((r) => r.runId)).toEqual([s.first]);
    expect((await runs('paid')).map((r) => r.runId)).toEqual([s.second]);
    const wallet = ((await (await s.seller.fetch('/api/wallet')).json()) as { wallet: { available: number; frozen: number } }).wallet;
    const credits: CreditMoney[] = [...(await records('all')).map((r) => r.money), ...all.map((r) => r.money)].filter((m): m is CreditMoney => m !== null);
    expect({ available: credits.reduce((n, m) => n + m.availableCents, 0), frozen: credits.reduce((n, m) => n + m.frozenCents, 0) }).toEqual({ available: wallet.available, frozen: wallet.frozen });
    expect(wallet.available).toBe(s.secondCents - half);
  });

  for (const lang of ['en', 'ar'] as const) {
    it(`${lang} at 360 px: the Settled tab and the runs read Paid out with their withdrawal, the rest adds up to the balance, Not bought shows no money`, async () => {
      const dict = lang === 'en' ? en : ar;
      const M = dict.player.money;
      const euro = (cents: number) => formatMoney(cents, 'EUR', LOCALES[lang]);
      const prefix = lang === 'en' ? '' : '/ar';
      const { page, context, errors } = await openPage(browser, 360, lang === 'ar' ? 'ar' : 'en-US');
      try {
        await signInContext(context, world.app, s.seller);
        if (!s.seller.cookie.includes('csrf=')) await context.addCookies([{ name: 'csrf', value: s.seller.csrf, url: world.app.url }]);

        // The player record: Settled holds the paid-out purchase, reading Paid out with its withdrawal.
        await page.goto(`${world.app.url}${prefix}/member/player-record`);
        // Rows and cells as a seller finds them: by the player's name and the column's label.
        const row = (id: string) => page.getByTestId('player-record').filter({ hasText: id === s.purchaseId ? s.boughtName : s.unboughtName });
        const cell = (id: string, label: string) => row(id).locator('dl > div').filter({ has: page.locator('dt', { hasText: label }) }).locator('dd');
        await page.getByTestId('tab-settled').click();
        // The tab's answer replaces All's rows: wait until All's other rows are gone.
        await row(s.unboughtId).waitFor({ state: 'detached', timeout: 15_000 });
        await row(s.purchaseId).waitFor({ timeout: 15_000 });
        expect(await page.getByTestId('player-record').count()).toBe(1);
        await expect(row(s.purchaseId).locator('[data-testid="record-status"] strong').textContent().then(readable)).resolves.toBe(M.states.paid_out);
        await expectPaidOut(row(s.purchaseId), s.withdrawalId, fill(before(M.paidOut, 'date'), { amount: euro(s.incomeCents) }));
        expect(await axeProblems(page)).toEqual([]);
        await page.getByTestId('tab-available').click();
        // The seller has records, none of them available: the filter is why the list is empty.
        const empty = page.locator('[data-testid="records-empty"][data-filtered="true"]');
        await empty.waitFor({ timeout: 15_000 });
        expect(readable(await empty.textContent())).toContain(dict.comfort.emptyFilter.text);
        // All: the Not bought purchase spent no coins and earned nothing.
        await page.getByTestId('tab-all').click();
        await row(s.unboughtId).waitFor({ timeout: 15_000 });
        await expect(cell(s.unboughtId, dict.player.col.coinsSpent).textContent().then(readable)).resolves.toBe('—');
        await expect(cell(s.unboughtId, dict.player.col.income).textContent().then(readable)).resolves.toBe('—');
        await expect(cell(s.purchaseId, dict.player.col.income).textContent().then(readable)).resolves.toBe(euro(s.incomeCents));
        expect(await axeProblems(page)).toEqual([]);
        // The withdrawal named on the row opens in the withdrawal history.
        await row(s.purchaseId).getByTestId('money-paid-out').getByRole('link').click();
        await page.locator(`[data-testid="withdrawal"][data-id="${s.withdrawalId}"][data-linked="true"]`).waitFor({ timeout: 15_000 });
        // The balance page's figures: what the records below must add up to.
        const half = Math.floor(s.secondCents / 2);
        await page.getByTestId('balance-available').filter({ hasText: euro(s.secondCents - half) }).waitFor({ timeout: 15_000 });
        const frozenShown = readable(await page.getByTestId('balance-frozen').textContent())!;

        // The comfort record.
        await page.goto(`${world.app.url}${prefix}/member/sold-record`);
        const run = (id: string) => page.locator(`[data-testid="comfort-run"][data-run-id="${id}"]`);
        await run(s.first).waitFor({ timeout: 15_000 });
        const C = dict.comfort;
        // Wholly paid out: Paid out, its withdrawal, no "added to your available balance", no Withdraw.
        await expect(run(s.first).locator('[data-testid="run-status"] strong').textContent().then(readable)).resolves.toBe(M.states.paid_out);
        expect(await run(s.first).getByTestId('run-guidance').count()).toBe(0);
        expect(await run(s.first).getByTestId('withdraw-link').count()).toBe(0);
        await expectPaidOut(run(s.first), s.withdrawalId, fill(before(M.paidOut, 'date'), { amount: euro(s.firstCents) }));
        // Half paid out: still Paid and withdrawable; what is left is exactly the available balance.
        await expect(run(s.second).locator('[data-testid="run-status"] strong').textContent().then(readable)).resolves.toBe(C.statuses.paid.name);
        expect(await run(s.second).getByTestId('withdraw-link').count()).toBe(1);
        await expect(run(s.second).getByTestId('money-available').textContent().then(readable)).resolves.toBe(fill(M.available, { amount: euro(s.secondCents - half) }));
        await expectPaidOut(run(s.second), s.withdrawalId, fill(before(M.paidOut, 'date'), { amount: euro(half) }));
        // Under review: frozen, the balance's whole frozen amount, not withdrawable.
        expect(await run(s.reviewed).getAttribute('data-money')).toBe('frozen');
        await expect(run(s.reviewed).getByTestId('run-income').textContent().then(readable)).resolves.toBe(frozenShown);
        expect(await run(s.reviewed).getByTestId('withdraw-link').count()).toBe(0);
        // The Settled filter holds the paid-out run only; Paid holds the one still withdrawable.
        await page.getByTestId('status-filter').selectOption('settled');
        await eventually(async () => ((await page.getByTestId('comfort-run').evaluateAll((els) => els.map((e) => e.getAttribute('data-run-id')))).join() === s.first) || null, 15_000, 'the settled run');
        await page.getByTestId('status-filter').selectOption('paid');
        await eventually(async () => ((await page.getByTestId('comfort-run').evaluateAll((els) => els.map((e) => e.getAttribute('data-run-id')))).join() === s.second) || null, 15_000, 'the paid run');
        expect(await axeProblems(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      } finally {
        await context.close();
      }
      expect(errors).toEqual([]);
    });
  }
});

/** The row names the withdrawal its money went out in, with the amount, linked to that withdrawal in the history. */
async function expectPaidOut(row: ReturnType<Page['locator']>, withdrawalId: string, start: string) {
  const line = row.locator(`[data-testid="money-paid-out"][data-withdrawal-id="${withdrawalId}"]`);
  await line.waitFor({ timeout: 15_000 });
  expect(readable(await line.textContent())!.startsWith(start), `${await line.textContent()} starts with ${start}`).toBe(true);
  expect(await line.getByRole('link').getAttribute('href')).toMatch(new RegExp(`/member/coins-balance\\?withdrawal=${withdrawalId}$`));
}
