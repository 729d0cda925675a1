/**
 * `support account pay-out <seller>`: pays a suspended or closed seller's whole available balance
 * to the payout details saved in their settings, through the ordinary withdrawal process (same
 * workflow, fees, provider, history row and mails), since the seller can no longer sign in to ask
 * for it. An active seller withdraws by themselves, with their emailed code.
 * Settings as the API reads them: WITHDRAWAL_FEES_JSON, TEMPORAL_TASK_QUEUE, WITHDRAWAL_OVERDUE_MS,
 * WITHDRAWAL_POLL_MS, and PAYOUT_PROVIDER_URL / PAYOUT_API_KEY for a payout that needs the provider's rate
 * (the same rule as the API: infra/payout/provider-config.ts). A method without a provider becomes a
 * manual payout like any other withdrawal of it.
 */
import { randomBytes } from 'node:crypto';
import type { Client } from '@temporalio/client';
import type { Db } from 'mongodb';
import { PAYMENT_METHODS, type PaymentMethod } from '../domain/account-schemas.js';
import { standingOf, type StandingRecord } from '../domain/account-standing.js';
import {
  checkAmount, DEFAULT_FEE_TABLE, DEFAULT_WITHDRAWAL_TIMINGS, feesFor, feeTableProblems, needsQuote, paysBoundPayee, payoutCurrency,
  requestProblems, WITHDRAWAL, WITHDRAWAL_UPDATES, type FeeTable, type WithdrawalInput, type WithdrawalRequest, type WithdrawalStatus,
} from '../domain/withdrawal.js';
import { createPayoutGateway } from '../infra/payout/gateway.js';
import { PayoneerBindings } from '../infra/payout/payoneer-bindings.js';
import { payoutProviderFromEnv } from '../infra/payout/provider-config.js';
import { startProcess } from '../infra/temporal/start-process.js';
import { DEFAULT_TASK_QUEUE } from '../infra/temporal.js';
import { Wallets } from '../infra/wallet/wallet.js';
import { SUPPORT_LOG_COLLECTION } from './api-access.js';
import type { Env } from './connect.js';
import { CliError, EXIT, usageError } from './errors.js';

/** How long the tool waits for the withdrawal to answer that the money was taken (a worker must be running). */
const ANSWER_WAIT_MS = 30_000;

const refused = (message: string) => new CliError(EXIT.refused, `Refused: ${message}`);

function feeTable(env: Env): FeeTable {
  if (!env.WITHDRAWAL_FEES_JSON) return DEFAULT_FEE_TABLE;
  let fees: FeeTable;
  try {
    fees = JSON.parse(env.WITHDRAWAL_FEES_JSON) as FeeTable;
  } catch {
    throw usageError('WITHDRAWAL_FEES_JSON is not valid JSON (see docs/withdrawals.md, "Money and fees").');
  }
  const problems = feeTableProblems(fees, PAYMENT_METHODS);
  if (problems.length) throw usageError(`WITHDRAWAL_FEES_JSON: ${problems.join('; ')}`);
  return fees;
}

interface SellerRow { _id: string; settings?: { paymentMethod?: string; paymentAddress?: string; trueName?: string; currency?: string } | null; standing?: StandingRecord }

/** Starts the payout; answers the withdrawal as the seller's history shows it. */
export async function payOut(db: Db, temporal: Client, env: Env, sellerId: string, who: { by: string; why: string }): Promise<WithdrawalStatus> {
  const seller = await db.collection<SellerRow>('sellers').findOne({ _id: sellerId });
  if (!seller) throw new CliError(EXIT.notFound, `No seller ${sellerId}.`);
  if (standingOf(seller.standing) === 'active') throw refused('this seller is active and withdraws by themselves; support pays out suspended or closed accounts only.');
  const s = seller.settings ?? {};
  const problems = requestProblems({ paymentMethod: s.paymentMethod, paymentAddress: s.paymentAddress, trueName: s.trueName }, false);
  if (problems.length) throw refused(`the seller's payout details are incomplete (${problems.map((p) => `${p.field}: ${p.message}`).join('; ')}); nothing was paid.`);
  const available = (await (await Wallets.open(db)).get(sellerId)).available;
  const amount = checkAmount(available, available);
  if (amount !== true) throw refused(`${amount} (available ${(available / 100).toFixed(2)} EUR); nothing was paid.`);
  const method = s.paymentMethod as PaymentMethod;
  const payeeId = paysBoundPayee(method) ? (await PayoneerBindings.of(db).get(sellerId))?.payeeId : undefined;
  if (paysBoundPayee(method) && !payeeId) throw refused('the seller never connected a Payoneer account; nothing was paid.');
  const fees = feesFor(feeTable(env), method, available);
  const currency = payoutCurrency(method, s.currency || 'EUR');
  let quote = null;
  if (needsQuote(method, s.currency || 'EUR')) {
    let provider;
    try {
      provider = payoutProviderFromEnv(env);
    } catch (err) {
      throw usageError((err as Error).message);
    }
    if (!provider) throw usageError(`A payout in ${currency} needs the provider's rate: set PAYOUT_PROVIDER_URL (and PAYOUT_API_KEY) as for the API.`);
    quote = await createPayoutGateway({ baseUrl: provider.url, apiKey: provider.apiKey }).quote({ currency, amountCents: fees.totalPayoutCents });
  }
  const num = (name: string) => (Number(env[name]) > 0 ? { [name === 'WITHDRAWAL_OVERDUE_MS' ? 'overdueMs' : 'pollMs']: Number(env[name]) } : {});
  const request: WithdrawalRequest = {
    withdrawalId: randomBytes(12).toString('hex'), sellerId, method, address: (s.paymentAddress ?? '').trim(), trueName: (s.trueName ?? '').trim(),
    currency, fees, quote, requestedAt: Date.now(), ...(payeeId ? { payeeId } : {}),
  };
  const input: WithdrawalInput = { request, timings: { ...DEFAULT_WITHDRAWAL_TIMINGS, ...num('WITHDRAWAL_OVERDUE_MS'), ...num('WITHDRAWAL_POLL_MS') } };
  // Logged first: a payout support started is always traceable to who and why, even if the start fails.
  await db.collection(SUPPORT_LOG_COLLECTION).insertOne({ at: new Date(), action: 'account.pay-out', sellerId, withdrawalId: request.withdrawalId, cents: available, ...who });
  const taskQueue = env.TEMPORAL_TASK_QUEUE || DEFAULT_TASK_QUEUE;
  const handle = await startProcess({ client: temporal, taskQueue }, WITHDRAWAL, request.withdrawalId, input, sellerId);
  let timer: NodeJS.Timeout | undefined;
  const noWorker = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CliError(EXIT.unavailable,
      `Withdrawal ${request.withdrawalId} was started but no worker answered on task queue ${taskQueue} within ${ANSWER_WAIT_MS / 1000} s; `
      + 'it runs once a worker takes it (check TEMPORAL_TASK_QUEUE): do not start another, follow this one with `support seller`.')), ANSWER_WAIT_MS);
  });
  const outcome = await Promise.race([handle.executeUpdate(WITHDRAWAL_UPDATES.requestOutcome), noWorker]).finally(() => clearTimeout(timer));
  // The balance moved between the read and the debit (a run credited, another pay-out): nothing was taken.
  if (!outcome.ok) throw refused('the available balance changed meanwhile; read the seller again and retry.');
  return outcome.status;
}
