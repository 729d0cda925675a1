/**
 * Web Push in real Chromium against the real API, notifier and service worker. What is real: the
 * Settings toggle, Notification permission, the service worker at /sw.js, the subscription saved
 * through the API, the notifier's push outbox, the `web-push` library's VAPID JWT and aes128gcm
 * encryption, the HTTP request to the push endpoint, the service worker's `push` handler showing
 * the notification and its `notificationclick` handler opening the run. What stands in for the
 * browser vendor's push service (FCM, out of reach here): (1) PushManager.subscribe answers with a
 * subscription of the local push service (tests/support/push-service.ts), made for the key the page
 * passed; (2) that service verifies the VAPID JWT with `jose`, decrypts the body with `http_ece` and
 * hands the plaintext to Chromium through CDP `ServiceWorker.deliverPushMessage`, as FCM would hand
 * it to Chrome; (3) headless Chromium has no notification to click, so the click is a
 * `notificationclick` NotificationEvent dispatched in the service worker. Turning push on asks the
 * seller to confirm it is them; Settings lists every browser of the seller, each removable; logging
 * out unsubscribes this browser and takes it off the account.
 */
import { atTop } from '../support/layout-checks.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { notificationText } from '../../domain/notification-texts.js';
import { PUSH_SERVICE_HOSTS, type PushStatusView, type PushSubscriptionsView } from '../../domain/web-push.js';
import { eventsCollection } from '../../infra/live/events-collection.js';
import { createNotifier } from '../../infra/notifications/notifier.js';
import { generateVapidKeys, type WebPushSettings } from '../../infra/web-push/config.js';
import { createPushSender } from '../../infra/web-push/sender.js';
import { PUSH_SUBSCRIPTIONS_COLLECTION } from '../../infra/web-push/subscriptions.js';
import { axeProblems, browserForTests, confirmItIsYou, openPage, signInContext } from '../support/accounts-browser.js';
import { reauthenticate } from '../support/reauth.js';
import ar from '../../web/src/i18n/dict/ar.js';
import en from '../../web/src/i18n/dict/en.js';
import { browserAvailable } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { actionNeeded } from '../support/notifications.js';
import { startPushService, type PushServiceStandIn } from '../support/push-service.js';
import { createSignedInSeller, type SignedInSeller } from '../support/sellers.js';
import { eventually, testLogger } from '../support/servers.js';

interface ShownNotification { title: string; body: string; tag: string; lang: string; dir: string; data: { link: string } }

/** Replaces PushManager's registration with the vendor's push service by one on the local push service (see the file comment). */
async function standInForPushService(context: BrowserContext, push: PushServiceStandIn, asked: { key: string; userVisibleOnly: boolean }[]) {
  await context.exposeBinding('__standInSubscribe', (_source, key: string, userVisibleOnly: boolean) => {
    asked.push({ key, userVisibleOnly });
    const s = push.subscribe(key);
    return { endpoint: s.endpoint, keys: s.keys };
  });
  await context.addInitScript(() => {
    if (typeof PushManager === 'undefined') return;
    const STORE = 'test.pushSubscription';
    const b64u = (buf: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buf))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const bytes = (s: string) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4)), (c) => c.charCodeAt(0)).buffer;
    type Saved = { endpoint: string; keys: { p256dh: string; auth: string }; key: string };
    const make = (saved: Saved) => ({
      endpoint: saved.endpoint, expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: bytes(saved.key) },
      getKey: (name: 'p256dh' | 'auth') => bytes(saved.keys[name]),
      toJSON: () => ({ endpoint: saved.endpoint, expirationTime: null, keys: saved.keys }),
      unsubscribe: async () => { localStorage.removeItem(STORE); return true; },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const raw = options?.applicationServerKey;
      const key = typeof raw === 'string' ? raw : b64u(raw instanceof ArrayBuffer ? raw : (raw as Uint8Array).slice().buffer as ArrayBuffer);
      const got = await (window as unknown as { __standInSubscribe: (k: string, u: boolean) => Promise<Omit<Saved, 'key'>> }).__standInSubscribe(key, options?.userVisibleOnly === true);
      const saved = { ...got, key };
      localStorage.setItem(STORE, JSON.stringify(saved));
      return make(saved) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const saved = localStorage.getItem(STORE);
      return saved ? (make(JSON.parse(saved) as Saved) as unknown as PushSubscription) : null;
    };
  });
}

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('Web Push in Chromium', () => {
  let app: TestApp;
  let browser: Browser;
  let push: PushServiceStandIn;
  let settings: WebPushSettings;

  beforeAll(async () => {
    push = await startPushService();
    settings = { vapid: generateVapidKeys(), hosts: PUSH_SERVICE_HOSTS, localOrigin: push.origin };
    browser = await browserForTests();
    app = await startTestApp(undefined, { webPush: settings });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await push?.close();
  });

  async function sellerPage(seller: SignedInSeller, width: number, lang: 'en' | 'ar') {
    const p = await openPage(browser, width, lang === 'ar' ? 'ar' : 'en-US');
    await signInContext(p.context, app, seller);
    if (!seller.cookie.includes('csrf=')) await p.context.addCookies([{ name: 'csrf', value: seller.csrf, url: app.url }]);
    await p.context.grantPermissions(['notifications'], { origin: app.url });
    return p;
  }
  const shown = (page: Page) => page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration('/');
    return reg ? (await reg.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, lang: n.lang, dir: n.dir, data: n.data as { link: string } })) : [];
  });
  /** The service worker's registration id, for CDP. */
  async function registrationId(cdp: CDPSession): Promise<string> {
    const regs: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => regs.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    return eventually(async () => regs.find((r) => r.scopeURL === `${app.url}/`)?.registrationId, 10_000, 'the service worker registered at /');
  }

  it('Settings turns push on (subscribing with the site key), a pushed notification is shown in Arabic by the service worker, and its click opens the run', async () => {
    const seller = await createSignedInSeller(app);
    await seller.fetch('/api/notifications/preferences', { method: 'PUT', body: JSON.stringify({ kinds: [], language: 'ar' }) });
    const { page, context, errors } = await sellerPage(seller, 360, 'ar');
    const asked: { key: string; userVisibleOnly: boolean }[] = [];
    await standInForPushService(context, push, asked);
    try {
      await page.goto(`${app.url}/ar/member/my-info`);
      const device = page.getByTestId('push-device');
      await device.and(page.locator('[data-state="off"]')).waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('notification-prefs').locator('th', { hasText: 'إشعار فوري' }).count()).toBe(1);
      await page.getByLabel('الإشعارات الفورية في هذا المتصفح').check();
      // A browser gets every security notice: the seller confirms it is them first.
      await confirmItIsYou(page, ar.account.reauth, seller.password, true);
      await page.getByTestId('push-notice').getByText('الإشعارات الفورية مفعّلة في هذا المتصفح').waitFor({ timeout: 15_000 });
      expect(asked).toEqual([{ key: settings.vapid.publicKey, userVisibleOnly: true }]);
      expect(((await (await seller.fetch('/api/notifications/push')).json()) as PushStatusView).subscriptions).toBe(1);
      // The list below the toggle reads again: this browser, marked as such.
      await page.getByTestId('push-browser').getByText(ar.notifications.push.thisBrowser).waitFor({ timeout: 15_000 });

      // The settings page with push on, at 360 px in Arabic: fits and passes axe (at the top: checking the push
      // box scrolled the times card's button under the sticky header, which axe's target-size counts as small).
      await atTop(page);
      expect(await axeProblems(page, { wcag22: true })).toEqual([]);

      const cdp = await context.newCDPSession(page);
      const regId = await registrationId(cdp);
      push.onPush = async (p) => {
        await cdp.send('ServiceWorker.deliverPushMessage', { origin: app.url, registrationId: regId, data: p.text });
      };
      const notifier = await createNotifier({ db: app.db.db!, events: await eventsCollection(app.db), logger: testLogger() }, { push: { sender: createPushSender(settings) } });
      const plan = actionNeeded();
      await notifier.deliver(seller.sellerId, plan);
      const [n] = await eventually<ShownNotification[]>(async () => { const s = await shown(page); return s.length ? s : null; }, 15_000, 'the notification shown');
      expect(n).toMatchObject({
        title: notificationText('ar', plan.titleCode, plan.params), body: notificationText('ar', plan.bodyCode, plan.params),
        lang: 'ar', dir: 'rtl', data: { link: `${app.url}${plan.link}` },
      });
      expect(n.title).toBe('مطلوب إجراء: عملية البيع بانتظارك');
      expect(push.received).toHaveLength(1);

      // The click: the open tab of this site goes straight to the run.
      const worker = context.serviceWorkers().find((w) => w.url() === `${app.url}/sw.js`)!;
      await worker.evaluate(async () => {
        const sw = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(e: Event): boolean };
        const [first] = await sw.registration.getNotifications();
        const Ctor = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent;
        sw.dispatchEvent(new Ctor('notificationclick', { notification: first }));
      });
      await page.waitForURL(`${app.url}${plan.link}`, { timeout: 15_000 });
      await expect.poll(async () => (await shown(page)).length, { timeout: 5_000 }).toBe(0);

      // Off again: the subscription leaves the account.
      await page.goto(`${app.url}/ar/member/my-info`);
      // Until the page has read this browser's subscription the box shows unchecked, and uncheck() would do nothing.
      await page.getByTestId('push-device').and(page.locator('[data-state="on"]')).waitFor({ timeout: 15_000 });
      await page.getByLabel('الإشعارات الفورية في هذا المتصفح').uncheck();
      await page.getByTestId('push-notice').getByText('الإشعارات الفورية متوقفة في هذا المتصفح').waitFor({ timeout: 15_000 });
      expect(((await (await seller.fetch('/api/notifications/push')).json()) as PushStatusView).subscriptions).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('English at 360 px: the push toggle and the Push column fit and pass axe; a blocked permission is explained', async () => {
    const seller = await createSignedInSeller(app);
    const { page, context, errors } = await sellerPage(seller, 360, 'en');
    try {
      await page.goto(`${app.url}/member/my-info`);
      const card = page.getByTestId('notification-prefs');
      await card.locator('table').waitFor({ timeout: 15_000 });
      await page.getByTestId('push-device').and(page.locator('[data-state="off"]')).waitFor({ timeout: 15_000 });
      expect(await card.getByRole('checkbox', { name: 'Money credited Always sent Push' }).isDisabled()).toBe(true);
      expect(await card.textContent()).toContain('Money and security messages are always sent: by email, in the app, and as push notifications to the browsers you allowed.');
      expect(await axeProblems(page, { wcag22: true })).toEqual([]);

      await context.clearPermissions();
      await page.evaluate(() => Object.defineProperty(Notification, 'permission', { get: () => 'denied' }));
      await page.evaluate(() => { Notification.requestPermission = async () => 'denied'; });
      await page.getByLabel('Push notifications in this browser').click();
      await page.getByTestId('push-device').and(page.locator('[data-state="denied"]')).waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('push-device').textContent()).toContain('This browser blocks notifications from this site.');
      expect(await page.getByLabel('Push notifications in this browser').isDisabled()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
  const MAC_FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0';
  const browsersOf = async (seller: SignedInSeller) =>
    ((await (await seller.fetch('/api/notifications/push/subscriptions')).json()) as PushSubscriptionsView).subscriptions;

  for (const [lang, W] of [['en', en], ['ar', ar]] as const) {
    it(`${lang} at 360 px: Settings lists every browser that gets push (named, when added, last used) and removes one; passes axe`, async () => {
      const seller = await createSignedInSeller(app);
      await reauthenticate(seller);
      // Two browsers added elsewhere (a phone, and a laptop someone else may have added).
      for (const ua of [ANDROID_CHROME, MAC_FIREFOX]) {
        const s = push.subscribe(settings.vapid.publicKey);
        const res = await seller.fetch('/api/notifications/push/subscription', { method: 'PUT', body: JSON.stringify({ endpoint: s.endpoint, keys: s.keys }), headers: { 'user-agent': ua } });
        expect(res.status).toBe(200);
      }
      const { page, context, errors } = await sellerPage(seller, 360, lang);
      try {
        await page.goto(`${app.url}${lang === 'ar' ? '/ar' : ''}/member/my-info`);
        const rows = page.getByTestId('push-browser');
        await rows.nth(1).waitFor({ timeout: 15_000 });
        const phone = W.notifications.push.browserOn.replace('{{browser}}', 'Chrome').replace('{{os}}', 'Android');
        const laptop = W.notifications.push.browserOn.replace('{{browser}}', 'Firefox').replace('{{os}}', 'macOS');
        expect(await rows.locator('strong').allTextContents()).toEqual([laptop, phone]);
        const first = await rows.first().textContent();
        expect(first).toContain(W.notifications.push.added);
        expect(first).toContain(W.notifications.push.neverUsed);
        expect(await axeProblems(page, { wcag22: true })).toEqual([]);

        await page.getByRole('button', { name: `${W.notifications.push.remove}: ${laptop}` }).click();
        await page.getByTestId('push-browsers-notice').getByText(W.notifications.push.removed.replace('{{name}}', laptop)).waitFor({ timeout: 15_000 });
        expect(await rows.locator('strong').allTextContents()).toEqual([phone]);
        expect((await browsersOf(seller)).map((b) => b.browser)).toEqual(['Chrome']);
        expect(await axeProblems(page, { wcag22: true })).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('logging out unsubscribes this browser and takes it off the account', async () => {
    const seller = await createSignedInSeller(app);
    const { page, context, errors } = await sellerPage(seller, 1280, 'en');
    await standInForPushService(context, push, []);
    try {
      // This browser subscribed (as the Settings toggle does) and saved to the account.
      await page.goto(`${app.url}/member/my-info`);
      const sub = await page.evaluate(async (key) => {
        const reg = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
        return (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })).toJSON();
      }, settings.vapid.publicKey);
      await reauthenticate(seller);
      expect((await seller.fetch('/api/notifications/push/subscription', { method: 'PUT', body: JSON.stringify(sub) })).status).toBe(200);
      expect(await browsersOf(seller)).toHaveLength(1);

      const header = page.locator('header');
      await header.getByRole('button', { name: en.nav.logout }).click();
      const logout = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'));
      await page.getByRole('dialog').getByRole('button', { name: en.nav.logout }).click();
      expect((await logout).status()).toBe(200);
      await header.getByRole('link', { name: en.nav.signIn }).waitFor();
      // The push service's side (the stand-in keeps the subscription in localStorage) and the account's.
      expect(await page.evaluate(() => localStorage.getItem('test.pushSubscription'))).toBeNull();
      expect(await app.db.db!.collection(PUSH_SUBSCRIPTIONS_COLLECTION).countDocuments({ sellerId: seller.sellerId })).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
