/**
 * Every sweep the cluster runs, each once per period by its Temporal Schedule (infra/sweeps/):
 * before, each was a timer on every API or worker replica, so ten replicas swept ten times and a
 * failed sweep was a log line. Periods come from the same settings as before.
 */
import type { Db } from 'mongodb';
import type { Connection } from 'mongoose';
import { accountModels, sweepExpiredAccountRecords } from '../infra/accounts/models.js';
import type { Client } from '@temporalio/client';
import type { SweepName } from '../domain/sweeps.js';
import type { Logger } from '../infra/logger.js';
import { pruneEvents, type EventRetention } from '../infra/seller-feed/retention.js';
import type { SellerFeed } from '../infra/seller-feed/feed.js';
import type { WebhookDeliveries } from '../infra/webhooks/deliveries.js';
import { DEFAULT_NOTIFY_SWEEP_MS, type Notifier } from '../infra/notifications/notifier.js';
import { createSupportNotices, type SupportNoticeOptions } from '../infra/notifications/support-notices.js';
import { sweepExpiredWithdrawalData } from '../infra/withdrawals/sweep.js';
import { sweepIdempotencyKeys } from '../infra/v1/idempotency-keys.js';
import type { Sweep } from '../infra/sweeps/schedules.js';
import { DEFAULT_COMFORT_TIMINGS, type ComfortTimings } from '../domain/comfort-trade.js';
import { ComfortRuns } from '../infra/comfort/runs.js';
import type { SecretVault } from '../infra/secrets/vault.js';
import { recordedRunStarter } from '../infra/comfort/unstarted.js';
import { SECRET_SWEEP_MS, sweepSealedSecrets } from '../infra/comfort/secret-sweeper.js';

/** Expired withdrawal drafts, kept v1 answers and account records: nothing waits on them, so every 10 minutes (as the API's timers did). */
export const DEFAULT_CLEANUP_SWEEP_MS = 10 * 60_000;

export interface SweepSettings {
  db: Db;
  /** The same database through mongoose (the account records' models). */
  connection: Connection;
  client: Client;
  namespace: string;
  taskQueue: string;
  logger: Pick<Logger, 'info' | 'warn'>;
  feed: SellerFeed;
  /** The vault of sealed login details, and the comfort timings a recorded run the sweep starts gets (the API's COMFORT_* settings). */
  vault: SecretVault;
  comfortTimings?: ComfortTimings;
  deliveries: WebhookDeliveries;
  notifier: Notifier;
  /** Pruning of old feed entries and delivery logs; no sweep without (tests prune by hand). */
  retention?: EventRetention;
  notifySweepMs?: number;
  supportNotices?: Omit<SupportNoticeOptions, 'namespace' | 'taskQueue'> & { everyMs?: number };
  /** Other periods than the defaults (tests). */
  periods?: Partial<Record<SweepName, number>>;
}

export async function workerSweeps(s: SweepSettings): Promise<Partial<Record<SweepName, Sweep>>> {
  const notifyEvery = s.notifySweepMs ?? DEFAULT_NOTIFY_SWEEP_MS;
  const every = (name: SweepName, fallback: number) => s.periods?.[name] ?? fallback;
  const accounts = await accountModels(s.connection);
  const runs = await ComfortRuns.open(s.db);
  const startRecorded = recordedRunStarter({ client: s.client, taskQueue: s.taskQueue }, s.comfortTimings ?? DEFAULT_COMFORT_TIMINGS, s.vault);
  const sweeps: Partial<Record<SweepName, Sweep>> = {
    'seller-reminders': { everyMs: every('seller-reminders', notifyEvery), run: async () => ({ reminders: await s.notifier.remindDue() }) },
    'withdrawal-drafts': { everyMs: every('withdrawal-drafts', DEFAULT_CLEANUP_SWEEP_MS), run: () => sweepExpiredWithdrawalData(s.db) },
    'idempotency-keys': { everyMs: every('idempotency-keys', DEFAULT_CLEANUP_SWEEP_MS), run: async () => { await sweepIdempotencyKeys(s.db); return 'swept'; } },
    'sealed-secrets': { everyMs: every('sealed-secrets', SECRET_SWEEP_MS), run: () => sweepSealedSecrets({ vault: s.vault, temporal: s.client, runs, startRecorded }) },
    'account-records': { everyMs: every('account-records', DEFAULT_CLEANUP_SWEEP_MS), run: async () => { await sweepExpiredAccountRecords(accounts); return 'swept'; } },
  };
  const { outbox, push } = s.notifier;
  if (outbox) sweeps['mail-outbox'] = { everyMs: every('mail-outbox', notifyEvery), run: async () => ({ sent: await outbox.sweep() }) };
  if (push) sweeps['push-outbox'] = { everyMs: every('push-outbox', notifyEvery), run: async () => ({ sent: await push.sweep() }) };
  const retention = s.retention;
  if (retention) sweeps['event-retention'] = { everyMs: every('event-retention', retention.everyMs), run: () => pruneEvents({ feed: s.feed, deliveries: s.deliveries }, retention.days) };
  if (s.supportNotices) {
    // Support notices go through the notifications' mail outbox; without SMTP there is nothing to send them with.
    if (!outbox) s.logger.warn('support notices need SMTP_URL: support is not mailed when a run waits for it');
    else {
      const { everyMs, ...o } = s.supportNotices;
      const notices = createSupportNotices({ client: s.client, outbox, logger: s.logger }, { ...o, namespace: s.namespace, taskQueue: s.taskQueue });
      sweeps['support-notices'] = { everyMs: every('support-notices', everyMs ?? notifyEvery), run: async () => ({ queued: await notices.sweep() }) };
    }
  }
  return sweeps;
}
