import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createLogger } from '../../infra/logger.js';
import { createMailer, type Mailer } from '../../infra/mail/mailer.js';
import { CODE_INVALID, CODE_REQUIRED, CODE_SENT, EMAIL_REQUIRED, PAYMENT_ADDRESS_REQUIRED, TRUE_NAME_REQUIRED, TRY_AGAIN } from '../../domain/messages.js';
import { startTestApp } from '../support/app.js';
import { signBody } from '../../infra/payout/contract.js';
import { sellerFetch } from '../support/sellers.js';
import { AMOUNT_ABOVE_AVAILABLE, AMOUNT_BELOW_MINIMUM, DEFAULT_FEE_TABLE, feesFor, WITHDRAWAL_SENT, withdrawalWorkflowId } from '../../domain/withdrawal.js';
import { Purchases } from '../../infra/player-trade/purchases.js';
import { Settlement } from '../../infra/wallet/settlement.js';
import { recordHistory } from '../support/histories.js';
import { mailsTo, waitForMail } from '../support/mail.js';
import { holdsSecret } from '../support/secret-scan.js';
import { eventually } from '../support/servers.js';
import { CALLBACK_SECRET, post, requestCode, sellerWithMoney, startWithdrawalWorld, TRON, withdraw, type WithdrawalWorld } from '../support/withdrawals.js';

// Each expected message's code, written out (not derived by the code under test).
const NAME_OF = new Map<string, string>([
  [AMOUNT_BELOW_MINIMUM, 'AMOUNT_BELOW_MINIMUM'], [AMOUNT_ABOVE_AVAILABLE, 'AMOUNT_ABOVE_AVAILABLE'], [EMAIL_REQUIRED, 'EMAIL_REQUIRED'],
  [CODE_REQUIRED, 'CODE_REQUIRED'], [CODE_INVALID, 'CODE_INVALID'],
]);

/** The withdrawal code mail's subject (api/withdrawals/mail.ts): never the code itself. */
const CODE_SUBJECT = 'Your withdrawal verification code';

/** The API's real log lines (trace level), searched for codes. */
const lines: string[] = [];
const logger = createLogger('api', 'trace', { write: (line: string) => void lines.push(line) });
/** Every mail is delivered to the catcher and also refused by a dead relay, whose failure is logged with its mail (and then ignored). */
function loggedFailureMailer(): Mailer {
  const delivered = createMailer(inject('smtpUrl'), 'Coin Market <no-reply@coin-market.test>', logger);
  const refused = createMailer('smtp://127.0.0.1:9', 'Coin Market <no-reply@coin-market.test>', logger); // nothing listens on port 9
  return {
    send: async (mail) => {
      await delivered.send(mail);
      await refused.send(mail).catch(() => undefined);
    },
    close: () => {
      delivered.close();
      refused.close();
    },
  };
}

describe('withdrawals over the API (real Temporal, simulator over HTTP, real SMTP)', () => {
  let w: WithdrawalWorld;
  beforeAll(async () => { w = await startWithdrawalWorld({ logger, mailer: loggedFailureMailer() }); });
  afterAll(async () => { await w?.close(); });

  const record = (s: { fetch: (p: string) => Promise<Response> }, id: string) =>
    eventually(async () => {
      const r = await s.fetch(`/api/withdrawals/${id}`);
      if (r.status !== 200) return null;
      const b = (await r.json()) as { withdrawal: Record<string, any> };
      return ['paid', 'failed'].includes(b.withdrawal.state) ? b.withdrawal : null;
    }, 30_000, 'withdrawal to end');

  it('a Temporal outage while confirming answers "try again" (503): nothing moves, and the same code sends it through a working replica', async () => {
    const down = await startTestApp({ dbName: w.app.dbName, liveSecret: w.app.liveSecret }, {
      temporalDown: true,
      withdrawals: { taskQueue: w.taskQueue, timings: w.timings, payouts: w.gateway, callbackSecret: CALLBACK_SECRET, codeRequestPerSeller: { max: 5, windowSeconds: 3600 } },
      accounts: { limits: { resendWaitSeconds: 0 } },
    });
    try {
      const s = await sellerWithMoney(w, 3000);
      const { withdrawalId, code } = await requestCode(s, 2500);
      const viaDown = sellerFetch(down.url, s.cookie, s.csrf);
      const r = await viaDown('/api/withdrawals', { method: 'POST', body: JSON.stringify({ withdrawalId, code }) });
      expect({ status: r.status, body: await r.json() }).toMatchObject({ status: 503, body: { error: { code: 'unavailable', message: TRY_AGAIN } } });
      expect((await w.wallets.get(s.sellerId)).available).toBe(3000);
      const sent = await post(s, '/api/withdrawals', { withdrawalId, code });
      expect(sent.status).toBe(201);
      // The provider's callback reaching the replica without Temporal is "try again" (503), so the provider delivers it again.
      const body = JSON.stringify({ payout: { payoutId: 'x', key: withdrawalWorkflowId(withdrawalId), state: 'paid', reference: 'ref-1', updatedAt: Date.now() } });
      const cb = await fetch(`${down.url}/api/payouts/callback`, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-payout-signature': signBody(CALLBACK_SECRET, body) } });
      expect(cb.status).toBe(503);
    } finally {
      await down.close();
    }
  });

  it('pays a withdrawal end to end: code by mail, sent, paid, earnings settled oldest first', async () => {
    const s = await sellerWithMoney(w, 2000, {}, 'old-earning');
    await w.wallets.apply({ sellerId: s.sellerId, opId: 'seed:new-earning', kind: 'player_freeze_released', delta: { available: 4000 }, ref: 'new-earning' });
    const purchases = await Purchases.open(w.app.db.db!);
    for (const [id, cents, at] of [['old-earning', 2000, 1], ['new-earning', 4000, 2]] as const) {
      await purchases.coll.insertOne({ _id: id, sellerId: s.sellerId, state: 'available', phase: 'available', incomeCents: cents, pickedAt: at } as never);
    }
    const { res, body, withdrawalId, code } = await withdraw(s, 3000);
    expect(res.status).toBe(201);
    expect(body.message).toBe(WITHDRAWAL_SENT);
    expect(body.withdrawal.fees).toEqual(feesFor(DEFAULT_FEE_TABLE, 'paypal', 3000));
    // Answered once its record is written (the API no longer reads it back): the history holds it at once.
    const listed = (await (await s.fetch('/api/withdrawals')).json()) as { items: { withdrawalId: string }[] };
    expect(listed.items.map((i) => i.withdrawalId)).toContain(withdrawalId);
    const mails = await mailsTo(s.email);
    expect(mails.some((m) => m.subject === CODE_SUBJECT)).toBe(true);
    for (const m of mails) expect(m.subject).not.toContain(code);
    expect(mails.find((m) => m.subject === CODE_SUBJECT)!.text).toContain(`a withdrawal of 30.00 EUR to your PayPal account pp-***com (you receive ${(feesFor(DEFAULT_FEE_TABLE, 'paypal', 3000).totalPayoutCents / 100).toFixed(2)} EUR after fees)`);
    const done = await record(s, withdrawalId);
    expect(done).toMatchObject({ state: 'paid', status: 'paid', reason: null, balanceAfterCents: 3000 });
    expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 3000, pendingPayout: 0 });
    const sim = await w.payouts();
    expect(sim.payouts.filter((p) => p.key === withdrawalWorkflowId(withdrawalId))).toMatchObject([{ state: 'paid', amountCents: feesFor(DEFAULT_FEE_TABLE, 'paypal', 3000).totalPayoutCents }]);
    // 30 EUR paid out: the 20 EUR earning is settled, the 40 EUR one only partly (still available).
    const settlement = await Settlement.open(w.app.db.db!, w.wallets.ledger);
    expect([...(await settlement.settledRefs(s.sellerId, ['old-earning', 'new-earning']))]).toEqual(['old-earning']);
    const tab = async (t: string) => ((await (await s.fetch(`/api/player-trade/records?tab=${t}`)).json()) as { items: { purchaseId: string; phase: string }[] }).items;
    expect(await tab('settled')).toMatchObject([{ purchaseId: 'old-earning', phase: 'settled' }]);
    expect((await tab('available')).map((p) => p.purchaseId)).toEqual(['new-earning']);
    const list = (await (await s.fetch('/api/withdrawals')).json()) as { items: { withdrawalId: string; status: string }[] };
    expect(list.items).toMatchObject([{ withdrawalId, status: 'paid' }]);
    await recordHistory(w.temporal.client.workflow.getHandle(withdrawalWorkflowId(withdrawalId)), 'withdrawal--local-steps-paid');
  });

  it('refuses bad input with the specification words and moves nothing', async () => {
    const s = await sellerWithMoney(w, 5000);
    const before = await w.wallets.get(s.sellerId);
    // The words for API clients, the code (the message's name) for the pages that translate it.
    const expectField = async (res: Response, field: string, message: string) => {
      const b = (await res.json()) as { error: { fields: { field: string; message: string }[] } };
      expect(res.status).toBe(400);
      expect(b.error.fields[0]).toEqual({ field, message, code: NAME_OF.get(message) });
    };
    await expectField(await post(s, '/api/withdrawals/code', { amountCents: 1999, email: s.email }), 'amountCents', AMOUNT_BELOW_MINIMUM);
    await expectField(await post(s, '/api/withdrawals/code', { amountCents: 5001, email: s.email }), 'amountCents', AMOUNT_ABOVE_AVAILABLE);
    await expectField(await post(s, '/api/withdrawals/code', { amountCents: 2000 }), 'email', EMAIL_REQUIRED);
    const { withdrawalId, code } = await requestCode(s, 2000);
    await expectField(await post(s, '/api/withdrawals', { withdrawalId }), 'code', CODE_REQUIRED);
    const wrong = code === '000000' ? '000001' : '000000';
    await expectField(await post(s, '/api/withdrawals', { withdrawalId, code: wrong }), 'code', CODE_INVALID);
    // A code for another withdrawal does not confirm this one.
    const other = await requestCode(s, 2500, 2);
    await expectField(await post(s, '/api/withdrawals', { withdrawalId, code: other.code === code ? wrong : other.code }), 'code', CODE_INVALID);
    // Settings changed after the code was sent: the confirmed details would not be the ones paid.
    await s.fetch('/api/member/settings', { method: 'PUT', body: JSON.stringify({ contactMethod: 'telegram', contactValue: 'x', paymentMethod: 'usdt-trc20', paymentAddress: TRON, currency: 'EUR', trueName: 'Ana Seller', currentPassword: s.password }) });
    const changed = await post(s, '/api/withdrawals', { withdrawalId, code });
    expect(changed.status).toBe(409);
    expect(((await changed.json()) as { error: { code: string } }).error.code).toBe('payment_details_changed');
    expect(await w.wallets.get(s.sellerId)).toEqual(before);
    expect((await w.payouts()).payouts.filter((p) => p.address === TRON || p.address.includes(s.sellerId.slice(-6)))).toEqual([]);
  });

  it('a code works once; a replayed request is refused and nothing moves twice', async () => {
    const s = await sellerWithMoney(w, 5000);
    const { withdrawalId, code, res } = await withdraw(s, 2000);
    expect(res.status).toBe(201);
    const again = await post(s, '/api/withdrawals', { withdrawalId, code });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('already_sent');
    await record(s, withdrawalId);
    expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 3000, pendingPayout: 0 });
    expect(await w.wallets.ledger.countDocuments({ sellerId: s.sellerId, kind: 'withdrawal_requested' })).toBe(1);
  });

  it('asks for payment address and true name from settings before sending a code', async () => {
    const s = await sellerWithMoney(w, 5000);
    await w.app.db.db!.collection('sellers').updateOne({ _id: s.sellerId as never }, { $set: { settings: null } });
    const res = await post(s, '/api/withdrawals/code', { amountCents: 2000, email: s.email });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { fields: unknown[] } }).error.fields).toEqual([
      { field: 'paymentAddress', message: PAYMENT_ADDRESS_REQUIRED, code: 'PAYMENT_ADDRESS_REQUIRED' }, { field: 'trueName', message: TRUE_NAME_REQUIRED, code: 'TRUE_NAME_REQUIRED' },
    ]);
  });

  it('sends the code only on request, with a resend wait checked before the provider is asked for a rate', async () => {
    const strict = await startWithdrawalWorld({ resendWaitSeconds: 60, worker: false });
    try {
      const s = await sellerWithMoney(strict, 5000, { paymentMethod: 'usdt-trc20', paymentAddress: TRON });
      // The seller's earlier mails (address proof, payout change) are not withdrawal codes.
      expect((await mailsTo(s.email)).filter((m) => m.subject === CODE_SUBJECT)).toEqual([]);
      const first = await post(s, '/api/withdrawals/code', { amountCents: 2000, email: s.email });
      expect(first.status).toBe(200);
      expect(await first.json()).toMatchObject({ message: CODE_SENT, resendAfterSeconds: 60 });
      const quotes = strict.sim.payouts.quotes.size;
      const second = await post(s, '/api/withdrawals/code', { amountCents: 2000, email: s.email });
      expect(second.status).toBe(429);
      expect(((await second.json()) as { error: { code: string } }).error.code).toBe('resend_wait');
      expect(strict.sim.payouts.quotes.size).toBe(quotes); // refused before the provider call
    } finally {
      await strict.close();
    }
  });

  it('limits code requests per seller; bad input counts against nothing and refused requests never reach the provider', async () => {
    const s = await sellerWithMoney(w, 10_000, { paymentMethod: 'usdt-trc20', paymentAddress: TRON });
    const quotesBefore = w.sim.payouts.quotes.size;
    // Bad input is refused before anything is counted.
    expect((await post(s, '/api/withdrawals/code', { amountCents: 1999, email: s.email })).status).toBe(400);
    expect((await post(s, '/api/withdrawals/code', { amountCents: 20_001, email: s.email })).status).toBe(400);
    for (let i = 1; i <= 5; i++) expect((await post(s, '/api/withdrawals/code', { amountCents: 2000, email: s.email })).status).toBe(200);
    expect(w.sim.payouts.quotes.size).toBe(quotesBefore + 5);
    const sixth = await post(s, '/api/withdrawals/code', { amountCents: 2000, email: s.email });
    expect(sixth.status).toBe(429);
    expect(((await sixth.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    expect(w.sim.payouts.quotes.size).toBe(quotesBefore + 5); // the refused request asked the provider for nothing
    await waitForMail(s.email, /withdrawal verification code/i, 5);
    expect((await mailsTo(s.email)).filter((m) => m.subject === CODE_SUBJECT)).toHaveLength(5);
    expect(await w.app.db.collection('withdrawal_drafts').countDocuments({ sellerId: s.sellerId })).toBe(5);
  });

  it('locks a code after 5 wrong tries, even guessed in parallel: the right code then fails and nothing moves', async () => {
    const s = await sellerWithMoney(w, 5000);
    const { withdrawalId, code } = await requestCode(s, 2000);
    const wrong = Array.from({ length: 5 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const tries = await Promise.all(wrong.map((c) => post(s, '/api/withdrawals', { withdrawalId, code: c })));
    for (const t of tries) {
      expect(t.status).toBe(400);
      expect(((await t.json()) as { error: { fields: { code: string }[] } }).error.fields[0]!.code).toBe('CODE_INVALID');
    }
    const right = await post(s, '/api/withdrawals', { withdrawalId, code });
    expect(right.status).toBe(400);
    expect(((await right.json()) as { error: { fields: { message: string }[] } }).error.fields[0]!.message).toBe(CODE_INVALID);
    expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 5000, pendingPayout: 0 });
    expect((await s.fetch(`/api/withdrawals/${withdrawalId}`)).status).toBe(404);
    await expect(w.temporal.client.workflow.getHandle(withdrawalWorkflowId(withdrawalId)).describe()).rejects.toThrow();
  });

  it('gives withdrawal codes at most 50 guesses a day, however many codes are asked for (issue 27, item 5)', async () => {
    // A replica on which a day of code requests passes in one test; the daily guess ceiling keeps its production value.
    const day = await startTestApp({ dbName: w.app.dbName, liveSecret: w.app.liveSecret }, {
      withdrawals: { taskQueue: w.taskQueue, timings: w.timings, payouts: w.gateway, callbackSecret: CALLBACK_SECRET, codeRequestPerSeller: { max: 1000, windowSeconds: 3600 } },
      accounts: { limits: { resendWaitSeconds: 0 } },
    });
    try {
      const s = await sellerWithMoney(w, 3000);
      const onDay = { ...s, fetch: sellerFetch(day.url, s.cookie, s.csrf) };
      const statuses: number[] = [];
      for (let round = 1; round <= 10; round++) {
        const { withdrawalId, code } = await requestCode(onDay, 2500, round);
        const wrong = code === '000000' ? '111111' : '000000';
        for (let i = 0; i < 5; i++) statuses.push((await post(onDay, '/api/withdrawals', { withdrawalId, code: wrong })).status);
      }
      expect(statuses).toEqual(Array(50).fill(400));
      // Past the day's guesses even the right code is refused, and nothing moves.
      const { withdrawalId, code } = await requestCode(onDay, 2500, 11);
      expect((await post(onDay, '/api/withdrawals', { withdrawalId, code })).status).toBe(429);
      expect(await w.wallets.get(s.sellerId)).toMatchObject({ available: 3000, pendingPayout: 0 });
    } finally {
      await day.close();
    }
  });

  it('never logs a withdrawal code: request, wrong try, confirm and payout, with every mail also failing', async () => {
    const from = lines.length;
    const s = await sellerWithMoney(w, 5000);
    const { withdrawalId, code } = await requestCode(s, 2500);
    expect((await post(s, '/api/withdrawals', { withdrawalId, code: code === '000000' ? '111111' : '000000' })).status).toBe(400);
    expect((await post(s, '/api/withdrawals', { withdrawalId, code })).status).toBe(201);
    await record(s, withdrawalId);
    // The code mail's failed relay was logged: the lines searched below are about this very mail.
    await expect.poll(() => lines.slice(from).filter((l) => l.includes('mail not sent') && l.includes(CODE_SUBJECT)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    const log = lines.slice(from).join('');
    expect(holdsSecret(log, code), 'log holds the code').toBe(false);
  });

  it('quotes USDT at the provider rate and locks it into the request', async () => {
    const s = await sellerWithMoney(w, 5000, { paymentMethod: 'usdt-trc20', paymentAddress: TRON });
    const q = (await (await post(s, '/api/withdrawals/quote', { amountCents: 4000 })).json()) as { quote: { currency: string; rate: string; payoutMinor: number; expiresAt: number }; fees: { totalPayoutCents: number } };
    expect(q.quote).toMatchObject({ currency: 'USDT', rate: '1.0790' });
    expect(q.quote.payoutMinor).toBe(Math.floor(q.fees.totalPayoutCents * 1.079));
    expect(q.quote.expiresAt).toBeGreaterThan(Date.now());
    const { withdrawalId, code, body } = await requestCode(s, 4000);
    const locked = body.quote as { payoutMinor: number };
    // The mail says what arrives in the payout currency (not "EUR") at the locked rate.
    const mail = await waitForMail(s.email, /withdrawal verification code/i);
    expect(mail.text).toContain(`a withdrawal of 40.00 EUR to your USDT (TRC20) account TLa***jU7 (you receive ${(locked.payoutMinor / 100).toFixed(2)} USDT after fees, at the locked rate 1 EUR = 1.0790 USDT)`);
    const res = await post(s, '/api/withdrawals', { withdrawalId, code });
    expect(res.status).toBe(201);
    expect(await record(s, withdrawalId)).toMatchObject({ state: 'paid', currency: 'USDT', quote: { currency: 'USDT', rate: '1.0790' } });
    // The simulator's page of payouts received shows it, and no secret.
    const page = await (await fetch(`${w.simUrl}/payouts`)).text();
    const row = page.split('<tr>').find((r) => r.includes(TRON) && r.includes('Ana Seller') && r.includes('>USDT<'));
    expect(row).toBeDefined();
    expect(row).toContain('<td data-testid="payout-state">paid</td>');
    expect(row).toMatch(/<td>TX-[0-9A-F]{12}<\/td>/);
    expect(page).not.toContain(CALLBACK_SECRET);
  });
});
