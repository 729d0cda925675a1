/** Real app processes for tests that kill and restart them: the api and worker built (dist/api.js, dist/worker.js), as production runs them. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
export { freePort } from '../../infra/dev-services/process.js';
import { eventually, GiveUp, stopwatch } from './wait.js';
import { entryArgs } from './built.js';

export interface AppProcess {
  name: string;
  readonly proc: ChildProcess;
  /** Output so far (for a failing test's message). */
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export function spawnApp(name: string, script: string, env: NodeJS.ProcessEnv): AppProcess {
  return spawnNode(name, entryArgs(script), { ...process.env, ...env });
}

/**
 * A process of the built artefact (`node dist/api.js`, as the image runs it): no TypeScript loader,
 * and the environment `env` alone (PATH aside), none of the test run's own variables.
 */
export function spawnBuilt(name: string, bundle: string, env: NodeJS.ProcessEnv, args: string[] = []): AppProcess {
  return spawnNode(name, [bundle, ...args], { PATH: process.env.PATH, ...env });
}

function spawnNode(name: string, args: string[], env: NodeJS.ProcessEnv): AppProcess {
  const proc = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (c: Buffer) => { out = (out + c.toString()).slice(-20_000); };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  return {
    name,
    proc,
    output: () => out,
    kill: async (signal = 'SIGKILL') => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      await exited;
    },
  };
}

/** Waits until `url` answers 200 (an API replica's /ready), or says what the process printed; returns how long it took (for log lines). */
export async function untilReady(url: string, p: AppProcess, ms = 60_000): Promise<number> {
  const took = stopwatch();
  await eventually(async () => {
    if (p.proc.exitCode !== null) throw new GiveUp(`${p.name} exited (${p.proc.exitCode}):\n${p.output()}`);
    return fetch(url, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false);
  }, ms, `${p.name} ready at ${url}`).catch((err: Error) => {
    throw err instanceof GiveUp ? err : new Error(`${p.name} not ready within ${ms} ms:\n${p.output()}`);
  });
  return took();
}

/** Debian's caddy (apt-get install caddy), or CADDY_PATH. */
export function findCaddy(): string | null {
  for (const p of [process.env.CADDY_PATH, '/usr/bin/caddy', '/usr/local/bin/caddy']) if (p && existsSync(p)) return p;
  return null;
}
