/**
 * A worker process as workers/main.ts runs it, whose mailer kills the process (SIGKILL) right after
 * the SMTP server accepted a mail whose subject matches KILL_AFTER_SUBJECT: the crash between
 * "sent" and "recorded as sent" that the notification outbox must survive without mailing twice.
 */
// As every test process: the migration once per database it opens (MONGODB_MIGRATE_AT_CONNECT, inherited).
import './migrate-at-connect.js';
import { connectDatabase } from '../../infra/db.js';
import { createLogger } from '../../infra/logger.js';
import { createMailer, type Mailer } from '../../infra/mail/mailer.js';
import { keyRingFrom } from '../../infra/secrets/key-ring.js';
import { createTransferGateway } from '../../infra/transfer/gateway.js';
import { createWorker } from '../../workers/worker.js';
import { setting } from '../../infra/config/load.js';

const env = (k: string) => { const v = process.env[k]; if (!v) throw new Error(`${k} is required`); return v; };
const logger = createLogger('worker', 'warn');
const inner = createMailer(env('SMTP_URL'), 'Coin Market <no-reply@coin-market.test>', logger);
const killAfter = new RegExp(env('KILL_AFTER_SUBJECT'));
const mailer: Mailer = {
  async send(mail) {
    await inner.send(mail);
    if (killAfter.test(mail.subject)) process.kill(process.pid, 'SIGKILL');
  },
  close: () => inner.close(),
};
const db = await connectDatabase(env('MONGODB_URI'), env('MONGODB_DB'));
const w = await createWorker({
  // As workers/main.ts reads it (the tests shorten it): a killed worker's runs move on sooner.
  stickyTimeoutMs: setting('TEMPORAL_STICKY_TIMEOUT_MS'),
  temporalAddress: env('TEMPORAL_ADDRESS'), taskQueue: env('TEMPORAL_TASK_QUEUE'), db, logger,
  workflowBundle: { codePath: env('WORKFLOW_BUNDLE') }, secrets: keyRingFrom(env('SECRETS_KEY')),
  transfer: createTransferGateway({ baseUrl: env('PROVIDER_URL'), timeoutMs: 2_000 }),
  notifications: { mail: { mailer, publicUrl: env('PUBLIC_URL') }, sweepMs: 200 },
});
await w.run;
