/**
 * Comfort trade in a real browser against the real API, Temporal worker and transfer simulator: the
 * form (live estimate, one-click paste of six codes, each wrong code's message, the authSecret path,
 * in English at 1280 px and Arabic at 360 px; "Submitted" and the run in the record moving
 * live without reload), the batch upload (a bad row named by line and field and nothing created; a
 * clean file creates its runs), the record's four operations (copy, try again after Wrong Backup
 * Codes, download record, withdraw) in English at 1280 px and Arabic at 360 px, paging through the
 * record and a paid withdrawal marking the runs it paid out Settled live, the visitor notice, and
 * every page at 360 px and 1280 px with axe in English and Arabic.
 */
import { proveEmail } from '../support/proven.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createSignedInSeller, type SignedInSeller } from '../support/sellers.js';
import { axeProblems, browserForTests, describedError, signInContext } from '../support/accounts-browser.js';
import { uniqueQueue, eventually } from '../support/servers.js';
import { FAST_COMFORT, freshCodes, gameEmail, startComfortWorker, startTransferSimulator, steerTransfer, submission, submit } from '../support/comfort.js';
import type { ComfortRunView } from '../../domain/comfort-trade.js';
import { backupCodeMessage, EMAIL_FORMAT, LOG_IN_TO_VIEW, REQUIRED, RUN_SUBMITTED } from '../../domain/messages.js';
import { AUTH_SECRET_MESSAGE, DUPLICATE_ACCOUNT, MIN_COINS_MESSAGE, NOT_TEMPLATE } from '../../domain/comfort-trade.js';
import { DEFAULT_PRICE_TABLE } from '../../domain/pricing.js';
import arComfort from '../../web/src/i18n/dict/comfort/ar.js';
import ar from '../../web/src/i18n/dict/ar.js';
import enComfort from '../../web/src/i18n/dict/comfort/en.js';
import enAccount from '../../web/src/i18n/dict/account/en.js';
import arAccount from '../../web/src/i18n/dict/account/ar.js';
import { createPayoutGateway } from '../../infra/payout/gateway.js';
import { FAST_WITHDRAWAL_TIMINGS, withdraw } from '../support/withdrawals.js';

const CODES = ['12345678', '23456789', '34567890', '45678901', '56789012', '67890123'];
const NEW_CODES = ['87654321', '76543210', '65432109', '54321098', '43210987', '32109876'];
const euro = (cents: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const arN = (text: string, n: number) => text.replace('{{n}}', String(n));

/** What a seller reads, per language: English in the specification's words, Arabic from its dictionary. */
const TX = {
  en: {
    prefix: '', coins: 'Coin amount', email: 'Web app email', password: 'Web app password', code: (n: number) => `Backup code ${n}`,
    useSecret: 'Authenticator key (authSecret)', secret: 'authSecret', pasteFilled: 'The 6 codes were filled in.',
    minCoins: MIN_COINS_MESSAGE, emailFormat: EMAIL_FORMAT, required: REQUIRED, codeMsg: backupCodeMessage, authSecretMsg: AUTH_SECRET_MESSAGE,
    copy: (email: string) => `Copy: ${email}`, copied: 'Copy successful',
    codesReused: 'These backup codes were used before; please get 6 new backup codes',
    resubmitted: 'New login details sent: the transfer continues.',
    timeCol: 'Time', statusCol: 'Status', transferredCol: 'Coins transferred', progressCol: 'Success / total',
    wrongCodes: 'Wrong Backup Codes', wrongCodesGuidance: 'Incorrect or expired; resubmit',
    tryIntroLogin: 'The game did not accept this account and password. Correct the email or the password; the backup codes or authSecret you gave are kept.',
    duplicateAccount: DUPLICATE_ACCOUNT,
  },
  ar: {
    prefix: '/ar', coins: arComfort.coins, email: arComfort.email, password: arComfort.password, code: (n: number) => arN(arComfort.code, n),
    useSecret: arComfort.useSecret, secret: arComfort.secret, pasteFilled: arComfort.pasteFilled,
    minCoins: arComfort.msg.MIN_COINS_MESSAGE, emailFormat: ar.account.msg.EMAIL_FORMAT, required: ar.account.msg.REQUIRED,
    codeMsg: (n: number) => arN(arComfort.msg.backupCode, n), authSecretMsg: arComfort.msg.AUTH_SECRET_MESSAGE,
    copy: (email: string) => `${ar.copy.button}: ${email}`, copied: ar.copy.ok,
    codesReused: arComfort.msg.CODES_REUSED,
    resubmitted: arComfort.record.resubmitted,
    timeCol: arComfort.record.col.time, statusCol: arComfort.record.col.status, transferredCol: arComfort.record.col.transferred, progressCol: arComfort.record.col.progress,
    wrongCodes: arComfort.subStates.wrong_backup_codes.name, wrongCodesGuidance: arComfort.subStates.wrong_backup_codes.text,
    tryIntroLogin: arComfort.record.tryIntroLogin, duplicateAccount: arComfort.msg.DUPLICATE_ACCOUNT,
  },
} as const;
/** The two views the form and the record's operations are driven in: English on a desktop, Arabic on a phone. */
const VIEWS = [{ lang: 'en', width: 1280 }, { lang: 'ar', width: 360 }] as const;

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('comfort trade in the browser', () => {
  const queue = uniqueQueue('comfort-browser');
  let app: TestApp;
  let browser: Browser;
  let sim: Awaited<ReturnType<typeof startTransferSimulator>>;
  let worker: Awaited<ReturnType<typeof startComfortWorker>>;
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await browserForTests();
    sim = await startTransferSimulator();
    // Withdrawals too (payouts at the same simulator, confirmed by polling): a paid one settles runs.
    const payouts = createPayoutGateway({ baseUrl: sim.url, timeoutMs: 2_000 });
    app = await startTestApp(undefined, {
      comfortTrade: { taskQueue: queue, timings: FAST_COMFORT },
      withdrawals: { taskQueue: queue, timings: FAST_WITHDRAWAL_TIMINGS, payouts },
      accounts: { limits: { resendWaitSeconds: 0 } },
    });
    worker = await startComfortWorker(app.db, queue, sim.url, { gateway: payouts, callbackUrl: null });
  });
  afterAll(async () => {
    await browser?.close();
    await worker?.shutdown();
    await app?.close();
    await sim?.close();
  });

  /** The simulator's order for a game-account email (the provider's side of the run). */
  async function orderOf(email: string): Promise<{ orderId: string } | undefined> {
    const r = (await (await fetch(`${sim.url}/test/transfer/orders`)).json()) as { orders: { orderId: string; email: string }[] };
    return r.orders.find((o) => o.email === email.toLowerCase());
  }
  const steerOrder = async (email: string, body: Record<string, unknown>) => {
    const order = await eventually(() => orderOf(email), 15_000, `the order of ${email}`);
    await steerTransfer(sim.url, `orders/${encodeURIComponent(order.orderId)}`, body);
  };
  const runsOf = async (seller: SignedInSeller) => (await (await seller.fetch('/api/comfort-trade/runs?size=50')).json()) as { items: ComfortRunView[]; total: number };
  const row = (page: Page, email: string) => page.locator('[data-testid="comfort-run"]', { has: page.getByTestId('origin-email').getByText(email, { exact: true }) });
  /** Payout settings, without which a completed run waits in Payment Error instead of being paid. */
  async function payable(seller: SignedInSeller) {
    // Payout settings need a proven address and the current password (docs/security.md, items 6 and 11).
    await proveEmail(seller);
    const res = await seller.fetch('/api/member/settings', { method: 'PUT', body: JSON.stringify({ contactMethod: 'discord', contactValue: 'me#1', paymentMethod: 'paypal', paymentAddress: 'pay@example.com', currency: 'eur', trueName: 'A Seller', currentPassword: seller.password }) });
    expect(res.ok).toBe(true);
  }

  /** Waits until what the page shows satisfies `ok`; a timeout says what it showed last. */
  async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string, ms = 15_000): Promise<T> {
    let last: T | undefined;
    try {
      return await eventually(async () => { last = await read(); return ok(last) ? { v: last } : null; }, ms, what).then((r) => r.v);
    } catch {
      throw new Error(`timed out waiting for ${what}; the page showed ${JSON.stringify(last)}`);
    }
  }

  async function signedIn(seller: SignedInSeller, width = 1280, locale = 'en-US'): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale });
    await signInContext(context, app, seller);
    // The readable CSRF cookie the sign-in page would have set; writes send it back as a header.
    await context.addCookies([{ name: 'csrf', value: seller.csrf, url: app.url }]);
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    return { context, page };
  }

  const form = (page: Page) => page.getByTestId('comfort-form');

  it('visitors read "Click Sign in to view all content" and the rules before selling', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/sell-coins-comfort-trade`);
    await expect(page.getByTestId('visitor-notice').textContent({ timeout: 15_000 })).resolves.toBe(LOG_IN_TO_VIEW);
    const rules = await page.getByTestId('comfort-before').textContent();
    expect(rules).toContain('100,000 coins');
    expect(rules).toContain('7-10 days and 20-25 matches');
    await page.goto(`${app.url}/member/sold-record`);
    await expect(page.getByTestId('visitor-notice').textContent({ timeout: 15_000 })).resolves.toBe(LOG_IN_TO_VIEW);
    await context.close();
  });

  for (const { lang, width } of VIEWS) {
    it(`${lang} at ${width} px: ${lang === 'en' ? 'the unit price and estimated income live, ' : ''}each wrong field in the specification words, one-click paste of six codes, and the authSecret rule`, async () => {
      const tx = TX[lang];
      const seller = await createSignedInSeller(app);
      const { context, page } = await signedIn(seller, width, lang === 'en' ? 'en-US' : lang);
      await page.goto(`${app.url}${tx.prefix}/sell-coins-comfort-trade`);
      await form(page).waitFor({ timeout: 15_000 });
      const field = (label: string) => page.getByLabel(label, { exact: true });

      if (lang === 'en') {
        // Live estimate from the operator's price table.
        await page.getByLabel('Platform', { exact: true }).selectOption('pc');
        await field(tx.coins).fill('250000');
        await expect(page.getByTestId('unit-price').textContent()).resolves.toBe(`${euro(DEFAULT_PRICE_TABLE.pc)} per 100K coins`);
        await expect(page.getByTestId('estimated-income').textContent()).resolves.toBe(euro((250_000 * DEFAULT_PRICE_TABLE.pc) / 100_000));
        await field(tx.coins).fill('300000');
        await expect(page.getByTestId('estimated-income').textContent()).resolves.toBe(euro(DEFAULT_PRICE_TABLE.pc * 3));
        // The button: the specification's "sell now", first letter capitalised like every button.
        await expect(page.getByTestId('sell-now').textContent()).resolves.toBe('Sell now');
      }

      // Everything wrong at once: each field says what is wrong, in the specification's words.
      await field(tx.coins).fill('99999');
      await field(tx.email).fill('not-an-email');
      await field(tx.code(2)).fill('1234567');
      await field(tx.code(5)).fill('abcdefgh');
      await page.getByTestId('sell-now').click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      expect(await describedError(page, tx.coins)).toBe(tx.minCoins);
      expect(await describedError(page, tx.email)).toBe(tx.emailFormat);
      expect(await describedError(page, tx.password)).toBe(tx.required);
      for (let n = 1; n <= 6; n++) expect(await describedError(page, tx.code(n))).toBe(tx.codeMsg(n));

      // One-click paste of "1.code 2.code ... 6.code" across lines and spaces fills all six.
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
      await page.evaluate((text) => navigator.clipboard.writeText(text), `1.${CODES[0]} 2.${CODES[1]}\n3. ${CODES[2]}\n 4.${CODES[3]}  5.${CODES[4]}\n6.${CODES[5]}`);
      await page.getByTestId('paste-codes').click();
      await page.getByText(tx.pasteFilled).waitFor();
      for (let n = 1; n <= 6; n++) {
        await expect(field(tx.code(n)).inputValue()).resolves.toBe(CODES[n - 1]);
        expect(await describedError(page, tx.code(n))).toBe('');
      }
      // A pasted list with a wrong code: that code's message only.
      await field(tx.code(3)).fill('3456789');
      await page.getByTestId('sell-now').click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      expect(await describedError(page, tx.code(3))).toBe(tx.codeMsg(3));
      expect(await describedError(page, tx.code(4))).toBe('');

      // The authSecret path: a 16-character key instead of the codes.
      await page.getByLabel(tx.useSecret).check();
      await field(tx.secret).fill('SHORTKEY');
      await page.getByTestId('sell-now').click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      expect(await describedError(page, tx.secret)).toBe(tx.authSecretMsg);
      expect(await page.getByTestId('backup-codes').count()).toBe(0);
      // A good key: the form is sent and the run is created with it.
      await field(tx.coins).fill('200000');
      await field(tx.email).fill(gameEmail(`secret-${lang}`));
      await field(tx.password).fill('Game-Pass-1');
      await field(tx.secret).fill('JBSW Y3DP EHPK 3PXP');
      await page.getByTestId('sell-now').click();
      await until(async () => (await runsOf(seller)).items, (items) => items.length === 1, 'the authSecret run');
      expect((await runsOf(seller)).items[0]).toMatchObject({ loginMethod: 'auth_secret', coinAmount: 200_000 });
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('sells one account: "Submitted", then the run in the record moves live from Transferring to Paid without a reload', async () => {
    await steerTransfer(sim.url, 'settings', { auto: false });
    const seller = await createSignedInSeller(app);
    await payable(seller);
    const email = gameEmail('form');
    const { context, page } = await signedIn(seller);
    try {
      await page.goto(`${app.url}/sell-coins-comfort-trade`);
      await form(page).waitFor({ timeout: 15_000 });
      await page.getByLabel('Coin amount', { exact: true }).fill('200000');
      await page.getByLabel('Web app email', { exact: true }).fill(email);
      await page.getByLabel('Web app password', { exact: true }).fill('Game-Pass-1');
      // One-click paste without clipboard permission opens the paste box.
      await page.getByTestId('paste-codes').click();
      await page.getByTestId('paste-box').fill(CODES.map((c, i) => `${i + 1}.${c}`).join('\n'));
      await page.getByTestId('paste-apply').click();
      await expect(page.getByLabel('Backup code 6', { exact: true }).inputValue()).resolves.toBe(CODES[5]);
      await page.getByTestId('sell-now').click();
      await page.getByTestId('form-notice').filter({ hasText: /./ }).waitFor({ timeout: 15_000 });
      await expect(page.getByTestId('form-notice').textContent()).resolves.toBe(RUN_SUBMITTED);
      expect((await runsOf(seller)).total).toBe(1);

      await page.getByTestId('to-record').click();
      await page.evaluate(() => { (window as unknown as { marker: number }).marker = 42; });
      const run = row(page, email);
      await run.waitFor({ timeout: 15_000 });
      expect(await run.getAttribute('data-status')).toBe('transferring');
      await expect(run.getByTestId('run-status').textContent()).resolves.toContain('Transferring');
      await expect(run.getByTestId('run-guidance').textContent()).resolves.toMatch(/do not log in/);
      expect(await run.getByTestId('try-again').count()).toBe(0);

      // The provider moves a chunk: coins and success/total change live.
      await steerOrder(email, { action: 'push' });
      await until(async () => run.getByTestId('coins-transferred').textContent(), (v) => v === '50,000', 'coins transferred 50,000');
      await expect(run.getByTestId('run-progress').textContent()).resolves.toBe('1 / 4');
      await steerOrder(email, { action: 'complete' });
      await until(async () => run.getAttribute('data-status'), (v) => v === 'paid', 'status paid', 30_000);
      await expect(run.getByTestId('coins-transferred').textContent()).resolves.toBe('200,000');
      await expect(run.getByTestId('run-status').textContent()).resolves.toContain('Paid');
      // The status filter: nothing is Transferring any more, the run is under Paid.
      await page.getByTestId('status-filter').selectOption('transferring');
      await page.getByTestId('records-empty').waitFor();
      await page.getByTestId('status-filter').selectOption('paid');
      await run.waitFor();
      expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(42);
    } finally {
      await steerTransfer(sim.url, 'settings', { auto: true });
      await context.close();
    }
    expect(errors).toEqual([]);
  });

  it('a batch file with a bad row names its line and field and creates nothing; the clean file creates every run', async () => {
    const seller = await createSignedInSeller(app);
    const { context, page } = await signedIn(seller);
    const header = 'platform,coinAmount,transferTime,email,password,code1,code2,code3,code4,code5,code6,authSecret';
    const line = (email: string, codes: string[], coins = '150000') => ['ps', coins, '24h', email, 'Game-Pass-1', ...codes, ''].join(',');
    const emails = [gameEmail('batch'), gameEmail('batch')];
    try {
      await page.goto(`${app.url}/sell-coins-comfort-trade`);
      await page.getByTestId('mode-batch').check();
      // Both templates are served and name the columns the upload reads.
      const csvHref = (await page.getByTestId('template-csv').getAttribute('href'))!;
      expect((await (await fetch(`${app.url}${csvHref}`)).text()).split(/\r?\n/)[0]).toBe(header);
      const xlsx = await fetch(`${app.url}${(await page.getByTestId('template-xlsx').getAttribute('href'))!}`);
      expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
      const bad = [header, line(emails[0], freshCodes()), line(emails[1], ['11111111', '1234', ...freshCodes().slice(2)], '90000')].join('\n');
      await page.getByTestId('batch-file').setInputFiles({ name: 'accounts.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
      await page.getByTestId('batch-send').click();
      const problems = page.getByTestId('batch-problems');
      await problems.waitFor({ timeout: 15_000 });
      await expect(problems.locator('li[data-line="3"][data-field="code2"]').textContent()).resolves.toBe(`Line 3 · Backup code 2: ${backupCodeMessage(2)}`);
      await expect(problems.locator('li[data-line="3"][data-field="coinAmount"]').textContent()).resolves.toBe(`Line 3 · Coin amount: ${MIN_COINS_MESSAGE}`);
      expect(await problems.locator('li[data-line="2"]').count()).toBe(0);
      expect((await runsOf(seller)).total).toBe(0);

      const good = [header, line(emails[0], freshCodes()), line(emails[1], freshCodes())].join('\n');
      await page.getByTestId('batch-file').setInputFiles({ name: 'accounts.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
      await page.getByTestId('batch-send').click();
      const created = page.getByTestId('batch-created');
      await created.waitFor({ timeout: 15_000 });
      await expect(created.locator('p').textContent()).resolves.toBe('2 accounts were submitted.');
      await expect(created.textContent()).resolves.toContain(emails[1]);
      // The upload's answer means accepted: the record shows each row as the batch starts its run.
      const runs = await until(() => runsOf(seller), (r) => r.total === 2, 'both rows in the record', 60_000);
      expect(runs.items.map((r) => r.originEmail).sort()).toEqual([...emails].sort());
    } finally {
      await context.close();
    }
    expect(errors).toEqual([]);
  });

  for (const { lang, width } of VIEWS) {
    it(`${lang} at ${width} px, the record: Wrong Backup Codes offers try again (used codes refused, new ones continue the run), copy, download record and withdraw`, async () => {
      const tx = TX[lang];
      const seller = await createSignedInSeller(app);
      // Payout details, so the run reaches Paid and its money becomes available to withdraw.
      await payable(seller);
      const email = gameEmail(`retry-${lang}`);
      await steerTransfer(sim.url, 'rules', { email, error: 'wrong_backup_codes', afterChunks: 0, times: 1 });
      const first = submission({ email, backupCodes: CODES });
      const run0 = await submit(seller, first);
      const { context, page } = await signedIn(seller, width, lang === 'en' ? 'en-US' : lang);
      try {
        await page.goto(`${app.url}${tx.prefix}/member/sold-record`);
        const run = row(page, email);
        await run.waitFor({ timeout: 15_000 });
        await page.evaluate(() => { (window as unknown as { marker: number }).marker = 7; });
        await until(async () => run.getAttribute('data-sub-state'), (v) => v === 'wrong_backup_codes', 'Wrong Backup Codes', 30_000);
        await expect(run.getByTestId('run-status').textContent()).resolves.toContain(tx.wrongCodes);
        await expect(run.getByTestId('run-guidance').textContent()).resolves.toContain(tx.wrongCodesGuidance);

        // Copy the origin email.
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
        await run.getByRole('button', { name: tx.copy(email) }).click();
        await page.getByText(tx.copied).first().waitFor();
        await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(email);

        // Download record: the run's events as CSV.
        const [download] = await Promise.all([page.waitForEvent('download'), run.getByTestId('download-record').click()]);
        // For people: the seller's words and local times, no internal ids, codes or notes.
        expect(download.suggestedFilename()).toContain(email);
        expect(download.suggestedFilename()).not.toContain(run0.runId);
        const chunks: Buffer[] = [];
        for await (const c of (await download.createReadStream())!) chunks.push(c as Buffer);
        const csv = Buffer.concat(chunks).toString('utf8');
        // The time column names the zone its times are in (the browser's: the seller chose none).
        const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
        expect(csv.split('\r\n')[0]).toBe(`\uFEFF"${tx.timeCol} (${zone})","${tx.statusCol}","${tx.transferredCol}","${tx.progressCol}"`);
        expect(csv).toContain(`"${tx.wrongCodes}"`);
        expect(csv).not.toContain('wrong_backup_codes');
        expect(csv).not.toContain(run0.runId);
        expect(csv).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/); // no ISO UTC times
        // A time as the page shows it: year-month-day hour:minute:second in the browser's zone.
        expect(csv.split('\r\n')[1]).toMatch(/^"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d"/);

        // Try again: the codes used before are refused at their fields, new ones continue the run.
        await run.getByTestId('try-again').click();
        const dialog = page.getByTestId('try-again-dialog');
        await dialog.waitFor();
        await expect(dialog.textContent()).resolves.toContain(email);
        await dialog.getByTestId('paste-codes').click();
        await dialog.getByTestId('paste-box').fill(CODES.map((c, i) => `${i + 1}. ${c}`).join(' '));
        await dialog.getByTestId('paste-apply').click();
        await dialog.getByTestId('try-again-send').click();
        await page.waitForFunction(() => !!document.querySelector('[data-testid="try-again-dialog"] [aria-invalid="true"]'), undefined, { timeout: 15_000 });
        expect(await describedError(page, tx.code(1), dialog)).toBe(tx.codesReused);
        // All six refused for one reason: said once, every code field marked and pointing to it.
        expect(await describedError(page, tx.code(6), dialog)).toBe(tx.codesReused);
        expect(await dialog.getByText(tx.codesReused, { exact: true }).count()).toBe(1);
        for (let n = 1; n <= 6; n++) await dialog.getByLabel(tx.code(n), { exact: true }).fill(NEW_CODES[n - 1]);
        await dialog.getByTestId('try-again-send').click();
        await dialog.waitFor({ state: 'detached', timeout: 15_000 });
        // The dialog does not close without a word.
        await expect.poll(() => page.getByTestId('toast').textContent().catch(() => null)).toBe(tx.resubmitted);
        await until(async () => run.getAttribute('data-status'), (v) => ['transfer_completed', 'pending_payment', 'paid'].includes(v ?? ''), 'transfer completed', 30_000);
        expect(await run.getByTestId('try-again').count()).toBe(0);
        const order = await orderOf(email);
        const creds = (await (await fetch(`${sim.url}/test/transfer/orders/${encodeURIComponent(order!.orderId)}/credentials`)).json()) as { credentials: { backupCodes: string[] } };
        expect(creds.credentials.backupCodes).toEqual(NEW_CODES);

        // Withdraw, offered only once the run is paid and its money available: to the withdraw page, inside the app.
        await until(async () => run.getAttribute('data-status'), (v) => v === 'paid', 'paid', 30_000);
        await run.getByTestId('withdraw-link').click({ timeout: 15_000 });
        await page.waitForURL(`${app.url}${tx.prefix}/member/withdraw`);
        expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(7);
      } finally {
        await context.close();
      }
      expect(errors).toEqual([]);
    });
  }

  for (const lang of ['en', 'ar'] as const) {
    it(`${lang} at 360 px: try again after Wrong Account/Password shows the email prefilled and editable and asks no backup codes; a busy account is refused on the email, the corrected one continues the run (axe)`, async () => {
      const tx = TX[lang];
      const seller = await createSignedInSeller(app);
      const typo = gameEmail(`typo-${lang}`);
      const right = gameEmail(`right-${lang}`);
      // The game refuses every login to the mistyped address; another open run of the seller holds a third account.
      await steerTransfer(sim.url, 'rules', { email: typo, error: 'wrong_password', afterChunks: 0, times: 100 });
      await submit(seller, submission({ email: typo, backupCodes: CODES }));
      const held = submission();
      await steerTransfer(sim.url, 'rules', { email: held.email, error: 'customer_online', afterChunks: 0 });
      await submit(seller, held);
      const { context, page } = await signedIn(seller, 360, lang);
      try {
        await page.goto(`${app.url}${tx.prefix}/member/sold-record`);
        const run = row(page, typo);
        await run.waitFor({ timeout: 15_000 });
        await until(async () => run.getAttribute('data-sub-state'), (v) => v === 'wrong_password', 'Wrong Account/Password', 30_000);
        await run.getByTestId('try-again').click();
        const dialog = page.getByTestId('try-again-dialog');
        await dialog.waitFor();
        await expect(dialog.textContent()).resolves.toContain(tx.tryIntroLogin);
        const email = dialog.getByLabel(tx.email, { exact: true });
        await expect(email.inputValue()).resolves.toBe(typo);
        await expect(email.isEditable()).resolves.toBe(true);
        await expect(dialog.getByLabel(tx.password, { exact: true }).count()).resolves.toBe(1);
        // The backup codes were not what the game refused: no code fields, no authSecret, no choice between them.
        expect(await dialog.getByTestId('backup-codes').count()).toBe(0);
        expect(await dialog.getByLabel(tx.code(1), { exact: true }).count()).toBe(0);
        expect(await dialog.getByLabel(tx.secret, { exact: true }).count()).toBe(0);
        expect(await axeProblems(page)).toEqual([]);

        // An account another open run holds: refused on the email field, in the seller's language.
        await email.fill(held.email as string);
        await dialog.getByLabel(tx.password, { exact: true }).fill('Right-Pass-51');
        await dialog.getByTestId('try-again-send').click();
        await page.waitForFunction(() => !!document.querySelector('[data-testid="try-again-dialog"] [aria-invalid="true"]'), undefined, { timeout: 15_000 });
        expect(await describedError(page, tx.email, dialog)).toBe(tx.duplicateAccount);
        expect(await axeProblems(page)).toEqual([]);

        // The corrected address: the run goes on under it, and the record says so live.
        await email.fill(right);
        await dialog.getByTestId('try-again-send').click();
        await dialog.waitFor({ state: 'detached', timeout: 15_000 });
        await expect.poll(() => page.getByTestId('toast').textContent().catch(() => null)).toBe(tx.resubmitted);
        await row(page, right).waitFor({ timeout: 15_000 });
        expect(await row(page, typo).count()).toBe(0);
      } finally {
        await context.close();
      }
      expect(errors).toEqual([]);
    });
  }

  it('pages through the record, and a paid withdrawal marks the runs it paid out Settled, live (Arabic at 360 px with axe, then English)', async () => {
    const seller = await createSignedInSeller(app);
    await payable(seller);
    // Eleven runs of 200K PS coins (5 EUR each): two pages of ten.
    const made = await Promise.all(Array.from({ length: 11 }, () => submit(seller, submission())));
    await until(() => runsOf(seller), (r) => r.total === 11 && r.items.every((x) => x.status === 'paid'), 'eleven runs paid', 90_000);
    const { context, page } = await signedIn(seller, 360, 'ar');
    const ids = () => page.getByTestId('comfort-run').evaluateAll((els) => els.map((e) => e.getAttribute('data-run-id')!));
    const settledIds = () => page.locator('[data-testid="comfort-run"][data-settled="true"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-run-id')!));
    try {
      await page.goto(`${app.url}/ar/member/sold-record`);
      const first = await until(ids, (v) => v.length === 10, 'ten runs on page 1');
      await page.getByRole('button', { name: ar.player.next, exact: true }).click();
      const second = await until(ids, (v) => v.length === 1, 'one run on page 2');
      expect(new Set([...first, ...second])).toEqual(new Set(made.map((r) => r.runId)));
      await page.getByRole('button', { name: ar.player.prev, exact: true }).click();
      await until(ids, (v) => v.join() === first.join(), 'page 1 again');
      expect(await settledIds()).toEqual([]);
      await page.evaluate(() => { (window as unknown as { marker: number }).marker = 11; });

      // 20 EUR paid out, oldest earnings first: four runs' income, each wholly: those four are Settled.
      const sent = await withdraw(seller, 2000);
      expect(sent.res.status).toBe(201);
      const settled = await until(async () => (await runsOf(seller)).items.filter((r) => (r as { settled?: boolean }).settled).map((r) => r.runId), (v) => v.length === 4, 'four runs settled', 30_000);
      const onPage = first.filter((id) => settled.includes(id));
      await until(settledIds, (v) => v.length === onPage.length && v.every((id) => onPage.includes(id)), 'the Settled marks, live');
      expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(11);
      // A settled run reads Paid out and names the withdrawal it went out in (domain/sale-money.ts).
      await expect(page.locator('[data-settled="true"] [data-testid="run-status"] strong').first().textContent()).resolves.toBe(ar.player.money.states.paid_out);
      await expect(page.locator(`[data-settled="true"] [data-testid="money-paid-out"][data-withdrawal-id="${sent.withdrawalId}"]`).count()).resolves.toBe(onPage.length);
      expect(await axeProblems(page)).toEqual([]);
      // The Settled filter lists exactly those runs.
      await page.getByTestId('status-filter').selectOption('settled');
      await until(ids, (v) => v.length === 4 && v.every((id) => settled.includes(id)), 'the settled runs');
      expect((await settledIds()).length).toBe(4);
    } finally {
      await context.close();
    }
    const en = await signedIn(seller, 1280);
    try {
      await en.page.goto(`${app.url}/member/sold-record`);
      await en.page.getByTestId('status-filter').selectOption({ label: 'Settled' });
      const rows = en.page.getByTestId('comfort-run');
      await until(() => rows.count(), (n) => n === 4, 'four settled runs');
      await expect(rows.first().getByTestId('run-status').textContent()).resolves.toMatch(/^Paid out€5\.00 paid out in the withdrawal of /);
    } finally {
      await en.context.close();
    }
    expect(errors).toEqual([]);
  });

  for (const { lang, width } of VIEWS) {
    it(`${lang} at ${width} px: a run in Payment Error sends the seller to Settings and to support; saving payout details there retries the payment and the record reaches Paid live`, async () => {
      const C = lang === 'en' ? enComfort : arComfort;
      const AC = lang === 'en' ? enAccount : arAccount;
      const seller = await createSignedInSeller(app);
      await proveEmail(seller);
      const run = await submit(seller, submission());
      await eventually(async () => ((await runsOf(seller)).items.find((r) => r.runId === run.runId)?.status === 'payment_error' ? true : null), 15_000, 'payment error');
      const { context, page } = await signedIn(seller, width, lang === 'en' ? 'en-US' : 'ar');
      try {
        await page.goto(`${app.url}${TX[lang].prefix}/member/sold-record`);
        const r = page.locator(`[data-run-id="${run.runId}"]`);
        await expect(r.getByTestId('run-status').locator('strong').textContent({ timeout: 15_000 })).resolves.toBe(C.statuses.payment_error.name);
        await expect(r.getByTestId('run-guidance').textContent()).resolves.toBe(C.statuses.payment_error.text);
        // The support contacts the operator configured (development placeholders here), one tap away.
        await r.getByTestId('support-contacts').locator('summary').click();
        await r.getByTestId('support-contacts').getByText('support@coinmarket.example').waitFor();
        expect(await axeProblems(page)).toEqual([]);
        await r.getByTestId('fix-payment').click();
        const payout = page.getByTestId('payout-settings');
        await payout.waitFor({ timeout: 15_000 });
        await payout.getByLabel(AC.info.paymentMethod, { exact: true }).selectOption('paypal');
        await payout.getByLabel(AC.info.paymentAddress, { exact: true }).fill('pay@example.com');
        await payout.getByLabel(AC.info.trueName, { exact: true }).fill('A Seller');
        await payout.getByLabel(AC.info.payoutPassword, { exact: true }).fill(seller.password);
        await payout.getByRole('button', { name: AC.info.savePayout }).click();
        await expect(payout.getByTestId('payment-retried').textContent({ timeout: 15_000 })).resolves.toBe(AC.info.paymentRetried_one!.replace('{{count}}', '1'));
        expect(await axeProblems(page)).toEqual([]);
        await page.goBack();
        await until(() => page.locator(`[data-run-id="${run.runId}"]`).getAttribute('data-status'), (s) => s === 'paid', 'the run paid, live', 30_000);
      } finally {
        await context.close();
      }
    });
  }

  for (const [lang, width] of [['en', 360], ['ar', 360], ['en', 1280], ['ar', 1280]] as const) {
    it(`${lang} at ${width} px: a file that is not the template gets one sentence with the templates' links, not an error per cell (axe)`, async () => {
      const seller = await createSignedInSeller(app);
      const { context, page } = await signedIn(seller, width, lang);
      try {
        await page.goto(`${app.url}${lang === 'en' ? '' : `/${lang}`}/sell-coins-comfort-trade`);
        await page.getByTestId('mode-batch').check();
        await page.getByTestId('batch-upload').waitFor({ timeout: 15_000 });
        const otherColumns = ['login,pass,amount', ...Array.from({ length: 5 }, (_, i) => `${gameEmail(`nt${i}`)},Pw-12345,100000`)].join('\n');
        await page.getByTestId('batch-file').setInputFiles({ name: 'my-accounts.csv', mimeType: 'text/csv', buffer: Buffer.from(otherColumns) });
        await page.getByTestId('batch-send').click();
        const error = page.getByTestId('batch-error');
        await error.waitFor({ timeout: 15_000 });
        expect(await error.textContent()).toContain(lang === 'en' ? NOT_TEMPLATE : arComfort.codes.not_template);
        expect(await error.getByTestId('error-template-csv').getAttribute('href')).toBe(await page.getByTestId('template-csv').getAttribute('href'));
        expect(await error.getByTestId('error-template-xlsx').getAttribute('href')).toBe(await page.getByTestId('template-xlsx').getAttribute('href'));
        expect(await page.getByTestId('batch-problems').count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        expect(await axeProblems(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  for (const lang of ['en', 'ar'] as const) {
    for (const width of [360, 1280]) {
      it(`${lang} at ${width} px: the form with errors, the batch upload, the record with a run and the try-again dialog fit and pass axe`, async () => {
        const seller = await createSignedInSeller(app);
        const email = gameEmail(`axe-${lang}-${width}`);
        await steerTransfer(sim.url, 'rules', { email, error: 'wrong_backup_codes', afterChunks: 0, times: 1 });
        const sent = submission({ email });
        await submit(seller, sent);
        const { context, page } = await signedIn(seller, width, lang);
        const url = (path: string) => `${app.url}${lang === 'en' ? '' : `/${lang}`}${path}`;
        const report: string[] = [];
        const check = async (where: string) => {
          await page.locator('.page[data-active="true"] h1').waitFor();
          for (const p of await axeProblems(page)) report.push(`${where}: ${p}`);
          if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/${lang}-${width}-${where.replace(/\W+/g, '-')}.png`, fullPage: true });
        };
        try {
          await page.goto(url('/sell-coins-comfort-trade'));
          await form(page).waitFor({ timeout: 15_000 });
          await page.getByTestId('sell-now').click();
          await page.locator('[aria-invalid="true"]').first().waitFor();
          await check('form with errors');
          await page.getByTestId('mode-batch').check();
          await page.getByTestId('batch-upload').waitFor();
          if (lang === 'ar') {
            // Server errors read in Arabic by their code and numbers: a page matching English words would show English here.
            const header = 'platform,coinAmount,transferTime,email,password,code1,code2,code3,code4,code5,code6,authSecret';
            const bad = [header, ['ps', '90000', '24h', gameEmail('ar-row'), 'Game-Pass-1', '11111111', '1234', ...freshCodes().slice(2), ''].join(',')].join('\n');
            await page.getByTestId('batch-file').setInputFiles({ name: 'accounts.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
            await page.getByTestId('batch-send').click();
            const rows = page.getByTestId('batch-problems');
            await rows.waitFor({ timeout: 15_000 });
            const at = (field: string) => rows.locator(`li[data-line="2"][data-field="${field}"]`).textContent();
            await expect(at('code2')).resolves.toBe(`${arComfort.batch.line.replace('{{line}}', '2')} · ${arComfort.code.replace('{{n}}', '2')}: ${arComfort.msg.backupCode.replace('{{n}}', '2')}`);
            await expect(at('coinAmount')).resolves.toBe(`${arComfort.batch.line.replace('{{line}}', '2')} · ${arComfort.coins}: ${arComfort.msg.MIN_COINS_MESSAGE}`);
          }
          await check('batch upload');
          await page.goto(url('/member/sold-record'));
          await page.getByTestId('try-again').waitFor({ timeout: 30_000 });
          await check('sold record');
          await page.getByTestId('try-again').click();
          const dialog = page.getByTestId('try-again-dialog');
          await dialog.waitFor();
          if (lang === 'ar') {
            // The API refuses the codes used before; each code field says so in Arabic, by the code CODES_REUSED.
            for (let n = 1; n <= 6; n++) await dialog.getByLabel(arComfort.code.replace('{{n}}', String(n)), { exact: true }).fill(sent.backupCodes![n - 1]!);
            await dialog.getByTestId('try-again-send').click();
            await page.waitForFunction(() => !!document.querySelector('[data-testid="try-again-dialog"] [aria-invalid="true"]'), undefined, { timeout: 15_000 });
            expect(await describedError(page, arComfort.code.replace('{{n}}', '1'), dialog)).toBe(arComfort.msg.CODES_REUSED);
          }
          await check('try again dialog');
        } finally {
          await context.close();
        }
        expect(report).toEqual([]);
      });
    }
  }
});
