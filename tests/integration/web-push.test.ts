/**
 * Web Push against the real API, notifier and database, with a local push service standing in for
 * the browsers' (tests/support/push-service.ts: it verifies the VAPID JWT with `jose` and decrypts the
 * aes128gcm body with `http_ece`). A seller's browser subscriptions are checked, bounded and
 * removable; a notification is pushed once per browser in the seller's language; a retried
 * delivery, a second replica, or a process killed after the push service accepted pushes nothing
 * more; 410 removes the subscription, 500 is retried by the sweep; preferences choose per kind, and
 * money and security kinds cannot be turned off.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { notificationText } from '../../domain/notification-texts.js';
import { notificationId } from '../../domain/notifications.js';
import { MAX_PUSH_SUBSCRIPTIONS, PUSH_SERVICE_HOSTS, type PushStatusView } from '../../domain/web-push.js';
import { eventsCollection } from '../../infra/live/events-collection.js';
import { createMailer } from '../../infra/mail/mailer.js';
import { createNotifier, type Notifier } from '../../infra/notifications/notifier.js';
import { generateVapidKeys, type WebPushSettings } from '../../infra/web-push/config.js';
import { PUSH_OUTBOX_CLAIMS_COLLECTION, PUSH_OUTBOX_COLLECTION, type PushOutboxDoc } from '../../infra/web-push/outbox.js';
import { createPushSender, type PushSender } from '../../infra/web-push/sender.js';
import { PUSH_SUBSCRIPTIONS_COLLECTION } from '../../infra/web-push/subscriptions.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { mailsTo } from '../support/mail.js';
import { actionNeeded, withdrawalPaid } from '../support/notifications.js';
import { startPushService, type PushServiceStandIn, type TestSubscription } from '../support/push-service.js';
import { createSignedInSeller, type SignedInSeller } from '../support/sellers.js';
import { eventually, testLogger } from '../support/servers.js';

let app: TestApp;
let push: PushServiceStandIn;
let settings: WebPushSettings;
beforeAll(async () => {
  push = await startPushService();
  settings = { vapid: generateVapidKeys(), hosts: PUSH_SERVICE_HOSTS, localOrigin: push.origin };
  app = await startTestApp(undefined, { webPush: settings });
});
afterAll(async () => {
  await app?.close();
  await push?.close();
});

const STUCK_MS = 60_000;
/** A notifier as a worker runs it (one per "process"); `sender` defaults to the real one. */
async function notifier(sender: PushSender = createPushSender(settings), sendWaitMs = 5_000): Promise<Notifier> {
  return createNotifier({ db: app.db.db!, events: await eventsCollection(app.db), logger: testLogger() }, { push: { sender, outbox: { stuckMs: STUCK_MS, sendWaitMs } } });
}
const putSub = (s: SignedInSeller, body: unknown) => s.fetch('/api/notifications/push/subscription', { method: 'PUT', body: JSON.stringify(body) });
const subscribed = async (s: SignedInSeller): Promise<TestSubscription> => {
  const sub = push.subscribe(settings.vapid.publicKey);
  const res = await putSub(s, { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys });
  expect(res.status).toBe(200);
  return sub;
};
const pushesTo = (sub: TestSubscription) => push.received.filter((p) => p.subscriptionId === sub.id);
const outboxOf = (sellerId: string) => app.db.db!.collection<PushOutboxDoc>(PUSH_OUTBOX_COLLECTION).find({ sellerId }).toArray();
/** A short settle, so a second (wrong) push has had time to arrive. */
const settle = () => new Promise((r) => setTimeout(r, 300));

describe('a browser\'s push subscription', () => {
  it('is checked (https push services or the local test origin only, real keys), bounded per seller and removable', async () => {
    const seller = await createSignedInSeller(app);
    expect(await (await seller.fetch('/api/notifications/push')).json()).toEqual({ publicKey: settings.vapid.publicKey, subscriptions: 0 });
    const good = push.subscribe(settings.vapid.publicKey);
    const bad: [unknown, string[]][] = [
      [{ endpoint: 'http://fcm.googleapis.com/fcm/send/x', keys: good.keys }, ['endpoint']],
      [{ endpoint: 'https://intranet.example.com/push', keys: good.keys }, ['endpoint']],
      [{ endpoint: 'https://fcm.googleapis.com.evil.example/x', keys: good.keys }, ['endpoint']],
      [{ endpoint: `${good.endpoint}${'x'.repeat(1100)}`, keys: good.keys }, ['endpoint']],
      [{ endpoint: good.endpoint, keys: { p256dh: good.keys.p256dh.slice(1), auth: good.keys.auth } }, ['keys.p256dh']],
      [{ endpoint: good.endpoint, keys: { p256dh: good.keys.p256dh, auth: `${good.keys.auth}AAAA` } }, ['keys.auth']],
      ['nonsense', ['endpoint', 'keys.p256dh', 'keys.auth']],
    ];
    for (const [body, fields] of bad) {
      const res = await putSub(seller, body);
      expect(res.status).toBe(400);
      const err = ((await res.json()) as { error: { fields: { field: string; code: string }[] } }).error;
      expect(err.fields.map((f) => f.field)).toEqual(fields);
      expect(err.fields.every((f) => f.code === 'PUSH_SUBSCRIPTION_INVALID')).toBe(true);
    }
    const subs = app.db.db!.collection(PUSH_SUBSCRIPTIONS_COLLECTION);
    expect(await subs.countDocuments({ sellerId: seller.sellerId })).toBe(0);

    // One more than the bound: the least recently saved browser is dropped.
    const made: TestSubscription[] = [];
    for (let i = 0; i <= MAX_PUSH_SUBSCRIPTIONS; i++) {
      made.push(await subscribed(seller));
      await new Promise((r) => setTimeout(r, 5));
    }
    const endpoints = (await subs.find({ sellerId: seller.sellerId }).toArray()).map((d) => d.endpoint as string);
    expect(endpoints.sort()).toEqual(made.slice(1).map((m) => m.endpoint).sort());

    // Removing: only the seller's own; another seller naming the endpoint changes nothing.
    const other = await createSignedInSeller(app);
    await other.fetch('/api/notifications/push/subscription', { method: 'DELETE', body: JSON.stringify({ endpoint: made[1].endpoint }) });
    const status = (await (await seller.fetch('/api/notifications/push/subscription', { method: 'DELETE', body: JSON.stringify({ endpoint: made[2].endpoint }) })).json()) as PushStatusView;
    expect(status.subscriptions).toBe(MAX_PUSH_SUBSCRIPTIONS - 1);
    expect(await subs.countDocuments({ endpoint: made[1].endpoint })).toBe(1);

    // The same browser saved by another seller (a shared computer) now belongs to them alone.
    expect((await putSub(other, { endpoint: made[1].endpoint, keys: made[1].keys })).status).toBe(200);
    expect(await subs.countDocuments({ endpoint: made[1].endpoint, sellerId: other.sellerId })).toBe(1);
    expect(await subs.countDocuments({ sellerId: seller.sellerId })).toBe(MAX_PUSH_SUBSCRIPTIONS - 2);

    expect((await fetch(`${app.url}/api/notifications/push`)).status).toBe(401);
  });
});

describe('pushing a notification', () => {
  it('pushes once per browser in the seller\'s language, VAPID-signed and encrypted; a repeat or a second replica pushes nothing more', async () => {
    const seller = await createSignedInSeller(app);
    await seller.fetch('/api/notifications/preferences', { method: 'PUT', body: JSON.stringify({ kinds: [], language: 'de' }) });
    const [phone, laptop] = [await subscribed(seller), await subscribed(seller)];
    const plan = actionNeeded();
    const [a, b] = [await notifier(), await notifier()];
    await a.deliver(seller.sellerId, plan);
    await eventually(async () => pushesTo(phone).length === 1 && pushesTo(laptop).length === 1, 10_000, 'one push to each browser');

    const [got] = pushesTo(phone);
    expect(got.payload).toEqual({
      title: notificationText('de', plan.titleCode, plan.params), body: notificationText('de', plan.bodyCode, plan.params),
      link: plan.link, lang: 'de', dir: 'ltr', tag: notificationId(plan), kind: 'action_needed',
    });
    expect(got.payload.title).toBe('Handlung nötig: Ihr Verkauf wartet auf Sie');
    expect(got.claims.aud).toBe(push.origin);
    expect(got.headers.urgency).toBe('high');

    // The retried activity, and another replica at the same time: nothing new queued or pushed.
    await Promise.all([a.deliver(seller.sellerId, plan), b.deliver(seller.sellerId, plan)]);
    await settle();
    expect(pushesTo(phone)).toHaveLength(1);
    expect(pushesTo(laptop)).toHaveLength(1);
    expect((await outboxOf(seller.sellerId)).map((d) => d.state)).toEqual(['sent', 'sent']);
  });

  it('a process killed after the push service accepted leaves its claim: the retry pushes nothing, and the sweep marks it unknown, never resent', async () => {
    const seller = await createSignedInSeller(app);
    const phone = await subscribed(seller);
    const real = createPushSender(settings);
    // Pushes, then never returns: the process died before recording the push as sent.
    const dying: PushSender = { publicKey: real.publicKey, send: async (...args) => { await real.send(...args); return new Promise(() => undefined); } };
    const plan = withdrawalPaid();
    await (await notifier(dying, 200)).deliver(seller.sellerId, plan);
    await eventually(async () => pushesTo(phone).length === 1, 10_000, 'the first push');
    const [doc] = await outboxOf(seller.sellerId);
    expect(doc).toMatchObject({ state: 'pending', attempts: 0 });
    expect(await app.db.db!.collection(PUSH_OUTBOX_CLAIMS_COLLECTION).countDocuments({ _id: `${doc._id}#1` as never })).toBe(1);

    const retried = await notifier();
    await retried.deliver(seller.sellerId, plan);
    expect(await retried.push!.sweep(Date.now() + 120_000)).toBe(0);
    await settle();
    expect(pushesTo(phone)).toHaveLength(1);
    expect((await outboxOf(seller.sellerId))[0].state).toBe('unknown');
  });

  it('410 removes the browser\'s subscription; 500 is retried by the sweep and pushed once', async () => {
    const seller = await createSignedInSeller(app);
    const [gone, busy] = [await subscribed(seller), await subscribed(seller)];
    push.answer(gone.id, 410);
    push.answer(busy.id, 500);
    const n = await notifier();
    await n.deliver(seller.sellerId, withdrawalPaid());
    await eventually(async () => (await outboxOf(seller.sellerId)).every((d) => d.state === 'gone' || d.attempts === 1), 10_000, 'both tried');
    const subs = app.db.db!.collection(PUSH_SUBSCRIPTIONS_COLLECTION);
    expect(await subs.countDocuments({ endpoint: gone.endpoint })).toBe(0);
    expect(await subs.countDocuments({ endpoint: busy.endpoint })).toBe(1);
    expect((await outboxOf(seller.sellerId)).map((d) => d.state).sort()).toEqual(['gone', 'pending']);

    push.answer(busy.id, 0);
    expect(await n.push!.sweep(Date.now())).toBe(0);
    expect(await n.push!.sweep(Date.now() + 31_000)).toBe(1);
    expect(await n.push!.sweep(Date.now() + 120_000)).toBe(0);
    expect(pushesTo(busy)).toHaveLength(1);
    expect(pushesTo(gone)).toHaveLength(0);
  });

  it('a worker\'s one sweep timer sends what another process only queued, the mail and the push alike, each once', async () => {
    const seller = await createSignedInSeller(app);
    const phone = await subscribed(seller);
    const plan = withdrawalPaid();
    const subject = notificationText('en', plan.titleCode, plan.params);
    const deps = { db: app.db.db!, events: await eventsCollection(app.db), logger: testLogger() };
    // Like the support tool: no mailer, no push sender; both are queued due at once for the workers.
    await (await createNotifier(deps, { mail: { mailer: null, publicUrl: app.url }, push: { sender: null } })).deliver(seller.sellerId, plan);
    await settle();
    expect(pushesTo(phone)).toHaveLength(0);
    expect((await mailsTo(seller.email)).filter((m) => m.subject === subject)).toHaveLength(0);

    const worker = await createNotifier(deps, {
      mail: { mailer: createMailer(inject('smtpUrl'), 'Coin Market <no-reply@coin-market.test>', testLogger()), publicUrl: app.url },
      push: { sender: createPushSender(settings) }, sweepMs: 100,
    });
    const stop = worker.start(testLogger());
    try {
      await eventually(async () => pushesTo(phone).length === 1 && (await mailsTo(seller.email)).some((m) => m.subject === subject), 10_000, 'the push and the mail from the sweep');
      await settle();
    } finally {
      stop();
    }
    expect(pushesTo(phone)).toHaveLength(1);
    expect((await mailsTo(seller.email)).filter((m) => m.subject === subject)).toHaveLength(1);
    expect((await outboxOf(seller.sellerId)).map((d) => d.state)).toEqual(['sent']);
  });

  it('follows the seller\'s choice per kind; a money kind cannot be turned off and is pushed', async () => {
    const seller = await createSignedInSeller(app);
    const phone = await subscribed(seller);
    const off = await seller.fetch('/api/notifications/preferences', { method: 'PUT', body: JSON.stringify({ kinds: [{ kind: 'action_needed', email: true, inApp: true, push: false }] }) });
    expect(off.status).toBe(200);
    const refused = await seller.fetch('/api/notifications/preferences', { method: 'PUT', body: JSON.stringify({ kinds: [{ kind: 'withdrawal_paid', email: true, inApp: true, push: false }] }) });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { fields: { field: string; code: string }[] } }).error.fields).toMatchObject([{ field: 'kinds.0.push', code: 'NOTIFICATION_MANDATORY' }]);
    const prefs = (await (await seller.fetch('/api/notifications/preferences')).json()) as { kinds: { kind: string; push: boolean }[] };
    expect(prefs.kinds.find((k) => k.kind === 'action_needed')?.push).toBe(false);
    expect(prefs.kinds.find((k) => k.kind === 'withdrawal_paid')?.push).toBe(true);

    const n = await notifier();
    await n.deliver(seller.sellerId, actionNeeded());
    const paid = withdrawalPaid();
    await n.deliver(seller.sellerId, paid);
    await eventually(async () => pushesTo(phone).length >= 1, 10_000, 'the money push');
    await settle();
    expect(pushesTo(phone).map((p) => p.payload.kind)).toEqual(['withdrawal_paid']);
    expect(pushesTo(phone)[0].payload.body).toBe(notificationText('en', paid.bodyCode, paid.params));
  });
});
