import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { generateVapidKeys } from '../infra/web-push/config.js';

/**
 * A new secret of the form production demands (infra/config/schema.ts): SECRETS_KEY a key list entry
 * ("local1:" and 32 random bytes in base64), the others 32 random bytes in hex. A file made before
 * keeps its values (a passphrase SECRETS_KEY still opens what it sealed; development takes one).
 */
const fresh = (name: string): string => (name === 'SECRETS_KEY' ? `local1:${randomBytes(32).toString('base64')}` : randomBytes(32).toString('hex'));

/** Secrets for the local setup, made once and kept under .data/ so sessions and tokens survive restarts. */
export function localSecrets(file: string, names: string[]): Record<string, string> {
  const current: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  let changed = false;
  for (const name of names) {
    if (!current[name]) {
      current[name] = fresh(name);
      changed = true;
    }
  }
  if (changed) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(current, null, 2), { mode: 0o600 });
  }
  return current;
}

/** The local VAPID key pair for Web Push, made once and kept in the same file (a new pair would orphan every browser's subscription). */
export function localVapidKeys(file: string): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string; VAPID_SUBJECT: string } {
  const current: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  if (!current.VAPID_PUBLIC_KEY || !current.VAPID_PRIVATE_KEY) {
    const keys = generateVapidKeys();
    current.VAPID_PUBLIC_KEY = keys.publicKey;
    current.VAPID_PRIVATE_KEY = keys.privateKey;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(current, null, 2), { mode: 0o600 });
  }
  return { VAPID_PUBLIC_KEY: current.VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: current.VAPID_PRIVATE_KEY, VAPID_SUBJECT: 'mailto:push@coin-market.invalid' };
}
