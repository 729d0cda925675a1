/**
 * The ledger page (/member/ledger) over a seller world of 200+ entries written through the real
 * wallet: the newest entry first with the wallet's available balance, older pages, a kind filter,
 * a date filter that matches nothing, and a CSV downloaded from the page with the zone named in its
 * time column; at 360 px (stacked, no sideways scroll) and 1280 px, in English and Arabic, axe clean.
 */
import { describe, expect, it } from 'vitest';
import { accountsBrowserSuite, axeProblems, signInContext } from '../support/accounts-browser.js';
import { createSignedInSeller } from '../support/sellers.js';
import { seedLedgerWorld } from '../support/worlds/seller-ledger.js';
import { Wallets } from '../../infra/wallet/wallet.js';
import { LEDGER_KINDS as K } from '../../infra/wallet/ledger-kinds.js';
import en from '../../web/src/i18n/dict/en.js';
import ar from '../../web/src/i18n/dict/ar.js';

const suite = accountsBrowserSuite();
const euroText = (cents: number) => (cents / 100).toFixed(2);

describe('the ledger page', () => {
  for (const [width, lang, dict] of [[360, 'en', en], [1280, 'en', en], [360, 'ar', ar], [1280, 'ar', ar]] as const) {
    it(`lists 200+ entries with the running balance, filters and pages at ${width} px in ${lang}`, async () => {
      const seller = await createSignedInSeller(suite.app);
      const world = await seedLedgerWorld(suite.app.db.db!, seller.sellerId, { entries: 200 });
      expect(world.entries).toBeGreaterThanOrEqual(200);
      const { page, context } = await suite.open(width, lang === 'ar' ? 'ar' : 'en-US');
      await signInContext(context, suite.app, seller);
      await context.addCookies([{ name: 'csrf', value: seller.csrf, url: suite.app.url }]);
      await page.goto(`${suite.app.url}${lang === 'ar' ? '/ar' : ''}/member/ledger`);
      await page.getByRole('heading', { level: 1, name: dict.titles.ledger }).waitFor();
      const rows = page.getByTestId('ledger-row');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(50);
      // The newest entry's balance is the wallet's available.
      const wallet = await (await Wallets.open(suite.app.db.db!)).get(seller.sellerId);
      const digits = async (text: Promise<string | null>) => (await text)?.replace(/[^\d٠-٩]/g, '').replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d)));
      expect(await digits(page.getByTestId('ledger-balance').first().textContent())).toBe(euroText(wallet.available).replace('.', ''));
      expect(await axeProblems(page)).toEqual([]);

      // The next (older) page.
      const firstNewest = await rows.first().textContent();
      await page.getByTestId('ledger-older').click();
      await expect.poll(() => rows.first().textContent()).not.toBe(firstNewest);

      // The kind filter: the one returned withdrawal.
      await page.getByTestId('ledger-kind').selectOption(K.withdrawalReturned);
      await page.getByRole('button', { name: dict.withdraw.ledger.show }).click();
      await expect.poll(() => rows.count()).toBe(1);
      await expect.poll(() => rows.first().textContent()).toContain(dict.withdraw.ledger.kinds.withdrawal_returned);

      if (width === 360 && lang === 'en') {
        // The filtered CSV, downloaded from the page: the zone named in the time column, euros.
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ledger-csv').click()]);
        const chunks: Buffer[] = [];
        for await (const c of (await download.createReadStream())!) chunks.push(c as Buffer);
        const lines = Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
        const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
        expect(lines[0]).toContain(`"time (${zone})"`);
        expect(lines.slice(1)).toEqual([expect.stringContaining(`"${K.withdrawalReturned}","w2",50.00,0.00,-50.00,`)]);
      }

      // A date range with nothing in it says so.
      await page.getByTestId('ledger-kind').selectOption('');
      await page.getByTestId('ledger-from').fill('2001-01-01');
      await page.getByTestId('ledger-to').fill('2001-01-31');
      await page.getByRole('button', { name: dict.withdraw.ledger.show }).click();
      await page.getByTestId('ledger-empty').waitFor();
      expect(await axeProblems(page)).toEqual([]);
    }, 120_000);
  }
});
