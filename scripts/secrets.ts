import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { generateVapidKeys } from '../infra/web-push/config.js';

/** Secrets for the local setup, made once and kept under .data/ so sessions and tokens survive restarts. */
export function localSecrets(file: string, names: string[]): Record<string, string> {
  const current: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  let changed = false;
  for (const name of names) {
    if (!current[name]) {
      current[name] = randomBytes(32).toString('hex');
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
