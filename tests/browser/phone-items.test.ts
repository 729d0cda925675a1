/**
 * Seller pages on a 360 px phone, in English and Arabic, with real purchases and runs (issue 19):
 * - the player list: a Pick that cannot be used looks disabled and says why (no game account; the
 *   account's cooldown); a cooldown refusal is shown on the player the seller tapped and says when
 *   the account is ready, in local time; the account picker shows each account's cooldown;
 * - the comfort record says plainly what happens to the coins a run left in the game account;
 * - the balance shows about how much each amount is in the seller's chosen currency, next to euros,
 *   when the configuration gives a rate.
 * Every state fits the screen and passes axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, readable } from '../support/browser.js';
import { axeProblems, browserForTests, openPage, signInContext } from '../support/accounts-browser.js';
import { createSignedInSeller, type SignedInSeller } from '../support/sellers.js';
import { startSellerWorld, type SellerWorld } from '../support/seller-world.js';
import { buyOnSimulator } from '../support/player-trade.js';
import { eventually } from '../support/servers.js';
import { DEFAULT_DATE_PATTERN, formatDate } from '../../web/src/ui/format.js';
import type { GameAccountView, ListedCard } from '../../domain/player-trade.js';
import { convertCents } from '../../domain/currencies.js';
import { createProvenSeller } from '../support/proven.js';
import { runWhere, steerTransfer, submission, submit } from '../support/comfort.js';
import { savePayoutSettings } from '../support/withdrawals.js';
import { LOCALES } from '../../web/src/i18n/index.js';

const AXE_WCAG22 = { wcag22: true, overflow: false } as const;
const USD_RATE = '1.0860';
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const outside = (page: Page, selector: string) => page.evaluate((sel) => [...document.querySelectorAll(sel)]
  .filter((el) => (el as HTMLElement).offsetParent !== null)
  .filter((el) => { const r = el.getBoundingClientRect(); return r.left < -0.5 || r.right > innerWidth + 0.5; })
  .map((el) => el.outerHTML.slice(0, 80)), selector);

type PlayerWords = { pick: string; pickWhy: { noAccount: string; cooldown: string }; readyAt: string; accountReadyAt: string; reasons: { account_cooldown: string } };
const fill = (text: string, params: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? '');

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('seller pages on a phone: player list, remainder, chosen currency', () => {
  let world: SellerWorld;
  let browser: Browser;

  beforeAll(async () => {
    browser = await browserForTests();
    world = await startSellerWorld({ config: { currencyRates: { USD: USD_RATE } } });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await world?.close();
  });

  /** Two unused cards on one platform: one bought in the background, one the seller taps. */
  async function twoCards(seller: SignedInSeller): Promise<[ListedCard, ListedCard]> {
    const first = await world.nextCard(seller);
    for (;;) {
      const other = await world.nextCard(seller);
      if (other.platform === first.platform) return [first, other];
    }
  }

  for (const lang of ['en', 'ar'] as const) {
    it(`${lang} at 360 px: Pick off says why, a cooldown refusal sits on the tapped player with the ready time, the picker shows cooldowns`, async () => {
      const words = ((await import(`../../web/src/i18n/dict/${lang}.ts`)).default as { player: PlayerWords }).player;
      const { app } = world;
      const seller = await createSignedInSeller(app);
      const [bought, tapped] = await twoCards(seller);
      const { page, context, errors } = await openPage(browser, 360, lang === 'ar' ? 'ar' : 'en-US');
      await signInContext(context, app, seller);
      if (!seller.cookie.includes('csrf=')) await context.addCookies([{ name: 'csrf', value: seller.csrf, url: app.url }]);
      const path = `${lang === 'en' ? '' : '/ar'}/sell-coins-player-trade`;
      const card = page.locator(`li[data-card-id="${tapped.id}"]`);
      const check = async (what: string) => {
        expect(await overflow(page), `${what}: sideways scrolling`).toBeLessThanOrEqual(0);
        expect(await outside(page, 'main *'), `${what}: past the screen's edge`).toEqual([]);
        // From the top: scrolled, the sticky header covers the filter's buttons, which axe counts against their size.
        await page.evaluate(() => scrollTo(0, 0));
        expect(await axeProblems(page, AXE_WCAG22), `${what}: axe`).toEqual([]);
      };
      const looksDisabled = (sel: string) => page.locator(sel).first().evaluate((b) => {
        const s = getComputedStyle(b);
        return { disabled: (b as HTMLButtonElement).disabled, cursor: s.cursor, background: s.backgroundColor };
      });
      try {
        // No game account: every Pick is off, looks it, and says what to do.
        await page.goto(app.url + path);
        await card.waitFor({ timeout: 15_000 });
        const off = await looksDisabled(`li[data-card-id="${tapped.id}"] [data-testid="pick"]`);
        expect(off.disabled).toBe(true);
        expect(off.cursor).toBe('not-allowed');
        expect(off.background, 'a disabled Pick is not the accent colour').not.toBe('rgb(242, 169, 0)');
        expect(readable(await card.getByTestId('pick-why').textContent())).toBe(words.pickWhy.noAccount);
        expect(await card.getByTestId('pick').getAttribute('aria-describedby')).toBe(await card.getByTestId('pick-why').getAttribute('id'));
        await check('no account');

        // One account on the players' platform; the page loads it ready and Pick is on (accent colour).
        const name = `Phone${lang}${Date.now().toString(36).slice(-5)}`;
        const account = (await (await seller.fetch('/api/game-accounts', { method: 'POST', body: JSON.stringify({ platform: bought.platform, name }) })).json()).account as GameAccountView;
        await page.reload();
        await card.waitFor({ timeout: 15_000 });
        await expect.poll(() => card.getByTestId('pick').isEnabled(), { timeout: 10_000 }).toBe(true);
        expect((await looksDisabled(`li[data-card-id="${tapped.id}"] [data-testid="pick"]`)).background).toBe('rgb(242, 169, 0)');
        expect(await card.getByTestId('pick-why').count()).toBe(0);

        // Meanwhile (another tab, another device) the account buys a player and its 4-hour cooldown starts.
        const f = seller.fetch;
        const picked = await f('/api/player-trade/picks', { method: 'POST', body: JSON.stringify({ cardId: bought.id, gameAccountId: account.id }) });
        expect(picked.status).toBe(201);
        const purchaseId = ((await picked.json()).purchase as { purchaseId: string }).purchaseId;
        await buyOnSimulator(world.simUrl, bought.id, bought.platform, name);
        expect((await f(`/api/player-trade/purchases/${purchaseId}/bought`, { method: 'POST' })).ok).toBe(true);
        const readyAt = await eventually(async () => {
          const list = (await (await f('/api/game-accounts')).json()).items as GameAccountView[];
          const mine = list.find((a) => a.id === account.id);
          return mine?.cooldownUntil && !mine.activePurchaseId ? mine.cooldownUntil : null;
        }, 30_000, 'the account cooling down');

        // The page still thinks the account is ready; the seller scrolls to the player and taps Pick.
        await card.getByTestId('pick').scrollIntoViewIfNeeded();
        await card.getByTestId('pick').click();
        const refusal = card.getByTestId('pick-refusal');
        await refusal.waitFor({ timeout: 10_000 });
        const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
        const time = formatDate(readyAt, DEFAULT_DATE_PATTERN, zone);
        expect(readable(await refusal.textContent())).toBe(`${words.reasons.account_cooldown} ${fill(words.readyAt, { time })}`);
        // Next to where the seller tapped, and on screen.
        const [button, note] = [(await card.getByTestId('pick').boundingBox())!, (await refusal.boundingBox())!];
        expect(Math.abs(note.y - (button.y + button.height)), 'refusal right under the tapped Pick').toBeLessThan(40);
        expect(note.y + note.height).toBeLessThanOrEqual(900);
        expect(await page.getByTestId('player-error').count(), 'nothing printed at the top of the page').toBe(0);

        // The picker shows the account's cooldown, and the other players' Pick is off saying until when.
        const option = page.locator('select[name="gameAccount"] option').filter({ hasText: name });
        expect(readable(await option.textContent())).toContain(fill(words.accountReadyAt, { time }));
        const otherCard = page.locator('li[data-card-id]').filter({ has: page.getByTestId('pick-why') }).first();
        expect(readable(await otherCard.getByTestId('pick-why').textContent())).toBe(fill(words.pickWhy.cooldown, { name, time }));
        expect(await otherCard.getByTestId('pick').isDisabled()).toBe(true);
        await check('cooldown refusal');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
  for (const lang of ['en', 'ar'] as const) {
    it(`${lang} at 360 px: the record says what happens to a run's remainder; the balance shows about how much in the seller's currency`, async () => {
      const dict = (await import(`../../web/src/i18n/dict/${lang}.ts`)).default as { comfort: { record: { remainder_other: string } }; player: { balance: { approx: string } } };
      const { app } = world;
      const seller = await createProvenSeller(app);
      await savePayoutSettings(seller, { currency: 'USD' });
      // The provider leaves 30K of 150K coins in the account.
      await steerTransfer(world.simUrl, 'settings', { remainder: 30_000 });
      let runId: string;
      try {
        runId = (await submit(seller, submission({ coinAmount: 150_000 }))).runId;
        await runWhere(seller, runId, (r) => r.status === 'pending_payment' && r.coinsTransferred === 120_000, 'run under review with a remainder');
      } finally {
        await steerTransfer(world.simUrl, 'settings', { remainder: 0 });
      }
      const { page, context, errors } = await openPage(browser, 360, lang === 'ar' ? 'ar' : 'en-US');
      await signInContext(context, app, seller);
      if (!seller.cookie.includes('csrf=')) await context.addCookies([{ name: 'csrf', value: seller.csrf, url: app.url }]);
      const at = (path: string) => app.url + (lang === 'en' ? path : `/ar${path}`);
      const number = (n: number) => page.evaluate(([loc, v]) => new Intl.NumberFormat(loc as string).format(v as number), [LOCALES[lang], n] as const);
      const money = (minor: number, currency: string) => page.evaluate(([loc, v, c]) => new Intl.NumberFormat(loc as string, { style: 'currency', currency: c as string }).format((v as number) / 100), [LOCALES[lang], minor, currency] as const);
      const check = async (what: string) => {
        expect(await overflow(page), `${what}: sideways scrolling`).toBeLessThanOrEqual(0);
        expect(await outside(page, 'main *'), `${what}: past the screen's edge`).toEqual([]);
        expect(await axeProblems(page, AXE_WCAG22), `${what}: axe`).toEqual([]);
      };
      try {
        await page.goto(at('/member/sold-record'));
        const row = page.locator(`[data-testid="comfort-run"][data-run-id="${runId!}"]`);
        await row.waitFor({ timeout: 15_000 });
        expect(readable(await row.getByTestId('run-remainder').textContent())).toBe(fill(dict.comfort.record.remainder_other, { coins: await number(30_000), minimum: await number(100_000) }));
        await check('record with a remainder');

        await page.goto(at('/member/coins-balance'));
        await page.getByTestId('frozen-items').waitFor({ timeout: 15_000 });
        const { wallet, frozenItems } = await world.wallet(seller);
        const approx = async (cents: number) => ` (${fill(dict.player.balance.approx, { amount: await money(convertCents(cents, USD_RATE), 'USD') })})`;
        // Euros stay the amount of record; the seller's currency follows, marked as about.
        expect(readable(await page.getByTestId('balance-total').textContent())).toBe(await money(wallet.total, 'EUR'));
        await expect.poll(() => page.locator('dd:has([data-testid="balance-total"]) [data-testid="approx"]').textContent().then(readable), { timeout: 10_000 }).toBe(await approx(wallet.total));
        expect(readable(await page.locator('dd:has([data-testid="balance-frozen"]) [data-testid="approx"]').textContent())).toBe(await approx(wallet.frozen));
        const comfort = frozenItems.find((f) => f.kind === 'comfort')!;
        expect(readable(await page.locator('[data-testid="frozen-item"][data-kind="comfort"] [data-testid="approx"]').textContent())).toBe(await approx(comfort.incomeCents));
        await check('balance in the chosen currency');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
