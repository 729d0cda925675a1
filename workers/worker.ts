import { fileURLToPath } from 'node:url';
import { NativeConnection, Worker, bundleWorkflowCode, type ActivityInterceptorsFactory, type WorkflowBundleOption } from '@temporalio/worker';
import type { Connection } from 'mongoose';
import { eventsCollection } from '../infra/live/events-collection.js';
import type { Logger } from '../infra/logger.js';
import { createStoreActivities } from './activities/store.js';
import { createPlayerActivities } from './activities/player-wiring.js';
import type { MarketGateway } from '../infra/market/gateway.js';
import { domainErrorsAreFinal } from './activity-boundary.js';
import type { KeyRing } from '../infra/secrets/key-ring.js';
import { dataConverter } from '../infra/temporal/data-converter.js';
import { createWithdrawalWiring } from './activities/withdrawal-wiring.js';
import type { PayoutDeps } from './activities/withdrawal.js';
import type { TransferGateway } from '../infra/transfer/gateway.js';
import { createComfortActivities } from './activities/comfort.js';
import { Wallets } from '../infra/wallet/wallet.js';
import { connectTemporal } from '../infra/temporal.js';
import { DEFAULT_DELIVERY_POLICY, type DeliveryPolicy } from '../domain/webhooks.js';
import { SellerFeed } from '../infra/seller-feed/feed.js';
import { createAnnouncer } from '../infra/seller-feed/announce.js';
import { SecretVault } from '../infra/secrets/vault.js';
import { WebhookEndpoints } from '../infra/webhooks/endpoints.js';
import { WebhookDeliveries } from '../infra/webhooks/deliveries.js';
import { startDispatch } from '../infra/webhooks/dispatch.js';
import { createWebhookSender } from '../infra/webhooks/sender.js';
import { createWebhookActivities } from './activities/webhooks.js';
import { startEventRetention, type EventRetention } from '../infra/seller-feed/retention.js';

export const WORKFLOWS_PATH = fileURLToPath(new URL('../workflows/index.ts', import.meta.url));

/** Bundles the workflow code once (a test run shares one bundle across its workers). */
export async function bundleWorkflows(): Promise<WorkflowBundleOption> {
  const { code } = await bundleWorkflowCode({ workflowsPath: WORKFLOWS_PATH, logger: quietBundlerLogger });
  return { code };
}

const quietBundlerLogger = {
  log: () => {}, trace: () => {}, debug: () => {}, info: () => {},
  warn: (m: string) => console.warn(m), error: (m: string) => console.error(m),
};

export interface WorkerDeps {
  temporalAddress: string;
  namespace?: string;
  taskQueue: string;
  db: Connection;
  logger: Logger;
  workflowBundle?: WorkflowBundleOption;
  /** Another workflows module than the app's (tests that probe the worker's activity boundary). */
  workflowsPath?: string;
  /** The game-market provider (player trade); without it, verification waits for support. */
  market?: MarketGateway;
  /** The SECRETS_KEY key ring: encrypts every payload (see infra/temporal/data-converter.ts) and opens the secret vault for activities that handle seller secrets. */
  secrets: KeyRing;
  /** The payout provider and where it calls back (withdrawals); without it, payouts wait for support. */
  payouts?: PayoutDeps;
  /** The transfer provider (comfort trade); without it, runs retry and then wait for support. */
  transfer?: TransferGateway;
  /** More activity interceptors, after the business-refusal boundary (tracing; tests that play a faulty deployment). */
  activityInterceptors?: ActivityInterceptorsFactory[];
  /** Webhook deliveries: retry policy (tests shorten it) and whether endpoints on private networks may receive (development, tests). */
  webhooks?: { policy?: DeliveryPolicy; allowPrivateNetworks?: boolean };
  /** Pruning of old feed entries and delivery logs (30 days, hourly); none when unset (tests prune by hand). */
  retention?: EventRetention;
}

/** A Temporal worker with every workflow and activity; `shutdown` lets running activities finish. */
export async function createWorker(deps: WorkerDeps): Promise<{ worker: Worker; run: Promise<void>; shutdown(): Promise<void> }> {
  const connection = await NativeConnection.connect({ address: deps.temporalAddress });
  const events = await eventsCollection(deps.db);
  const db = deps.db.db!;
  // Webhook deliveries are started by the activities that record a change, so the worker has a client too.
  const temporal = await connectTemporal(deps.temporalAddress, deps.secrets, deps.namespace ?? 'default');
  const [feed, deliveries, vault] = await Promise.all([SellerFeed.open(db), WebhookDeliveries.open(db), SecretVault.open(db, deps.secrets)]);
  const endpoints = await WebhookEndpoints.open(db, vault);
  const starter = { client: temporal.client, taskQueue: deps.taskQueue, policy: deps.webhooks?.policy ?? DEFAULT_DELIVERY_POLICY };
  const announce = createAnnouncer({ feed, events, webhooks: (sellerId, e) => startDispatch({ endpoints, starter }, sellerId, e) });
  const send = createWebhookSender({ feed, endpoints, deliveries, options: { allowPrivateNetworks: deps.webhooks?.allowPrivateNetworks ?? false } });
  const activities = {
    ...createStoreActivities({ db: deps.db, events }),
    ...(await createPlayerActivities({ db: deps.db, events, market: deps.market, announce })),
    ...(await createWithdrawalWiring({ db: deps.db, events, payouts: deps.payouts, announce })),
    ...(await createComfortActivities({ db, events, wallets: await Wallets.open(db), secrets: deps.secrets, transfer: deps.transfer, announce })),
    ...createWebhookActivities({ feed, endpoints, deliveries, starter, send }),
  };
  const worker = await Worker.create({
    connection,
    namespace: deps.namespace ?? 'default',
    taskQueue: deps.taskQueue,
    activities,
    dataConverter: dataConverter(deps.secrets),
    ...(deps.workflowBundle ? { workflowBundle: deps.workflowBundle } : { workflowsPath: deps.workflowsPath ?? WORKFLOWS_PATH }),
    shutdownGraceTime: '10 seconds',
    interceptors: { activity: [domainErrorsAreFinal, ...(deps.activityInterceptors ?? [])] },
  });
  const stopRetention = deps.retention ? startEventRetention({ feed, deliveries }, deps.retention, deps.logger) : () => undefined;
  const run = worker.run().finally(async () => {
    stopRetention();
    await connection.close();
    await temporal.connection.close().catch(() => undefined);
  });
  return {
    worker,
    run,
    shutdown: async () => {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await run;
    },
  };
}
