/**
 * The page's live socket across a database blip (issue 21): the network drops the socket while the
 * database does not answer, the server answers its new handshakes `unavailable` (never
 * `unauthenticated`), the page tries again by itself, and once the database answers a live
 * notification reaches the bell in the same document, without a reload.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable } from '../support/browser.js';
import { browserForTests, sellerPage } from '../support/accounts-browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { startDatabaseProxy, type DatabaseProxy } from '../support/freezable-proxy.js';
import { createSignedInSeller } from '../support/sellers.js';
import { notify, withdrawalPaid } from '../support/notifications.js';
import { connectDatabase } from '../../infra/db.js';
import { eventually, stopwatch } from '../support/wait.js';

const bell = (page: Page, name: string) => page.getByRole('link', { name, exact: true });

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('the page\'s live socket across a database blip', () => {
  let browser: Browser;
  let proxy: DatabaseProxy;
  let app: TestApp;
  // Straight to the database: notifications written while the app's connection is frozen or finding its feet.
  let direct: Awaited<ReturnType<typeof connectDatabase>>;
  let frozen = false;

  beforeAll(async () => {
    browser = await browserForTests();
    proxy = await startDatabaseProxy(inject('mongoUri'));
    // A short call deadline, so the page's token request fails fast too while frozen (the handshake's own is 2 s).
    app = await startTestApp(undefined, { database: { uri: proxy.databaseUri, timeoutMS: 1_500, heartbeatMs: 1_000 } });
    direct = await connectDatabase(inject('mongoUri'), app.dbName);
  });
  afterAll(async () => {
    if (frozen) proxy.thaw();
    await browser?.close();
    await app?.close();
    await direct?.close();
    await proxy?.close();
  });

  it('reconnects by itself once the database answers, and the bell rises without a reload', async () => {
    const seller = await createSignedInSeller(app);
    await notify({ db: direct }, seller.sellerId, withdrawalPaid());
    const { page, context, errors } = await sellerPage(browser, app, seller, 360);
    const frames: { text: string; at: number }[] = [];
    page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push({ text: String(f.payload), at: Date.now() })));
    try {
      await page.goto(`${app.url}/`);
      await bell(page, 'Notifications, 1 unread').waitFor({ timeout: 15_000 });
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      // The socket is up: a notification arrives live.
      await notify({ db: direct }, seller.sellerId, withdrawalPaid());
      await bell(page, 'Notifications, 2 unread').waitFor({ timeout: 15_000 });

      frozen = true;
      proxy.freeze();
      const frozenAt = Date.now();
      // The network drops the page's connection while the database is frozen: the page reconnects into the stall.
      for (const s of app.io.sockets.sockets.values()) s.conn.close();
      // Socket.IO's refusal packet: 44{"message":…,"data":…}.
      const refusals = () => frames.filter((f) => f.at >= frozenAt && f.text.startsWith('44'));
      await eventually(async () => refusals().length >= 1, 30_000, 'a handshake refused while the database is frozen');
      expect(refusals().map((f) => JSON.parse(f.text.slice(2)).message)).toEqual(refusals().map(() => 'unavailable'));
      const unavailableMs = refusals()[0].at - frozenAt;

      proxy.thaw();
      frozen = false;
      const sinceThaw = stopwatch();
      await notify({ db: direct }, seller.sellerId, withdrawalPaid());
      await bell(page, 'Notifications, 3 unread').waitFor({ timeout: 60_000 });
      const reconnectMs = sinceThaw();
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      expect(refusals().every((f) => !f.text.includes('unauthenticated'))).toBe(true);
      expect(errors).toEqual([]);
      console.log(`page: first refusal (unavailable) ${unavailableMs} ms after the drop, ${refusals().length} while frozen; bell live again ${reconnectMs} ms after the thaw`);
    } finally {
      await context.close();
    }
  });
});
