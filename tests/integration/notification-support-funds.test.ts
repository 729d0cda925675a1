/**
 * Issue 32, finding 4: a run that stops on a state only support can solve tells the seller (what
 * happened, what they may do, what happens next, the support contacts), once per wait, and resolves
 * when support resumes it; money that becomes available (the review ends) is told once with its
 * amount and the withdraw page. Real API, Temporal worker, provider simulator, notifier and SMTP
 * server (the suite's catcher); the review is shortened by the timings configuration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { comfortRunWorkflowId, type ComfortRunView } from '../../domain/comfort-trade.js';
import type { NotificationPage, NotificationView } from '../../domain/notifications.js';
import { DEVELOPMENT_SUPPORT_CHANNELS } from '../../domain/support-channels.js';
import { supportChannelsFromEnv } from '../../infra/config/support-channels.js';
import { connectTemporal } from '../../infra/temporal.js';
import { eventsCollection } from '../../infra/live/events-collection.js';
import { createMailer } from '../../infra/mail/mailer.js';
import { createNotifier } from '../../infra/notifications/notifier.js';
import { FEED_COLLECTION, toSellerEvent, type FeedDoc } from '../../infra/seller-feed/feed.js';
import { FAST_COMFORT, runWhere, steerTransfer, submission, submit } from '../support/comfort.js';
import { settledMails, waitForMail } from '../support/mail.js';
import { startNotifyingWorld, TEST_MAIL_FROM, type NotifyingWorld } from '../support/notifying-world.js';
import { createProvenSeller } from '../support/proven.js';
import type { SignedInSeller } from '../support/sellers.js';
import { testKeyRing } from '../support/secrets.js';
import { testLogger } from '../support/servers.js';
import { eventually } from '../support/wait.js';
import { cardsCollection, type CardDoc } from '../../infra/market/cards.js';
import { createMarketGateway } from '../../infra/market/gateway.js';
import { PURCHASE_STATUS_QUERY, PURCHASE_UPDATES } from '../../domain/player-trade.js';
import { createWorker } from '../../workers/worker.js';
import { addGameAccount, buyOnSimulator, pick, startSimulator, steer, syncFromSimulator } from '../support/player-trade.js';
import { uniqueQueue } from '../support/servers.js';
import { savePayoutSettings } from '../support/withdrawals.js';

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const mailsAbout = (title: string, account: string) => new RegExp(`^${escaped(title)} \\(${escaped(account)}\\)$`);

describe('the seller is told when a run waits for support and when its money becomes available', () => {
  let world: NotifyingWorld;
  let seller: SignedInSeller;
  let temporal: Awaited<ReturnType<typeof connectTemporal>>;

  beforeAll(async () => {
    world = await startNotifyingWorld('support-funds', FAST_COMFORT);
    temporal = await connectTemporal(inject('temporalAddress'), testKeyRing());
    seller = await createProvenSeller(world.app);
    await savePayoutSettings(seller);
  }, 60_000);
  afterAll(async () => {
    await temporal?.connection.close();
    await world?.close();
  });

  const entries = async (): Promise<NotificationView[]> => ((await (await seller.fetch('/api/notifications')).json()) as NotificationPage).items;
  const entriesOf = async (kind: string, runId: string) => (await entries()).filter((n) => n.kind === kind && n.subject.id === runId);

  it('Customer Online: one entry and one mail naming the account, what to do, what happens next and the support contacts; resolved when support resumes; the money available once', { timeout: 90_000 }, async () => {
    const sent = submission({ coinAmount: 200_000 });
    await steerTransfer(world.sim.url, 'rules', { email: sent.email, error: 'customer_online', afterChunks: 1 });
    const run = await submit(seller, sent);
    await runWhere(seller, run.runId, (r) => r.subState === 'customer_online', 'Customer Online');

    const waitSubject = mailsAbout('Your sale waits for support', run.originEmail);
    await waitForMail(seller.email, waitSubject);
    const waitMails = await settledMails(world.app.db.db!, seller.sellerId, seller.email, waitSubject);
    expect(waitMails).toHaveLength(1);
    const text = waitMails[0]!.text;
    expect(text).toContain('someone is logged in to the game account');
    expect(text).toContain('You may log out of the game everywhere.');
    expect(text).toContain('support has been told and resumes the run');
    expect(text).toContain(`Game account: ${run.originEmail}`);
    // The same contacts the pages show (the API's configuration: development channels here).
    expect(supportChannelsFromEnv({})).toEqual(DEVELOPMENT_SUPPORT_CHANNELS);
    for (const c of DEVELOPMENT_SUPPORT_CHANNELS) expect(text).toContain(c.value);
    expect(waitMails[0]!.html).toContain('Support contacts: Email support@coinmarket.example');

    const [waiting, ...more] = await entriesOf('waiting_support', run.runId);
    expect(more).toEqual([]);
    expect(waiting).toMatchObject({ bodyCode: 'waiting_support.customer_online', params: { account: run.originEmail }, link: `/member/sold-record?run=${run.runId}` });
    expect(waiting!.resolvedAt ?? null).toBeNull();

    // A second replica (or a retried activity) telling the same change: nothing new.
    const feed = await world.app.db.db!.collection<FeedDoc>(FEED_COLLECTION).find({ sellerId: seller.sellerId, subject: run.runId }).toArray();
    const told = feed.map(toSellerEvent).filter((e) => e.type === 'comfort-run:updated' && e.data.subState === 'customer_online');
    expect(told).toHaveLength(1);
    const replica = await createNotifier({ db: world.app.db.db!, events: await eventsCollection(world.app.db), logger: testLogger() }, {
      mail: { mailer: createMailer(inject('smtpUrl'), TEST_MAIL_FROM, testLogger()), publicUrl: world.app.url }, supportChannels: DEVELOPMENT_SUPPORT_CHANNELS,
    });
    await Promise.all([replica.notify(seller.sellerId, told[0]!), replica.notify(seller.sellerId, told[0]!)]);
    expect(await settledMails(world.app.db.db!, seller.sellerId, seller.email, waitSubject)).toHaveLength(1);
    expect(await entriesOf('waiting_support', run.runId)).toHaveLength(1);

    // Support resumes: the run completes, the review (1.5 s here) ends and the money is available.
    await temporal.client.workflow.getHandle(comfortRunWorkflowId(run.runId))
      .executeUpdate<ComfortRunView, [{ by: string; reason: string }]>('retry', { args: [{ by: 'agent-ann', reason: 'seller logged out everywhere' }] });
    const paid = await runWhere(seller, run.runId, (r) => r.status === 'paid', 'paid after the retry');
    const resolved = await eventually(async () => (await entriesOf('waiting_support', run.runId)).find((n) => n.resolvedAt), 15_000, 'the support wait resolved');
    expect(resolved).toMatchObject({ resolution: 'fixed' });

    const fundsSubject = mailsAbout('Money available', run.originEmail);
    await waitForMail(seller.email, fundsSubject);
    const fundsMails = await settledMails(world.app.db.db!, seller.sellerId, seller.email, fundsSubject);
    expect(fundsMails).toHaveLength(1);
    expect(paid.creditedCents).toBeGreaterThan(0);
    const amount = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(paid.creditedCents! / 100);
    expect(fundsMails[0]!.text).toContain(`${amount} from your comfort trade is now in your available balance. You can withdraw it now.`);
    expect(fundsMails[0]!.text).toContain(`${world.app.url}/member/withdraw`);
    expect(fundsMails[0]!.text).not.toContain('Support contacts');
    const funds = await entriesOf('funds_available', run.runId);
    expect(funds).toHaveLength(1);
    expect(funds[0]).toMatchObject({ params: { amountCents: paid.creditedCents, account: run.originEmail }, link: '/member/withdraw' });
    // Still one support wait: resolving made nothing new.
    expect(await entriesOf('waiting_support', run.runId)).toHaveLength(1);
  });

  it('a purchase whose freeze ends: one funds_available entry and one mail with the amount and the withdraw link', { timeout: 60_000 }, async () => {
    const market = await startSimulator();
    const queue = uniqueQueue('funds-purchase');
    const worker = await createWorker({
      temporalAddress: inject('temporalAddress'), taskQueue: queue, db: world.app.db, logger: testLogger(),
      workflowBundle: { codePath: inject('workflowBundlePath') }, secrets: testKeyRing(),
      market: createMarketGateway({ baseUrl: market.url, timeoutMs: 2_000 }),
      notifications: { mail: { mailer: createMailer(inject('smtpUrl'), TEST_MAIL_FROM, testLogger()), publicUrl: world.app.url }, supportChannels: DEVELOPMENT_SUPPORT_CHANNELS },
    });
    try {
      await syncFromSimulator(world.app.db, market.url);
      const card = (await (await cardsCollection(world.app.db.db!)).findOne({ state: 'listed' })) as CardDoc;
      const account = await addGameAccount(world.app.db, seller.sellerId, card.platform);
      // The freeze (1.5 s) is the workflow's timing input: the release comes from its durable timer, no sleep here.
      const { handle, purchaseId } = await pick(temporal.client, queue, { sellerId: seller.sellerId, cardId: card._id, gameAccountId: account._id, timings: { freezeMs: 1_500 } });
      await buyOnSimulator(market.url, card._id, card.platform, account.name);
      await handle.executeUpdate(PURCHASE_UPDATES.bought, { args: [{ by: seller.sellerId }] });
      const final = (await handle.result()) as { state: string; incomeCents: number };
      expect(final.state).toBe('available');

      const subject = /^Money available$/;
      await waitForMail(seller.email, subject);
      const mails = await settledMails(world.app.db.db!, seller.sellerId, seller.email, subject);
      expect(mails).toHaveLength(1);
      const amount = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(final.incomeCents / 100);
      expect(mails[0]!.text).toContain(`${amount} for `);
      expect(mails[0]!.text).toContain('is now in your available balance. You can withdraw it now.');
      expect(mails[0]!.text).toContain(`${world.app.url}/member/withdraw`);
      const funds = (await entries()).filter((n) => n.kind === 'funds_available' && n.subject.id === purchaseId);
      expect(funds).toHaveLength(1);
      expect(funds[0]).toMatchObject({ bodyCode: 'funds_available.purchase', params: { amountCents: final.incomeCents }, link: '/member/withdraw' });
    } finally {
      await worker.shutdown();
      await market.close();
    }
  });
  it('a purchase the game cannot confirm after every try: one waiting_support entry and one mail saying support checks it; resolved when support verifies it', { timeout: 60_000 }, async () => {
    const market = await startSimulator();
    const queue = uniqueQueue('stuck-purchase');
    const worker = await createWorker({
      temporalAddress: inject('temporalAddress'), taskQueue: queue, db: world.app.db, logger: testLogger(),
      workflowBundle: { codePath: inject('workflowBundlePath') }, secrets: testKeyRing(),
      market: createMarketGateway({ baseUrl: market.url, timeoutMs: 2_000 }),
      notifications: { mail: { mailer: createMailer(inject('smtpUrl'), TEST_MAIL_FROM, testLogger()), publicUrl: world.app.url }, supportChannels: DEVELOPMENT_SUPPORT_CHANNELS },
    });
    try {
      await syncFromSimulator(world.app.db, market.url);
      const card = (await (await cardsCollection(world.app.db.db!)).findOne({ state: 'listed' })) as CardDoc;
      const account = await addGameAccount(world.app.db, seller.sellerId, card.platform);
      const { handle, purchaseId } = await pick(temporal.client, queue, { sellerId: seller.sellerId, cardId: card._id, gameAccountId: account._id, timings: { freezeMs: 60_000 } });
      await buyOnSimulator(market.url, card._id, card.platform, account.name);
      // The game's verification fails on every attempt of the (test's short) policy: the purchase waits for support.
      await steer(market.url, { mode: 'error', remaining: 1_000 });
      await handle.executeUpdate(PURCHASE_UPDATES.bought, { args: [{ by: seller.sellerId }] });
      await eventually(async () => (await handle.query(PURCHASE_STATUS_QUERY))?.state === 'stuck', 30_000, 'stuck');
      await steer(market.url, { mode: 'normal', remaining: 0 });

      const subject = /^Your sale waits for support$/;
      await waitForMail(seller.email, subject);
      const mails = await settledMails(world.app.db.db!, seller.sellerId, seller.email, subject);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(`We could not confirm your purchase of ${card.playerName} with the game after several tries. You do not need to do anything: support checks it and credits it if it was bought.`);
      for (const c of DEVELOPMENT_SUPPORT_CHANNELS) expect(mails[0]!.text).toContain(c.value);
      const waits = async () => (await entries()).filter((n) => n.kind === 'waiting_support' && n.subject.id === purchaseId);
      const [waiting, ...more] = await waits();
      expect(more).toEqual([]);
      expect(waiting).toMatchObject({ bodyCode: 'waiting_support.purchase', params: { player: card.playerName } });
      expect(waiting!.resolvedAt ?? null).toBeNull();

      // Support verifies it by hand: the wait resolves, once, and nothing new is told about the wait.
      await handle.executeUpdate(PURCHASE_UPDATES.supportResolve, { args: [{ decision: 'verified', by: 'agent-ana', reason: 'checked the club transfer list by hand' }] });
      const resolved = await eventually(async () => (await waits()).find((n) => n.resolvedAt), 15_000, 'the support wait resolved');
      expect(resolved).toMatchObject({ resolution: 'fixed' });
      expect(await waits()).toHaveLength(1);
      expect(await settledMails(world.app.db.db!, seller.sellerId, seller.email, subject)).toHaveLength(1);
      await handle.terminate('test done');
    } finally {
      await worker.shutdown();
      await market.close();
    }
  });
});
