/**
 * A record's timeline (issue 32, item 6) at 360 px and 1280 px in English and Arabic with axe: a
 * comfort run that stopped on Wrong Backup Codes and was fixed lists its steps in order with their
 * times, the step that waited for the seller says so, and the current step says what happens next;
 * a player purchase lists its steps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, readable } from '../support/browser.js';
import { axeProblems, browserForTests, sellerPage } from '../support/accounts-browser.js';
import { startSellerWorld, type SellerWorld } from '../support/seller-world.js';
import { createProvenSeller } from '../support/proven.js';
import { freshCodes, runWhere, steerTransfer, submission, submit } from '../support/comfort.js';
import { savePayoutSettings } from '../support/withdrawals.js';
import { eventually } from '../support/servers.js';
import type { SignedInSeller } from '../support/sellers.js';
import { fillPromises } from '../../domain/timing-promises.js';
import { LOCALES } from '../../web/src/i18n/index.js';

type Dict = {
  comfort: {
    statuses: Record<string, { name: string; text: string }>; subStates: Record<string, { name: string }>;
    timeline: { open: string; waitedFor: Record<string, string>; next: string };
  };
  player: { states: Record<string, string> };
};

const stepsOf = (page: Page) => page.locator('[data-testid="timeline-step"]');

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('record timeline: steps, times, who it waited for, what happens next', () => {
  let world: SellerWorld;
  let browser: Browser;
  let seller: SignedInSeller;
  let runId: string;
  let purchaseId: string;

  beforeAll(async () => {
    browser = await browserForTests();
    world = await startSellerWorld();
    seller = await createProvenSeller(world.app);
    await savePayoutSettings(seller);
    const body = submission({ coinAmount: 100_000, backupCodes: freshCodes() });
    await steerTransfer(world.simUrl, 'rules', { email: body.email, error: 'wrong_backup_codes', afterChunks: 0 });
    runId = (await submit(seller, body)).runId;
    await runWhere(seller, runId, (r) => r.subState === 'wrong_backup_codes', 'waiting for new codes');
    const fixed = await seller.fetch(`/api/comfort-trade/runs/${runId}/resubmit`, { method: 'POST', body: JSON.stringify({ backupCodes: freshCodes() }) });
    expect(fixed.status).toBe(200);
    await runWhere(seller, runId, (r) => r.status === 'pending_payment', 'under review after the fix');
    purchaseId = (await world.purchase(seller, world.app, true)).purchaseId;
    await eventually(async () => {
      const p = (await (await seller.fetch(`/api/player-trade/purchases/${purchaseId}`)).json()) as { purchase: { state: string } };
      return p.purchase.state === 'frozen' || p.purchase.state === 'available' ? true : null;
    }, 30_000, 'purchase credited');
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await world?.close();
  });

  for (const lang of ['en', 'ar'] as const) {
    for (const width of [360, 1280]) {
      it(`${lang} at ${width} px: the fixed run's and the purchase's steps`, async () => {
        const words = (await import(`../../web/src/i18n/dict/${lang}.ts`)).default as Dict;
        const { page, context, errors } = await sellerPage(browser, world.app, seller, width, lang === 'ar' ? 'ar' : 'en-US');
        const at = (path: string) => world.app.url + (lang === 'en' ? path : `/ar${path}`);
        const check = async (what: string) => {
          expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${what}: sideways`).toBeLessThanOrEqual(0);
          expect(await axeProblems(page, { wcag22: true, overflow: false }), `${what}: axe`).toEqual([]);
        };
        try {
          await page.goto(at('/member/sold-record'));
          const row = page.locator(`[data-testid="comfort-run"][data-run-id="${runId}"]`);
          await row.waitFor({ timeout: 15_000 });
          await row.getByTestId('open-timeline').click();
          const steps = stepsOf(page);
          await steps.first().waitFor({ timeout: 15_000 });
          const states = await steps.evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
          expect(states[0]).toBe('transferring');
          const waited = states.indexOf('waiting_seller');
          expect(waited).toBeGreaterThan(0);
          expect(states.slice(waited + 1)).toEqual(expect.arrayContaining(['transferring', 'pending_payment']));
          expect(states.at(-1)).toBe('pending_payment');
          // Each step has a machine-readable time, in order.
          const times = await page.locator('[data-testid="timeline-step"] time').evaluateAll((els) => els.map((e) => Date.parse(e.getAttribute('datetime')!)));
          expect(times.length).toBe(states.length);
          expect(times.every((t) => Number.isFinite(t))).toBe(true);
          expect(times).toEqual([...times].sort((a, b) => a - b));
          const waitedStep = steps.nth(waited);
          expect(readable(await waitedStep.textContent())).toContain(words.comfort.subStates.wrong_backup_codes.name);
          expect(readable(await waitedStep.textContent())).toContain(words.comfort.timeline.waitedFor.seller);
          const next = page.getByTestId('timeline-next');
          expect(await next.count()).toBe(1);
          expect(readable(await next.textContent())).toBe(`${words.comfort.timeline.next} ${fillPromises(words.comfort.statuses.pending_payment.text, (n) => new Intl.NumberFormat(LOCALES[lang]).format(n))}`);
          expect(await page.locator('ol[data-testid="timeline-steps"] > li[aria-current="step"]').count()).toBe(1);
          await check('comfort run timeline');
          await page.keyboard.press('Escape');

          await page.goto(at('/member/player-record'));
          const prow = page.locator(`[data-testid="player-record"][data-purchase-id="${purchaseId}"]`);
          await prow.waitFor({ timeout: 15_000 });
          await prow.getByTestId('open-timeline').click();
          await stepsOf(page).first().waitFor({ timeout: 15_000 });
          const pstates = await stepsOf(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
          expect(pstates.slice(0, 3)).toEqual(['reserved', 'checking', 'frozen']);
          expect(readable(await stepsOf(page).first().textContent())).toContain(words.comfort.timeline.waitedFor.seller);
          expect(readable(await stepsOf(page).nth(2).textContent())).toContain(words.player.states.frozen);
          await check('purchase timeline');
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
});
