/**
 * A comfort world that tells the seller: the real API, the provider simulator, and a worker whose
 * notifier mails through the run's SMTP catcher (read with tests/support/mail.ts), links on the API.
 */
import { inject } from 'vitest';
import type { ComfortTimings } from '../../domain/comfort-trade.js';
import { supportChannelsFromEnv } from '../../infra/config/support-channels.js';
import { createMailer } from '../../infra/mail/mailer.js';
import { createTransferGateway } from '../../infra/transfer/gateway.js';
import { createWorker } from '../../workers/worker.js';
import { startTestApp } from './app.js';
import { startTransferSimulator } from './comfort.js';
import { testKeyRing } from './secrets.js';
import { testLogger, uniqueQueue } from './servers.js';

export const TEST_MAIL_FROM = 'Coin Market <no-reply@coin-market.test>';

export interface NotifyingWorld {
  app: Awaited<ReturnType<typeof startTestApp>>;
  sim: Awaited<ReturnType<typeof startTransferSimulator>>;
  worker: Awaited<ReturnType<typeof createWorker>>;
  close(): Promise<void>;
}

/** `notify`: how long before a deadline the reminder goes and how often the sweeps run (the notifier's options). */
export async function startNotifyingWorld(name: string, timings: ComfortTimings, notify: { reminderBeforeMs?: number; sweepMs?: number } = {}): Promise<NotifyingWorld> {
  const queue = uniqueQueue(name);
  const sim = await startTransferSimulator();
  const app = await startTestApp(undefined, { comfortTrade: { taskQueue: queue, timings } });
  const worker = await createWorker({
    temporalAddress: inject('temporalAddress'), taskQueue: queue, db: app.db, logger: testLogger(),
    workflowBundle: { codePath: inject('workflowBundlePath') }, secrets: testKeyRing(),
    transfer: createTransferGateway({ baseUrl: sim.url, timeoutMs: 2_000 }),
    // The support contacts as the worker reads them (SUPPORT_CHANNELS_JSON unset here: the API's development channels too).
    notifications: { mail: { mailer: createMailer(inject('smtpUrl'), TEST_MAIL_FROM, testLogger()), publicUrl: app.url }, supportChannels: supportChannelsFromEnv({}), ...notify },
  });
  return {
    app, sim, worker,
    async close() {
      await worker.shutdown();
      await app.close();
      await sim.close();
    },
  };
}
