/**
 * Seller pages on a 360 px phone and a 1280 px screen, in English and Arabic: the player trade page
 * (cards on phones, a table on wide screens) and its open purchase dialog stay inside the screen and
 * pass axe; Home, Settings and the placeholder pages show no developer "Live updates" panel; the
 * notifications page (with rows) and the header's bell fit and pass axe too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable } from '../support/browser.js';
import { axeProblems, browserForTests, openPage, signInContext } from '../support/accounts-browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createSignedInSeller, type SignedInSeller } from '../support/sellers.js';
import { uniqueQueue } from '../support/servers.js';
import { FAST_VERIFY, startPlayerWorker, startSimulator, syncFromSimulator } from '../support/player-trade.js';
import type { ListedCard } from '../../domain/player-trade.js';
import { actionNeeded, notify, withdrawalPaid } from '../support/notifications.js';

/** These files check sideways scrolling themselves and hold pages to WCAG 2.2 AA as well. */
const AXE_WCAG22 = { wcag22: true, overflow: false } as const;
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Elements of `selector` reaching past the left or right edge of the screen. */
const outside = (page: Page, selector: string) => page.evaluate((sel) => [...document.querySelectorAll(sel)]
  .filter((el) => (el as HTMLElement).offsetParent !== null || el.tagName === 'DIALOG')
  .filter((el) => { const r = el.getBoundingClientRect(); return r.left < -0.5 || r.right > innerWidth + 0.5; })
  .map((el) => el.outerHTML.slice(0, 80)), selector);

const COMBOS = [['en', 360], ['ar', 360], ['en', 1280], ['ar', 1280]] as const;
const at = (lang: string, path: string) => (lang === 'en' ? path : `/${lang}${path}`);

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('seller pages on phones and wide screens', () => {
  const queue = uniqueQueue('layout');
  let app: TestApp;
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let worker: Awaited<ReturnType<typeof startPlayerWorker>>;
  let browser: Browser;
  let cards: ListedCard[] = [];

  beforeAll(async () => {
    browser = await browserForTests();
    sim = await startSimulator(30);
    app = await startTestApp(undefined, {
      playerTrade: { taskQueue: queue, verify: FAST_VERIFY, marketPageUrl: sim.url, listMaxAgeMs: 0 },
    });
    await syncFromSimulator(app.db, sim.url);
    worker = await startPlayerWorker(app.db, queue, sim.url);
  });
  afterAll(async () => {
    await browser?.close();
    await worker?.shutdown();
    await app?.close();
    await sim?.close();
  });

  async function sellerPage(seller: SignedInSeller, width: number, lang: string) {
    const p = await openPage(browser, width, lang === 'ar' ? 'ar' : 'en-US');
    await signInContext(p.context, app, seller);
    if (!seller.cookie.includes('csrf=')) await p.context.addCookies([{ name: 'csrf', value: seller.csrf, url: app.url }]);
    return p;
  }

  for (const [lang, width] of COMBOS) {
    it(`${lang} at ${width} px: the player list and the open purchase dialog fit and pass axe`, async () => {
      const seller = await createSignedInSeller(app);
      if (!cards.length) cards = (await (await seller.fetch('/api/player-trade/cards?size=50')).json()).items as ListedCard[];
      const card = cards.shift()!;
      await seller.fetch('/api/game-accounts', { method: 'POST', body: JSON.stringify({ platform: card.platform, name: `Club${lang}${width}` }) });
      const { page, context, errors } = await sellerPage(seller, width, lang);
      try {
        await page.goto(app.url + at(lang, '/sell-coins-player-trade'));
        const phone = width < 576;
        const item = page.locator(phone ? `li[data-card-id="${card.id}"]` : `tr[data-card-id="${card.id}"]`);
        await item.waitFor({ timeout: 15_000 });
        expect(await page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        // Phones get cards, wide screens the table; never both.
        expect(await page.getByTestId('player-cards').isVisible()).toBe(phone);
        expect(await page.getByTestId('player-list').isVisible()).toBe(!phone);
        expect(await overflow(page), 'sideways scrolling').toBeLessThanOrEqual(0);
        expect(await outside(page, 'main *')).toEqual([]);
        expect(await axeProblems(page, AXE_WCAG22), 'list axe').toEqual([]);

        await item.getByTestId('pick').click();
        const dialog = page.getByTestId('purchase-dialog');
        await dialog.waitFor();
        expect(await dialog.getAttribute('data-state')).toBe('reserved');
        expect(await outside(page, 'dialog.modal[open], dialog.modal[open] *')).toEqual([]);
        const box = (await page.locator('dialog.modal[open]').boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        // Both answers reachable on the phone.
        expect(await page.getByTestId('bought').isVisible()).toBe(true);
        expect(await page.getByTestId('not-bought').isVisible()).toBe(true);
        expect(await axeProblems(page, AXE_WCAG22), 'dialog axe').toEqual([]);
        await page.getByTestId('not-bought').click();
        await expect.poll(() => dialog.getAttribute('data-state'), { timeout: 15_000 }).not.toBe('reserved');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  for (const [lang, width] of COMBOS) {
    it(`${lang} at ${width} px: Home, Settings, records, balance, game accounts and notifications (with rows and the bell) fit, pass axe and show no developer panel`, async () => {
      const seller = await createSignedInSeller(app);
      const token = await app.mintLiveToken(seller.sellerId);
      // Rows on the notifications page: unread with a deadline, unread, read.
      await notify(app, seller.sellerId, actionNeeded());
      await notify(app, seller.sellerId, withdrawalPaid());
      await notify(app, seller.sellerId, withdrawalPaid(), { at: Date.now() - 86_400_000, read: true });
      const { page, context, errors } = await sellerPage(seller, width, lang);
      await context.addInitScript((t) => sessionStorage.setItem('coinmarket.liveToken', t), token);
      try {
        for (const path of ['/', '/member/my-info', '/member/withdraw', '/member/sold-record', '/member/account-list', '/member/player-record', '/member/coins-balance', '/member/notifications']) {
          await page.goto(app.url + at(lang, path));
          await page.locator('main h1').first().waitFor({ timeout: 15_000 });
          if (path === '/member/my-info') await page.locator('.settings-grid, main form').first().waitFor({ timeout: 15_000 });
          if (path === '/member/account-list') await page.locator('.account-list form').waitFor({ timeout: 15_000 });
          if (path === '/member/my-info') await page.getByTestId('notification-prefs').locator('table').waitFor({ timeout: 15_000 });
          if (path === '/member/notifications') {
            await expect.poll(() => page.getByTestId('notification').count(), { timeout: 15_000 }).toBe(3);
            expect(await page.getByTestId('notification-deadline').count()).toBe(1);
            // Text runs across the row (a class clash once squeezed the body into a one-letter column).
            const squeezed = await page.evaluate(() => [...document.querySelectorAll('[data-testid="notification"]')]
              .filter((row) => { const body = row.querySelector('.inbox-body'); return body && body.getBoundingClientRect().width < row.clientWidth * 0.75; }).length);
            expect(squeezed, 'notification text squeezed').toBe(0);
          }
          // The header's bell on every page, inside the screen, named with the unread count.
          const bell = page.getByTestId('notification-bell');
          await expect.poll(() => bell.getAttribute('data-unread'), { timeout: 15_000 }).toBe('2');
          expect(await bell.isVisible()).toBe(true);
          expect(await outside(page, '.header-bar > *')).toEqual([]);
          if (width < 576) {
            // Logo, bell and menu button on one row.
            const [b, m] = [await bell.boundingBox(), await page.locator('.menu-toggle').boundingBox()];
            expect(Math.abs(b!.y + b!.height / 2 - (m!.y + m!.height / 2)), 'bell and menu on one row').toBeLessThan(4);
          }
          await app.publish(seller.sellerId, 'countdown:updated', { state: 'running' }, 'player-purchase:raw-subject');
          const text = (await page.locator('body').textContent()) ?? '';
          expect(text, `${path}: developer panel`).not.toContain('Live updates');
          expect(text).not.toContain('player-purchase:raw-subject');
          expect(await page.locator('.live-panel, [data-testid="live-event"]').count()).toBe(0);
          expect(await overflow(page), `${path}: sideways scrolling`).toBeLessThanOrEqual(0);
          expect(await axeProblems(page, AXE_WCAG22), `${path}: axe`).toEqual([]);
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }


  it('ar at 360 px: the header\'s Sell record leads to both records, and opens the one seen last', async () => {
    const seller = await createSignedInSeller(app);
    const { page, context, errors } = await sellerPage(seller, 360, 'ar');
    const openRecordFromMenu = async () => {
      await page.locator('.menu-toggle').click();
      await page.getByTestId('nav-sell-record').click();
    };
    try {
      await page.goto(app.url + at('ar', '/'));
      await openRecordFromMenu();
      await page.locator('.player-record h1').waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).pathname).toBe('/ar/member/player-record');
      expect(await page.locator('.player-record').getByTestId('record-switch-player').getAttribute('aria-current')).toBe('page');
      await page.locator('.player-record').getByTestId('record-switch-comfort').click();
      await page.locator('.comfort-record').waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).pathname).toBe('/ar/member/sold-record');
      expect(await page.locator('.comfort-record').getByTestId('record-switch-comfort').getAttribute('aria-current')).toBe('page');
      expect(await axeProblems(page, AXE_WCAG22), 'record switch axe').toEqual([]);
      await page.goto(app.url + at('ar', '/member/coins-balance'));
      await page.locator('main h1').first().waitFor({ timeout: 15_000 });
      await openRecordFromMenu();
      await page.locator('.comfort-record h1').waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).pathname).toBe('/ar/member/sold-record');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

});
