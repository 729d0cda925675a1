/**
 * The local servers' data is the sellers' data: other users of the machine must not read it, whatever
 * mode a server gives the files it makes.
 */
import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Makes `dir` (0700) or takes group and other access from it; with `files`, from the files directly in it too (data made before). */
export function privateDir(dir: string, opts: { files?: boolean } = {}): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  if (opts.files) {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isFile()) chmodSync(join(dir, entry.name), 0o600);
    }
  }
  return dir;
}

/** The command run with umask 077, so every file it creates is its owner's only; `exec` keeps the pid and the command line its own. */
export const ownerOnly = (cmd: string, args: string[]): [string, string[]] => ['/bin/sh', ['-c', 'umask 077 && exec "$0" "$@"', cmd, ...args]];
