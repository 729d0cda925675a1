/**
 * A comfort run's timing as the seller reads it (issue 32, finding 5), on a 360 px phone in English and
 * Arabic with axe:
 * - the form explains the transfer time (what it means for the seller);
 * - the record shows the chosen transfer time, a transferring run's expected finish (from the chosen
 *   time until a part moves, then measured) and its last update, and "No progress for N minutes" with
 *   what it means once nothing moved for twice the part pace (at least 10 minutes);
 * - after the transfer, the run keeps saying the seller may log in again (Transfer Completed is passed
 *   within a step; the run sits in Pending Payment).
 * The simulator moves parts only when the test pushes them; the page's time moves by Playwright's
 * clock (fastForward), never by waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, readable } from '../support/browser.js';
import { axeProblems, browserForTests, openPage, signInContext } from '../support/accounts-browser.js';
import { startSellerWorld, type SellerWorld } from '../support/seller-world.js';
import { createProvenSeller } from '../support/proven.js';
import { gameEmail, runWhere, steerTransfer, submission, submit } from '../support/comfort.js';
import { savePayoutSettings } from '../support/withdrawals.js';
import { fillPromises } from '../../domain/timing-promises.js';
import { DEFAULT_DATE_PATTERN, formatDate } from '../../web/src/ui/format.js';
import { LOCALES } from '../../web/src/i18n/index.js';

const AXE_WCAG22 = { wcag22: true, overflow: false } as const;
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const fill = (text: string, params: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? '');

type Words = {
  transferTimeHours: string; transferTimeHelp: string;
  eta: { finish: string; finishChosen: string; lastUpdate: string; stalled: string; stalledMeaning: string; loginSafe: string };
};

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('comfort run timing: transfer time explained, ETA, last update, no progress, log in again', () => {
  let world: SellerWorld;
  let browser: Browser;

  beforeAll(async () => {
    browser = await browserForTests();
    world = await startSellerWorld();
    // Parts move only when the test pushes them.
    await steerTransfer(world.simUrl, 'settings', { auto: false });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await world?.close();
  });

  for (const lang of ['en', 'ar'] as const) {
    it(`${lang} at 360 px: the form explains the transfer time; the record shows it, the ETA, the last update, "no progress" and then that logging in is safe`, async () => {
      const words = ((await import(`../../web/src/i18n/dict/${lang}.ts`)).default as { comfort: Words }).comfort;
      const { app } = world;
      const seller = await createProvenSeller(app);
      await savePayoutSettings(seller);
      const email = gameEmail('eta');
      // 200,000 coins in 50K parts: four parts, a 12-hour transfer time.
      const runId = (await submit(seller, submission({ email, coinAmount: 200_000, transferTime: '12h' }))).runId;
      const started = await runWhere(seller, runId, (r) => r.status === 'transferring' && r.totalCount === 4 && !!r.pace, 'the transfer started with its pace');
      const orders = (await (await fetch(`${world.simUrl}/test/transfer/orders`)).json()) as { orders: { orderId: string; email: string }[] };
      const orderId = orders.orders.find((o) => o.email === email)!.orderId;

      const { page, context, errors } = await openPage(browser, 360, lang === 'ar' ? 'ar' : 'en-US');
      await page.clock.install();
      await signInContext(context, app, seller);
      if (!seller.cookie.includes('csrf=')) await context.addCookies([{ name: 'csrf', value: seller.csrf, url: app.url }]);
      const at = (path: string) => app.url + (lang === 'en' ? path : `/ar${path}`);
      const number = (n: number) => new Intl.NumberFormat(LOCALES[lang]).format(n);
      const minutes = (n: number) => new Intl.NumberFormat(LOCALES[lang], { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(n);
      const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      const check = async (what: string) => {
        expect(await overflow(page), `${what}: sideways scrolling`).toBeLessThanOrEqual(0);
        await page.evaluate(() => scrollTo(0, 0));
        expect(await axeProblems(page, AXE_WCAG22), `${what}: axe`).toEqual([]);
      };
      try {
        // The form says what the transfer time means for the seller, with the promised review time.
        await page.goto(at('/sell-coins-comfort-trade'));
        const help = page.getByTestId('transfer-time-help');
        await help.waitFor({ timeout: 15_000 });
        expect(readable(await help.textContent())).toBe(fillPromises(words.transferTimeHelp, number));
        expect((await page.locator('select[name="transferTime"] option').allTextContents()).map(readable)).toEqual([12, 24, 48, 72].map((h) => fill(words.transferTimeHours, { hours: number(h) })));
        await check('form with the transfer time explained');

        // Nothing moved yet: the finish comes from the chosen 12 hours, the last update is the start.
        await page.goto(at('/member/sold-record'));
        const row = page.locator(`[data-testid="comfort-run"][data-run-id="${runId}"]`);
        await row.waitFor({ timeout: 15_000 });
        expect(readable(await row.getByTestId('run-transfer-time').textContent())).toBe(fill(words.transferTimeHours, { hours: number(12) }));
        const eta = row.getByTestId('run-eta');
        expect(await eta.getAttribute('data-measured')).toBe('false');
        const chosenFinish = formatDate(started.pace!.startedAt + 12 * 3_600_000, DEFAULT_DATE_PATTERN, zone);
        const chosenText = readable(await eta.textContent())!;
        expect(chosenText).toContain(chosenFinish);
        expect(chosenText.endsWith(words.eta.finishChosen.split('{{left}}')[1]!)).toBe(true);
        expect(readable(await row.getByTestId('run-last-update').textContent())!.startsWith(words.eta.lastUpdate.split('{{ago}}')[0]!)).toBe(true);
        expect(await row.getByTestId('run-stalled').count()).toBe(0);
        await check('transferring, nothing moved yet');

        // One part moves: the page updates live and measures the pace from it.
        await steerTransfer(world.simUrl, `orders/${encodeURIComponent(orderId)}`, { action: 'push' });
        const moved = await runWhere(seller, runId, (r) => r.successCount === 1, 'one part moved');
        await expect.poll(() => eta.getAttribute('data-measured'), { timeout: 15_000 }).toBe('true');
        await expect.poll(() => row.getByTestId('run-progress').textContent().then(readable), { timeout: 15_000 }).toBe('1 / 4');
        expect(readable(await eta.textContent())!.endsWith(words.eta.finish.split('{{left}}')[1]!)).toBe(true);
        expect(moved.pace!.progressAt).toBeGreaterThan(moved.pace!.startedAt);

        // Eleven minutes pass on the page's clock without a part: past twice the (seconds-long) pace and the 10-minute floor.
        await page.clock.fastForward('11:00');
        const stalled = row.getByTestId('run-stalled');
        await stalled.waitFor({ timeout: 15_000 });
        expect(readable(await stalled.textContent())).toBe(`${fill(words.eta.stalled, { duration: minutes(11) })} ${fill(words.eta.stalledMeaning, { threshold: minutes(10) })}`);
        const elevenAgo = new Intl.RelativeTimeFormat(LOCALES[lang], { numeric: 'auto' }).format(-11, 'minute');
        expect(readable(await row.getByTestId('run-last-update').textContent())).toBe(fill(words.eta.lastUpdate, { ago: elevenAgo }));
        await check('no progress for 11 minutes');

        // The provider finishes: the run moves on to Pending Payment and keeps saying the seller may log in again.
        await steerTransfer(world.simUrl, `orders/${encodeURIComponent(orderId)}`, { action: 'complete' });
        const done = await runWhere(seller, runId, (r) => r.status === 'pending_payment', 'run under review');
        await expect.poll(() => row.getAttribute('data-status'), { timeout: 15_000 }).toBe('pending_payment');
        expect(readable(await row.getByTestId('run-login-safe').textContent())).toBe(fill(words.eta.loginSafe, { time: formatDate(done.completedAt!, DEFAULT_DATE_PATTERN, zone) }));
        expect(await row.getByTestId('run-timing').count()).toBe(0);
        expect(done.pace).toBeNull();
        // Still there after a reload: it is the run's record, not a passing event.
        await page.reload();
        await row.getByTestId('run-login-safe').waitFor({ timeout: 15_000 });
        expect(readable(await row.getByTestId('run-transfer-time').textContent())).toBe(fill(words.transferTimeHours, { hours: number(12) }));
        await check('pending payment, log in again');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
