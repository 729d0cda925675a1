/**
 * Issue 32, finding 4, in real Chromium against the real API, Temporal worker, provider simulator and
 * SMTP catcher: a comfort run the provider stops on Wrong Backup Codes shows its deadline on the run's
 * own card and in the notification list; the seller fixes it from the card, the run's workflow ends
 * Paid (its result, then its record), and the action entry reads resolved, with when, instead of a
 * missed deadline, in English and Arabic, on a 360 px phone, axe-clean.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable } from '../support/browser.js';
import { axeProblems, browserForTests, sellerPage } from '../support/accounts-browser.js';
import type { TestApp } from '../support/app.js';
import { FAST_COMFORT, freshCodes, runWhere, steerTransfer, submission, submit } from '../support/comfort.js';
import { waitForMail } from '../support/mail.js';
import { startNotifyingWorld, type NotifyingWorld } from '../support/notifying-world.js';
import { createProvenSeller } from '../support/proven.js';
import { eventually } from '../support/servers.js';
import { savePayoutSettings } from '../support/withdrawals.js';
import type { SignedInSeller } from '../support/sellers.js';
import type { NotificationPage } from '../../domain/notifications.js';

/** Ten minutes to fix; the reminder would be due only in the last minute, so the list holds the action alone. */
const TIMINGS = { ...FAST_COMFORT, sellerFixMs: 600_000 };
/** Axe from the page's top (the sticky header covers links above a scrolled-to row). */
const axeOfPage = async (page: Page) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  return axeProblems(page, { wcag22: true });
};
const list = async (seller: SignedInSeller) => (await (await seller.fetch('/api/notifications')).json()) as NotificationPage;

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('an action entry resolves when its run moves on', () => {
  let browser: Browser;
  let world: NotifyingWorld;
  let app: TestApp;
  let seller: SignedInSeller;

  beforeAll(async () => {
    browser = await browserForTests();
    world = await startNotifyingWorld('resolve', TIMINGS, { reminderBeforeMs: 60_000 });
    app = world.app;
    seller = await createProvenSeller(app);
    await savePayoutSettings(seller);
    await waitForMail(seller.email, /payment details were changed/);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await world?.close();
  });

  it('Wrong Backup Codes: the card and the list show "Act by"; fixed and paid, the entry reads resolved in English and Arabic', async () => {
    const sent = submission({ coinAmount: 100_000 });
    await steerTransfer(world.sim.url, 'rules', { email: sent.email, error: 'wrong_backup_codes', afterChunks: 0, times: 1 });
    const runId = (await submit(seller, sent)).runId;
    const waiting = await runWhere(seller, runId, (r) => r.subState === 'wrong_backup_codes', 'Wrong Backup Codes');
    // The entry is made by the same activity that wrote the record; wait for it before looking.
    const action = await eventually(async () => (await list(seller)).items.find((i) => i.kind === 'action_needed' && i.subject.id === runId) ?? null, 15_000, 'the action entry');
    expect(action.deadline).toBe(waiting.fixBy);

    const { page, context, errors } = await sellerPage(browser, app, seller, 360);
    try {
      // Before the fix: the list's entry asks, with its deadline, and is not resolved.
      await page.goto(`${app.url}/member/notifications`);
      const entry = page.locator(`[data-testid="notification"][data-id="${action.id}"]`);
      await entry.waitFor({ timeout: 15_000 });
      expect(await entry.getAttribute('data-resolved')).toBe('false');
      expect(await entry.getByTestId('notification-deadline').textContent()).toMatch(/^Act by .+ \(in (10|9) minutes\)$/);

      // The run's card says the same deadline as the bell and the mail.
      await page.goto(`${app.url}/member/sold-record?run=${runId}`);
      const run = page.locator(`[data-testid="comfort-run"][data-run-id="${runId}"]`);
      await run.waitFor({ timeout: 15_000 });
      expect(await run.getAttribute('data-sub-state')).toBe('wrong_backup_codes');
      expect(await run.getByTestId('run-fix-by').textContent()).toMatch(/^Act by .+ \(in (10|9) minutes\)$/);
      expect(await axeOfPage(page)).toEqual([]);
      // In Arabic too, on the same phone width.
      const ar = await sellerPage(browser, app, seller, 360, 'ar');
      try {
        await ar.page.goto(`${app.url}/ar/member/sold-record?run=${runId}`);
        const card = ar.page.locator(`[data-testid="comfort-run"][data-run-id="${runId}"]`);
        await card.waitFor({ timeout: 15_000 });
        expect(await card.getByTestId('run-fix-by').textContent()).toMatch(/^تصرّف قبل .+ \(.+\)$/);
        expect(await axeOfPage(ar.page)).toEqual([]);
        expect(ar.errors).toEqual([]);
      } finally {
        await ar.context.close();
      }

      // Fixed from the card: new codes, and the run's workflow ends Paid (its result, then its record).
      const codes = freshCodes();
      await run.getByTestId('try-again').click();
      const dialog = page.getByTestId('try-again-dialog');
      await dialog.waitFor();
      for (let n = 1; n <= 6; n++) await dialog.getByLabel(`Backup code ${n}`, { exact: true }).fill(codes[n - 1]);
      await dialog.getByTestId('try-again-send').click();
      await dialog.waitFor({ state: 'detached', timeout: 15_000 });
      const { result } = await app.settled.comfortRuns.settled(runId, 60_000);
      expect(result.status).toBe('paid');
      // A card that waits for nothing shows no deadline.
      await expect.poll(() => run.getAttribute('data-status'), { timeout: 15_000 }).toBe('paid');
      expect(await run.getByTestId('run-fix-by').count()).toBe(0);

      // The entry, as the API answers it: resolved by the seller's fix, once, at the change that moved the run on.
      const resolved = (await list(seller)).items.filter((i) => i.subject.id === runId && i.kind === 'action_needed');
      expect(resolved).toHaveLength(1);
      expect(resolved[0]!.resolution).toBe('fixed');
      expect(resolved[0]!.resolvedAt).toBeGreaterThan(action.createdAt);

      // The list: no red deadline that passed, it says resolved and when.
      await page.goto(`${app.url}/member/notifications`);
      await entry.waitFor({ timeout: 15_000 });
      expect(await entry.getAttribute('data-resolved')).toBe('true');
      expect(await entry.getByTestId('notification-deadline').count()).toBe(0);
      expect(await entry.getByTestId('notification-resolved').textContent()).toMatch(/^Resolved .+: your fix arrived and the sale went on$/);
      expect(await axeOfPage(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    const arabic = await sellerPage(browser, app, seller, 360, 'ar');
    try {
      await arabic.page.goto(`${app.url}/ar/member/notifications`);
      const entry = arabic.page.locator(`[data-testid="notification"][data-id="${action.id}"]`);
      await entry.waitFor({ timeout: 15_000 });
      expect(await entry.getAttribute('data-resolved')).toBe('true');
      expect(await entry.getByTestId('notification-resolved').textContent()).toMatch(/^تمّت المعالجة .+: وصل تصحيحك واستمرّ البيع$/);
      expect(await axeOfPage(arabic.page)).toEqual([]);
      expect(arabic.errors).toEqual([]);
    } finally {
      await arabic.context.close();
    }
  });
});
