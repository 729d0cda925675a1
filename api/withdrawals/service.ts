/**
 * Withdrawals as one set of actions, shared by the web form's routes and the REST API v1: the fee
 * preview, the emailed code (sent only when the seller asks), the confirmation (code check ->
 * workflow `withdrawal:<id>` started once -> "sent") and the provider's signed callbacks. Payment
 * details come from settings and are fixed into the code's draft: after sending they cannot change.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import type { Db } from 'mongodb';
import { object, optional, string, size, unknown as anyValue } from 'superstruct';
import type { PaymentMethod } from '../../domain/account-schemas.js';
import { DomainError } from '../../domain/errors.js';
import { AMOUNT_ABOVE_AVAILABLE, CODE_INVALID, CODE_REQUIRED, CODE_SENT, EMAIL_NOT_ACCOUNT, EMAIL_REQUIRED } from '../../domain/messages.js';
import { SA } from '../../domain/search-attributes.js';
import {
  ALREADY_SENT, checkAmount, DETAILS_CHANGED, feesFor, PAYONEER_NOT_BOUND, paysBoundPayee, QUOTE_EXPIRED, QUOTE_UNAVAILABLE, needsQuote, payoutCurrency, requestProblems,
  WITHDRAWAL, WITHDRAWAL_KIND, WITHDRAWAL_SENT, WITHDRAWAL_UPDATES, withdrawalWorkflowId, type Quote, type WithdrawalInput, type WithdrawalRequest, type WithdrawalStatus,
} from '../../domain/withdrawal.js';
import { SIGNATURE_HEADER, verifySignature, type PayoutCallback, type PayoutView } from '../../infra/payout/contract.js';
import type { PaypalWebhookOutcome } from '../../infra/payout/paypal-webhooks.js';
import { payoutAnswer } from '../../infra/payout/answers.js';
import { answerProblems } from '../../infra/provider-answers.js';
import { PayoutUnavailableError } from '../../infra/payout/gateway.js';
import { PayoneerBindings } from '../../infra/payout/payoneer-bindings.js';
import { startProcess } from '../../infra/temporal/start-process.js';
import { Wallets } from '../../infra/wallet/wallet.js';
import { WithdrawalDrafts } from '../../infra/withdrawals/drafts.js';
import { toWithdrawalStatus, Withdrawals } from '../../infra/withdrawals/records.js';
import type { Accounts } from '../auth/accounts.js';
import { resendWait } from '../../infra/accounts/limits.js';
import { countCodeGuess } from '../auth/code-guesses.js';
import { unauthenticated } from '../auth/require-seller.js';
import { keyedDigest, numericCode, sameDigest } from '../auth/tokens.js';
import { parseBody } from '../errors.js';
import { isTemporalOutage, temporalFailure, temporalUnavailable } from '../temporal-errors.js';
import { withdrawalCodeMail } from './mail.js';
import { sellerLanguage } from '../../infra/notifications/preferences.js';
import type { WithdrawalOptions } from './settings.js';

/** The workflow memo naming the request that sent a withdrawal (API v1: `idem:<Idempotency-Key>`). */
const REQUEST_ID_MEMO = 'requestId';
/** How long a confirmation of a run on an older worker waits for the request's record (tries × ms) before answering anyway. */
const RECORD_WAIT_TRIES = 100;
const RECORD_WAIT_MS = 50;

const CodeBody = object({ amountCents: anyValue(), email: optional(anyValue()) });
const SendBody = object({ withdrawalId: size(string(), 1, 64), code: optional(anyValue()) });

/** A refusal the withdrawal's workflow answered (its code and words), as the API's conflict. */
const withdrawalRefusal = (code: string, message: string) => new DomainError('conflict', code, message);
/** A failed Temporal call of a withdrawal: the workflow's refusal, or 503 "try again" when Temporal did not answer. */
const temporalError = (err: unknown) => temporalFailure(err, withdrawalRefusal);

/** What the provider's callback endpoint answers: an HTTP status and its body. */
export interface CallbackAnswer { status: number; body: Record<string, unknown> }

export type WithdrawalService = Awaited<ReturnType<typeof createWithdrawalService>>;

/** The withdrawal actions over one database, Temporal client, the accounts (mail, limits, keyed digests) and configuration. */
export async function createWithdrawalService(deps: { db: Db; temporal: Client; accounts: Accounts; options: WithdrawalOptions }) {
  const { options: o, temporal, accounts: a } = deps;
  const L = a.limits;
  const [drafts, wallets, withdrawals] = await Promise.all([WithdrawalDrafts.open(deps.db), Wallets.open(deps.db), Withdrawals.open(deps.db)]);
  const payoneer = PayoneerBindings.of(deps.db);
  const digest = (id: string, code: string) => keyedDigest(a.secret, `withdraw:${id}:${code}`);

  /** A payout's state from the provider (a signed callback, or PayPal read back) moves its withdrawal; late or repeated ones change nothing. */
  const applyPayout = async (p: PayoutView, log: { info: (o: object, msg: string) => void }): Promise<CallbackAnswer> => {
    if (!p.key.startsWith(`${WITHDRAWAL_KIND}:`)) return { status: 400, body: { error: { code: 'bad_request', message: 'Unknown payout' } } };
    if (p.state === 'pending') return { status: 200, body: { ok: true, applied: false } };
    const update = p.state === 'paid' ? WITHDRAWAL_UPDATES.providerConfirmed : WITHDRAWAL_UPDATES.providerFailed;
    const args = p.state === 'paid' ? { reference: p.reference ?? '' } : { failure: p.failure ?? 'rejected' };
    try {
      await temporal.workflow.getHandle(p.key).executeUpdate(update, { args: [args] });
      return { status: 200, body: { ok: true, applied: true } };
    } catch (err) {
      if (isTemporalOutage(err)) throw temporalUnavailable(err);
      // Refused by the table (already paid, money already returned) or the run has ended: nothing changes.
      log.info({ key: p.key, state: p.state, err: { message: (err as Error).message } }, 'payout callback changed nothing');
      return { status: 200, body: { ok: true, applied: false } };
    }
  };

  /** The seller's payment details from settings, checked, and the fees for `amountCents`: database reads only, no provider call. */
  const details = async (sellerId: string, amountCents: unknown) => {
    const seller = await a.models.Seller.findById(sellerId).lean();
    if (!seller) throw unauthenticated();
    const s = seller.settings;
    const problems = requestProblems({ paymentMethod: s?.paymentMethod, paymentAddress: s?.paymentAddress, trueName: s?.trueName }, false);
    if (problems.length) throw DomainError.invalidFields(problems, 'payment_details_missing');
    const wallet = await wallets.get(sellerId);
    const amount = checkAmount(amountCents, wallet.available);
    if (amount !== true) throw DomainError.invalidFields([{ field: 'amountCents', message: amount }], 'invalid_amount');
    const method = s!.paymentMethod as PaymentMethod;
    const binding = paysBoundPayee(method) ? await payoneer.get(sellerId) : null;
    if (paysBoundPayee(method) && !binding) throw new DomainError('conflict', 'payoneer_not_bound', PAYONEER_NOT_BOUND);
    const payeeId = binding?.payeeId;
    const fees = feesFor(o.fees, method, amountCents as number);
    const currency = payoutCurrency(method, s!.currency || 'EUR');
    // requestProblems above refused a missing address and true name.
    const address = (s!.paymentAddress ?? '').trim();
    // Whom the money goes to, as the seller knows it: the bound Payoneer account, else the typed address.
    const payee = binding ? binding.email : address;
    return { seller, method, address, trueName: (s!.trueName ?? '').trim(), currency, fees, wallet, payeeId, payee, quoted: needsQuote(method, s!.currency || 'EUR') };
  };

  /** The provider's rate for a payout in another currency or in USDT (null for EUR): the one provider call. */
  const lockRate = async (d: Awaited<ReturnType<typeof details>>): Promise<Quote | null> => {
    if (!d.quoted) return null;
    if (!o.payouts) throw new DomainError('unavailable', 'quote_unavailable', QUOTE_UNAVAILABLE);
    try {
      return await o.payouts.quote({ currency: d.currency, amountCents: d.fees.totalPayoutCents });
    } catch (err) {
      if (err instanceof PayoutUnavailableError) throw new DomainError('unavailable', 'quote_unavailable', QUOTE_UNAVAILABLE);
      throw err;
    }
  };

  /** Checked details with the provider's rate for them. */
  const priced = async (d: Awaited<ReturnType<typeof details>>) => ({ ...d, quote: await lockRate(d) });

  /** Whether this seller's withdrawal `id` was sent (its workflow exists), for a request without a draft. */
  const sentBy = async (sellerId: string, id: string): Promise<boolean> => (await sentWorkflow(sellerId, id)) !== null;

  /** This seller's withdrawal `id`'s workflow with the request id that started it, or null when none was sent. */
  const sentWorkflow = async (sellerId: string, id: string) => {
    try {
      const d = await temporal.workflow.getHandle(withdrawalWorkflowId(id)).describe();
      return d.typedSearchAttributes.get(SA.sellerId) === sellerId ? { requestId: d.memo?.[REQUEST_ID_MEMO] } : null;
    } catch (err) {
      if (err instanceof WorkflowNotFoundError) return null;
      throw temporalError(err) ?? err;
    }
  };

  /** The answer to a sent request: its workflow's outcome (the balance check), once its record is readable. */
  const answerOf = async (sellerId: string, id: string): Promise<{ withdrawal: WithdrawalStatus; message: string }> => {
    const handle = temporal.workflow.getHandle(withdrawalWorkflowId(id));
    let outcome;
    try {
      outcome = await handle.executeUpdate(WITHDRAWAL_UPDATES.requestOutcome);
    } catch (err) {
      // Ended since (paid, or returned): the answer is its record, which the workflow wrote before ending.
      const doc = await withdrawals.get(sellerId, id);
      if (doc && !isTemporalOutage(err)) {
        const { version: _v, ...withdrawal } = toWithdrawalStatus(doc);
        return { withdrawal, message: WITHDRAWAL_SENT };
      }
      throw temporalError(err) ?? err;
    }
    if (!outcome.ok) throw DomainError.invalidFields([{ field: 'amountCents', message: AMOUNT_ABOVE_AVAILABLE }], 'insufficient_balance');
    // Runs since the withdrawal's local steps answer once the record is written. A run on an older
    // worker (a rolling deploy) answers right after the debit: wait briefly for its record, so a
    // seller (or an API client) who reads the history after "sent" finds the request in it.
    if (!outcome.recorded) {
      for (let i = 0; i < RECORD_WAIT_TRIES && !(await withdrawals.get(sellerId, id)); i++) await delay(RECORD_WAIT_MS);
    }
    return { withdrawal: outcome.status, message: WITHDRAWAL_SENT };
  };

  /**
   * "Already sent", unless this very request (`requestId`: an API client's Idempotency-Key) sent it: then
   * its process died before its answer was kept, and the retry gets the answer the first try would have
   * (as a comfort submission's retry gets its run).
   */
  const alreadySent = async (sellerId: string, id: string, requestId: string | undefined) => {
    if (requestId) {
      const sent = await sentWorkflow(sellerId, id);
      if (sent && sent.requestId === requestId) return answerOf(sellerId, id);
    }
    throw new DomainError('conflict', 'already_sent', ALREADY_SENT);
  };

  return {
    wallets, withdrawals,

    /** Fee, handling fee, total payout and (for another currency or USDT) the provider's rate, before confirming. */
    async quote(sellerId: string, rawBody: unknown) {
      const body = parseBody(CodeBody, rawBody);
      const p = await priced(await details(sellerId, body.amountCents));
      return { method: p.method, address: p.address, trueName: p.trueName, currency: p.currency, fees: p.fees, quote: p.quote };
    },

    /**
     * Sends the emailed code for `seller`'s withdrawal (only when the seller asks; the web form and API v1
     * alike): fixes the details and the locked rate into a draft whose id the code is bound to. Bad input
     * is refused first and counts against nothing; then the resend wait and the per-seller limit, so a
     * refused request never reaches the provider; only then the provider's rate.
     */
    async sendCode(seller: { id: string; email: string }, rawBody: unknown) {
      const body = parseBody(CodeBody, rawBody);
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
      if (!email) throw DomainError.invalidFields([{ field: 'email', message: EMAIL_REQUIRED }]);
      if (email !== seller.email.toLowerCase()) throw DomainError.invalidFields([{ field: 'email', message: EMAIL_NOT_ACCOUNT }], 'email_not_account');
      const d = await details(seller.id, body.amountCents);
      const wait = await a.limiter.startWait(`withdraw-code:${seller.id}`, L.resendWaitSeconds);
      if (wait > 0) throw resendWait(wait);
      await a.limiter.hit('withdraw-code-seller', seller.id, o.codeRequestPerSeller);
      const p = await priced(d);
      const withdrawalId = randomBytes(12).toString('hex');
      const code = numericCode(6);
      const now = Date.now();
      const request: WithdrawalRequest = {
        withdrawalId, sellerId: seller.id, method: p.method, address: p.address, trueName: p.trueName, currency: p.currency,
        fees: p.fees, quote: p.quote, requestedAt: now, ...(p.payeeId ? { payeeId: p.payeeId } : {}),
      };
      await drafts.add({ _id: withdrawalId, sellerId: seller.id, request, codeHash: digest(withdrawalId, code), sentAt: new Date(now), expiresAt: new Date(now + L.codeTtlSeconds * 1000) });
      await a.mailer.send(withdrawalCodeMail(await sellerLanguage(deps.db, seller.id), seller.email, code, Math.round(L.codeTtlSeconds / 60), { amountCents: p.fees.amountCents, method: p.method, payee: d.payee, totalPayoutCents: p.fees.totalPayoutCents, quote: p.quote }));
      return {
        message: CODE_SENT, withdrawalId, resendAfterSeconds: L.resendWaitSeconds, expiresAt: now + L.codeTtlSeconds * 1000,
        fees: p.fees, quote: p.quote, method: p.method, address: p.address, trueName: p.trueName, currency: p.currency,
      };
    },

    /**
     * Confirms `seller`'s withdrawal with its code (the web form and API v1 alike): its status, or a refusal
     * and nothing moves. `requestId` (API v1: from the Idempotency-Key) is kept with the sent request, so a
     * retry of that request whose first answer was lost gets the same answer, not "already sent".
     */
    async confirm(seller: { id: string }, rawBody: unknown, requestId?: string): Promise<{ withdrawal: WithdrawalStatus; message: string }> {
      const body = parseBody(SendBody, rawBody);
      const code = typeof body.code === 'string' ? body.code.trim() : '';
      if (!code) throw DomainError.invalidFields([{ field: 'code', message: CODE_REQUIRED }]);
      if (await withdrawals.get(seller.id, body.withdrawalId)) return alreadySent(seller.id, body.withdrawalId, requestId);
      const wrongCode = () => DomainError.invalidFields([{ field: 'code', message: CODE_INVALID }], 'code_invalid');
      const draft = await drafts.get(body.withdrawalId);
      if (!draft) {
        // The draft goes when the request is sent; the answer may come before its record is written.
        if (await sentBy(seller.id, body.withdrawalId)) return alreadySent(seller.id, body.withdrawalId, requestId);
        throw wrongCode();
      }
      if (draft.sellerId !== seller.id || draft.expiresAt.getTime() <= Date.now()) throw wrongCode();
      // Each try is counted (one insert) before the comparison, so the lock holds under parallel guesses.
      await countCodeGuess(a, 'withdrawal', seller.id);
      const tries = await a.limiter.hitCount('withdraw-code-attempt', draft._id, { max: L.codeAttempts, windowSeconds: L.codeTtlSeconds });
      if (tries > L.codeAttempts || !sameDigest(draft.codeHash, digest(draft._id, code))) throw wrongCode();
      const r = draft.request;
      // The details sent are the ones the code confirmed: settings changed since then need a new code.
      const now = await a.models.Seller.findById(seller.id).lean();
      const s = now?.settings;
      const boundNow = r.payeeId ? (await payoneer.get(seller.id))?.payeeId : undefined;
      if (!s || s.paymentMethod !== r.method || (s.paymentAddress ?? '').trim() !== r.address || (s.trueName ?? '').trim() !== r.trueName || payoutCurrency(r.method, s.currency || 'EUR') !== r.currency
        || boundNow !== r.payeeId) {
        throw new DomainError('conflict', 'payment_details_changed', DETAILS_CHANGED);
      }
      if (r.quote && r.quote.expiresAt <= Date.now()) throw new DomainError('conflict', 'quote_expired', QUOTE_EXPIRED);
      // Single use: only the request that claims the draft goes on (or its retry, when it died sending).
      const claim = requestId ?? randomBytes(12).toString('hex');
      if (!(await drafts.claim(draft, claim))) {
        // Swept in the meantime (it expired while we checked): the code is no longer valid.
        if (draft.expiresAt.getTime() <= Date.now()) throw wrongCode();
        return alreadySent(seller.id, body.withdrawalId, requestId);
      }
      const input: WithdrawalInput = { request: { ...r, requestedAt: Date.now() }, timings: o.timings };
      try {
        await startProcess({ client: temporal, taskQueue: o.taskQueue }, WITHDRAWAL, r.withdrawalId, input, seller.id, requestId ? { [REQUEST_ID_MEMO]: requestId } : undefined);
      } catch (err) {
        if (err instanceof WorkflowExecutionAlreadyStartedError) {
          await drafts.remove(draft);
          return alreadySent(seller.id, r.withdrawalId, requestId);
        }
        // Temporal did not answer: the claim is released, so the same code sends it once Temporal is
        // back (had the start reached Temporal after all, that retry answers "already sent", or this
        // request's answer when it is the same request).
        if (isTemporalOutage(err)) await drafts.release(draft, claim);
        throw temporalError(err) ?? err;
      }
      await drafts.remove(draft);
      return answerOf(seller.id, r.withdrawalId);
    },

    /**
     * The provider's signed callback, verified over the raw body: forwarded to the withdrawal's
     * workflow; late or repeated ones change nothing. Temporal not answering is 503, so the provider
     * delivers it again.
     */
    async providerCallback(raw: string, signature: string | undefined, log: { info: (o: object, msg: string) => void }): Promise<CallbackAnswer> {
      if (!verifySignature(o.callbackSecret, raw, signature)) return { status: 401, body: { error: { code: 'bad_signature', message: 'Signature does not match' } } };
      let cb: PayoutCallback;
      try {
        cb = JSON.parse(raw) as PayoutCallback;
      } catch {
        return { status: 400, body: { error: { code: 'bad_request', message: 'Unreadable callback' } } };
      }
      // Checked like the gateway's answers: a signed callback out of contract (an unknown state, "paid"
      // without a reference) neither pays nor returns anything; the status poll still asks the provider.
      if (!payoutAnswer(cb)) {
        const problems = answerProblems(payoutAnswer);
        log.info({ problems }, 'payout callback out of contract');
        return { status: 400, body: { error: { code: 'bad_request', message: `Callback out of contract (docs/provider-contract.md): ${problems}` } } };
      }
      return applyPayout(cb.payout, log);
    },

    /**
     * One delivery of PayPal's payout webhook (PAYPAL_WEBHOOK_ID), verified by PayPal and then read back
     * from PayPal: the batch as PayPal shows it moves the withdrawal like a provider callback. 404 when
     * PayPal webhooks are not configured; PayPal unreachable is 503, so PayPal delivers it again.
     */
    async paypalWebhook(raw: string, headers: Record<string, string | string[] | undefined>, log: { info: (o: object, msg: string) => void }): Promise<CallbackAnswer> {
      if (!o.paypalWebhooks) return { status: 404, body: { error: { code: 'not_found', message: 'PayPal webhooks are not configured' } } };
      let r: PaypalWebhookOutcome;
      try {
        r = await o.paypalWebhooks.receive(headers, raw);
      } catch (err) {
        if (err instanceof PayoutUnavailableError) return { status: 503, body: { error: { code: 'paypal_unavailable', message: 'PayPal did not answer; deliver again' } } };
        throw err;
      }
      switch (r.kind) {
        case 'unsigned': return { status: 400, body: { error: { code: 'bad_request', message: `Missing or oversized PayPal transmission headers: ${r.missing.join(', ')}` } } };
        case 'unreadable': return { status: 400, body: { error: { code: 'bad_request', message: 'Unreadable webhook event' } } };
        case 'forged':
          log.info({}, 'paypal webhook not verified by PayPal');
          return { status: 401, body: { error: { code: 'bad_signature', message: 'PayPal did not verify this webhook' } } };
        case 'ignored': return { status: 200, body: { ok: true, applied: false } };
        case 'payout':
          if (!r.payout) return { status: 200, body: { ok: true, applied: false } };
          return applyPayout(r.payout, log);
      }
    },
  };
}

export { SIGNATURE_HEADER };
