import { fileURLToPath } from 'node:url';
import { NativeConnection, Worker, bundleWorkflowCode, type ActivityInterceptorsFactory, type WorkflowBundleOption } from '@temporalio/worker';
import type { Connection } from 'mongoose';
import type { Collection } from 'mongodb';
import { eventsCollection, type EventDoc } from '../infra/live/events-collection.js';
import type { Logger } from '../infra/logger.js';
import { BUILT } from '../infra/built.js';
import type { MarketGateway } from '../infra/market/gateway.js';
import { domainErrorsAreFinal } from './activity-boundary.js';
import type { KeyRing } from '../infra/secrets/key-ring.js';
import { dataConverter } from '../infra/temporal/data-converter.js';
import { createActivities } from './activities/index.js';
import type { PayoutDeps } from './activities/payout.js';
import type { PayoutGateway } from '../infra/payout/gateway.js';
import type { TransferGateway } from '../infra/transfer/gateway.js';
import { connectTemporal } from '../infra/temporal.js';
import { temporalAccessFromEnv, type TemporalAccess } from '../infra/temporal/access.js';
import { DEFAULT_DELIVERY_POLICY, webhookTaskQueue, type DeliveryPolicy } from '../domain/webhooks.js';
import { Slots } from '../infra/slots.js';
import { logEventLoopDelay } from '../infra/event-loop-delay.js';
import { SellerFeed } from '../infra/seller-feed/feed.js';
import { createAnnouncer } from '../infra/seller-feed/announce.js';
import { SecretVault } from '../infra/secrets/vault.js';
import { WebhookEndpoints } from '../infra/webhooks/endpoints.js';
import { WebhookDeliveries } from '../infra/webhooks/deliveries.js';
import { startDispatch } from '../infra/webhooks/dispatch.js';
import { createWebhookSender } from '../infra/webhooks/sender.js';
import { createWebhookActivities } from './activities/webhooks.js';
import type { EventRetention } from '../infra/seller-feed/retention.js';
import { createNotifier, type NotifierOptions } from '../infra/notifications/notifier.js';
import type { SupportNoticeOptions } from '../infra/notifications/support-notices.js';
import type { SweepName } from '../domain/sweeps.js';
import type { ComfortTimings } from '../domain/comfort-trade.js';
import { SweepLog } from '../infra/sweeps/sweep-log.js';
import { createSweepActivities } from '../infra/sweeps/activity.js';
import { ensureSweepSchedules, removeSweepSchedules } from '../infra/sweeps/schedules.js';
import { workerSweeps } from './sweeps.js';
import type { BusinessCounters } from '../infra/metrics/counters.js';
import type { Tracing } from '../infra/tracing/tracing.js';
import { activityTracing, WORKFLOW_TRACING_MODULE, workflowSpanSinks } from '../infra/tracing/temporal.js';

export const WORKFLOWS_PATH = fileURLToPath(new URL('../workflows/index.ts', import.meta.url));

/** Bundles the workflow code once (a test run shares one bundle across its workers). */
export async function bundleWorkflows(workflowsPath = WORKFLOWS_PATH): Promise<WorkflowBundleOption> {
  // The workflow tracing interceptors are in every bundle; a worker without tracing drops their spans (workflowSpanSinks).
  const { code } = await bundleWorkflowCode({ workflowsPath, workflowInterceptorModules: [WORKFLOW_TRACING_MODULE], logger: quietBundlerLogger });
  return { code };
}

/** From dist/, the workflow bundle `npm run build` wrote beside the worker's own (scripts/build-workflows.ts); from the sources, none. */
export function builtWorkflowBundle(): WorkflowBundleOption | undefined {
  return BUILT ? { codePath: fileURLToPath(new URL('./workflow-bundle.js', import.meta.url)) } : undefined;
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
  /** Activities of test-only workflows (tests/support/workflows), built from the worker's database and registered beside the app's. */
  moreActivities?: (deps: { db: Connection; events: Collection<EventDoc> }) => Record<string, (...args: never[]) => Promise<unknown>>;
  /** The game-market provider (player trade); without it, verification waits for support. */
  market?: MarketGateway;
  /** The SECRETS_KEY key ring: encrypts every payload (see infra/temporal/data-converter.ts) and opens the secret vault for activities that handle seller secrets. */
  secrets: KeyRing;
  /** The payout provider, where it calls back and the methods it pays (withdrawals); every other method is paid by hand by support. */
  payouts?: PayoutDeps;
  /** The PayPal Payouts adapter (infra/payout/paypal-gateway.ts): pays the `paypal` method when PayPal is configured. */
  paypal?: PayoutGateway;
  /** The transfer provider (comfort trade); without it, runs retry and then wait for support. */
  transfer?: TransferGateway;
  /** This process's tracing (infra/tracing): the workflows' spans go to its processor; dropped without. */
  tracing?: Tracing | null;
  /** More activity interceptors, after the business-refusal boundary (tests that play a faulty deployment). */
  activityInterceptors?: ActivityInterceptorsFactory[];
  /**
   * Webhook deliveries: retry policy (tests shorten it), whether endpoints on private networks may
   * receive (development, tests), and how many attempts this process makes at once (its own slots
   * on the webhook queue).
   */
  webhooks?: { policy?: DeliveryPolicy; allowPrivateNetworks?: boolean; activitySlots?: number; dispatcherIdleMs?: number };
  /** Pruning of old feed entries and delivery logs (30 days, hourly); none when unset (tests prune by hand). */
  retention?: EventRetention;
  /** Seller notifications: the mailer and public URL for mails (in-app only without), reminder lead time, sweep period. */
  notifications?: NotifierOptions;
  /** Support is mailed when a run starts waiting for it (needs `notifications.mail`); the sweep period defaults to the notifications'. */
  supportNotices?: Omit<SupportNoticeOptions, 'namespace' | 'taskQueue'> & { everyMs?: number };
  /** How often the process logs its event loop's delay (EVENT_LOOP_LOG_MS; a minute by default). */
  eventLoopLogMs?: number;
  /** Counters of what the activities did, on the process's metrics registry (workers/metrics.ts); none counted without. */
  counters?: BusinessCounters;
  /** The comfort timings (COMFORT_*) a recorded run started by the vault sweep gets; the defaults without. */
  comfortTimings?: ComfortTimings;
  /** How to reach Temporal (TLS, client certificate, API key); the environment's when not given. */
  temporalAccess?: TemporalAccess;
  /**
   * How long a workflow task waits on the sticky queue of the worker that ran the workflow last (Temporal's
   * 10 s without): a worker killed without telling Temporal leaves its runs standing that long.
   */
  stickyTimeoutMs?: number;
  /** Other periods for the sweeps' schedules than their settings' (tests). */
  sweepPeriods?: Partial<Record<SweepName, number>>;
}

/** Webhook attempts one worker process makes at once (WEBHOOK_ACTIVITY_SLOTS); the money queue keeps Temporal's own default. */
export const DEFAULT_WEBHOOK_ACTIVITY_SLOTS = 50;

/** A Temporal worker with every workflow and activity (and one for webhook deliveries on their own queue); `shutdown` lets running activities finish. */
export async function createWorker(deps: WorkerDeps): Promise<{ worker: Worker; run: Promise<void>; shutdown(): Promise<void> }> {
  const access = deps.temporalAccess ?? temporalAccessFromEnv();
  const connection = await NativeConnection.connect({ address: deps.temporalAddress, ...access });
  const events = await eventsCollection(deps.db);
  const db = deps.db.db!;
  // Webhook deliveries are started by the activities that record a change, so the worker has a client too.
  const temporal = await connectTemporal(deps.temporalAddress, deps.secrets, deps.namespace ?? 'default', { access });
  const [feed, deliveries, vault] = await Promise.all([SellerFeed.open(db), WebhookDeliveries.open(db), SecretVault.open(db, deps.secrets)]);
  const endpoints = await WebhookEndpoints.open(db, vault);
  const starter = { client: temporal.client, taskQueue: webhookTaskQueue(deps.taskQueue), policy: deps.webhooks?.policy ?? DEFAULT_DELIVERY_POLICY, dispatcherIdleMs: deps.webhooks?.dispatcherIdleMs };
  const notifier = await createNotifier({ db, events, logger: deps.logger }, deps.notifications);
  const announce = createAnnouncer({ feed, events, webhooks: (sellerId, e) => startDispatch({ endpoints, starter }, sellerId, e), notify: notifier.notify });
  const send = createWebhookSender({ feed, endpoints, deliveries, options: { allowPrivateNetworks: deps.webhooks?.allowPrivateNetworks ?? false } });
  const webhookActivities = createWebhookActivities({ feed, endpoints, deliveries, starter, send, slots: await Slots.open(db) });
  // Every sweep is a Temporal Schedule on this queue (workers/sweeps.ts), whose workflow calls runSweep on any replica.
  const namespace = deps.namespace ?? 'default';
  const sweeps = await workerSweeps({
    db, connection: deps.db, client: temporal.client, namespace, vault, comfortTimings: deps.comfortTimings, taskQueue: deps.taskQueue, logger: deps.logger, feed, deliveries, notifier,
    retention: deps.retention, notifySweepMs: deps.notifications?.sweepMs, supportNotices: deps.supportNotices, periods: deps.sweepPeriods,
  });
  const sweepLog = await SweepLog.open(db);
  const activities = {
    ...createSweepActivities({ sweeps, taskQueue: deps.taskQueue, log: sweepLog, counters: deps.counters, logger: deps.logger }),
    ...(await createActivities({ db, events, vault, secrets: deps.secrets, market: deps.market, payouts: deps.payouts, paypal: deps.paypal, transfer: deps.transfer, announce, counters: deps.counters })),
    // Delivery workflows started before webhooks had their own queue still call these here.
    ...webhookActivities,
    ...deps.moreActivities?.({ db: deps.db, events }),
  };
  const common = {
    connection,
    namespace: deps.namespace ?? 'default',
    dataConverter: dataConverter(deps.secrets),
    // Both workers run the same code: bundled once, not once each.
    ...(deps.workflowBundle ? { workflowBundle: deps.workflowBundle } : { workflowBundle: await bundleWorkflows(deps.workflowsPath) }),
    shutdownGraceTime: '10 seconds',
    ...(deps.stickyTimeoutMs ? { stickyQueueScheduleToStartTimeout: deps.stickyTimeoutMs } : {}),
    // The activity's span first, so it covers the refusal boundary and whatever a test adds.
    interceptors: { activity: [activityTracing, domainErrorsAreFinal, ...(deps.activityInterceptors ?? [])] },
    sinks: workflowSpanSinks(deps.tracing ?? null),
  };
  const worker = await Worker.create({ ...common, taskQueue: deps.taskQueue, activities });
  // Webhook deliveries poll their own queue with their own slots: receivers, however slow or many, never take a run's.
  const hooks = await Worker.create({
    ...common, taskQueue: webhookTaskQueue(deps.taskQueue), activities: webhookActivities,
    maxConcurrentActivityTaskExecutions: deps.webhooks?.activitySlots ?? DEFAULT_WEBHOOK_ACTIVITY_SLOTS,
    maxConcurrentWorkflowTaskExecutions: 10,
  });
  // Made or brought up to date by every replica at its start; idempotent (infra/sweeps/schedules.ts).
  const scheduleIds = await ensureSweepSchedules(temporal.client, deps.taskQueue, sweeps, sweepLog, deps.logger);
  // A blocked loop makes every timer late and reads no socket: operators see how late, per window.
  const stopLoopLog = logEventLoopDelay(deps.logger, deps.eventLoopLogMs);
  const stopBoth = () => { for (const w of [worker, hooks]) if (w.getState() === 'RUNNING') w.shutdown(); };
  // One worker failing stops the other: the process is either whole or gone.
  const run = Promise.all([worker.run(), hooks.run()].map((r) => r.catch((err) => { stopBoth(); throw err; }))).then(() => undefined).finally(async () => {
    stopLoopLog();
    await connection.close();
    await temporal.connection.close().catch(() => undefined);
  });
  return {
    worker,
    run,
    /**
     * Stops this worker and deletes its queue's sweep schedules: called by the owner of a queue that
     * goes away with it (a test, a benchmark). The process (workers/main.ts) never calls it: its
     * replicas end by signal and leave the schedules to the others.
     */
    shutdown: async () => {
      await removeSweepSchedules(temporal.client, scheduleIds, sweepLog).catch((err: unknown) => deps.logger.warn({ err }, 'sweep schedules not removed'));
      stopBoth();
      await run;
    },
  };
}
