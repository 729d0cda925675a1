/**
 * The whole player trade in a real browser, with no page reload: pick a card, buy it on the
 * provider simulator's page, Player Bought, "System checking transaction, please wait", the frozen
 * credit on the balance page, then its release to available; and another seller's list drops the
 * card live.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from '../support/browser.js';
import { startTestApp } from '../support/app.js';
import { createSignedInSeller, type SignedInSeller } from '../support/sellers.js';
import { uniqueQueue } from '../support/servers.js';
import { FAST_VERIFY, startPlayerWorker, startSimulator, steer, syncFromSimulator } from '../support/player-trade.js';
import { buildWeb } from '../../scripts/build-web.js';
import { CHECKING_TRANSACTION, LOG_IN_TO_VIEW } from '../../domain/messages.js';
import { DEFAULT_PICK_LIMIT } from '../../domain/player-trade.js';
import type { ListedCard } from '../../domain/player-trade.js';
import ar from '../../web/src/i18n/dict/ar.js';
import en from '../../web/src/i18n/dict/en.js';

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('player trade in the browser', () => {
  const queue = uniqueQueue('player-browser');
  let app: Awaited<ReturnType<typeof startTestApp>>;
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let worker: Awaited<ReturnType<typeof startPlayerWorker>>;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    if (!existsSync('dist/web/index.html')) await buildWeb();
    sim = await startSimulator(30);
    app = await startTestApp(undefined, {
      playerTrade: {
        taskQueue: queue, timings: { buyWindowMs: 120_000, freezeMs: 12_000, cooldownMs: 4 * 3600_000 },
        verify: { ...FAST_VERIFY, attemptTimeoutMs: 5_000 }, pickLimit: DEFAULT_PICK_LIMIT, marketPageUrl: sim.url, listMaxAgeMs: 0,
      },
    });
    await syncFromSimulator(app.db, sim.url);
    worker = await startPlayerWorker(app.db, queue, sim.url);
    browser = (await launchBrowser())!;
  });
  afterAll(async () => {
    await browser?.close();
    await worker?.shutdown();
    await app?.close();
    await sim?.close();
  });

  async function signedInPage(seller: SignedInSeller): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    const cookies = seller.cookie.split('; ').map((c) => {
      const [name, ...v] = c.split('=');
      return { name, value: v.join('='), url: app.url };
    });
    // The readable CSRF cookie the sign-in page would have; the app sends it back as a header.
    if (!cookies.some((c) => c.name === 'csrf')) cookies.push({ name: 'csrf', value: seller.csrf, url: app.url });
    await context.addCookies(cookies);
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(e.message));
    return { context, page };
  }

  it('visitors are asked to log in', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/sell-coins-player-trade`);
    await expect(page.getByTestId('visitor-notice').textContent({ timeout: 15_000 })).resolves.toBe(LOG_IN_TO_VIEW);
    await context.close();
  });

  it('plays pick, buy on the market page, Player Bought, checking, frozen credit and its release, all without reload', async () => {
    const seller = await createSignedInSeller(app);
    const watcher = await createSignedInSeller(app);
    const cards = (await (await seller.fetch('/api/player-trade/cards?size=50')).json()).items as ListedCard[];
    const card = cards[0];
    const acc = await (await seller.fetch('/api/game-accounts', { method: 'POST', body: JSON.stringify({ platform: card.platform, name: 'BrowserClub' }) })).json();
    expect(acc.account.id).toBeTruthy();

    const { context, page } = await signedInPage(seller);
    const other = await signedInPage(watcher);
    await other.page.goto(`${app.url}/sell-coins-player-trade`);
    await other.page.locator(`tr[data-card-id="${card.id}"]`).waitFor({ timeout: 15_000 });

    await page.goto(`${app.url}/sell-coins-player-trade`);
    await page.evaluate(() => { (window as unknown as { marker: number }).marker = 42; });
    const row = page.locator(`tr[data-card-id="${card.id}"]`);
    await row.waitFor({ timeout: 15_000 });
    await row.getByTestId('pick').click();
    const dialog = page.getByTestId('purchase-dialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('data-state')).toBe('reserved');
    await expect(page.getByTestId('countdown').textContent()).resolves.toMatch(/Time left: (01:5\d|02:00)/);

    // The other seller's list drops the card live.
    await other.page.locator(`tr[data-card-id="${card.id}"]`).waitFor({ state: 'detached', timeout: 10_000 });

    // Buy it on the provider's page with the game account.
    const href = await page.getByTestId('market-link').getAttribute('href');
    const market = await context.newPage();
    await market.goto(href!);
    await market.getByTestId('sim-account').fill('BrowserClub');
    await market.getByTestId('sim-buy').click();
    await expect(market.getByTestId('sim-result').textContent()).resolves.toContain('Bought');
    await market.close();

    await steer(sim.url, { mode: 'normal', delayMs: 1_500 }); // the check takes a moment
    await page.getByTestId('bought').click();
    await expect(page.getByTestId('checking').textContent({ timeout: 10_000 })).resolves.toBe(CHECKING_TRANSACTION);
    await expect(page.getByTestId('sold').textContent({ timeout: 20_000 })).resolves.toContain(en.player.sold);
    await steer(sim.url, { mode: 'normal', delayMs: 0 });

    // To the balance page inside the app (client-side navigation), frozen then available, live.
    await page.keyboard.press('Escape');
    await page.getByTestId('purchase-dialog').waitFor({ state: 'detached' });
    await page.evaluate(() => { history.pushState(null, '', '/member/coins-balance'); dispatchEvent(new PopStateEvent('popstate')); });
    const income = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(card.incomeCents / 100);
    await page.waitForFunction((text) => document.querySelector('[data-testid="balance-frozen"]')?.textContent === text, income, { timeout: 10_000 });
    expect(await page.getByTestId('balance-available').textContent()).toBe(new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(0));
    await page.getByTestId('frozen-items').waitFor();
    await page.waitForFunction((text) => document.querySelector('[data-testid="balance-available"]')?.textContent === text, income, { timeout: 20_000 });
    await page.getByTestId('frozen-none').waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(42);

    // The record shows it under Available.
    await page.evaluate(() => { history.pushState(null, '', '/member/player-record'); dispatchEvent(new PopStateEvent('popstate')); });
    await page.getByTestId('tab-available').click();
    await expect(page.getByTestId('record-status').first().textContent({ timeout: 10_000 })).resolves.toContain('Available');
    expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(42);
    expect(errors).toEqual([]);
    await other.context.close();
    await context.close();
  });

  it('game accounts: a name another seller holds is refused in the seller\'s words, and the refusal follows a language switch', async () => {
    const holder = await createSignedInSeller(app);
    const taken = `held${Date.now().toString(36)}`;
    expect((await holder.fetch('/api/game-accounts', { method: 'POST', body: JSON.stringify({ platform: 'ps', name: taken }) })).status).toBe(201);
    const seller = await createSignedInSeller(app);
    const { context, page } = await signedInPage(seller);
    await page.goto(`${app.url}/member/account-list`);
    await page.locator('input[name="accountName"]').fill(taken);
    await page.getByTestId('add-account').click();
    await expect(page.locator('.account-list p.error[role="alert"]').textContent({ timeout: 10_000 })).resolves.toBe(en.errors.account_taken);
    await page.getByRole('button', { name: /Language/ }).click();
    await page.getByRole('dialog', { name: en.lang.title }).getByRole('button', { name: 'العربية' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/ar/member/account-list');
    await expect.poll(() => page.locator('.account-list p.error[role="alert"]').textContent()).toBe(ar.errors.account_taken);
    expect(await page.getByTestId('accounts').count()).toBe(0);
    await context.close();
  });
});
