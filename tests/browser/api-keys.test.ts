/**
 * Settings -> API keys in the browser on the real API: a seller without API access reads that
 * support arranges it; with access, sees the keys support issued, renames one, rotates it (the new
 * secret shown once, the old one refused at once) and revokes it. On a 360 px phone in English and
 * Arabic nothing sticks out and axe finds no serious problem, the one-time secret box included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createSignedInSeller, type SignedInSeller } from '../support/sellers.js';
import { axeProblems, browserForTests, signInContext } from '../support/accounts-browser.js';
import { ApiKeys } from '../../infra/api-keys/keys.js';
import en from '../../web/src/i18n/dict/en.js';

const K = en.apikeys;
describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('API keys in Settings', () => {
  let app: TestApp;
  let browser: Browser;
  let keys: ApiKeys;
  beforeAll(async () => {
    browser = await browserForTests();
    app = await startTestApp();
    keys = await ApiKeys.open(app.db.db!);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const open = async (seller: SignedInSeller, width = 1280, locale = 'en') => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInContext(context, app, seller);
    return { context, page, errors };
  };

  it('tells a seller without API access that support arranges it', async () => {
    const seller = await createSignedInSeller(app);
    const { context, page, errors } = await open(seller);
    try {
      await page.goto(`${app.url}/member/my-info`);
      await page.getByTestId('api-keys-off').waitFor();
      expect(await page.getByTestId('api-keys-off').textContent()).toBe(K.off);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the keys support issued; renames, rotates (secret once, old one refused) and revokes', async () => {
    const seller = await createSignedInSeller(app);
    await keys.enableApiAccess(seller.sellerId, 'support:test', 'browser test');
    const first = await keys.issueKey(seller.sellerId, { name: 'Warehouse bot', scopes: ['read', 'trade'] });
    await keys.issueKey(seller.sellerId, { name: 'Reports', scopes: ['read'] });
    const { context, page, errors } = await open(seller);
    try {
      await page.goto(`${app.url}/member/my-info`);
      const rows = page.getByTestId('api-key');
      await rows.nth(1).waitFor();
      expect(await rows.count()).toBe(2);
      const row = rows.filter({ hasText: 'Warehouse bot' });
      expect(await row.textContent()).toContain(`${first.key.prefix}_…`);
      expect(await row.textContent()).toContain(`${K.scope.read}, ${K.scope.trade}`);
      expect(await page.content()).not.toContain(first.secret);

      await row.getByRole('button', { name: `${K.rename}: Warehouse bot` }).click();
      const prompt = page.getByRole('dialog');
      await prompt.getByRole('textbox').fill('Shop sync');
      await prompt.getByRole('button', { name: K.save }).click();
      await page.getByTestId('toast').filter({ hasText: K.renamed }).waitFor();
      const renamed = rows.filter({ hasText: 'Shop sync' });
      await renamed.waitFor();

      await renamed.getByRole('button', { name: `${K.rotate}: Shop sync` }).click();
      await page.getByRole('dialog').getByRole('button', { name: K.rotate }).click();
      const box = page.getByTestId('api-key-secret');
      await box.waitFor();
      const secret = (await box.locator('code').textContent())!;
      expect(secret).toMatch(new RegExp(`^${first.key.prefix}_[A-Za-z0-9_-]{43}$`));
      expect(await keys.authenticateKey(first.secret)).toEqual({ ok: false, refused: 'unknown' });
      expect(await keys.authenticateKey(secret)).toMatchObject({ ok: true, sellerId: seller.sellerId });
      await box.getByRole('button', { name: K.done }).click();
      await expect.poll(() => box.count()).toBe(0);
      await page.reload();
      await rows.first().waitFor();
      expect(await page.content()).not.toContain(secret);

      await rows.filter({ hasText: 'Shop sync' }).getByRole('button', { name: `${K.revoke}: Shop sync` }).click();
      await page.getByRole('dialog').getByRole('button', { name: K.revoke }).click();
      await page.getByTestId('toast').filter({ hasText: K.revokedDone }).waitFor();
      await expect.poll(() => rows.filter({ hasText: 'Shop sync' }).textContent()).toContain(K.revoked);
      expect(await rows.filter({ hasText: 'Shop sync' }).getByRole('button').count()).toBe(0);
      expect(await keys.authenticateKey(secret)).toEqual({ ok: false, refused: 'revoked' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  for (const lang of ['en', 'ar'] as const) {
    it(`${lang}: the API keys section fits 360 px and passes axe, the one-time secret included`, async () => {
      const seller = await createSignedInSeller(app);
      await keys.enableApiAccess(seller.sellerId, 'support:test', 'browser test');
      await keys.issueKey(seller.sellerId, { name: 'A rather long key name for a narrow phone screen', scopes: ['read', 'trade', 'withdraw'] });
      const { context, page, errors } = await open(seller, 360, lang);
      try {
        await page.goto(`${app.url}${lang === 'en' ? '' : `/${lang}`}/member/my-info`);
        await page.getByTestId('api-key').first().waitFor();
        expect(await axeProblems(page)).toEqual([]);
        await page.getByTestId('api-key').getByRole('button').nth(1).click();
        await page.getByRole('dialog').getByRole('button').last().click();
        await page.getByTestId('api-key-secret').waitFor();
        expect(await axeProblems(page)).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
