import { PAYMENT_METHODS } from '../../domain/account-schemas.js';
import { DEFAULT_FEE_TABLE, DEFAULT_WITHDRAWAL_TIMINGS, feeTableProblems, type FeeTable, type WithdrawalTimings } from '../../domain/withdrawal.js';
import { DEFAULT_TASK_QUEUE } from '../../infra/temporal.js';
import { createPayoutGateway, type PayoutGateway } from '../../infra/payout/gateway.js';
import { callbackSecretFromEnv, DEV_CALLBACK_SECRET, PayoutConfigError } from '../../infra/payout/callback-secret.js';
import { payoutProviderFromEnv } from '../../infra/payout/provider-config.js';
import { paypalFromEnv } from '../../infra/payout/paypal-config.js';
import { createPaypalWebhooks, type PaypalWebhooks } from '../../infra/payout/paypal-webhooks.js';
import type { Limit } from '../../infra/accounts/limits.js';

/** Withdrawal settings of the API; every field has a production default. */
export interface WithdrawalOptions {
  taskQueue: string;
  fees: FeeTable;
  timings: WithdrawalTimings;
  /** The payout provider (quotes, Payoneer binding); null: quotes are unavailable. */
  payouts: PayoutGateway | null;
  /** Verifies the provider's callbacks (PAYOUT_CALLBACK_SECRET; the development secret only outside production). */
  callbackSecret: string;
  /** Codes a seller may ask for per window. */
  codeRequestPerSeller: Limit;
  /** Where the Payoneer consent page is (the provider's public URL). */
  payoneerConsentUrl: string | null;
  /** PayPal's payout webhooks (PAYPAL_WEBHOOK_ID with PayPal's credentials); null: PayPal payouts are read by polling only. */
  paypalWebhooks: PaypalWebhooks | null;
}

export function withdrawalOptions(given: Partial<WithdrawalOptions> = {}): WithdrawalOptions {
  const fees = given.fees ?? DEFAULT_FEE_TABLE;
  const problems = feeTableProblems(fees, PAYMENT_METHODS);
  if (problems.length) throw new Error(`withdrawal fee table: ${problems.join('; ')}`);
  return {
    taskQueue: given.taskQueue ?? DEFAULT_TASK_QUEUE,
    fees,
    timings: { ...DEFAULT_WITHDRAWAL_TIMINGS, ...given.timings },
    payouts: given.payouts ?? null,
    callbackSecret: given.callbackSecret ?? DEV_CALLBACK_SECRET,
    codeRequestPerSeller: given.codeRequestPerSeller ?? { max: 5, windowSeconds: 3600 },
    payoneerConsentUrl: given.payoneerConsentUrl ?? null,
    paypalWebhooks: given.paypalWebhooks ?? null,
  };
}

/** An operator's fee table from WITHDRAWAL_FEES_JSON; anything unreadable or incomplete stops the start with what to fix. */
export function feesFromJson(json: string): FeeTable {
  let fees: FeeTable;
  try {
    fees = JSON.parse(json) as FeeTable;
  } catch (err) {
    throw new PayoutConfigError(`WITHDRAWAL_FEES_JSON is not valid JSON (${(err as Error).message}); see docs/withdrawals.md, "Money and fees", for its shape.`);
  }
  const problems = feeTableProblems(fees, PAYMENT_METHODS);
  if (problems.length) throw new PayoutConfigError(`WITHDRAWAL_FEES_JSON: ${problems.join('; ')}`);
  return fees;
}

/**
 * From the environment (api/main.ts only): PAYOUT_PROVIDER_URL (outside production else PROVIDER_URL),
 * PAYOUT_API_KEY, PAYOUT_PROVIDER_METHODS (checked here too, so a bad list stops the API as well as the worker),
 * PAYOUT_CALLBACK_SECRET, PAYPAL_* (webhooks: infra/payout/paypal-config.ts), PAYOUT_PUBLIC_URL (the consent page seen by browsers), WITHDRAWAL_FEES_JSON
 * (a fee table), WITHDRAWAL_OVERDUE_MS, WITHDRAWAL_POLL_MS, TEMPORAL_TASK_QUEUE. Throws PayoutConfigError
 * (the process stops with its message) in production without a real PAYOUT_CALLBACK_SECRET, and for an
 * unreadable or incomplete WITHDRAWAL_FEES_JSON.
 */
export function withdrawalsFromEnv(env: NodeJS.ProcessEnv): Partial<WithdrawalOptions> {
  const provider = payoutProviderFromEnv(env);
  const url = provider?.url;
  const callbackSecret = callbackSecretFromEnv(env);
  const paypal = paypalFromEnv(env);
  // The provider's site as a browser sees it (the Payoneer consent page).
  const publicUrl = env.PAYOUT_PUBLIC_URL || env.PROVIDER_PUBLIC_URL || url;
  const num = (name: string) => (env[name] && Number(env[name]) > 0 ? Number(env[name]) : undefined);
  const timings: Partial<WithdrawalTimings> = {};
  if (num('WITHDRAWAL_OVERDUE_MS')) timings.overdueMs = num('WITHDRAWAL_OVERDUE_MS');
  if (num('WITHDRAWAL_POLL_MS')) timings.pollMs = num('WITHDRAWAL_POLL_MS');
  return {
    taskQueue: env.TEMPORAL_TASK_QUEUE ?? DEFAULT_TASK_QUEUE,
    ...(env.WITHDRAWAL_FEES_JSON ? { fees: feesFromJson(env.WITHDRAWAL_FEES_JSON) } : {}),
    timings: { ...DEFAULT_WITHDRAWAL_TIMINGS, ...timings },
    payouts: provider ? createPayoutGateway({ baseUrl: provider.url, apiKey: provider.apiKey }) : null,
    ...(callbackSecret ? { callbackSecret } : {}),
    payoneerConsentUrl: publicUrl ? `${publicUrl.replace(/\/+$/, '')}/payoneer/consent` : null,
    paypalWebhooks: paypal?.webhookId ? createPaypalWebhooks({ ...paypal, webhookId: paypal.webhookId }) : null,
  };
}
