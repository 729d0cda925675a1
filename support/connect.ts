/**
 * The support tool's connections, configured from the environment like the worker: MONGODB_URI,
 * MONGODB_DB, TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE and SECRETS_KEY (the key ring decrypts the
 * updates' answers; it is never printed). Seller notices (API access enabled, a key issued) mail
 * through SMTP_URL (from MAIL_FROM, else the brand at PUBLIC_URL's host: infra/mail/from.ts) with links on PUBLIC_URL; without SMTP_URL they are queued for the
 * workers' outbox sweep.
 */
import type { Client, Connection as TemporalConnection } from '@temporalio/client';
import type { Connection } from 'mongoose';
import { connectDatabase } from '../infra/db.js';
import { useMigrateAtConnect } from '../infra/migrate.js';
import { keyRingFrom, type KeyRing } from '../infra/secrets/key-ring.js';
import { connectTemporal } from '../infra/temporal.js';
import { createLogger } from '../infra/logger.js';
import { createMailer, type Mailer } from '../infra/mail/mailer.js';
import { MailConfigError, mailFrom } from '../infra/mail/from.js';
import { CliError, EXIT } from './errors.js';

export type Env = Readonly<Record<string, string | undefined>>;

export interface SupportContext {
  db: Connection;
  /** The settings the tool was started with (a pay-out reads the withdrawal settings from them). */
  env: Env;
  /** The Temporal client, opened on first use (a look-up needs only the database). */
  temporal(): Promise<Client>;
  /** How seller notices go out: a mailer (SMTP_URL), or null for the workers' outbox sweep; links on `publicUrl`. */
  mail: { mailer: Mailer | null; publicUrl: string };
  /** SECRETS_KEY's ring: opens the vault where webhook endpoint secrets are sealed (removing an endpoint destroys them). */
  secrets: KeyRing;
  close(): Promise<void>;
}

const required = (env: Env, name: string): string => {
  const v = env[name];
  if (!v) throw new CliError(EXIT.usage, `Missing environment variable ${name} (the support tool reads the same settings as the worker; beside a running "npm start" it finds them in its data directory).`);
  return v;
};

/** Opens the database now and Temporal when needed; a server that does not answer is an outage (exit 4). */
export async function openContext(env: Env): Promise<SupportContext> {
  const uri = required(env, 'MONGODB_URI');
  const temporalAddress = required(env, 'TEMPORAL_ADDRESS');
  let from: string;
  try {
    from = mailFrom(env);
  } catch (err) {
    if (err instanceof MailConfigError) throw new CliError(EXIT.usage, err.message);
    throw err;
  }
  let keys;
  try {
    keys = keyRingFrom(required(env, 'SECRETS_KEY'));
  } catch (err) {
    if (err instanceof CliError) throw err;
    // The key's own text never goes into the message.
    throw new CliError(EXIT.usage, 'SECRETS_KEY is not a valid key ring (expected id:base64 entries).');
  }
  let db: Connection;
  try {
    useMigrateAtConnect();
    db = await connectDatabase(uri, env.MONGODB_DB ?? 'coinmarket');
  } catch {
    throw new CliError(EXIT.unavailable, 'MongoDB does not answer at MONGODB_URI.');
  }
  let temporal: { client: Client; connection: TemporalConnection } | null = null;
  // The tool's own output is stdout: a mail failure is logged to stderr.
  const mailer = env.SMTP_URL ? createMailer(env.SMTP_URL, from, createLogger('support', env.LOG_LEVEL ?? 'warn', process.stderr)) : null;
  return {
    db,
    mail: { mailer, publicUrl: env.PUBLIC_URL || 'http://127.0.0.1:3000' },
    secrets: keys,
    env,
    temporal: async () => {
      if (temporal) return temporal.client;
      try {
        temporal = await connectTemporal(temporalAddress, keys, env.TEMPORAL_NAMESPACE ?? 'default');
      } catch {
        throw new CliError(EXIT.unavailable, `Temporal does not answer at ${temporalAddress}.`);
      }
      return temporal.client;
    },
    close: async () => {
      mailer?.close();
      await temporal?.connection.close().catch(() => undefined);
      await db.close().catch(() => undefined);
    },
  };
}
