/**
 * Seller pages on a 360 px phone and a 1280 px screen, in English and Arabic, WITH real data: a seller
 * whose purchases, comfort runs and withdrawal were made through the API and workflows
 * (tests/support/seller-world.ts). Every seller page, its rows, its dialogs and its field errors stay
 * inside the screen and pass axe; the player trade page shows cards on phones and a table on wide
 * screens; no page shows the developer "Live updates" panel; the notifications page (with rows) and
 * the header's bell fit and pass axe too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appLive, browserAvailable } from '../support/browser.js';
import { axeProblems, browserForTests, sellerPage as openSellerPage } from '../support/accounts-browser.js';
import { createSignedInSeller, type SignedInSeller } from '../support/sellers.js';
import { startSellerWorld, type SellerWorld } from '../support/seller-world.js';
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
  let world: SellerWorld;
  let app: SellerWorld['app'];
  let browser: Browser;
  let history: Awaited<ReturnType<SellerWorld['sellerWithHistory']>>;

  beforeAll(async () => {
    browser = await browserForTests();
    world = await startSellerWorld();
    app = world.app;
    history = await world.sellerWithHistory();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await world?.close();
  });

  const sellerPage = (seller: SignedInSeller, width: number, lang: string) => openSellerPage(browser, app, seller, width, lang === 'ar' ? 'ar' : 'en-US');

  for (const [lang, width] of COMBOS) {
    it(`${lang} at ${width} px: the player list and the open purchase dialog fit and pass axe`, async () => {
      const seller = await createSignedInSeller(app);
      const card = await world.nextCard(seller);
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

  /** Each seller page and what shows it is loaded with the seller's rows. */
  const PAGES: [path: string, ready: string, rows?: [selector: string, atLeast: number][]][] = [
    ['/', 'main h1'],
    ['/member/my-info', '.settings-grid, main form'],
    ['/member/account-list', '.account-list form', [['[data-testid="game-account"]', 3]]],
    ['/member/withdraw', '[data-testid="withdraw-form"]'],
    ['/member/coins-balance', '[data-testid="frozen-items"]', [['[data-testid="frozen-item"]', 2], ['[data-testid="withdrawal"]', 1]]],
    ['/member/player-record', '[data-testid="records"]', [['[data-testid="records"] [data-state]', 3]]],
    ['/member/sold-record', '[data-testid="comfort-records"]', [['[data-testid="comfort-run"]', 3]]],
    ['/sell-coins-comfort-trade', '[data-testid="comfort-form"]'],
    ['/transfer-page', 'main h1'],
    ['/faq', 'main h1'],
    ['/member/notifications', '[data-testid="notification"]', [['[data-testid="notification"]', 3], ['[data-testid="notification-deadline"]', 1]]],
  ];

  for (const [lang, width] of COMBOS) {
    it(`${lang} at ${width} px: every seller page with rows fits, passes axe and shows no developer panel`, async () => {
      const { seller } = history;
      // Rows on the notifications page besides those the seller's runs made: unread with a deadline, unread, read.
      await notify(app, seller.sellerId, actionNeeded());
      await notify(app, seller.sellerId, withdrawalPaid());
      await notify(app, seller.sellerId, withdrawalPaid(), { at: Date.now() - 86_400_000, read: true });
      const token = await app.mintLiveToken(seller.sellerId);
      const { page, context, errors } = await sellerPage(seller, width, lang);
      await context.addInitScript((t) => sessionStorage.setItem('coinmarket.liveToken', t), token);
      try {
        for (const [path, ready, rows = []] of PAGES) {
          await page.goto(app.url + at(lang, path));
          await page.locator(ready).first().waitFor({ timeout: 15_000 });
          for (const [sel, n] of rows) await expect.poll(() => page.locator(sel).count(), { timeout: 15_000, message: `${path}: ${sel}` }).toBeGreaterThanOrEqual(n);
          if (path === '/member/my-info') {
            await page.getByTestId('notification-prefs').locator('table').waitFor({ timeout: 15_000 });
            // Game accounts are reachable from Settings at all times, not only from an empty player list.
            expect(await page.getByTestId('settings-game-accounts').getAttribute('href')).toBe(at(lang, '/member/account-list'));
          }
          if (path === '/member/notifications') {
            // Text runs across the row (a class clash once squeezed the body into a one-letter column).
            const squeezed = await page.evaluate(() => [...document.querySelectorAll('[data-testid="notification"]')]
              .filter((row) => { const body = row.querySelector('.inbox-body'); return body && body.getBoundingClientRect().width < row.clientWidth * 0.75; }).length);
            expect(squeezed, 'notification text squeezed').toBe(0);
          }
          // The header's bell on every page, inside the screen, with an unread count (the seller has unread entries).
          const bell = page.getByTestId('notification-bell');
          await expect.poll(async () => Number(await bell.getAttribute('data-unread')), { timeout: 15_000, message: `${path}: bell count` }).toBeGreaterThan(0);
          expect(await bell.isVisible()).toBe(true);
          expect(await outside(page, '.header-bar > *'), `${path}: header past the screen's edge`).toEqual([]);
          if (width < 576) {
            // Logo, bell and menu button on one row.
            const [b, m] = [await bell.boundingBox(), await page.locator('.menu-toggle').boundingBox()];
            expect(Math.abs(b!.y + b!.height / 2 - (m!.y + m!.height / 2)), `${path}: bell and menu on one row`).toBeLessThan(4);
          }
          await app.publish(seller.sellerId, 'countdown:updated', { state: 'running' }, 'player-purchase:raw-subject');
          const text = (await page.locator('body').textContent()) ?? '';
          expect(text, `${path}: developer panel`).not.toContain('Live updates');
          expect(text).not.toContain('player-purchase:raw-subject');
          expect(await page.locator('.live-panel, [data-testid="live-event"]').count()).toBe(0);
          expect(await overflow(page), `${path}: sideways scrolling`).toBeLessThanOrEqual(0);
          expect(await outside(page, 'main *'), `${path}: past the screen's edge`).toEqual([]);
          expect(await axeProblems(page, AXE_WCAG22), `${path}: axe`).toEqual([]);
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  for (const [lang, width] of COMBOS) {
    it(`${lang} at ${width} px: the try-again dialog and the comfort and withdrawal forms with their errors fit and pass axe`, async () => {
      const { seller, waiting } = history;
      const { page, context, errors } = await sellerPage(seller, width, lang);
      const check = async (what: string, scope: string) => {
        expect(await page.locator('.field-error:not(:empty)').count(), `${what}: errors shown`).toBeGreaterThan(0);
        expect(await overflow(page), `${what}: sideways scrolling`).toBeLessThanOrEqual(0);
        expect(await outside(page, scope), `${what}: past the screen's edge`).toEqual([]);
        expect(await axeProblems(page, AXE_WCAG22), `${what}: axe`).toEqual([]);
      };
      try {
        await page.goto(app.url + at(lang, '/member/sold-record'));
        await page.locator(`[data-run-id="${waiting.runId}"] [data-testid="try-again"]`).click({ timeout: 15_000 });
        await page.getByTestId('try-again-dialog').waitFor();
        await page.getByTestId('try-again-send').click();
        await check('try-again dialog', 'dialog.modal[open], dialog.modal[open] *');

        await page.goto(app.url + at(lang, '/sell-coins-comfort-trade'));
        await page.getByTestId('sell-now').click({ timeout: 15_000 });
        await check('comfort form', 'main *');

        await page.goto(app.url + at(lang, '/member/withdraw'));
        await page.getByTestId('withdraw-form').waitFor({ timeout: 15_000 });
        await page.getByTestId('confirm-withdrawal').click();
        await check('withdrawal form', 'main *');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  for (const [lang, width] of COMBOS) {
    it(`${lang} at ${width} px: the records say each thing once and show income, submission time and Withdraw only where money is available`, async () => {
      const { seller, unbought, reviewed, paid, waiting } = history;
      const dict = (await import(`../../web/src/i18n/dict/${lang}.ts`)).default as { player: { states: Record<string, string> }; comfort: { record: { progressHint: string } } };
      const { page, context, errors } = await sellerPage(seller, width, lang);
      try {
        await page.goto(app.url + at(lang, '/member/player-record'));
        const notBought = page.locator(`[data-testid="records"] [data-state="released"] [data-testid="record-status"]`);
        await notBought.waitFor({ timeout: 15_000 });
        expect(unbought.purchaseId).toBeTruthy();
        const said = (await notBought.textContent()) ?? '';
        expect(said.split(dict.player.states.released).length - 1, `"${said}"`).toBe(1);

        await page.goto(app.url + at(lang, '/member/sold-record'));
        const row = (id: string) => page.locator(`[data-testid="comfort-run"][data-run-id="${id}"]`);
        await row(paid.runId).waitFor({ timeout: 15_000 });
        for (const r of [reviewed, paid, waiting]) {
          expect((await row(r.runId).getByTestId('run-income').textContent())?.trim(), 'income').toBeTruthy();
          expect((await row(r.runId).getByTestId('run-submitted').textContent())?.trim(), 'submission time').toBeTruthy();
          expect(await row(r.runId).textContent()).toContain(dict.comfort.record.progressHint);
        }
        if (lang === 'en') {
          expect(await row(paid.runId).getByTestId('run-income').textContent()).toBe('€25.00');
          expect(await row(reviewed.runId).getByTestId('run-income').textContent()).toBe('€3.75');
          expect(await row(waiting.runId).getByTestId('run-income').textContent()).toBe('About €2.50 (estimate)');
        }
        // Withdraw only on the paid run (money is available), not on runs still under review or waiting.
        expect(await row(paid.runId).getByTestId('withdraw-link').count()).toBe(1);
        expect(await page.getByTestId('withdraw-link').count()).toBe(1);
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
      // A prerendered page is on screen before its scripts are asked for: a tap on the menu waits for the app.
      await appLive(page);
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
