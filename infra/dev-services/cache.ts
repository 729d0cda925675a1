import { homedir } from 'node:os';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { setting } from '../config/load.js';

/** Where built server binaries are kept between runs: outside the repo, so a fresh clone reuses them. */
export function cacheDir(): string {
  const dir = setting('COINMARKET_CACHE_DIR') ?? join(setting('XDG_CACHE_HOME') ?? join(homedir(), '.cache'), 'coinmarket');
  mkdirSync(join(dir, 'bin'), { recursive: true });
  return dir;
}

export const cachedBinary = (name: string): string => join(cacheDir(), 'bin', name);
