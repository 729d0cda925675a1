/**
 * Issue 33 (phones): tapping a player's name shows its details next to what was tapped. On a 360 px
 * phone they open as a sheet (a modal dialog) inside the screen, with focus moved into it, Escape
 * closing it and focus back on the name; on a 1280 px screen they open in the row right under the
 * player, inside the screen. English and Arabic, axe clean in both states. Before, the details
 * appeared after the list and the pager, about 4,100 px further down on a phone, with no scroll.
 */
import { describe, expect, it } from 'vitest';
import { browserAvailable } from '../support/browser.js';
import { axeProblems, sellerPage } from '../support/accounts-browser.js';
import { createSignedInSeller } from '../support/sellers.js';
import { playerMarketInBrowser } from '../support/player-market-browser.js';
import { atTop, inViewport } from '../support/layout-checks.js';

const AXE_WCAG22 = { wcag22: true, overflow: false } as const;
const COMBOS = [['en', 360], ['ar', 360], ['en', 1280], ['ar', 1280]] as const;
const at = (lang: string, path: string) => (lang === 'en' ? path : `/${lang}${path}`);

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('player details next to the name tapped', () => {
  // A full page of players (20) and a pager, as sellers see the market.
  const market = playerMarketInBrowser(60);

  for (const [lang, width] of COMBOS) {
    it(`${lang} at ${width} px: the details open next to the player tapped, inside the screen`, async () => {
      const seller = await createSignedInSeller(market.app);
      const { page, context, errors } = await sellerPage(market.browser, market.app, seller, width, lang === 'ar' ? 'ar' : 'en-US');
      try {
        await page.goto(market.app.url + at(lang, '/sell-coins-player-trade'));
        const phone = width < 576;
        const items = page.locator(phone ? '[data-testid="player-cards"] > li' : '[data-testid="player-list"] tbody tr[data-card-id]');
        await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(20);
        // The fifth player: well down the list, as a seller scrolls to it.
        const item = items.nth(4);
        const cardId = await item.getAttribute('data-card-id');
        const name = item.locator('button.link');
        await name.scrollIntoViewIfNeeded();
        await name.click();
        const details = page.locator(`[data-testid="player-info"][data-card-id="${cardId}"]`);
        await details.waitFor({ state: 'visible', timeout: 5_000 });
        expect(await page.locator('[data-testid="player-info"]').count(), 'one details box').toBe(1);
        // What the seller sees right after the tap, without scrolling: the details.
        expect(await inViewport(page, details), 'details inside the screen after the tap').toBe(true);
        if (phone) {
          const sheet = page.locator('dialog.sheet[open]');
          expect(await sheet.count(), 'a modal sheet').toBe(1);
          expect(await sheet.evaluate((d) => d.contains(document.activeElement)), 'focus in the sheet').toBe(true);
          expect(await axeProblems(page, AXE_WCAG22), 'sheet axe').toEqual([]);
          await page.keyboard.press('Escape');
          await details.waitFor({ state: 'detached', timeout: 5_000 });
          expect(await page.locator('dialog.sheet[open]').count(), 'Escape closes the sheet').toBe(0);
          expect(await name.evaluate((b) => b === document.activeElement), 'focus back on the name').toBe(true);
        } else {
          // Right under the row tapped, and the name says its details are open.
          const next = await item.evaluate((tr) => tr.nextElementSibling?.querySelector('[data-testid="player-info"]')?.getAttribute('data-card-id') ?? null);
          expect(next, 'details in the row under the player').toBe(cardId);
          expect(await name.getAttribute('aria-expanded')).toBe('true');
          await atTop(page);
          expect(await axeProblems(page, AXE_WCAG22), 'open row axe').toEqual([]);
          await details.getByTestId('player-info-close').click();
          await details.waitFor({ state: 'detached', timeout: 5_000 });
          expect(await name.getAttribute('aria-expanded')).toBe('false');
        }
        expect(await axeProblems(page, AXE_WCAG22), 'list axe').toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
