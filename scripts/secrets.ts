import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

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
