/**
 * Notifications in the browser against the real API, notifier and live log: the header's bell
 * counts unread entries and rises live without a reload, the list shows title, body, time and
 * deadline, opening an entry marks it read and follows its link, "Mark all as read" empties the
 * count; Settings saves channel choices per kind and a mandatory kind cannot be turned off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable } from '../support/browser.js';
import { browserForTests, sellerPage as openSellerPage } from '../support/accounts-browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createSignedInSeller, type SignedInSeller } from '../support/sellers.js';
import { actionNeeded, apiKeyIssued, notify, withdrawalPaid } from '../support/notifications.js';
import { NOTIFICATIONS_COLLECTION } from '../../infra/notifications/inbox.js';
import type { PreferencesView } from '../../domain/notifications.js';

const bell = (page: Page, name: string) => page.getByRole('link', { name, exact: true });

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('notifications in the browser', () => {
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

  const sellerPage = (seller: SignedInSeller, width = 1280) => openSellerPage(browser, app, seller, width);
  const unreadInStore = (sellerId: string) => app.db.db!.collection(NOTIFICATIONS_COLLECTION).countDocuments({ sellerId, readAt: null });

  it('the bell counts unread, rises live, and opening an entry marks it read and follows its link', async () => {
    const seller = await createSignedInSeller(app);
    await notify(app, seller.sellerId, withdrawalPaid(), { at: Date.now() - 3 * 3_600_000, read: true });
    await notify(app, seller.sellerId, withdrawalPaid(), { at: Date.now() - 2 * 3_600_000 });
    await notify(app, seller.sellerId, apiKeyIssued(), { at: Date.now() - 3_600_000 });
    const { page, context, errors } = await sellerPage(seller, 360);
    try {
      await page.goto(`${app.url}/`);
      await bell(page, 'Notifications, 2 unread').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('notification-bell').locator('.bell-badge').textContent()).toBe('2');
      // On a phone the bell sits in the header bar, not behind the menu button.
      expect(await page.getByTestId('notification-bell').isVisible()).toBe(true);

      // A new one arrives through the live log: the count rises in this same document (no reload).
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      const run = actionNeeded();
      await notify(app, seller.sellerId, run);
      await bell(page, 'Notifications, 3 unread').waitFor({ timeout: 15_000 });
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

      await page.getByTestId('notification-bell').click();
      await page.locator('main h1', { hasText: 'Notifications' }).waitFor();
      const rows = page.getByTestId('notification');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(4);
      // Newest first: the live one on top, with its words from the dictionary and its deadline.
      const top = rows.first();
      expect(await top.getAttribute('data-kind')).toBe('action_needed');
      expect(await top.getAttribute('data-read')).toBe('false');
      // The same words as its mail and push (issue 33: one source), the deadline in the seller's zone.
      expect(await top.locator('h2').textContent()).toContain('Action needed: your sale is waiting for you');
      expect(await top.locator('.inbox-body').textContent()).toMatch(
        /^Your comfort trade of 150,000 coins stopped: the backup codes were incorrect or expired\. Resubmit with 6 new backup codes by \d{1,2} \w{3} \d{4}, \d{2}:\d{2} \S+, or the run closes\.$/,
      );
      expect(await top.getByTestId('notification-deadline').textContent()).toMatch(/^Act by .+ \(in 2 hours\)$/);
      expect(await top.locator('time').textContent()).toBe('now');
      expect(await rows.nth(1).locator('h2').textContent()).toContain('A new secret was issued');
      expect(await rows.nth(2).locator('.inbox-body').textContent()).toBe('Your withdrawal of €42.50 was paid to PayPal.');
      expect(await rows.nth(2).locator('time').textContent()).toBe('2 hours ago');
      expect(await rows.nth(3).getAttribute('data-read')).toBe('true');
      expect(await page.getByTestId('unread-summary').textContent()).toBe('Unread: 3');

      // Opening it goes straight to the run and marks it read, on the server and in the bell.
      await top.getByTestId('notification-open').click();
      await page.waitForURL((u) => u.pathname === '/member/sold-record' && u.searchParams.get('run') === run.subject.id);
      await bell(page, 'Notifications, 2 unread').waitFor({ timeout: 15_000 });
      await expect.poll(() => unreadInStore(seller.sellerId)).toBe(2);

      await page.getByTestId('notification-bell').click();
      await page.getByTestId('mark-all-read').click();
      await bell(page, 'Notifications').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('notification-bell').locator('.bell-badge').count()).toBe(0);
      expect(await page.locator('[data-testid="notification"][data-read="false"]').count()).toBe(0);
      expect(await page.getByTestId('mark-all-read').isDisabled()).toBe(true);
      expect(await unreadInStore(seller.sellerId)).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a page load replays earlier notification:added events; they do not bring back a count read meanwhile', async () => {
    const seller = await createSignedInSeller(app);
    await notify(app, seller.sellerId, withdrawalPaid());
    await notify(app, seller.sellerId, apiKeyIssued());
    // Read everywhere (another tab, the API) after both events were published with unread 1 and 2.
    expect(await (await seller.fetch('/api/notifications/read', { method: 'POST', body: JSON.stringify({ all: true }) })).json()).toEqual({ unread: 0 });
    const { page, context, errors } = await sellerPage(seller, 360);
    try {
      // The resync answer reaches the page over socket.io's polling or its websocket, whichever is up.
      const replayed = new Promise<void>((resolve) => {
        page.on('websocket', (ws) => ws.on('framereceived', (f) => {
          if (String(f.payload).includes('notification:added')) resolve();
        }));
        page.on('response', (r) => {
          if (r.url().includes('/socket.io/')) void r.text().then((body) => body.includes('notification:added') && resolve(), () => undefined);
        });
      });
      await page.goto(`${app.url}/`);
      await replayed;
      // Let React apply what the resync answer carried before looking.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await bell(page, 'Notifications').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('notification-bell').getAttribute('data-unread')).toBe('0');
      await page.getByTestId('notification-bell').click();
      await expect.poll(() => page.getByTestId('notification').count(), { timeout: 15_000 }).toBe(2);
      expect(await page.getByTestId('unread-summary').textContent()).toBe('You have read everything');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('Settings saves channel choices per kind; a mandatory kind is checked, disabled and refused when turned off', async () => {
    const seller = await createSignedInSeller(app);
    const { page, context, errors } = await sellerPage(seller);
    try {
      await page.goto(`${app.url}/member/my-info`);
      const card = page.getByTestId('notification-prefs');
      await card.locator('table').waitFor({ timeout: 15_000 });
      const credited = card.getByTestId('pref-credited-email');
      expect(await credited.isChecked()).toBe(true);
      expect(await credited.isDisabled()).toBe(true);
      expect(await card.getByRole('checkbox', { name: 'Money credited Always sent Email' }).count()).toBe(1);
      expect(await card.textContent()).toContain('Money and security messages are always sent: by email, in the app, and as push notifications to the browsers you allowed.');
      await credited.click({ force: true });
      expect(await credited.isChecked()).toBe(true);

      const reminderMail = card.getByTestId('pref-reminder-email');
      expect(await reminderMail.isChecked()).toBe(true);
      await reminderMail.uncheck();
      await card.getByTestId('save-prefs').click();
      await card.getByText('Notification settings saved').waitFor({ timeout: 15_000 });
      const saved = (await (await seller.fetch('/api/notifications/preferences')).json()) as PreferencesView;
      expect(saved.kinds.find((k) => k.kind === 'reminder')).toMatchObject({ email: false, inApp: true, mandatory: false });
      expect(saved.kinds.find((k) => k.kind === 'credited')).toMatchObject({ email: true, inApp: true, mandatory: true });

      await page.reload();
      await card.locator('table').waitFor({ timeout: 15_000 });
      expect(await card.getByTestId('pref-reminder-email').isChecked()).toBe(false);
      expect(await card.getByTestId('pref-reminder-inApp').isChecked()).toBe(true);

      // The same refusal for a request that skips the page: the mandatory kind stays on.
      const res = await seller.fetch('/api/notifications/preferences', { method: 'PUT', body: JSON.stringify({ kinds: [{ kind: 'credited', email: false, inApp: true }] }) });
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain('Money and security notifications cannot be turned off');
      const after = (await (await seller.fetch('/api/notifications/preferences')).json()) as PreferencesView;
      expect(after.kinds.find((k) => k.kind === 'credited')).toMatchObject({ email: true });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('mails follow the language the seller uses the site in, without opening the preferences', async () => {
    const seller = await createSignedInSeller(app);
    const mailLanguage = async () => ((await (await seller.fetch('/api/notifications/preferences')).json()) as PreferencesView).language;
    expect(await mailLanguage()).toBe('en'); // the default until the seller is seen using another
    const { page, context, errors } = await sellerPage(seller, 360);
    try {
      await page.goto(`${app.url}/ar/`);
      await page.getByTestId('notification-bell').waitFor({ timeout: 15_000 });
      await expect.poll(mailLanguage, { timeout: 15_000 }).toBe('ar');
      await page.goto(`${app.url}/de/`);
      await expect.poll(mailLanguage, { timeout: 15_000 }).toBe('de');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
