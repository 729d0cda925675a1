/** API v1 test world: one app, one worker (comfort runs and withdrawals), the simulator, keys. */
import { inject } from 'vitest';
import { createSimulator } from '../../infra/simulator/server.js';
import { createPayoutGateway } from '../../infra/payout/gateway.js';
import { createTransferGateway } from '../../infra/transfer/gateway.js';
import { createWorker } from '../../workers/worker.js';
import { ApiKeys } from '../../infra/api-keys/keys.js';
import { Wallets } from '../../infra/wallet/wallet.js';
import type { ApiScope } from '../../domain/api-keys.js';
import { startTestApp, type TestAppOptions } from './app.js';
import { FAST_COMFORT } from './comfort.js';
import { testKeyRing } from './secrets.js';
import { testLogger, uniqueQueue } from './servers.js';
import { CALLBACK_SECRET, FAST_WITHDRAWAL_TIMINGS } from './withdrawals.js';
import { createProvenSeller } from './proven.js';

/** `overrides`: app options that differ from the API tests' (e.g. the documented per-key limit). */
export async function startApiWorld(overrides: Pick<TestAppOptions, 'apiV1' | 'webhooks'> = {}) {
  const sim = await createSimulator({ size: 5, seed: 3, tickMs: 0, testControl: true, payoutCallbackSecret: CALLBACK_SECRET, transferTiming: { loginMs: 100, chunkMs: 100, chunkCoins: 50_000 } });
  const simUrl = await sim.listen(0);
  const taskQueue = uniqueQueue('api-v1');
  const payouts = createPayoutGateway({ baseUrl: simUrl, timeoutMs: 2_000 });
  const app = await startTestApp(undefined, {
    playerTrade: { taskQueue },
    comfortTrade: { taskQueue, timings: FAST_COMFORT, secrets: testKeyRing() },
    withdrawals: { taskQueue, timings: FAST_WITHDRAWAL_TIMINGS, payouts, callbackSecret: CALLBACK_SECRET, payoneerConsentUrl: `${simUrl}/payoneer/consent` },
    accounts: { limits: { resendWaitSeconds: 0 } },
    apiV1: { rateLimit: { max: 100_000, windowSeconds: 3600 } },
    ...overrides,
  });
  const worker = await createWorker({
    temporalAddress: inject('temporalAddress'), taskQueue, db: app.db, logger: testLogger(),
    workflowBundle: { codePath: inject('workflowBundlePath') }, secrets: testKeyRing(),
    transfer: createTransferGateway({ baseUrl: simUrl, timeoutMs: 2_000 }),
    payouts: { gateway: payouts, callbackUrl: `${app.url}/api/payouts/callback` },
  });
  const keys = await ApiKeys.open(app.db.db!);
  const wallets = await Wallets.open(app.db.db!);

  /** A proven seller with API access, payout settings and a key of these scopes; `call` speaks v1 with it. */
  const apiSeller = async (scopes: ApiScope[] = ['read', 'trade', 'withdraw']) => {
    const seller = await createProvenSeller(app);
    const res = await seller.fetch('/api/member/settings', {
      method: 'PUT',
      body: JSON.stringify({ contactMethod: 'telegram', contactValue: 'seller_tg', paymentMethod: 'paypal', paymentAddress: `pp-${seller.sellerId.slice(-6)}@example.com`, currency: 'EUR', trueName: 'Ana Seller', currentPassword: seller.password }),
    });
    if (!res.ok) throw new Error(`settings: ${res.status} ${await res.text()}`);
    await keys.enableApiAccess(seller.sellerId, 'support:test', 'api tests');
    const issued = await keys.issueKey(seller.sellerId, { name: 'test bot', scopes });
    const call = (path: string, init: { method?: string; body?: unknown; idem?: string; key?: string; headers?: Record<string, string> } = {}) =>
      fetch(`${app.url}/api/v1${path}`, {
        method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
        headers: {
          authorization: `Bearer ${init.key ?? issued.secret}`,
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(init.idem ? { 'idempotency-key': init.idem } : {}),
          ...init.headers,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    return Object.assign(seller, { key: issued.secret, keyId: issued.key.keyId, call });
  };

  return {
    app, sim, simUrl, taskQueue, worker, keys, wallets, apiSeller,
    close: async () => {
      await worker.shutdown();
      await app.close();
      await sim.close();
    },
  };
}
export type ApiWorld = Awaited<ReturnType<typeof startApiWorld>>;
