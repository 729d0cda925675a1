/**
 * The seller's withdrawal pages in a real browser against the real API, Temporal worker, SMTP catcher
 * and payout simulator: every required-field message, payout settings saved in the settings page,
 * the code requested and read from the real mail catcher, "Withdrawal request has been sent
 * successfully", the history and balance moving live (no reload) until the simulator pays, the
 * player record's Settled tab, a delayed payout shown as delayed, the Payoneer binding through the
 * simulator's consent page, the provider's USDT rate shown then locked, and both pages at 360 px and 1280 px with axe in English and Arabic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import * as M from '../../domain/messages.js';
import { fillPromises } from '../../domain/timing-promises.js';
import { DEFAULT_FEE_TABLE, feesFor, MINIMUM_WITHDRAWAL_CENTS, STATUS_TEXT, withdrawalWorkflowId } from '../../domain/withdrawal.js';
import { Purchases } from '../../infra/player-trade/purchases.js';
import en from '../../web/src/i18n/dict/en.js';
import ar from '../../web/src/i18n/dict/ar.js';
import { activePage, axeProblems, browserForTests, confirmItIsYou, describedError, signInContext } from '../support/accounts-browser.js';
import { browserAvailable } from '../support/browser.js';
import { codeIn, waitForMail } from '../support/mail.js';
import { createProvenSeller } from '../support/proven.js';
import type { SignedInSeller } from '../support/sellers.js';
import { eventually } from '../support/servers.js';
import { sellerWithMoney, startWithdrawalWorld, TRON, withdraw, type WithdrawalWorld } from '../support/withdrawals.js';

const W = en.withdraw;
const PAYOUT_CONFIRM = { title: W.payoneer.confirm.title, password: en.account.reauth.password, confirm: en.account.reauth.confirm };
const A = en.account;
const euro = (cents: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const CODE_SUBJECT = /withdrawal verification code/i;

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('withdrawal pages in the browser', () => {
  let w: WithdrawalWorld;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    // A payout not confirmed within 5 s counts as delayed (72 hours in production).
    [w, browser] = await Promise.all([startWithdrawalWorld({ timings: { overdueMs: 5_000 }, resendWaitSeconds: 60 }), browserForTests()]);
  });
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  async function signedIn(seller: SignedInSeller, width = 1280, locale = 'en-US'): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale });
    await signInContext(context, w.app, seller);
    await context.addCookies([{ name: 'csrf', value: seller.csrf, url: w.app.url }]);
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    return { context, page };
  }

  /** Waits until what the page shows satisfies `ok`; a timeout says what it showed last. */
  async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string, ms = 30_000): Promise<T> {
    let last: T | undefined;
    try {
      return await eventually(async () => { last = await read(); return ok(last) ? { v: last } : null; }, ms, what).then((r) => r.v);
    } catch {
      throw new Error(`timed out waiting for ${what}; the page showed ${JSON.stringify(last)}`);
    }
  }

  /** A purchase the seller earned `cents` from, available to withdraw (its record row and its ledger credit). */
  async function earned(seller: SignedInSeller, purchaseId: string, cents: number, playerName: string) {
    const purchases = await Purchases.open(w.app.db.db!);
    await purchases.coll.insertOne({
      _id: purchaseId, sellerId: seller.sellerId, state: 'available', phase: 'available', incomeCents: cents, coinsSpent: 50_000,
      pickedAt: Date.now() - 86_400_000, card: { playerName, versionName: 'Gold' }, gameAccount: { id: 'g1', platform: 'ps', name: 'Main' },
    } as never);
    await w.wallets.apply({ sellerId: seller.sellerId, opId: `seed:${purchaseId}`, kind: 'player_freeze_released', delta: { available: cents }, ref: purchaseId });
  }

  it('asks for every missing field, takes the payout settings, sends the code by mail, confirms, and the balance page follows the payout live until the simulator pays; the record shows the earnings settled', async () => {
    const seller = await createProvenSeller(w.app);
    const purchaseId = `wd-browser-${seller.sellerId.slice(-6)}`;
    await earned(seller, purchaseId, 3000, 'Withdrawn Striker');
    const address = `pp-${seller.sellerId.slice(-6)}@example.com`;
    // The simulator holds this address's payouts until the test settles them (a slow confirmation).
    await w.steer({ address, outcome: 'pending' });
    const { context, page } = await signedIn(seller);
    try {
      await page.goto(`${w.app.url}/member/withdraw`);
      const form = page.getByTestId('withdraw-form');
      await form.waitFor({ timeout: 15_000 });
      await expect(form.getByTestId('withdraw-available').textContent()).resolves.toContain(euro(3000));

      // Nothing filled in and no payout settings yet: each field says what is missing, in the specification's words.
      // The account's email comes prefilled; the seller clears it.
      await expect.poll(() => form.getByLabel(W.form.email, { exact: true }).inputValue()).toBe(seller.email);
      await form.getByLabel(W.form.email, { exact: true }).fill('');
      await form.getByTestId('send-code').click();
      await form.locator('[aria-invalid="true"]').first().waitFor();
      expect(await describedError(page, W.form.address, form)).toBe(M.PAYMENT_ADDRESS_REQUIRED);
      expect(await describedError(page, W.form.trueName, form)).toBe(M.TRUE_NAME_REQUIRED);
      expect(await describedError(page, W.form.email, form)).toBe(M.EMAIL_REQUIRED);
      expect(await describedError(page, W.form.amount, form)).toBe(M.AMOUNT_WHOLE_CENTS);
      await form.getByTestId('confirm-withdrawal').click();
      await expect.poll(() => describedError(page, W.form.code, form)).toBe(M.CODE_REQUIRED);
      // Amount limits: at least 20 EUR, at most the available balance.
      await form.getByLabel(W.form.amount, { exact: true }).fill('19.99');
      await form.getByTestId('send-code').click();
      await expect.poll(() => describedError(page, W.form.amount, form)).toBe(M.AMOUNT_BELOW_MINIMUM);
      await form.getByLabel(W.form.amount, { exact: true }).fill('30.01');
      await form.getByTestId('send-code').click();
      await expect.poll(() => describedError(page, W.form.amount, form)).toBe(M.AMOUNT_ABOVE_AVAILABLE);
      expect((await (await seller.fetch('/api/withdrawals')).json()).items).toEqual([]);

      // The payment details come from settings: the link goes there, the password confirms them.
      await form.getByTestId('change-settings').click();
      const settings = activePage(page).getByTestId('payout-settings');
      await settings.waitFor({ timeout: 15_000 });
      await settings.getByLabel(A.info.paymentMethod, { exact: true }).selectOption('paypal');
      await settings.getByLabel(A.info.paymentAddress, { exact: true }).fill(address);
      await settings.getByLabel(A.info.trueName, { exact: true }).fill('Ana Seller');
      await settings.getByLabel(A.info.payoutPassword, { exact: true }).fill(seller.password);
      await settings.getByRole('button', { name: A.info.savePayout }).click();
      await settings.getByText(M.SETTINGS_SAVED).waitFor();

      // Back on the withdraw page (kept alive): the new details are read again.
      await page.goBack();
      await expect.poll(() => form.getByLabel(W.form.address, { exact: true }).inputValue()).toBe(address);
      await expect(form.getByLabel(W.form.trueName, { exact: true }).inputValue()).resolves.toBe('Ana Seller');
      await expect(form.getByTestId('withdraw-method').textContent()).resolves.toContain('PayPal');
      // The fee, the handling fee and the total payout from the server's table, before confirming.
      await form.getByLabel(W.form.amount, { exact: true }).fill('30');
      const fees = feesFor(DEFAULT_FEE_TABLE, 'paypal', 3000);
      await expect.poll(() => form.getByTestId('fee').textContent()).toBe(euro(fees.feeCents));
      await expect(form.getByTestId('handling-fee').textContent()).resolves.toBe(euro(fees.handlingFeeCents));
      await expect(form.getByTestId('total-payout').textContent()).resolves.toBe(euro(fees.totalPayoutCents));
      expect(await describedError(page, W.form.amount, form)).toBe('');

      // The balance page in a second tab, watched for live changes without a reload.
      const watch = await context.newPage();
      watch.on('pageerror', (e) => errors.push(e.message));
      await watch.goto(`${w.app.url}/member/coins-balance`);
      await watch.getByTestId('withdrawals-empty').waitFor({ timeout: 15_000 });
      await expect(watch.getByTestId('balance-available').textContent()).resolves.toBe(euro(3000));
      await expect(watch.getByTestId('payout-minimum').textContent()).resolves.toBe(euro(MINIMUM_WITHDRAWAL_CENTS));
      // Section 9's words: "Payout within 3 days / 72 hours of request (longer on holidays); processing 24-48 hours with verification".
      await expect(watch.getByTestId('payout-time').textContent()).resolves.toBe('within 3 days / 72 hours of request (longer on holidays)');
      await expect(watch.getByTestId('processing-time').textContent()).resolves.toBe('24-48 hours with verification');
      await expect(watch.getByTestId('payout-method').textContent()).resolves.toContain(address);
      await expect(watch.getByTestId('fee-list').textContent()).resolves.toContain(`from ${euro(2000)}: ${euro(35)} + 3.4%`);
      await watch.evaluate(() => { (window as unknown as { marker: number }).marker = 42; });

      // The code is sent only when asked for, read from the real mail catcher.
      await form.getByLabel(W.form.email, { exact: true }).fill(seller.email);
      await form.getByTestId('send-code').click();
      await form.getByTestId('form-notice').filter({ hasText: M.CODE_SENT }).waitFor({ timeout: 15_000 });
      await expect(form.getByTestId('resend-wait').textContent()).resolves.toMatch(/^You can request another code in \d+ seconds$/); // counted words (issue 33), no longer "60 s"
      expect(await form.getByTestId('send-code').isDisabled()).toBe(true);
      await form.getByTestId('details-fixed').waitFor();
      expect(await form.getByLabel(W.form.amount, { exact: true }).getAttribute('readonly')).not.toBeNull();
      const code = codeIn(await waitForMail(seller.email, CODE_SUBJECT));
      await form.getByLabel(W.form.code, { exact: true }).fill(code);
      await form.getByTestId('confirm-withdrawal').click();
      // The form gives way to the receipt (tests/browser/withdraw-receipt.test.ts checks its figures).
      const receipt = page.getByTestId('withdraw-receipt');
      await receipt.getByTestId('form-notice').filter({ hasText: M.WITHDRAWAL_SENT }).waitFor({ timeout: 30_000 });
      await expect(receipt.getByTestId('form-notice').textContent()).resolves.toBe(M.WITHDRAWAL_SENT);

      // Live: the row appears and moves on; the money waits as pending payout.
      const row = watch.getByTestId('withdrawal');
      await until(() => row.getAttribute('data-status'), (s) => s === 'in_progress' || s === 'delayed', 'the payment in progress');
      await expect(watch.getByTestId('balance-pending').textContent()).resolves.toBe(euro(3000));
      await expect(watch.getByTestId('balance-available').textContent()).resolves.toBe(euro(0));
      await expect(row.getByTestId('withdrawal-amount').textContent()).resolves.toBe(euro(3000));
      await expect(row.getByTestId('withdrawal-balance').textContent()).resolves.toBe(euro(0));
      const id = (await row.getAttribute('data-id'))!;

      // The simulator pays it; the history and the balance follow without a reload.
      const settled = await fetch(`${w.simUrl}/test/payouts/${encodeURIComponent(withdrawalWorkflowId(id))}/settle`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ state: 'paid' }) });
      expect(settled.status).toBe(200);
      await until(() => row.getAttribute('data-status'), (s) => s === 'paid', 'the payout paid');
      await expect(row.getByTestId('withdrawal-status').textContent()).resolves.toBe(STATUS_TEXT.paid);
      await until(() => watch.getByTestId('balance-pending').textContent(), (t) => t === euro(0), 'pending payout cleared');
      await expect(watch.getByTestId('balance-total').textContent()).resolves.toBe(euro(0));
      expect(await watch.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
      const sim = await w.payouts();
      expect(sim.payouts.filter((p) => p.address === address)).toMatchObject([{ state: 'paid', amountCents: fees.totalPayoutCents }]);

      // The earnings it paid out are Settled in the player record.
      await watch.goto(`${w.app.url}/member/player-record`);
      await watch.getByTestId('tab-settled').click();
      await until(() => watch.getByTestId('records').textContent().catch(() => ''), (t) => !!t?.includes('Withdrawn Striker'), 'the settled record');
    } finally {
      await context.close();
    }
    expect(errors).toEqual([]);
  });

  it('shows a payout the provider has not confirmed in time as delayed, live', async () => {
    const seller = await sellerWithMoney(w, 2500);
    await w.steer({ address: seller.settings.settings.paymentAddress, outcome: 'pending' });
    const { context, page } = await signedIn(seller);
    try {
      await page.goto(`${w.app.url}/member/coins-balance`);
      await page.getByTestId('withdrawals-empty').waitFor({ timeout: 15_000 });
      const { res } = await withdraw(seller, 2000);
      expect(res.status).toBe(201);
      const row = page.getByTestId('withdrawal');
      await until(() => row.getAttribute('data-status'), (s) => s === 'delayed', 'the delayed payout');
      await expect(row.getByTestId('withdrawal-status').textContent()).resolves.toBe(STATUS_TEXT.delayed);
      await expect(page.getByTestId('balance-pending').textContent()).resolves.toBe(euro(2000));
    } finally {
      await context.close();
    }
    expect(errors).toEqual([]);
  });

  it('quotes USDT at the provider rate before confirming and shows it locked once the code is sent', async () => {
    const seller = await sellerWithMoney(w, 5000, { paymentMethod: 'usdt-trc20', paymentAddress: TRON });
    const { context, page } = await signedIn(seller);
    try {
      await page.goto(`${w.app.url}/member/withdraw`);
      const form = page.getByTestId('withdraw-form');
      await form.waitFor({ timeout: 15_000 });
      await expect(form.getByTestId('withdraw-currency').textContent()).resolves.toBe(`${W.form.currency}: USDT`);
      await form.getByLabel(W.form.amount, { exact: true }).fill('40');
      const quote = form.getByTestId('quote');
      await quote.waitFor({ timeout: 15_000 });
      const total = feesFor(DEFAULT_FEE_TABLE, 'usdt-trc20', 4000).totalPayoutCents;
      await expect(quote.textContent()).resolves.toContain(`1 EUR = 1.0790 USDT · ${W.form.youReceive.replace('{{amount}}', `${(Math.floor(total * 1.079) / 100).toFixed(2)} USDT`)}`);
      await expect(quote.getByTestId('quote-lock').textContent()).resolves.toBe(W.form.ratePreview);
      await form.getByLabel(W.form.email, { exact: true }).fill(seller.email);
      await form.getByTestId('send-code').click();
      await form.getByTestId('form-notice').filter({ hasText: M.CODE_SENT }).waitFor({ timeout: 15_000 });
      await expect(quote.getByTestId('quote-lock').textContent()).resolves.toMatch(/^Rate locked until \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    } finally {
      await context.close();
    }
    expect(errors).toEqual([]);
  });

  it('binds Payoneer through the provider consent page and comes back to settings', async () => {
    const seller = await sellerWithMoney(w, 0);
    const { context, page } = await signedIn(seller);
    try {
      await page.goto(`${w.app.url}/member/my-info`);
      await expect(page.getByTestId('payoneer-status').textContent({ timeout: 15_000 })).resolves.toBe(W.payoneer.none);
      // Binding changes where payouts go: the password first (docs/security.md, item 24).
      await page.getByTestId('payoneer-bind').click();
      await confirmItIsYou(page, PAYOUT_CONFIRM, seller.password);
      await page.getByTestId('payoneer-email').fill('ana@payoneer.example.com');
      await page.getByTestId('payoneer-allow').click();
      await page.waitForURL(/\/member\/my-info\?payoneer=bound/);
      await expect(page.getByTestId('payoneer-result').textContent({ timeout: 15_000 })).resolves.toBe(W.payoneer.result.bound);
      await expect.poll(() => page.getByTestId('payoneer-status').textContent()).toBe(W.payoneer.bound.replace('{{email}}', 'ana@payoneer.example.com'));
      expect(await (await seller.fetch('/api/member/payoneer')).json()).toMatchObject({ bound: true, email: 'ana@payoneer.example.com' });
      // Removing it too.
      await page.getByTestId('payoneer-unbind').click();
      await page.getByRole('dialog').getByRole('button', { name: W.payoneer.unbind }).click();
      await confirmItIsYou(page, PAYOUT_CONFIRM, seller.password);
      await page.getByTestId('toast').filter({ hasText: W.payoneer.unbound }).waitFor();
      await expect.poll(() => page.getByTestId('payoneer-status').textContent()).toBe(W.payoneer.none);
      expect(await (await seller.fetch('/api/member/payoneer')).json()).toEqual({ bound: false });
    } finally {
      await context.close();
    }
    expect(errors).toEqual([]);
  });

  let layoutSeller: SignedInSeller | null = null;
  /** One seller with a failed (wrong address) and a paid withdrawal in the history, shared by the layout checks. */
  async function sellerWithHistory(): Promise<SignedInSeller> {
    if (layoutSeller) return layoutSeller;
    const seller = await sellerWithMoney(w, 6000);
    const address = seller.settings.settings.paymentAddress;
    const ended = (id: string) => eventually(async () => {
      const b = (await (await seller.fetch(`/api/withdrawals/${id}`)).json()) as { withdrawal?: { state: string } };
      return b.withdrawal && ['paid', 'failed'].includes(b.withdrawal.state) ? b.withdrawal : null;
    }, 30_000, 'withdrawal to end');
    await w.steer({ address, outcome: 'wrong_address' });
    await ended((await withdraw(seller, 2000, 1)).withdrawalId);
    // The seller comes back after the resend wait (60 s in this world): its marker is gone.
    await w.app.db.db!.collection('rate_counters').deleteOne({ _id: `wait:withdraw-code:${seller.sellerId}` as never });
    await w.steer({ address, outcome: 'paid' });
    await ended((await withdraw(seller, 2500, 2)).withdrawalId);
    layoutSeller = seller;
    return seller;
  }

  for (const lang of ['en', 'ar'] as const) {
    for (const width of [360, 1280]) {
      it(`${lang} at ${width} px: the balance page with its history and the withdraw page with errors fit and pass axe`, async () => {
        const seller = await sellerWithHistory();
        const { context, page } = await signedIn(seller, width, lang);
        const dict = lang === 'en' ? en : ar;
        const url = (path: string) => `${w.app.url}${lang === 'en' ? '' : `/${lang}`}${path}`;
        const report: string[] = [];
        const check = async (where: string) => {
          for (const p of await axeProblems(page)) report.push(`${where}: ${p}`);
          if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/withdraw-${lang}-${width}-${where.replace(/\W+/g, '-')}.png`, fullPage: true });
        };
        try {
          await page.goto(url('/member/coins-balance'));
          const rows = page.getByTestId('withdrawal');
          await until(() => rows.count(), (n) => n === 2, 'two withdrawals in the history', 15_000);
          // The failed one says why in the seller's language.
          await expect(page.locator('[data-status="failed"]').getByTestId('withdrawal-reason').textContent()).resolves.toBe(dict.withdraw.reasons.wrong_address);
          // Both payout times, in the seller's language, their figures the timing promises (English and Arabic write Western digits).
          await expect(page.getByTestId('payout-time').textContent()).resolves.toBe(fillPromises(dict.withdraw.balance.payoutTimeValue));
          await expect(page.getByTestId('processing-time').textContent()).resolves.toBe(fillPromises(dict.withdraw.balance.processingTimeValue));
          await page.locator('[data-status="failed"]').getByRole('button', { name: dict.withdraw.details.show }).click();
          await page.getByTestId('withdrawal-details').waitFor();
          await check('balance with history');
          await page.goto(url('/member/withdraw'));
          const form = page.getByTestId('withdraw-form');
          await form.waitFor({ timeout: 15_000 });
          await expect.poll(() => form.getByLabel(dict.withdraw.form.email, { exact: true }).inputValue()).toBe(seller.email);
          await form.getByLabel(dict.withdraw.form.email, { exact: true }).fill('');
          await form.getByTestId('send-code').click();
          await form.locator('[aria-invalid="true"]').first().waitFor();
          expect(await describedError(page, dict.withdraw.form.email, form)).toBe(dict.account.msg.EMAIL_REQUIRED);
          await check('withdraw with errors');
        } finally {
          await context.close();
        }
        expect(report).toEqual([]);
        expect(errors).toEqual([]);
      });
    }
  }
});
