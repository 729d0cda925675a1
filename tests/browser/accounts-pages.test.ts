/**
 * The account pages on a 360 px phone in English and Arabic: nothing wider than the screen, and
 * axe-core finds no serious or critical problem (forms with errors shown, the code tab, the
 * username dialog, the settings page, the visitor notice).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createSignedInSeller } from '../support/sellers.js';
import { axeProblems, browserForTests, signInContext } from '../support/accounts-browser.js';

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('account pages on a phone', () => {
  let app: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    browser = await browserForTests();
    app = await startTestApp();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  for (const lang of ['en', 'ar'] as const) {
    it(`${lang}: fits 360 px and passes axe`, async () => {
      const seller = await createSignedInSeller(app);
      const context = await browser.newContext({ viewport: { width: 360, height: 800 }, locale: lang });
      const page = await context.newPage();
      const url = (path: string) => `${app.url}${lang === 'en' ? '' : `/${lang}`}${path}`;
      const report: string[] = [];
      const check = async (where: string) => {
        await page.locator('.page[data-active="true"] h1').waitFor();
        for (const p of await axeProblems(page)) report.push(`${where}: ${p}`);
      };
      try {
        await page.goto(url('/signup'));
        await page.locator('input[name=captcha]').waitFor();
        await page.locator('.page[data-active="true"] button[type=submit]').click();
        await page.locator('[aria-invalid="true"]').first().waitFor();
        await check('signup with errors');
        await page.goto(url('/signin'));
        await page.getByTestId('google-note').filter({ hasText: /./ }).waitFor();
        await check('signin');
        await page.getByRole('tab').nth(1).click();
        await check('signin code tab');
        await page.goto(url('/password'));
        await check('forgot password');
        await page.goto(url('/password/reset?token=x'));
        await check('reset');
        await page.goto(url('/member/my-info'));
        await page.getByTestId('visitor-notice').waitFor();
        await check('my-info visitor');
        await signInContext(context, app, seller);
        await page.goto(url('/member/my-info'));
        await page.getByTestId('my-username').getByRole('button').click();
        await page.locator('.username-dialog input[name=username]').fill('ab');
        await page.getByTestId('username-availability').filter({ hasText: /./ }).waitFor();
        await check('username dialog');
        await page.keyboard.press('Escape');
        await page.locator('select[name=contactMethod]').selectOption('whatsapp');
        await check('my-info');
      } finally {
        await context.close();
      }
      expect(report).toEqual([]);
    });
  }
});
