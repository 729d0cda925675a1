/**
 * Issue 33, Arabic (RTL), on a 360 px phone and a 1280 px screen, in English and Arabic, with axe:
 * - the purchase dialog's date reads in order (year before time, left to right) inside an Arabic
 *   sentence, as one isolated run;
 * - the fee list joins its tiers with the language's separator (Arabic "؛", English ";");
 * - the header's unread badge sits beside the bell, never over it;
 * - the fix dialog's code boxes keep their order when one box shows an error;
 * - the "switch language" offer is written in the language it offers and covers nothing
 *   ("Create account" on /ar/signup).
 * Real API, Temporal workers and provider simulator (tests/support/seller-world.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable } from '../support/browser.js';
import { axeProblems, openPage } from '../support/accounts-browser.js';
import { createSignedInSeller } from '../support/sellers.js';
import { sellerWorldInBrowser } from '../support/seller-world.js';
import { buyOnSimulator } from '../support/player-trade.js';
import { freshCodes } from '../support/comfort.js';

const AXE_WCAG22 = { wcag22: true, overflow: false } as const;
const COMBOS = [['en', 360], ['ar', 360], ['en', 1280], ['ar', 1280]] as const;
const at = (lang: string, path: string) => (lang === 'en' ? path : `/${lang}${path}`);
const LRI = '\u2066';
const PDI = '\u2069';

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

/**
 * The first "YYYY-MM-DD HH:mm:ss" in an element and the pairs of its neighbouring characters drawn on
 * one line in the wrong order: read left to right, each character must come after the one before it
 * ("-2026-11 / 19:02:11 27" has several such pairs; a line break between two is no wrong order).
 */
const dateOrder = (page: Page, testId: string) => page.evaluate((id) => {
  const el = document.querySelector(`[data-testid="${id}"]`)!;
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const m = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/.exec(node.textContent ?? '');
    if (!m) continue;
    const charBox = (i: number) => { const r = document.createRange(); r.setStart(node!, i); r.setEnd(node!, i + 1); return r.getBoundingClientRect(); };
    const boxes = [...m[0]].map((_, i) => charBox(m.index + i));
    const reversed: string[] = [];
    for (let i = 1; i < boxes.length; i++) {
      const [a, b] = [boxes[i - 1]!, boxes[i]!];
      if (Math.abs(a.top - b.top) < 2 && !(a.left < b.left)) reversed.push(`${m[0][i - 1]}|${m[0][i]} at ${i}`);
    }
    return { date: m[0], reversed };
  }
  return null;
}, testId);

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('Arabic and English: bidi, separators, badge, code boxes, language offer', () => {
  const suite = sellerWorldInBrowser();
  const { sellerPage } = suite;

  for (const [lang, width] of COMBOS) {
    it(`${lang} at ${width} px: the purchase dialog's frozen-until date reads year first, left to right, as one isolated run`, async () => {
      const { world, app } = suite;
      const seller = await createSignedInSeller(app);
      const card = await world.nextCard(seller);
      const club = `Club${lang}${width}`;
      await seller.fetch('/api/game-accounts', { method: 'POST', body: JSON.stringify({ platform: card.platform, name: club }) });
      const { page, context, errors } = await sellerPage(seller, width, lang);
      try {
        await page.goto(app.url + at(lang, '/sell-coins-player-trade'));
        const item = page.locator(width < 576 ? `li[data-card-id="${card.id}"]` : `tr[data-card-id="${card.id}"]`);
        await item.getByTestId('pick').click({ timeout: 15_000 });
        await page.getByTestId('purchase-dialog').waitFor();
        await buyOnSimulator(world.simUrl, card.id, card.platform, club);
        await page.getByTestId('bought').click();
        // "Sold · Frozen until <date>" (the purchase stays frozen for the world's hold time).
        const sold = page.getByTestId('sold');
        await sold.waitFor({ timeout: 20_000 });
        await page.waitForFunction(() => /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/.test(document.querySelector('[data-testid="sold"]')?.textContent ?? ''), undefined, { timeout: 20_000 });
        const text = (await sold.textContent()) ?? '';
        const order = await dateOrder(page, 'sold');
        expect(order, text).not.toBeNull();
        // Drawn in order: "2026-11-27 19:02:11", not "-2026-11 / 19:02:11 27".
        expect(order!.reversed, text).toEqual([]);
        // In Arabic the date is one left-to-right isolate inside the sentence.
        if (lang === 'ar') expect(text).toContain(`${LRI}${order!.date}${PDI}`);
        expect(await axeProblems(page, AXE_WCAG22), 'dialog axe').toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  for (const [lang, width] of COMBOS) {
    it(`${lang} at ${width} px: the fee list uses the language's separator and the bell's badge does not cover the bell`, async () => {
      const { app, history: { seller } } = suite;
      const { page, context, errors } = await sellerPage(seller, width, lang);
      try {
        await page.goto(app.url + at(lang, '/member/coins-balance'));
        const fees = page.getByTestId('fee-list').locator('li').first();
        await fees.waitFor({ timeout: 15_000 });
        const text = (await fees.textContent()) ?? '';
        if (lang === 'ar') {
          expect(text).toContain('؛');
          expect(text).not.toContain(';');
        } else {
          expect(text).toContain('; ');
        }
        expect(text).not.toMatch(/%\s*%/);

        // The seller has an unread notification (the run waiting for codes): the badge shows.
        const bell = page.getByTestId('notification-bell');
        const badge = bell.locator('.bell-badge');
        await badge.waitFor({ timeout: 15_000 });
        const icon = (await bell.locator('svg.bell-icon').boundingBox())!;
        const count = (await badge.boundingBox())!;
        expect(overlap(icon, count), `bell ${JSON.stringify(icon)} badge ${JSON.stringify(count)}`).toBe(false);
        // The badge is at the bell's end: right of it in English, left of it in Arabic.
        if (lang === 'ar') expect(count.x + count.width).toBeLessThanOrEqual(icon.x + 0.5);
        else expect(count.x).toBeGreaterThanOrEqual(icon.x + icon.width - 0.5);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 'sideways scrolling').toBeLessThanOrEqual(0);
        expect(await axeProblems(page, AXE_WCAG22), 'balance axe').toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  for (const [lang, width] of COMBOS) {
    it(`${lang} at ${width} px: the fix dialog's code boxes keep their order when box 3 shows an error`, async () => {
      const { app, history: { seller, waiting } } = suite;
      const { page, context, errors } = await sellerPage(seller, width, lang);
      try {
        await page.goto(app.url + at(lang, '/member/sold-record'));
        await page.locator(`[data-run-id="${waiting.runId}"] [data-testid="try-again"]`).click({ timeout: 15_000 });
        const dialog = page.getByTestId('try-again-dialog');
        await dialog.waitFor();
        const boxes = dialog.getByTestId('backup-codes').locator('.comfort-code-grid input');
        expect(await boxes.count()).toBe(6);
        const codes = freshCodes();
        for (let i = 0; i < 6; i++) await boxes.nth(i).fill(i === 2 ? '12' : codes[i]!);
        await dialog.getByTestId('try-again-send').click();
        await page.waitForFunction(() => !!document.querySelector('[data-testid="try-again-dialog"] .comfort-code-grid [aria-invalid="true"]'), undefined, { timeout: 15_000 });
        expect(await boxes.nth(2).getAttribute('aria-invalid')).toBe('true');
        const rects = await Promise.all([0, 1, 2, 3, 4, 5].map(async (i) => (await boxes.nth(i).boundingBox())!));
        const rtl = lang === 'ar';
        // Reading order: each box is on the row of the one before it, further along, or on a later row.
        for (let i = 1; i < 6; i++) {
          const [prev, cur] = [rects[i - 1]!, rects[i]!];
          const sameRow = Math.abs(prev.y - cur.y) < 1;
          if (sameRow) expect(rtl ? cur.x < prev.x : cur.x > prev.x, `box ${i + 1} after box ${i}`).toBe(true);
          else expect(cur.y, `box ${i + 1} on a row below box ${i}`).toBeGreaterThan(prev.y);
        }
        // Boxes of one row line up: an error under one box does not push it below its neighbour.
        const rows = new Set(rects.map((r) => Math.round(r.y)));
        const columns = Math.round(6 / rows.size);
        expect(rows.size * columns, `rows at ${[...rows].join(', ')}`).toBe(6);
        expect(await axeProblems(page, AXE_WCAG22), 'dialog axe').toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  // The browser asks for one language, the address is the other's: the page offers the browser's.
  for (const [lang, width] of COMBOS) {
    it(`${lang} page at ${width} px: the language offer is in the offered language and covers nothing`, async () => {
      const offered = lang === 'ar' ? { locale: 'en-US', code: 'en', title: 'Switch to English?', dir: 'ltr' } : { locale: 'ar', code: 'ar', title: 'هل تريد التبديل إلى العربية؟', dir: 'rtl' };
      const dict = (await import(`../../web/src/i18n/dict/account/${lang}.ts`)).default as { signup: { submit: string } };
      const { app, browser } = suite;
      const { page, context, errors } = await openPage(browser, width, offered.locale);
      try {
        await page.goto(app.url + at(lang, '/signup'));
        const offer = page.getByRole('dialog', { name: offered.title });
        await offer.waitFor({ timeout: 15_000 });
        expect(await offer.getAttribute('lang')).toBe(offered.code);
        expect(await offer.getAttribute('dir')).toBe(offered.dir);
        const submit = page.locator('main').getByRole('button', { name: dict.signup.submit, exact: true });
        await submit.waitFor();
        // Wherever the seller scrolls, the offer is drawn over none of the page's controls.
        for (const block of ['start', 'end'] as const) {
          await submit.evaluate((el, b) => el.scrollIntoView({ block: b }), block);
          const covered = await page.evaluate(() => {
            const offer = document.querySelector('.recommend')!;
            return [...document.querySelectorAll('main a, main button, main input, main label, header a, header button')]
              .filter((el) => {
                const r = el.getBoundingClientRect();
                if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= innerHeight) return false;
                const top = document.elementFromPoint(r.left + r.width / 2, Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1));
                return !!top && offer.contains(top);
              })
              .map((el) => el.outerHTML.slice(0, 80));
          });
          expect(covered, `scrolled to the button's ${block}`).toEqual([]);
          const hit = await submit.evaluate((el) => {
            const r = el.getBoundingClientRect();
            const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return !!top && el.contains(top);
          });
          expect(hit, `Create account can be tapped (scrolled to its ${block})`).toBe(true);
        }
        expect(await axeProblems(page, AXE_WCAG22), 'signup axe').toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
