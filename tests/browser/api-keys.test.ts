/**
 * Settings -> API keys in the browser on the real API: a seller without API access reads that
 * support arranges it; with access, sees the keys support issued, renames one, rotates it (the new
 * secret shown once, the old one refused at once) and revokes it. On a 360 px phone in English and
 * Arabic nothing sticks out and axe finds no serious problem, the one-time secret box included.
 * Settings -> Webhooks on the same app, with a real worker delivering to a receiver the test runs:
 * register (errors on their fields, the secret once), a comfort run's deliveries in the log,
 * redeliver, rotate the secret, remove; the log pages with "load more"; 360 px and 1280 px with axe.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createSignedInSeller, type SignedInSeller } from '../support/sellers.js';
import { createProvenSeller } from '../support/proven.js';
import { axeProblems, browserForTests, confirmItIsYou, describedError, signInContext } from '../support/accounts-browser.js';
import { reauthenticate } from '../support/reauth.js';
import { FAST_COMFORT, runWhere, startTransferSimulator, submission, submit } from '../support/comfort.js';
import { eventually, testLogger, uniqueQueue } from '../support/servers.js';
import { testKeyRing } from '../support/secrets.js';
import { ApiKeys } from '../../infra/api-keys/keys.js';
import { WebhookDeliveries } from '../../infra/webhooks/deliveries.js';
import { createTransferGateway } from '../../infra/transfer/gateway.js';
import { createWorker } from '../../workers/worker.js';
import { verifySignature } from '../../examples/webhook-receiver.js';
import { deliveryIdOf, type DeliveryPolicy, type DeliveryView } from '../../domain/webhooks.js';
import en from '../../web/src/i18n/dict/en.js';
import ar from '../../web/src/i18n/dict/ar.js';
import { PAYOUT_DETAILS } from '../support/worlds.js';

const K = en.apikeys;
/** Seconds instead of days. */
const FAST_POLICY: DeliveryPolicy = { initialMs: 200, factor: 2, maxMs: 1_000, horizonMs: 60_000, attemptTimeoutMs: 2_000 };

/** A receiver the test runs: every request recorded as it came (delivery id, signature, raw body) and answered 204. */
async function startReceiver() {
  const seen: { deliveryId: string; signature: string; raw: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ deliveryId: String(req.headers['coin-market-delivery']), signature: String(req.headers['coin-market-signature']), raw: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  const port = await new Promise<number>((r) => server.listen(0, '127.0.0.1', () => r((server.address() as AddressInfo).port)));
  return { server, seen, url: `http://127.0.0.1:${port}/hook` };
}
describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('API keys in Settings', () => {
  let app: TestApp;
  let browser: Browser;
  let keys: ApiKeys;
  let sim: Awaited<ReturnType<typeof startTransferSimulator>>;
  let worker: Awaited<ReturnType<typeof createWorker>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const queue = uniqueQueue('api-keys-browser');
  beforeAll(async () => {
    browser = await browserForTests();
    sim = await startTransferSimulator();
    app = await startTestApp(undefined, { comfortTrade: { taskQueue: queue, timings: FAST_COMFORT }, webhooks: { policy: FAST_POLICY, taskQueue: queue } });
    worker = await createWorker({
      temporalAddress: inject('temporalAddress'), taskQueue: queue, db: app.db, logger: testLogger(),
      workflowBundle: { codePath: inject('workflowBundlePath') }, secrets: testKeyRing(),
      transfer: createTransferGateway({ baseUrl: sim.url, timeoutMs: 2_000 }),
      webhooks: { policy: FAST_POLICY, allowPrivateNetworks: true },
    });
    keys = await ApiKeys.open(app.db.db!);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    receiver?.server.closeAllConnections();
    await new Promise((r) => (receiver ? receiver.server.close(r) : r(undefined)));
    await browser?.close();
    await worker?.shutdown();
    await app?.close();
    await sim?.close();
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
      // Webhooks are for sellers with API access: no section once the page has settled.
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('webhooks').count()).toBe(0);
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

      // A new secret needs the seller to confirm it is them: a wrong password shows nothing new.
      await renamed.getByRole('button', { name: `${K.rotate}: Shop sync` }).click();
      await page.getByRole('dialog').getByRole('button', { name: K.rotate }).click();
      await confirmItIsYou(page, en.account.reauth, 'NotMine123');
      await page.getByTestId('toast').filter({ hasText: en.account.msg.OLD_PASSWORD_WRONG }).waitFor();
      expect(await page.getByTestId('api-key-secret').count()).toBe(0);
      expect(await keys.authenticateKey(first.secret)).toMatchObject({ ok: true });
      await renamed.getByRole('button', { name: `${K.rotate}: Shop sync` }).click();
      await page.getByRole('dialog').getByRole('button', { name: K.rotate }).click();
      await confirmItIsYou(page, en.account.reauth, seller.password);
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
    it(`${lang}: the API keys section fits 360 px and passes axe, the one-time secret included; logging out everywhere can revoke the keys`, async () => {
      const D = lang === 'en' ? en : ar;
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
        await confirmItIsYou(page, D.account.reauth, seller.password, true);
        await page.getByTestId('api-key-secret').waitFor();
        expect(await axeProblems(page)).toEqual([]);
        const shown = (await page.getByTestId('api-key-secret').locator('code').textContent())!;

        // Logout everywhere offers to end what a stolen session may have minted (docs/security.md, item 25).
        await page.getByRole('button', { name: D.account.info.logoutAll, exact: true }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel(D.account.info.revokeApiAccess, { exact: true }).check();
        expect(await axeProblems(page)).toEqual([]);
        await dialog.getByRole('button', { name: D.account.info.logoutAll, exact: true }).click();
        await expect.poll(async () => (await keys.listKeys(seller.sellerId))[0]!.revokedAt, { timeout: 10_000 }).not.toBeNull();
        expect((await seller.fetch('/api/me')).status).toBe(401);
        expect(await keys.authenticateKey(shown)).toEqual({ ok: false, refused: 'revoked' });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  // ---- Webhooks ------------------------------------------------------------------------------
  const W = en.webhooks;

  /** A seller with API access, as support leaves it. */
  const apiSeller = async () => {
    const seller = await createProvenSeller(app);
    await keys.enableApiAccess(seller.sellerId, 'support:test', 'browser test');
    return seller;
  };
  /** An endpoint registered over the API whose log holds `count` deliveries (positions 1..count), each with a refused and a failed attempt. */
  const endpointWithLog = async (seller: SignedInSeller, count: number) => {
    await reauthenticate(seller);
    const res = await seller.fetch('/api/member/webhooks', { method: 'POST', body: JSON.stringify({ url: 'https://hooks.example.com/coin-market/a-rather-long-path-for-a-narrow-phone-screen' }) });
    expect(res.status).toBe(201);
    const { endpoint } = (await res.json()) as { endpoint: { id: string; url: string } };
    const deliveries = await WebhookDeliveries.open(app.db.db!);
    const now = Date.now();
    const ids = Array.from({ length: count }, (_, i) => deliveryIdOf(endpoint.id, i + 1));
    await deliveries.docs.insertMany(ids.map((_id, i) => ({
      _id, endpointId: endpoint.id, sellerId: seller.sellerId, position: i + 1, type: i % 2 ? 'withdrawal:updated' : 'comfort-run:updated',
      subject: `run-${i + 1}`, state: 'expired', createdAt: new Date(now - (count - i) * 60_000), deliveredAt: null,
    } as const)));
    await deliveries.attempts.insertMany(ids.flatMap((deliveryId, i) => [
      { _id: `${deliveryId}#1`, deliveryId, sellerId: seller.sellerId, attempt: 1, redelivery: null, at: new Date(now - (count - i) * 60_000), statusCode: null, error: 'ECONNREFUSED', durationMs: 3 },
      { _id: `${deliveryId}#2`, deliveryId, sellerId: seller.sellerId, attempt: 2, redelivery: null, at: new Date(now - (count - i) * 60_000 + 400), statusCode: 500, error: null, durationMs: 12 },
    ]));
    return endpoint;
  };
  const deliveryLog = async (seller: SignedInSeller, endpointId: string) =>
    ((await (await seller.fetch(`/api/member/webhooks/${endpointId}/deliveries`)).json()) as { deliveries: DeliveryView[] }).deliveries;

  it('webhooks: registers an endpoint (errors on their fields, the secret once), shows a run\'s real deliveries newest first, redelivers, rotates the secret and removes the endpoint', async () => {
    const seller = await apiSeller();
    expect((await seller.fetch('/api/member/settings', { method: 'PUT', body: JSON.stringify({ ...PAYOUT_DETAILS, currentPassword: seller.password }) })).status).toBe(200);
    const { context, page, errors } = await open(seller);
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
      await page.goto(`${app.url}/member/my-info`);
      const card = page.getByTestId('webhooks');
      await card.getByTestId('webhooks-none').waitFor();

      // A URL that is not https and no event chosen: each field says what is wrong, in the words the dictionary has for the server's codes.
      await card.getByLabel(W.url, { exact: true }).fill('ftp://example.com/hook');
      for (const label of Object.values(W.event)) await card.getByLabel(label, { exact: true }).uncheck();
      await card.getByRole('button', { name: W.add }).click();
      await expect.poll(() => describedError(page, W.url, card)).toBe(W.codes.WEBHOOK_URL_HTTP);
      expect(await card.getByTestId('webhook-events-error').textContent()).toBe(W.codes.WEBHOOK_EVENTS_INVALID);
      expect(await card.getByTestId('webhook').count()).toBe(0);

      await card.getByLabel(W.url, { exact: true }).fill(receiver.url);
      await card.getByLabel(W.event.comfortRun, { exact: true }).check();
      await card.getByLabel(W.event.withdrawal, { exact: true }).check();
      await card.getByRole('button', { name: W.add }).click();
      await confirmItIsYou(page, en.account.reauth, seller.password);
      const box = card.getByTestId('webhook-secret');
      await box.waitFor();
      expect(await box.textContent()).toContain(W.secretOnce);
      const secret = (await box.locator('code').textContent())!;
      expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      await box.getByRole('button', { name: `${en.copy.button}: ${W.secretTitle.replace('{{url}}', receiver.url)}` }).click();
      await page.getByTestId('toast').filter({ hasText: en.copy.ok }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      const row = card.getByTestId('webhook');
      await row.waitFor();
      expect(await row.textContent()).toContain(receiver.url);
      expect(await row.textContent()).toContain(`${W.event.comfortRun}, ${W.event.withdrawal}`);
      expect(await describedError(page, W.url, card)).toBe('');
      expect(await card.getByTestId('webhook-events-error').textContent()).toBe('');
      await box.getByRole('button', { name: W.done }).click();
      await expect.poll(() => box.count()).toBe(0);
      await page.reload();
      await row.waitFor();
      expect(await page.content()).not.toContain(secret);

      // A comfort run's statuses reach the receiver, each signed with the secret the page showed.
      const endpointId = (await row.getAttribute('data-endpoint-id'))!;
      const run = await submit(seller, submission());
      await runWhere(seller, run.runId, (r) => r.status === 'paid', 'run paid');
      const paid = await eventually(async () => receiver.seen.find((s) => JSON.parse(s.raw).data?.status === 'paid'), 30_000, 'the paid status received');
      // The dispatch posts, then writes the delivery: wait until the log holds the paid status's delivery too.
      const log = await eventually(async () => {
        const l = await deliveryLog(seller, endpointId);
        return l.some((d) => d.id === paid.deliveryId) && l.every((d) => d.state === 'delivered') && l;
      }, 30_000, 'every delivery delivered and logged');
      expect(log.length).toBeGreaterThanOrEqual(2);
      expect(receiver.seen.every((s) => verifySignature(secret, s.signature, s.raw))).toBe(true);

      await row.getByRole('button', { name: `${W.log}: ${receiver.url}` }).click();
      const items = row.getByTestId('delivery');
      await expect.poll(() => items.count()).toBe(log.length);
      const shown = await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-delivery-id')));
      expect(shown).toEqual(log.map((d) => d.id));
      const positions = log.map((d) => d.position);
      expect(positions).toEqual([...positions].sort((a, b) => b - a));
      const newest = items.first();
      expect(await newest.textContent()).toContain(W.event.comfortRun);
      expect(await newest.getByTestId('delivery-state').textContent()).toBe(W.state.delivered);
      expect(await newest.getByTestId('delivery-attempt').first().textContent()).toContain('HTTP 204');
      expect(await row.getByRole('button', { name: W.loadMore }).count()).toBe(0);

      // Redeliver: the same delivery id arrives again, and the log shows the redelivery's attempt.
      const sent = () => receiver.seen.filter((s) => s.deliveryId === log[0]!.id);
      expect(sent()).toHaveLength(1);
      await newest.getByRole('button', { name: `${W.redeliver}: #${log[0]!.position}` }).click();
      await page.getByTestId('toast').filter({ hasText: W.redelivered }).waitFor();
      await eventually(async () => sent().length === 2, 20_000, 'the redelivery received');
      const redone = newest.getByTestId('delivery-attempt').filter({ hasText: `(${W.redelivery})` });
      await expect.poll(async () => {
        await row.getByRole('button', { name: W.refresh }).click();
        return redone.count();
      }, { timeout: 20_000 }).toBe(1);
      expect(await redone.textContent()).toContain('HTTP 204');

      // Rotate: a new secret shown once (the confirmation above still holds: 10 minutes), and the next delivery is signed with it.
      await row.getByRole('button', { name: `${W.rotate}: ${receiver.url}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: W.rotate }).click();
      await box.waitFor();
      const rotated = (await box.locator('code').textContent())!;
      expect(rotated).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      expect(rotated).not.toBe(secret);
      await expect.poll(() => row.textContent()).toContain(W.previousUntil);
      await box.getByRole('button', { name: W.done }).click();
      await newest.getByRole('button', { name: `${W.redeliver}: #${log[0]!.position}` }).click();
      await eventually(async () => sent().length === 3, 20_000, 'a delivery after the rotation');
      expect(verifySignature(rotated, sent()[2]!.signature, sent()[2]!.raw)).toBe(true);

      // Remove, after a confirmation.
      await row.getByRole('button', { name: `${W.remove}: ${receiver.url}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: W.remove }).click();
      await page.getByTestId('toast').filter({ hasText: W.removed }).waitFor();
      await card.getByTestId('webhooks-none').waitFor();
      expect(((await (await seller.fetch('/api/member/webhooks')).json()) as { endpoints: unknown[] }).endpoints).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('webhooks: the delivery log shows 20 newest first and the rest with "load more", each attempt with its status code or error', async () => {
    const seller = await apiSeller();
    const endpoint = await endpointWithLog(seller, 25);
    const { context, page, errors } = await open(seller);
    try {
      await page.goto(`${app.url}/member/my-info`);
      const row = page.getByTestId('webhook');
      await row.getByRole('button', { name: `${W.log}: ${endpoint.url}` }).click();
      const items = row.getByTestId('delivery');
      await expect.poll(() => items.count()).toBe(20);
      const ids = () => items.evaluateAll((els) => els.map((e) => e.getAttribute('data-delivery-id')));
      expect(await ids()).toEqual(Array.from({ length: 20 }, (_, i) => deliveryIdOf(endpoint.id, 25 - i)));
      const attempts = items.first().getByTestId('delivery-attempt');
      expect(await attempts.allTextContents()).toEqual([expect.stringContaining('ECONNREFUSED'), expect.stringContaining('HTTP 500')]);
      expect(await items.first().getByTestId('delivery-state').textContent()).toBe(W.state.expired);
      await row.getByRole('button', { name: W.loadMore }).click();
      await expect.poll(() => items.count()).toBe(25);
      expect(await ids()).toEqual(Array.from({ length: 25 }, (_, i) => deliveryIdOf(endpoint.id, 25 - i)));
      expect(await row.getByRole('button', { name: W.loadMore }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  for (const lang of ['en', 'ar'] as const) {
    it(`${lang}: the webhooks section fits 360 px and 1280 px and passes axe (log open, field errors, the one-time secret)`, async () => {
      const D = lang === 'en' ? en.webhooks : ar.webhooks;
      const seller = await apiSeller();
      const endpoint = await endpointWithLog(seller, 3);
      const { context, page, errors } = await open(seller, 360, lang);
      try {
        await page.goto(`${app.url}${lang === 'en' ? '' : `/${lang}`}/member/my-info`);
        const card = page.getByTestId('webhooks');
        await card.getByRole('button', { name: `${D.log}: ${endpoint.url}` }).click();
        await expect.poll(() => card.getByTestId('delivery').count()).toBe(3);
        await card.getByLabel(D.url, { exact: true }).fill('not a url');
        await card.getByRole('button', { name: D.add }).click();
        await expect.poll(() => describedError(page, D.url, card)).toBe(D.codes.WEBHOOK_URL_INVALID);
        await card.getByRole('button', { name: `${D.rotate}: ${endpoint.url}` }).click();
        await page.getByRole('dialog').getByRole('button', { name: D.rotate }).click();
        await card.getByTestId('webhook-secret').waitFor();
        for (const width of [360, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          expect(await axeProblems(page), `${lang} at ${width} px`).toEqual([]);
          if (process.env.SHOTS) await card.screenshot({ path: `${process.env.SHOTS}/webhooks-${lang}-${width}.png` });
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
