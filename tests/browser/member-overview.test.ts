/**
 * The signed-in overview (issue 32, "a signed-in overview"), over a seller world of 200+ ledger
 * entries written through the real wallet, at 360 and 1280 px in English and Arabic, axe clean: `/`
 * and `/member` show the available, frozen and pending sums the API answers, what needs the seller,
 * the latest movements and the earnings chart (a canvas drawn by uPlot, the same figures in words and
 * in a table, by day, week and month); a visitor's `/` is still the marketing page, and it is again
 * once the seller has logged out.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accountsBrowserSuite, axeProblems, signInContext } from '../support/accounts-browser.js';
import { readable } from '../support/browser.js';
import { createSignedInSeller } from '../support/sellers.js';
import { seedLedgerWorld } from '../support/worlds/seller-ledger.js';
import { formatMoney } from '../../web/src/ui/format.js';
import { LOCALES } from '../../web/src/i18n/index.js';
import type { OverviewAnswer } from '../../domain/member-overview.js';
import en from '../../web/src/i18n/dict/en.js';
import ar from '../../web/src/i18n/dict/ar.js';

const suite = accountsBrowserSuite();
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('the signed-in overview', () => {
  for (const [width, lang, dict] of [[360, 'en', en], [1280, 'en', en], [360, 'ar', ar], [1280, 'ar', ar]] as const) {
    it(`shows the money, the waits, the movements and the earnings chart at / and /member, ${width} px in ${lang}`, async () => {
      const seller = await createSignedInSeller(suite.app);
      const world = await seedLedgerWorld(suite.app.db.db!, seller.sellerId, { entries: 200 });
      expect(world.entries).toBeGreaterThanOrEqual(200);
      const answer = (await (await seller.fetch('/api/member/overview')).json()) as OverviewAnswer;
      const euro = (cents: number) => formatMoney(cents, 'EUR', LOCALES[lang]);
      const prefix = lang === 'ar' ? '/ar' : '';
      const { page, context } = await suite.open(width, lang === 'ar' ? 'ar' : 'en-US');
      await signInContext(context, suite.app, seller);
      await context.addCookies([{ name: 'csrf', value: seller.csrf, url: suite.app.url }]);

      for (const path of [prefix || '/', `${prefix}/member`]) {
        const where = `${lang} ${width} ${path}`;
        await page.goto(`${suite.app.url}${path}`);
        await page.getByRole('heading', { level: 1, name: dict.titles.overview }).waitFor({ timeout: 15_000 });
        const figure = (id: string) => page.getByTestId(id).textContent().then(readable);
        await page.getByTestId('overview-available').waitFor({ timeout: 15_000 });
        expect(await figure('overview-available'), where).toBe(euro(answer.availableCents));
        expect(await figure('overview-frozen'), where).toBe(euro(answer.frozenCents));
        expect(await figure('overview-pending'), where).toBe(euro(answer.pendingCents));
        expect(answer.availableCents + answer.frozenCents + answer.pendingCents, 'the world holds money').toBeGreaterThan(0);
        // The latest movements, with the way to all of them.
        expect(await page.getByTestId('overview-recent').locator('li').count(), where).toBe(answer.recent.length);
        expect(answer.recent.length).toBe(10);
        expect(await page.getByRole('link', { name: dict.withdraw.overview.allEntries }).getAttribute('href')).toBe(`${prefix}/member/ledger`);

        // The chart: drawn on a canvas, said in words and in a table, per day (30), week (12) and month (12).
        for (const period of ['day', 'week', 'month'] as const) {
          await page.getByTestId(`period-${period}`).click();
          expect(await page.getByTestId(`period-${period}`).getAttribute('aria-pressed'), where).toBe('true');
          const buckets = answer.earnings[period];
          const sum = (k: 'player' | 'comfort') => buckets.reduce((s, b) => s + b[k], 0);
          await expect.poll(() => page.getByTestId('earnings-table').locator('tbody tr').count(), { message: `${where} ${period}` }).toBe(buckets.length);
          expect(readable(await page.getByTestId('earnings-summary').textContent()), `${where} ${period}`).toContain(euro(sum('player') + sum('comfort')));
          expect(await page.getByTestId('earnings-chart').locator('canvas').count(), `${where} ${period}: the chart`).toBeGreaterThan(0);
        }
        expect(answer.earnings.day.reduce((s, b) => s + b.player + b.comfort, 0), 'the world earned in the last 30 days').toBeGreaterThan(0);
        expect(await overflow(page), `${where}: sideways scrolling`).toBeLessThanOrEqual(0);
        await page.evaluate(() => scrollTo(0, 0));
        expect(await axeProblems(page), `${where}: axe`).toEqual([]);
      }

      // Logged out: / is the marketing page again, with nothing of the seller's money on it.
      await page.evaluate(async (csrf) => fetch('/api/auth/logout', { method: 'POST', headers: { 'x-csrf-token': csrf } }), seller.csrf);
      await page.goto(`${suite.app.url}${prefix || '/'}`);
      await page.getByRole('heading', { level: 1, name: dict.home.heroTitle }).waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('overview-figures').count()).toBe(0);
    }, 180_000);
  }

  it('a visitor at / sees the marketing page, not an overview', async () => {
    const { page } = await suite.open(360, 'en-US');
    await page.goto(`${suite.app.url}/`);
    await page.getByRole('heading', { level: 1, name: en.home.heroTitle }).waitFor();
    await page.getByTestId('price-board').waitFor();
    expect(await page.getByTestId('overview-figures').count()).toBe(0);
  });
});
