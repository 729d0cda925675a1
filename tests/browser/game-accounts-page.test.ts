/**
 * Issue 33 (phones): the game accounts page (/member/account-list) reads like the other member pages:
 * it is in the member menu, each field is a full-size labelled control that says what it is for,
 * adding an account shows a success note with the next step (sell coins with it), and the player
 * page's account picker is a full-size labelled control too. 360 px and 1280 px, English and Arabic,
 * axe clean. Before, the page had a tiny native select, an unexplained "Account name", no success
 * state and no menu entry.
 */
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { browserAvailable, readable } from '../support/browser.js';
import { axeProblems, sellerPage } from '../support/accounts-browser.js';
import { createSignedInSeller } from '../support/sellers.js';
import { playerMarketInBrowser } from '../support/player-market-browser.js';
import { atTop } from '../support/layout-checks.js';
import arPlayer from '../../web/src/i18n/dict/player/ar.js';
import enPlayer from '../../web/src/i18n/dict/player/en.js';
import arCore from '../../web/src/i18n/dict/core/ar.js';
import enCore from '../../web/src/i18n/dict/core/en.js';

const AXE_WCAG22 = { wcag22: true, overflow: false } as const;
const COMBOS = [['en', 360], ['ar', 360], ['en', 1280], ['ar', 1280]] as const;
const WORDS = { en: { player: enPlayer, core: enCore }, ar: { player: arPlayer, core: arCore } };
const at = (lang: string, path: string) => (lang === 'en' ? path : `/${lang}${path}`);
const fill = (text: string, params: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? '');

/** A control a thumb can hit (44 px, WCAG 2.5.5's size) and that reaches across its field. */
async function fullSize(control: Locator, width: number) {
  const box = (await control.boundingBox())!;
  expect(box.height, 'control height').toBeGreaterThanOrEqual(44);
  expect(box.width, 'control width').toBeGreaterThanOrEqual(Math.min(width - 80, 240));
}

/** The text of what a control says about itself beyond its label (aria-describedby). */
const description = (control: Locator) => control.evaluate((el) => (el.getAttribute('aria-describedby') ?? '').split(' ')
  .map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim());

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('the game accounts page and the account picker', () => {
  const market = playerMarketInBrowser(20);

  for (const [lang, width] of COMBOS) {
    it(`${lang} at ${width} px: in the menu, explained fields, success with the next step, a full-size picker`, async () => {
      const w = WORDS[lang];
      const seller = await createSignedInSeller(market.app);
      const { page, context, errors } = await sellerPage(market.browser, market.app, seller, width, lang === 'ar' ? 'ar' : 'en-US');
      try {
        await page.goto(market.app.url + at(lang, '/member/my-info'));
        // The member menu leads to the page (phones open the menu first).
        if (width < 576) await page.locator('.menu-toggle').click();
        const menuLink = page.locator('header nav a', { hasText: w.core.nav.gameAccounts });
        await menuLink.click();
        await expect.poll(() => new URL(page.url()).pathname).toBe(at(lang, '/member/account-list'));

        const platform = page.getByLabel(w.player.col.platform, { exact: true });
        const name = page.getByLabel(w.player.accounts.name, { exact: true });
        await name.waitFor({ timeout: 15_000 });
        expect(await platform.evaluate((el) => el.tagName)).toBe('SELECT');
        await fullSize(platform, width);
        await fullSize(name, width);
        // Each field says what it is for.
        expect(readable(await description(platform))).toContain(w.player.accounts.platformHint);
        expect(readable(await description(name))).toContain(w.player.accounts.nameHint);
        expect(await axeProblems(page, AXE_WCAG22), 'form axe').toEqual([]);

        await platform.selectOption('xbox');
        const club = `Club${lang}${width}`;
        await name.fill(club);
        await page.getByTestId('add-account').click();
        const added = page.getByTestId('account-added');
        await added.waitFor({ timeout: 10_000 });
        expect(await added.getAttribute('role')).toBe('status');
        expect(readable(await added.textContent())).toContain(fill(w.player.accounts.added, { name: club, platform: w.player.platforms.xbox }));
        // The next step, one tap away, in view and focused so a screen reader reads it.
        const next = added.getByTestId('account-next');
        expect(await next.getAttribute('href')).toBe(at(lang, '/sell-coins-player-trade'));
        expect(readable(await next.textContent())).toBe(w.player.accounts.nextLink);
        expect(await added.evaluate((el) => el.contains(document.activeElement))).toBe(true);
        const box = (await added.boundingBox())!;
        expect(box.y >= 0 && box.y + box.height <= 900, 'success note in view').toBe(true);
        await expect.poll(() => page.getByTestId('game-account').count()).toBe(1);
        await atTop(page);
        expect(await axeProblems(page, AXE_WCAG22), 'success axe').toEqual([]);

        await next.click();
        await expect.poll(() => new URL(page.url()).pathname).toBe(at(lang, '/sell-coins-player-trade'));
        const picker = page.getByLabel(w.player.account, { exact: true });
        await picker.waitFor({ timeout: 15_000 });
        expect(await picker.evaluate((el) => el.tagName)).toBe('SELECT');
        await fullSize(picker, width);
        expect(readable(await description(picker))).toContain(w.player.accountHint);
        expect(readable(await picker.locator('option').first().textContent())).toContain(club);
        expect(await axeProblems(page, AXE_WCAG22), 'player page axe').toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
