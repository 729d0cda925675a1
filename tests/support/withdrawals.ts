/** A withdrawal world for tests: the simulator (payouts), the API and a worker on real Temporal, SMTP and MongoDB. */
import { createProvenSeller } from './proven.js';
import { testKeyRing } from './secrets.js';
import { inject } from 'vitest';
import type { PaymentMethod } from '../../domain/account-schemas.js';
import type { WithdrawalTimings } from '../../domain/withdrawal.js';
import { createPayoutGateway } from '../../infra/payout/gateway.js';
import { createSimulator } from '../../infra/simulator/server.js';
import { connectTemporal } from '../../infra/temporal.js';
import { Wallets } from '../../infra/wallet/wallet.js';
import { createWorker, type WorkerDeps } from '../../workers/worker.js';
import { startTestApp, type TestAppOptions } from './app.js';
import { codeIn, waitForMail } from './mail.js';
import { LANGUAGES } from '../../domain/client-config.js';
import { ACCOUNT_MAIL_TEXTS } from '../../infra/mail/account-texts.js';
import type { SignedInSeller } from './sellers.js';
import { testLogger, uniqueQueue } from './servers.js';
import type { Logger } from '../../infra/logger.js';
import type { Mailer } from '../../infra/mail/mailer.js';
import type { PaypalWebhooks } from '../../infra/payout/paypal-webhooks.js';

export const CALLBACK_SECRET = 'test-payout-callback-secret';
export const FAST_WITHDRAWAL_TIMINGS: WithdrawalTimings = { overdueMs: 60_000, pollMs: 1_000, providerAttempts: 3, providerRetryMs: 100, providerCallTimeoutMs: 2_000 };
export const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

export async function startWithdrawalWorld(opts: {
  timings?: Partial<WithdrawalTimings>; worker?: boolean; resendWaitSeconds?: number; codesPerSeller?: number; sweepMs?: number;
  /** The API's logger and mailer (a test reading the real log lines). */
  logger?: Logger; mailer?: Mailer;
  /** Another payout provider than the simulator (a test server answering out of contract), for the API and the worker. */
  payoutUrl?: string;
  /** The methods the provider pays (PAYOUT_PROVIDER_METHODS); the others are manual payouts. Every method by default. */
  payoutMethods?: readonly PaymentMethod[];
  /** More of the API's options (player trade, a metrics registry) and its task queue (shared with player trade). */
  app?: Omit<TestAppOptions, 'withdrawals' | 'accounts' | 'logger'>; taskQueue?: string;
  /** PayPal's payout webhooks at the API (PAYPAL_WEBHOOK_ID). */
  paypalWebhooks?: PaypalWebhooks;
} = {}) {
  const sim = await createSimulator({ size: 5, seed: 3, tickMs: 0, testControl: true, payoutCallbackSecret: CALLBACK_SECRET });
  const simUrl = await sim.listen(0);
  const taskQueue = opts.taskQueue ?? uniqueQueue('withdraw');
  const timings = { ...FAST_WITHDRAWAL_TIMINGS, ...opts.timings };
  const gateway = createPayoutGateway({ baseUrl: opts.payoutUrl ?? simUrl, timeoutMs: 2_000 });
  const app = await startTestApp(undefined, {
    withdrawals: {
      taskQueue, timings, payouts: gateway, callbackSecret: CALLBACK_SECRET, payoneerConsentUrl: `${simUrl}/payoneer/consent`,
      codeRequestPerSeller: { max: opts.codesPerSeller ?? 5, windowSeconds: 3600 },
      ...(opts.paypalWebhooks ? { paypalWebhooks: opts.paypalWebhooks } : {}),
    },
    // Tests that send several codes to one seller skip the resend wait unless they test it.
    accounts: { limits: { resendWaitSeconds: opts.resendWaitSeconds ?? 0 }, ...(opts.mailer ? { mailer: opts.mailer } : {}) },
    ...(opts.logger ? { logger: opts.logger } : {}),
    ...opts.app,
  });
  const callbackUrl = `${app.url}/api/payouts/callback`;
  /** `more`: the worker's other parts (the market, metrics counters). */
  const startWorker = (more: Partial<WorkerDeps> = {}) => createWorker({
    temporalAddress: inject('temporalAddress'), taskQueue, db: app.db, logger: testLogger(),
    workflowBundle: { codePath: inject('workflowBundlePath') }, ...(opts.sweepMs ? { sweepPeriods: { 'withdrawal-drafts': opts.sweepMs } } : {}), payouts: { gateway, callbackUrl, ...(opts.payoutMethods ? { methods: opts.payoutMethods } : {}) }, secrets: testKeyRing(),
    ...more,
  });
  const worker = opts.worker === false ? null : await startWorker();
  const temporal = await connectTemporal(inject('temporalAddress'), testKeyRing());
  const wallets = await Wallets.open(app.db.db!);
  const steer = async (body: Record<string, unknown>) => {
    const res = await fetch(`${simUrl}/test/payouts/steering`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`steering failed ${res.status}`);
  };
  const payouts = async () => ((await (await fetch(`${simUrl}/test/payouts`)).json()) as { payouts: { key: string; state: string; amountCents: number; callbacks: number; address: string }[]; createCalls: number });
  return {
    sim, simUrl, app, taskQueue, timings, temporal, wallets, worker, startWorker, steer, payouts, callbackUrl, gateway,
    close: async () => {
      await worker?.shutdown();
      await temporal.connection.close();
      await app.close();
      await sim.close();
    },
  };
}
export type WithdrawalWorld = Awaited<ReturnType<typeof startWithdrawalWorld>>;

/** A signed-in seller with payment settings and `availableCents` earned from one purchase `ref`. */
export async function sellerWithMoney(w: WithdrawalWorld, availableCents: number, settings: Partial<Record<string, string>> = {}, ref = `purchase-${Math.random().toString(36).slice(2)}`) {
  // Payout settings need a proven address and the current password (docs/security.md, items 6 and 11).
  const seller = await createProvenSeller(w.app);
  const saved = await savePayoutSettings(seller, settings);
  if (availableCents > 0) {
    await w.wallets.apply({ sellerId: seller.sellerId, opId: `seed:${ref}`, kind: 'player_freeze_released', delta: { available: availableCents }, ref });
  }
  return Object.assign(seller, { ref, settings: saved });
}

/** Saves PayPal payout settings (EUR) with the seller's password, as the settings page does; `settings` overrides fields. */
export async function savePayoutSettings(seller: SignedInSeller, settings: Partial<Record<string, string>> = {}): Promise<{ settings: { paymentAddress: string } }> {
  const res = await seller.fetch('/api/member/settings', {
    method: 'PUT',
    body: JSON.stringify({ contactMethod: 'telegram', contactValue: 'seller_tg', paymentMethod: 'paypal', paymentAddress: `pp-${seller.sellerId.slice(-6)}@example.com`, currency: 'EUR', trueName: 'Ana Seller', currentPassword: seller.password, ...settings }),
  });
  if (!res.ok) throw new Error(`settings failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { settings: { paymentAddress: string } };
}

export const post = (s: SignedInSeller, path: string, body: unknown) => s.fetch(path, { method: 'POST', body: JSON.stringify(body) });

/** The withdrawal code mail's subject in any language: it is written in the seller's (issue 33). */
export const WITHDRAWAL_CODE_SUBJECT = new RegExp(`^(${LANGUAGES.map((l) => ACCOUNT_MAIL_TEXTS[l].withdrawSubject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);

/** Asks for the emailed code (real SMTP) and reads it from the catcher. */
export async function requestCode(s: SignedInSeller, amountCents: number, nth = 1): Promise<{ withdrawalId: string; code: string; body: Record<string, unknown> }> {
  const res = await post(s, '/api/withdrawals/code', { amountCents, email: s.email });
  const body = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200) throw new Error(`code request failed: ${res.status} ${JSON.stringify(body)}`);
  const mail = await waitForMail(s.email, WITHDRAWAL_CODE_SUBJECT, nth);
  return { withdrawalId: body.withdrawalId as string, code: codeIn(mail), body };
}

/** Requests the code and confirms: the API's answer. */
export async function withdraw(s: SignedInSeller, amountCents: number, nth = 1) {
  const { withdrawalId, code } = await requestCode(s, amountCents, nth);
  const res = await post(s, '/api/withdrawals', { withdrawalId, code });
  return { res, body: (await res.json()) as Record<string, any>, withdrawalId, code };
}
