/**
 * Web Push against the real API, notifier and database, with a local push service standing in for
 * the browsers' (tests/support/push-service.ts: it verifies the VAPID JWT with `jose` and decrypts the
 * aes128gcm body with `http_ece`). A seller's browser subscriptions are checked, bounded and
 * removable; a notification is pushed once per browser in the seller's language; a retried
 * delivery, a second replica, or a process killed after the push service accepted pushes nothing
 * more; 410 removes the subscription, 500 is retried by the sweep; preferences choose per kind, and
 * money and security kinds cannot be turned off. Adding a browser needs a fresh re-authentication;
 * the seller lists and removes their browsers; logout removes this browser, and logout everywhere,
 * a password change or reset and a suspension remove them all with the pushes queued for them.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { notificationText } from '../../domain/notification-texts.js';
import { notificationId } from '../../domain/notifications.js';
import {
  MAX_PUSH_SUBSCRIPTIONS, PUSH_SERVICE_HOSTS, type PushStatusView, type PushSubscriptionsView, type PushSubscriptionView,
} from '../../domain/web-push.js';
import { changeStanding } from '../../infra/accounts/standing.js';
import { eventsCollection } from '../../infra/live/events-collection.js';
import { createMailer } from '../../infra/mail/mailer.js';
import { createNotifier, type Notifier } from '../../infra/notifications/notifier.js';
import { generateVapidKeys, type WebPushSettings } from '../../infra/web-push/config.js';
import { PUSH_OUTBOX_CLAIMS_COLLECTION, PUSH_OUTBOX_COLLECTION, type PushOutboxDoc } from '../../infra/web-push/outbox.js';
import { createPushSender, type PushSender } from '../../infra/web-push/sender.js';
import { PUSH_SUBSCRIPTIONS_COLLECTION } from '../../infra/web-push/subscriptions.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { linkIn, mailsTo, waitForMail } from '../support/mail.js';
import { actionNeeded, withdrawalPaid } from '../support/notifications.js';
import { startPushService, type PushServiceStandIn, type TestSubscription } from '../support/push-service.js';
import { reauthenticate } from '../support/reauth.js';
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
const putSub = (s: SignedInSeller, body: unknown, headers: Record<string, string> = {}) =>
  s.fetch('/api/notifications/push/subscription', { method: 'PUT', body: JSON.stringify(body), headers });
// Adding a browser needs a fresh confirmation: each seller gives it once (10 minutes), as on the settings page.
const confirmed = new Set<string>();
const confirm = async (s: SignedInSeller) => {
  if (confirmed.has(s.sellerId)) return;
  await reauthenticate(s);
  confirmed.add(s.sellerId);
};
const subscribed = async (s: SignedInSeller, userAgent?: string): Promise<TestSubscription> => {
  await confirm(s);
  const sub = push.subscribe(settings.vapid.publicKey);
  const res = await putSub(s, { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }, userAgent ? { 'user-agent': userAgent } : {});
  expect(res.status).toBe(200);
  return sub;
};
/** Queues pushes only (as the support tool does): they wait in the outbox for a worker's sweep. */
const queueOnly = async () => createNotifier({ db: app.db.db!, events: await eventsCollection(app.db), logger: testLogger() }, { push: { sender: null } });
const pushesTo = (sub: TestSubscription) => push.received.filter((p) => p.subscriptionId === sub.id);
const outboxOf = (sellerId: string) => app.db.db!.collection<PushOutboxDoc>(PUSH_OUTBOX_COLLECTION).find({ sellerId }).toArray();
/**
 * Everything queued for the seller was tried: no outbox entry is pending. An entry is marked sent only after the
 * push service took it, so every push the outbox sent has reached the test push service; a second (wrong) push
 * would be an entry of its own, so it is counted, not raced.
 */
const settle = (sellerId: string) => eventually(async () => {
  const docs = await outboxOf(sellerId);
  return !docs.some((d) => d.state === 'pending');
}, 15_000, `the pushes queued for ${sellerId} tried`);

describe('a browser\'s push subscription', () => {
  it('is checked (https push services or the local test origin only, real keys), bounded per seller and removable', async () => {
    const seller = await createSignedInSeller(app);
    expect(await (await seller.fetch('/api/notifications/push')).json()).toEqual({ publicKey: settings.vapid.publicKey, subscriptions: 0 });
    const good = push.subscribe(settings.vapid.publicKey);
    await confirm(seller);
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
      // Each saved at a later millisecond than the one before, so "least recently saved" has one answer.
      const savedBy = Date.now();
      await eventually(async () => Date.now() > savedBy, 1_000, 'the next millisecond');
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
    await confirm(other);
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
    await settle(seller.sellerId);
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
    await settle(seller.sellerId);
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

  it('a worker\'s sweep round (the outbox schedules\' activity) sends what another process only queued, the mail and the push alike, each once', async () => {
    const seller = await createSignedInSeller(app);
    const phone = await subscribed(seller);
    const plan = withdrawalPaid();
    const subject = notificationText('en', plan.titleCode, plan.params);
    const deps = { db: app.db.db!, events: await eventsCollection(app.db), logger: testLogger() };
    // Like the support tool: no mailer, no push sender; both are queued due at once for the workers.
    await (await createNotifier(deps, { mail: { mailer: null, publicUrl: app.url }, push: { sender: null } })).deliver(seller.sellerId, plan);
    // Nothing in this process can send (no sender, and deliver has returned): the push waits in the outbox.
    expect((await outboxOf(seller.sellerId)).map((d) => d.state)).toEqual(['pending']);
    expect(pushesTo(phone)).toHaveLength(0);
    expect((await mailsTo(seller.email)).filter((m) => m.subject === subject)).toHaveLength(0);

    const worker = await createNotifier(deps, {
      mail: { mailer: createMailer(inject('smtpUrl'), 'Coin Market <no-reply@coin-market.test>', testLogger()), publicUrl: app.url },
      push: { sender: createPushSender(settings) },
    });
    // One round of each outbox's sweep, as its schedule runs it (workers/sweeps.ts).
    expect(await Promise.all([worker.outbox!.sweep(), worker.push!.sweep()])).toEqual([1, 1]);
    await eventually(async () => pushesTo(phone).length === 1 && (await mailsTo(seller.email)).some((m) => m.subject === subject), 10_000, 'the push and the mail from the sweep');
    await settle(seller.sellerId);
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
    await settle(seller.sellerId);
    expect(pushesTo(phone).map((p) => p.payload.kind)).toEqual(['withdrawal_paid']);
    expect(pushesTo(phone)[0].payload.body).toBe(notificationText('en', paid.bodyCode, paid.params));
  });
});

describe('a browser does not outlive the end of the sessions it came with', () => {
  const ok = async (res: Promise<Response>) => expect((await res).status).toBe(200);
  const post = (s: SignedInSeller, path: string, body: unknown) => s.fetch(path, { method: 'POST', body: JSON.stringify(body) });
  const ends: [string, (s: SignedInSeller) => Promise<void>][] = [
    ['logout everywhere (revoking API access)', (s) => ok(post(s, '/api/auth/logout-all', { revokeApiAccess: true }))],
    ['a password change', (s) => ok(post(s, '/api/member/password', { oldPassword: s.password, password: 'Brand9New', confirmPassword: 'Brand9New' }))],
    ['a password reset (revoking API access)', async (s) => {
      await ok(fetch(`${app.url}/api/auth/password/forgot`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: s.email }) }));
      const token = new URL(linkIn(await waitForMail(s.email, /Reset your password/))).searchParams.get('token');
      await ok(fetch(`${app.url}/api/auth/password/reset`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, password: 'Brand9New', confirmPassword: 'Brand9New', revokeApiAccess: true }),
      }));
    }],
    ['a suspension by support', async (s) => {
      await changeStanding(app.db.db!, await eventsCollection(app.db), { sellerId: s.sellerId, action: 'suspend', by: 'Dana (support)', why: 'a thief had the session' });
    }],
  ];

  it.each(ends)('%s removes every browser of the seller; a push queued for them and the next payout change are never pushed', async (_, end) => {
    const seller = await createSignedInSeller(app);
    const [thief, owner] = [await subscribed(seller), await subscribed(seller)];
    await (await queueOnly()).deliver(seller.sellerId, withdrawalPaid());
    expect((await outboxOf(seller.sellerId)).map((d) => d.state)).toEqual(['pending', 'pending']);

    await end(seller);
    expect(await app.db.db!.collection(PUSH_SUBSCRIPTIONS_COLLECTION).countDocuments({ sellerId: seller.sellerId })).toBe(0);
    const worker = await notifier();
    expect(await worker.push!.sweep(Date.now())).toBe(0);
    await worker.deliver(seller.sellerId, withdrawalPaid());
    expect(pushesTo(thief)).toEqual([]);
    expect(pushesTo(owner)).toEqual([]);
    expect((await outboxOf(seller.sellerId)).map((d) => d.state)).toEqual(['gone', 'gone']);
  });

  it('logout removes the browser the page names from the signed-out seller only; a malformed one is refused and signs nobody out', async () => {
    const [seller, other] = [await createSignedInSeller(app), await createSignedInSeller(app)];
    const [here, elsewhere] = [await subscribed(seller), await subscribed(seller)];
    const theirs = await subscribed(other);
    const subs = app.db.db!.collection(PUSH_SUBSCRIPTIONS_COLLECTION);

    for (const pushEndpoint of [42, '', 'x'.repeat(1100)]) {
      const bad = await post(seller, '/api/auth/logout', { pushEndpoint });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: { fields: { field: string }[] } }).error.fields.map((f) => f.field)).toEqual(['pushEndpoint']);
    }
    expect((await seller.fetch('/api/me')).status).toBe(200);

    await ok(post(seller, '/api/auth/logout', { pushEndpoint: here.endpoint }));
    expect((await seller.fetch('/api/me')).status).toBe(401);
    expect((await subs.find({ sellerId: seller.sellerId }).toArray()).map((d) => d.endpoint)).toEqual([elsewhere.endpoint]);

    // Naming another seller's browser removes nothing of theirs; naming none removes nothing at all.
    const third = await createSignedInSeller(app);
    await ok(post(third, '/api/auth/logout', { pushEndpoint: theirs.endpoint }));
    expect(await subs.countDocuments({ sellerId: other.sellerId, endpoint: theirs.endpoint })).toBe(1);
    await ok(post(other, '/api/auth/logout', {}));
    expect(await subs.countDocuments({ sellerId: other.sellerId })).toBe(1);
  });
});

describe('the seller\'s browsers in Settings', () => {
  const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
  const MAC_FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0';
  const list = async (s: SignedInSeller): Promise<PushSubscriptionView[]> => {
    const res = await s.fetch('/api/notifications/push/subscriptions');
    expect(res.status).toBe(200);
    return ((await res.json()) as PushSubscriptionsView).subscriptions;
  };
  const removeById = (s: SignedInSeller, id: string) => s.fetch(`/api/notifications/push/subscriptions/${encodeURIComponent(id)}`, { method: 'DELETE' });

  it('lists each browser (named from its user agent, when added, last used) and removes one by id; another seller\'s id answers 404 and removes nothing', async () => {
    const [seller, other] = [await createSignedInSeller(app), await createSignedInSeller(app)];
    const before = Date.now();
    const phone = await subscribed(seller, ANDROID_CHROME);
    const laptop = await subscribed(seller, MAC_FIREFOX);
    await subscribed(other);

    const listed = await list(seller);
    expect(listed.map((v) => ({ browser: v.browser, os: v.os, lastUsedAt: v.lastUsedAt }))).toEqual([
      { browser: 'Firefox', os: 'macOS', lastUsedAt: null }, { browser: 'Chrome', os: 'Android', lastUsedAt: null },
    ]);
    expect(listed.every((v) => Date.parse(v.createdAt) >= before - 1000 && Date.parse(v.createdAt) <= Date.now())).toBe(true);

    // Once a push reached it, the list says when.
    await (await notifier()).deliver(seller.sellerId, withdrawalPaid());
    await eventually(async () => (await outboxOf(seller.sellerId)).every((d) => d.state === 'sent'), 10_000, 'both pushed');
    expect((await list(seller)).every((v) => v.lastUsedAt !== null && Date.parse(v.lastUsedAt) >= before)).toBe(true);

    // Another seller's id, or no id at all: 404, nothing removed.
    const [theirs] = await list(other);
    for (const id of [theirs.id, 'nonsense', 'a'.repeat(32)]) {
      const res = await removeById(seller, id);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('PUSH_SUBSCRIPTION_NOT_FOUND');
    }
    expect(await list(other)).toHaveLength(1);
    expect(await list(seller)).toHaveLength(2);

    // Removing the phone: a push queued for it before is never pushed; the laptop still gets its own.
    await (await queueOnly()).deliver(seller.sellerId, withdrawalPaid());
    const phoneId = listed.find((v) => v.os === 'Android')!.id;
    const res = await removeById(seller, phoneId);
    expect(res.status).toBe(200);
    expect(((await res.json()) as PushSubscriptionsView).subscriptions.map((v) => v.os)).toEqual(['macOS']);
    expect(await (await notifier()).push!.sweep(Date.now())).toBe(1);
    expect(pushesTo(phone)).toHaveLength(1);
    expect(pushesTo(laptop)).toHaveLength(2);
    expect((await removeById(seller, phoneId)).status).toBe(404);
    expect((await fetch(`${app.url}/api/notifications/push/subscriptions`)).status).toBe(401);
  });

  it('adding a browser without a fresh re-authentication is refused and stores nothing', async () => {
    const seller = await createSignedInSeller(app);
    const sub = push.subscribe(settings.vapid.publicKey);
    const refused = await putSub(seller, { endpoint: sub.endpoint, keys: sub.keys });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('reauth_required');
    expect(await app.db.db!.collection(PUSH_SUBSCRIPTIONS_COLLECTION).countDocuments({ sellerId: seller.sellerId })).toBe(0);

    await reauthenticate(seller);
    expect((await putSub(seller, { endpoint: sub.endpoint, keys: sub.keys })).status).toBe(200);
    expect(await list(seller)).toHaveLength(1);
  });
});
