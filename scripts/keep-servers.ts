/**
 * npm start restarts a server it runs (FerretDB, PostgreSQL, the Temporal dev server) as soon as its
 * process exits: the kernel says so at once, where the watchdogs (scripts/watch.ts) needed 15 s of
 * missed pings for the database and 36 s of failed reads for Temporal (issue 34). A restart that fails
 * is tried again after 0.5 s doubling to 10 s, and said each time; the watchdogs stay for a server
 * that hangs without exiting, and share each service's restart so two never overlap.
 */
import { unaskedExits, type UnaskedExit } from '../infra/dev-services/process.js';
import { pauseAfter } from '../infra/until-answers.js';

const SERVER_NAMES: Record<string, string> = { ferretdb: 'FerretDB', postgres: 'PostgreSQL', temporal: 'the Temporal dev server' };

/** One service's restart: asked again while one runs, it is that same restart. */
export interface SharedRestart {
  run(): Promise<void>;
  /** True while a restart is under way (the service is down for it). */
  busy(): boolean;
}

export function sharedRestart(restart: () => Promise<void>): SharedRestart {
  let current: Promise<void> | null = null;
  return {
    run: () => (current ??= restart().finally(() => { current = null; })),
    busy: () => current !== null,
  };
}

export interface KeptService {
  /** The servers (log names: ferretdb, postgres, temporal) whose exit this restart mends. */
  servers: string[];
  restart: SharedRestart;
}

/** Restarts a service when one of its servers exits unasked, until `stopping()`; returns the unsubscribe. */
export function restartOnExit(kept: KeptService[], say: (line: string) => void, stopping: () => boolean): () => void {
  const onExit = (e: UnaskedExit) => {
    const svc = kept.find((k) => k.servers.includes(e.server));
    // An exit during a restart is that restart's own try: it tries again by itself.
    if (!svc || stopping() || svc.restart.busy()) return;
    const name = SERVER_NAMES[e.server] ?? e.server;
    say(`${name} exited (${e.signal ?? `code ${e.code}`}); restarting it at once (the processes wait for it meanwhile)`);
    const t0 = Date.now();
    void (async () => {
      for (let n = 1; !stopping(); n++) {
        try {
          await svc.restart.run();
          say(`${name} restarted in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
          return;
        } catch (err) {
          const pauseMs = pauseAfter(n);
          say(`${name}: the restart failed (${(err instanceof Error ? err.message : String(err)).split('\n')[0]}); trying again in ${pauseMs} ms`);
          await new Promise((r) => setTimeout(r, pauseMs));
        }
      }
    })();
  };
  unaskedExits.on('exit', onExit);
  return () => { unaskedExits.off('exit', onExit); };
}
