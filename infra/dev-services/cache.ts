import { homedir } from 'node:os';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';

/** Where built server binaries are kept between runs: outside the repo, so a fresh clone reuses them. */
export function cacheDir(): string {
  const dir = process.env.COINMARKET_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'coinmarket');
  mkdirSync(join(dir, 'bin'), { recursive: true });
  return dir;
}

export const cachedBinary = (name: string): string => join(cacheDir(), 'bin', name);
