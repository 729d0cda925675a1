/**
 * Issue 19's "Done when", in real Chromium against the real API, Temporal worker, provider simulator
 * and SMTP catcher: a comfort run the provider stops on Wrong Backup Codes tells the seller by mail
 * and in the app (the bell's count rising live, the entry on top of the list); the mail's own link
 * lands on the run, where new backup codes are resubmitted and the run reaches Paid (review
 * shortened by configuration). Then a withdrawal: paid, told by mail and in the app, and both links
 * lead to the withdrawal. The pages a link lands on fit a 360 px phone and pass axe in English and Arabic.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable } from '../support/browser.js';
import { axeProblems, browserForTests, sellerPage } from '../support/accounts-browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { FAST_COMFORT, freshCodes, runWhere, startTransferSimulator, steerTransfer, submission, submit } from '../support/comfort.js';
import { mailsTo, waitForMail } from '../support/mail.js';
import { createProvenSeller } from '../support/proven.js';
import { testKeyRing } from '../support/secrets.js';
import { eventually, testLogger, uniqueQueue } from '../support/servers.js';
import { FAST_WITHDRAWAL_TIMINGS, savePayoutSettings, withdraw } from '../support/withdrawals.js';
import type { SignedInSeller } from '../support/sellers.js';
import type { CaughtMail } from '../../infra/mail/catcher.js';
import { createMailer } from '../../infra/mail/mailer.js';
import { createPayoutGateway } from '../../infra/payout/gateway.js';
import { createTransferGateway } from '../../infra/transfer/gateway.js';
import { createWorker } from '../../workers/worker.js';
import { comfortRunWorkflowId, type ComfortRunView } from '../../domain/comfort-trade.js';
import { connectTemporal } from '../../infra/temporal.js';

const FROM = 'Coin Market <no-reply@coin-market.test>';
/** The seller has ten minutes to fix the run; its reminder is due only in its last minute, so it stays out of the counts. */
const TIMINGS = { ...FAST_COMFORT, sellerFixMs: 600_000 };
const bell = (page: Page, name: string) => page.getByRole('link', { name, exact: true });
/** The link a mail's plain text gives for `path` (the address the seller opens). */
const linkIn = (mail: CaughtMail, path: string) => {
  const found = new RegExp(`(https?://\\S+${path.replace(/[?]/g, '\\?')}\\S*)`).exec(mail.text)?.[1];
  if (!found) throw new Error(`no ${path} link in: ${mail.text}`);
  return found;
};
/**
 * Axe (WCAG 2.2 AA) on the whole page, checked from its top as the layout test does: scrolled to the
 * linked row, the links above it sit under the sticky header, and axe's target-size rule counts a
 * target the header covers as too small wherever the page is scrolled.
 */
const axeOfPage = async (page: Page) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  return axeProblems(page, { wcag22: true });
};
const markAllRead = async (seller: SignedInSeller) =>
  expect(await (await seller.fetch('/api/notifications/read', { method: 'POST', body: JSON.stringify({ all: true }) })).json()).toEqual({ unread: 0 });

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('a seller is told, and is never stuck', () => {
  const queue = uniqueQueue('journey');
  let browser: Browser;
  let sim: Awaited<ReturnType<typeof startTransferSimulator>>;
  let app: TestApp;
  let worker: Awaited<ReturnType<typeof createWorker>>;
  let seller: SignedInSeller;
  let runId = '';

  beforeAll(async () => {
    browser = await browserForTests();
    sim = await startTransferSimulator();
    const payouts = createPayoutGateway({ baseUrl: sim.url, timeoutMs: 2_000 });
    app = await startTestApp(undefined, {
      comfortTrade: { taskQueue: queue, timings: TIMINGS },
      withdrawals: { taskQueue: queue, timings: FAST_WITHDRAWAL_TIMINGS, payouts },
      accounts: { limits: { resendWaitSeconds: 0 } },
    });
    worker = await createWorker({
      temporalAddress: inject('temporalAddress'), taskQueue: queue, db: app.db, logger: testLogger(),
      workflowBundle: { codePath: inject('workflowBundlePath') }, secrets: testKeyRing(),
      transfer: createTransferGateway({ baseUrl: sim.url, timeoutMs: 2_000 }),
      // Payouts confirmed by polling the simulator (no callback in this world).
      payouts: { gateway: payouts, callbackUrl: null },
      notifications: { mail: { mailer: createMailer(inject('smtpUrl'), FROM, testLogger()), publicUrl: app.url }, reminderBeforeMs: 60_000 },
    });
    seller = await createProvenSeller(app);
    await savePayoutSettings(seller);
    // Saving payout details is itself told; read, so the counts below are the run's and the withdrawal's.
    await waitForMail(seller.email, /payment details were changed/);
    await markAllRead(seller);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await worker?.shutdown();
    await app?.close();
    await sim?.close();
  });

  it('Wrong Backup Codes: the mail and the in-app entry arrive, the mail\'s link lands on the run, new codes are resubmitted there and the run is Paid', async () => {
    const { page, context, errors } = await sellerPage(browser, app, seller, 360);
    try {
      await page.goto(`${app.url}/member/notifications`);
      await page.getByTestId('unread-summary').filter({ hasText: 'You have read everything' }).waitFor({ timeout: 15_000 });
      await bell(page, 'Notifications').waitFor();
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

      // The provider refuses the codes at the first chunk.
      const sent = submission({ coinAmount: 1_000_000 });
      await steerTransfer(sim.url, 'rules', { email: sent.email, error: 'wrong_backup_codes', afterChunks: 0, times: 1 });
      runId = (await submit(seller, sent)).runId;
      const waiting = await runWhere(seller, runId, (r) => r.subState === 'wrong_backup_codes', 'Wrong Backup Codes');

      // In the app, live (the same document): the bell counts it and the list puts it on top.
      await bell(page, 'Notifications, 1 unread').waitFor({ timeout: 15_000 });
      const top = page.getByTestId('notification').first();
      await expect.poll(() => top.getAttribute('data-kind'), { timeout: 15_000 }).toBe('action_needed');
      expect(await top.getAttribute('data-read')).toBe('false');
      // The same words as its mail (issue 33: one source).
      expect(await top.locator('.inbox-body').textContent()).toMatch(
        /^Your comfort trade of [\d,]+ coins stopped: the backup codes were incorrect or expired\. Resubmit with 6 new backup codes by \d{1,2} \w{3} \d{4}, \d{2}:\d{2} \S+, or the run closes\.$/,
      );
      expect(await top.getByTestId('notification-deadline').textContent()).toMatch(/^Act by .+ \(in 10 minutes\)$/);
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

      // By mail: once, from the brand, saying what to do and by when, with a link straight to the run.
      const mail = await waitForMail(seller.email, /^Action needed/);
      expect(mail.fromHeader).toBe(FROM);
      expect(mail.text).toContain('Resubmit with 6 new backup codes');
      expect(mail.text).toMatch(/Deadline: .+ UTC/);
      const link = linkIn(mail, '/member/sold-record?run=');
      expect(link).toBe(`${app.url}/member/sold-record?run=${runId}`);
      expect(mail.html).toContain(`href="${link}"`);
      expect(waiting.fixBy).toBeGreaterThan(Date.now());

      // The seller opens the mail's link: the run is marked and has the focus.
      await page.goto(link);
      const run = page.locator(`[data-testid="comfort-run"][data-run-id="${runId}"]`);
      await run.waitFor({ timeout: 15_000 });
      expect(await run.getAttribute('data-linked')).toBe('true');
      expect(await run.getAttribute('data-sub-state')).toBe('wrong_backup_codes');
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-run-id'))).toBe(runId);
      expect(await axeOfPage(page)).toEqual([]);

      // New codes, sent from the run the link opened: the transfer goes on and the run is paid (review shortened).
      const codes = freshCodes();
      await run.getByTestId('try-again').click();
      const dialog = page.getByTestId('try-again-dialog');
      await dialog.waitFor();
      for (let n = 1; n <= 6; n++) await dialog.getByLabel(`Backup code ${n}`, { exact: true }).fill(codes[n - 1]);
      await dialog.getByTestId('try-again-send').click();
      await dialog.waitFor({ state: 'detached', timeout: 15_000 });
      await expect.poll(() => run.getAttribute('data-status'), { timeout: 30_000 }).toBe('paid');
      expect(await run.getByTestId('try-again').count()).toBe(0);
      const orders = (await (await fetch(`${sim.url}/test/transfer/orders`)).json()) as { orders: { orderId: string; email: string }[] };
      const order = orders.orders.find((o) => o.email === sent.email.toLowerCase())!;
      const creds = (await (await fetch(`${sim.url}/test/transfer/orders/${encodeURIComponent(order.orderId)}/credentials`)).json()) as { credentials: { backupCodes: string[] } };
      expect(creds.credentials.backupCodes).toEqual(codes);
      // One mail for the wait, not one per look.
      expect((await mailsTo(seller.email)).filter((m) => /^Action needed/.test(m.subject))).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    // The page the link opens, in Arabic on a phone, passes axe too.
    const arabic = await sellerPage(browser, app, seller, 360, 'ar');
    try {
      await arabic.page.goto(`${app.url}/ar/member/sold-record?run=${runId}`);
      await arabic.page.locator(`[data-run-id="${runId}"][data-linked="true"]`).waitFor({ timeout: 15_000 });
      expect(await axeOfPage(arabic.page)).toEqual([]);
      expect(arabic.errors).toEqual([]);
    } finally {
      await arabic.context.close();
    }
  });

  it('a withdrawal paid: the mail and the in-app entry arrive, and both links lead to the withdrawal', async () => {
    expect(runId).not.toBe('');
    // The run's income is available once its (shortened) review is over.
    await eventually(async () => {
      const w = (await (await seller.fetch('/api/wallet')).json()) as { wallet: { available: number } };
      return w.wallet.available >= 2_000 ? true : null;
    }, 30_000, 'the run\'s income available');
    await markAllRead(seller);
    let withdrawalId = '';
    const { page, context, errors } = await sellerPage(browser, app, seller, 360);
    try {
      await page.goto(`${app.url}/member/notifications`);
      await page.getByTestId('unread-summary').filter({ hasText: 'You have read everything' }).waitFor({ timeout: 15_000 });
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

      const out = await withdraw(seller, 2_000);
      expect(out.res.status).toBe(201);
      withdrawalId = out.withdrawalId;

      await bell(page, 'Notifications, 1 unread').waitFor({ timeout: 30_000 });
      const top = page.getByTestId('notification').first();
      await expect.poll(() => top.getAttribute('data-kind'), { timeout: 15_000 }).toBe('withdrawal_paid');
      expect(await top.locator('.inbox-body').textContent()).toBe('Your withdrawal of €20.00 was paid to PayPal.');
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

      const mail = await waitForMail(seller.email, /^Withdrawal paid$/);
      expect(mail.fromHeader).toBe(FROM);
      expect(mail.text).toContain('Your withdrawal of €20.00 was paid to PayPal.');
      const link = linkIn(mail, '/member/coins-balance?withdrawal=');
      expect(link).toBe(`${app.url}/member/coins-balance?withdrawal=${withdrawalId}`);

      // The in-app entry opens the withdrawal in the history, marked, its details open, and marks itself read.
      await top.getByTestId('notification-open').click();
      await page.waitForURL((u) => u.pathname === '/member/coins-balance' && u.searchParams.get('withdrawal') === withdrawalId);
      const row = page.locator(`[data-testid="withdrawal"][data-id="${withdrawalId}"]`);
      await row.waitFor({ timeout: 15_000 });
      expect(await row.getAttribute('data-linked')).toBe('true');
      expect(await row.getAttribute('data-status')).toBe('paid');
      await row.getByTestId('withdrawal-details').waitFor();
      await bell(page, 'Notifications').waitFor({ timeout: 15_000 });

      // The mail's link, opened in a new page, leads to the same withdrawal and gives it the focus.
      await page.goto(link);
      await row.waitFor({ timeout: 15_000 });
      expect(await row.getAttribute('data-linked')).toBe('true');
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-id'))).toBe(withdrawalId);
      expect(await row.getByTestId('withdrawal-amount').textContent()).toBe('€20.00');
      expect(await row.getByTestId('withdrawal-details').textContent()).toContain('Paid on');
      expect(await axeOfPage(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    const arabic = await sellerPage(browser, app, seller, 360, 'ar');
    try {
      await arabic.page.goto(`${app.url}/ar/member/coins-balance?withdrawal=${encodeURIComponent(withdrawalId)}`);
      await arabic.page.locator('[data-testid="withdrawal"][data-linked="true"]').waitFor({ timeout: 15_000 });
      expect(await axeOfPage(arabic.page)).toEqual([]);
      expect(arabic.errors).toEqual([]);
    } finally {
      await arabic.context.close();
    }
  });
  it('a run waiting for support: the bell says what happens next and how to reach support; the entry turns resolved live when support resumes, and the money available follows', async () => {
    const temporal = await connectTemporal(inject('temporalAddress'), testKeyRing());
    await markAllRead(seller);
    const { page, context, errors } = await sellerPage(browser, app, seller, 360);
    try {
      await page.goto(`${app.url}/member/notifications`);
      await page.getByTestId('unread-summary').filter({ hasText: 'You have read everything' }).waitFor({ timeout: 15_000 });
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

      // Someone is logged in to the game account: only support can end that wait.
      const sent = submission({ coinAmount: 200_000 });
      await steerTransfer(sim.url, 'rules', { email: sent.email, error: 'customer_online', afterChunks: 1 });
      const run = await submit(seller, sent);
      await runWhere(seller, run.runId, (r) => r.subState === 'customer_online', 'Customer Online');

      await bell(page, 'Notifications, 1 unread').waitFor({ timeout: 15_000 });
      const entry = page.locator(`[data-testid="notification"][data-kind="waiting_support"]`).first();
      await entry.waitFor({ timeout: 15_000 });
      expect(await entry.locator('.inbox-title').textContent()).toContain('Your sale waits for support');
      const body = await entry.locator('.inbox-body').textContent();
      expect(body).toMatch(
        /^Your comfort trade of [\d,]+ coins stopped: someone is logged in to the game account \(console or web app\)\. You may log out of the game everywhere\. Nothing else is needed from you: support has been told and resumes the run, then the transfer goes on by itself\.$/,
      );
      // No deadline for the seller: it is support's wait; the contacts are one tap away.
      expect(await entry.getByTestId('notification-deadline').count()).toBe(0);
      const contacts = entry.getByTestId('support-contacts');
      await contacts.locator('summary').click();
      expect(await contacts.locator('li').count()).toBeGreaterThan(0);
      expect(await axeOfPage(page)).toEqual([]);

      // Support resumes the run (as the support tool does): the entry reads resolved without a reload.
      await temporal.client.workflow.getHandle(comfortRunWorkflowId(run.runId))
        .executeUpdate<ComfortRunView, [{ by: string; reason: string }]>('retry', { args: [{ by: 'agent-ann', reason: 'seller logged out everywhere' }] });
      await runWhere(seller, run.runId, (r) => r.status === 'paid', 'paid after support resumed it');
      await expect.poll(() => entry.getAttribute('data-resolved'), { timeout: 15_000 }).toBe('true');
      expect(await entry.getByTestId('notification-resolved').textContent()).toMatch(/^Resolved .+: support solved it and the sale went on$/);
      expect(await entry.getByTestId('support-contacts').count()).toBe(0);

      // The review ends (shortened): the money available is told on top, with the withdraw page.
      const funds = page.locator('[data-testid="notification"][data-kind="funds_available"]').first();
      await funds.waitFor({ timeout: 30_000 });
      expect(await funds.locator('.inbox-body').textContent()).toMatch(/^€[\d.,]+ from your comfort trade is now in your available balance\. You can withdraw it now\.$/);
      expect(await funds.getByTestId('notification-open').getAttribute('href')).toBe('/member/withdraw');
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      await temporal.connection.close();
    }

    const arabic = await sellerPage(browser, app, seller, 360, 'ar');
    try {
      await arabic.page.goto(`${app.url}/ar/member/notifications`);
      await arabic.page.locator('[data-testid="notification"][data-kind="waiting_support"][data-resolved="true"]').first().waitFor({ timeout: 15_000 });
      expect(await axeOfPage(arabic.page)).toEqual([]);
      expect(arabic.errors).toEqual([]);
    } finally {
      await arabic.context.close();
    }
  });
});
