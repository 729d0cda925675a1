/**
 * API replicas as separate processes (`api/main.ts`), for tests that kill one or that must not
 * share the test's own event loop and heap with the API they attack.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../infra/dev-services/process.js';
import { eventually } from './servers.js';
import { entryArgs } from './built.js';

export { freePort };

export const exited = (p: ChildProcess) => new Promise((r) => (p.exitCode !== null || p.signalCode !== null ? r(null) : p.once('exit', r)));

/** Starts an entry file as its own Node process, built where the image runs it built (stderr shown, stdout dropped). */
export const spawnEntry = (file: string, env: NodeJS.ProcessEnv, nodeArgs: string[] = []): ChildProcess =>
  spawn(process.execPath, [...nodeArgs, ...entryArgs(file)], { env, stdio: ['ignore', 'ignore', 'inherit'] });

/**
 * Starts `api/main.ts` on a free port with `env` and waits until `/health` answers. A free port may
 * be taken by another process before the API binds it: then it tries another (three times).
 */
export async function spawnApiProcess(env: NodeJS.ProcessEnv, start: (file: string, env: NodeJS.ProcessEnv) => ChildProcess = spawnEntry): Promise<{ proc: ChildProcess; url: string }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const proc = start('api/main.ts', { ...env, PORT: String(port), HOST: '127.0.0.1' });
    const url = `http://127.0.0.1:${port}`;
    const up = await eventually(async () => {
      if (proc.exitCode !== null) return 'exited';
      return (await fetch(`${url}/health`)).ok ? 'up' : null;
    }, 60_000, 'the API process listening');
    if (up === 'up') return { proc, url };
    if (attempt >= 3) throw new Error('the API process exited three times before listening');
  }
}
