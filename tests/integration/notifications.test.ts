/**
 * Seller notifications against real servers: a comfort run driven into Wrong Backup Codes mails the
 * seller once (in the language they chose, with the link, what to do and the deadline), lists one
 * unread in-app entry that marking read clears, and reminds once before the deadline; a paid
 * withdrawal mails; preferences refuse turning a mandatory kind off and change nothing.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { LiveEvent } from '../../domain/live-events.js';
import { formatParams } from '../../domain/notification-texts.js';
import type { NotificationPage, PreferencesView } from '../../domain/notifications.js';
import { NOTIFICATION_MANDATORY } from '../../domain/messages.js';
import { createMailer } from '../../infra/mail/mailer.js';
import { createWorker } from '../../workers/worker.js';
import { startTestApp } from '../support/app.js';
import { FAST_COMFORT, runWhere, startTransferSimulator, steerTransfer, submission, submit } from '../support/comfort.js';
import { mailsTo, waitForMail } from '../support/mail.js';
import { createProvenSeller } from '../support/proven.js';
import { testKeyRing } from '../support/secrets.js';
import type { SignedInSeller } from '../support/sellers.js';
import { eventually, testLogger, uniqueQueue } from '../support/servers.js';
import { createTransferGateway } from '../../infra/transfer/gateway.js';
import { sellerWithMoney, startWithdrawalWorld, withdraw, type WithdrawalWorld } from '../support/withdrawals.js';
import { PAYOUT_DETAILS } from '../support/worlds.js';

const mailer = () => createMailer(inject('smtpUrl'), 'Coin Market <no-reply@coin-market.test>', testLogger());

const json = async <T>(res: Response): Promise<T> => {
  if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

describe('notifications of a comfort run', () => {
  const queue = uniqueQueue('notify');
  let app: Awaited<ReturnType<typeof startTestApp>>;
  let sim: Awaited<ReturnType<typeof startTransferSimulator>>;
  let worker: Awaited<ReturnType<typeof createWorker>>;
  let seller: SignedInSeller;

  beforeAll(async () => {
    sim = await startTransferSimulator();
    app = await startTestApp(undefined, { comfortTrade: { taskQueue: queue, timings: FAST_COMFORT } });
    worker = await createWorker({
      temporalAddress: inject('temporalAddress'), taskQueue: queue, db: app.db, logger: testLogger(),
      workflowBundle: { codePath: inject('workflowBundlePath') }, secrets: testKeyRing(),
      transfer: createTransferGateway({ baseUrl: sim.url, timeoutMs: 2_000 }),
      // The reminder is due as soon as the run waits (its whole fix window is the lead time).
      notifications: { mail: { mailer: mailer(), publicUrl: app.url }, reminderBeforeMs: FAST_COMFORT.sellerFixMs, sweepMs: 200 },
    });
    seller = await createProvenSeller(app);
    await json(await seller.fetch('/api/member/settings', { method: 'PUT', body: JSON.stringify({ ...PAYOUT_DETAILS, currentPassword: seller.password }) }));
    // Saving payout details is itself told (payout_details_changed); read, so the counts below are the run's.
    expect(await json(await seller.fetch('/api/notifications/read', { method: 'POST', body: JSON.stringify({ all: true }) }))).toEqual({ unread: 0 });
  });
  afterAll(async () => {
    await worker?.shutdown();
    await app?.close();
    await sim?.close();
  });

  it('Wrong Backup Codes: one mail in the seller\'s language with the link, what to do and the deadline; one unread entry, live; read clears it; one reminder', async () => {
    const prefs = await json<PreferencesView>(await seller.fetch('/api/notifications/preferences', { method: 'PUT', body: JSON.stringify({ kinds: [], language: 'de' }) }));
    expect(prefs.language).toBe('de');
    const live: LiveEvent[] = [];
    const socket: Socket = io(app.url, { transports: ['websocket'], extraHeaders: { cookie: seller.cookie } });
    socket.on('live:event', (e: LiveEvent) => live.push(e));
    await eventually(async () => socket.connected || null, 10_000, 'socket connected');

    const body = submission({ coinAmount: 200_000 });
    await steerTransfer(sim.url, 'rules', { email: body.email, error: 'wrong_backup_codes', afterChunks: 0 });
    const run = await submit(seller, body);
    const waiting = await runWhere(seller, run.runId, (r) => r.subState === 'wrong_backup_codes', 'wrong codes');
    expect(waiting.fixBy).toBeGreaterThan(Date.now());

    const mail = await waitForMail(seller.email, /^Handlung nötig/);
    const link = `${app.url}/de/member/sold-record?run=${run.runId}`;
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('6 neue Backup-Codes');
    expect(mail.text).toContain(formatParams('de', { deadline: waiting.fixBy! }).deadline);
    expect(mail.html).toContain(`href="${link}"`);

    // The reminder comes from later sweeps; by then the action has had every chance to be mailed twice.
    await waitForMail(seller.email, /^Erinnerung/);
    const mails = await mailsTo(seller.email);
    expect(mails.filter((m) => /^Handlung nötig/.test(m.subject))).toHaveLength(1);
    expect(mails.filter((m) => /^Erinnerung/.test(m.subject))).toHaveLength(1);

    const page = await json<NotificationPage>(await seller.fetch('/api/notifications'));
    expect(page.unread).toBe(2);
    const action = page.items.find((i) => i.kind === 'action_needed')!;
    expect(action).toMatchObject({
      subject: { process: 'comfort-run', id: run.runId }, titleCode: 'action_needed.title', bodyCode: 'action_needed.wrong_backup_codes',
      link: `/member/sold-record?run=${run.runId}`, deadline: waiting.fixBy, readAt: null,
    });
    expect(page.items.filter((i) => i.kind === 'action_needed')).toHaveLength(1);
    expect(action).not.toHaveProperty('sellerId');
    const added = await eventually(async () => live.find((e) => e.type === 'notification:added' && e.data.item.kind === 'action_needed') ?? null, 10_000, 'live notification');
    expect(added.data).toMatchObject({ unread: 1, item: { id: action.id } });
    socket.close();

    expect(await json(await seller.fetch('/api/notifications/read', { method: 'POST', body: JSON.stringify({ ids: [action.id] }) }))).toEqual({ unread: 1 });
    expect(await json(await seller.fetch('/api/notifications/read', { method: 'POST', body: JSON.stringify({ all: true }) }))).toEqual({ unread: 0 });
    expect((await json<NotificationPage>(await seller.fetch('/api/notifications'))).unread).toBe(0);
  });

  it('refuses turning a mandatory kind off, field by field, and changes nothing', async () => {
    const before = await json<PreferencesView>(await seller.fetch('/api/notifications/preferences'));
    expect(before.kinds.find((k) => k.kind === 'withdrawal_paid')).toEqual({ kind: 'withdrawal_paid', mandatory: true, email: true, inApp: true, push: true });
    const res = await seller.fetch('/api/notifications/preferences', {
      method: 'PUT', body: JSON.stringify({ kinds: [{ kind: 'transfer_completed', email: false, inApp: true }, { kind: 'withdrawal_paid', email: false, inApp: true }] }),
    });
    expect(res.status).toBe(400);
    const err = (await res.json()) as { error: { code: string; fields: { field: string; message: string }[] } };
    expect(err.error.code).toBe('validation_failed');
    expect(err.error.fields).toEqual([expect.objectContaining({ field: 'kinds.1.email', message: NOTIFICATION_MANDATORY, code: 'NOTIFICATION_MANDATORY' })]);
    expect(await json(await seller.fetch('/api/notifications/preferences'))).toEqual(before);

    const ok = await json<PreferencesView>(await seller.fetch('/api/notifications/preferences', { method: 'PUT', body: JSON.stringify({ kinds: [{ kind: 'transfer_completed', email: false, inApp: true }] }) }));
    expect(ok.kinds.find((k) => k.kind === 'transfer_completed')).toEqual({ kind: 'transfer_completed', mandatory: false, email: false, inApp: true, push: true });
  });

  it('lists only the signed-in seller\'s entries and needs a session', async () => {
    expect((await fetch(`${app.url}/api/notifications`)).status).toBe(401);
    const other = await createProvenSeller(app);
    const page = await json<NotificationPage>(await other.fetch('/api/notifications'));
    expect(page).toMatchObject({ items: [], unread: 0, total: 0, page: 1 });
    expect(await json(await seller.fetch('/api/notifications/read', { method: 'POST', body: JSON.stringify({ ids: 'x' }) })).catch((e: Error) => e.message)).toMatch(/^400/);
  });
});

describe('notifications of a withdrawal', () => {
  let w: WithdrawalWorld;
  let worker: Awaited<ReturnType<typeof createWorker>>;
  beforeAll(async () => {
    w = await startWithdrawalWorld({ worker: false });
    worker = await createWorker({
      temporalAddress: inject('temporalAddress'), taskQueue: w.taskQueue, db: w.app.db, logger: testLogger(),
      workflowBundle: { codePath: inject('workflowBundlePath') }, payouts: { gateway: w.gateway, callbackUrl: w.callbackUrl }, secrets: testKeyRing(),
      notifications: { mail: { mailer: mailer(), publicUrl: w.app.url }, sweepMs: 200 },
    });
  });
  afterAll(async () => {
    await worker?.shutdown();
    await w?.close();
  });

  it('a paid withdrawal mails the seller once with a link to it and lists it', async () => {
    const s = await sellerWithMoney(w, 5_000);
    await w.steer({ address: s.settings.settings.paymentAddress, outcome: 'paid' });
    const { withdrawalId } = await withdraw(s, 3_000);
    const mail = await waitForMail(s.email, /^Withdrawal paid/);
    expect(mail.text).toContain('€30.00');
    expect(mail.text).toContain(`${w.app.url}/member/coins-balance?withdrawal=${withdrawalId}`);
    const page = await json<NotificationPage>(await s.fetch('/api/notifications'));
    expect(page.items.filter((i) => i.kind === 'withdrawal_paid')).toEqual([expect.objectContaining({ subject: { process: 'withdrawal', id: withdrawalId }, readAt: null })]);
    expect((await mailsTo(s.email)).filter((m) => /^Withdrawal paid/.test(m.subject))).toHaveLength(1);
  });
});
