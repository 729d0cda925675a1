import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { createWriteStream, mkdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { connect, createServer } from 'node:net';

/** A server process we started; `stop` ends it (TERM, then KILL) and resolves when it has exited. */
export interface ServiceProcess {
  pid: number;
  stop(): Promise<void>;
  exited: Promise<number | null>;
  /** Resolves once its log file holds everything it wrote (after it exited and both its streams ended). */
  logged: Promise<void>;
}

export interface ProcessOptions {
  env?: NodeJS.ProcessEnv;
  /** The signal that shuts it down cleanly (PostgreSQL: SIGINT, its fast shutdown). */
  stopSignal?: NodeJS.Signals;
}

/** A server that ended without `stop()` (killed, crashed): `server` is its log file's name without `.log` ("ferretdb", "postgres", "temporal"). */
export interface UnaskedExit { server: string; pid: number; code: number | null; signal: NodeJS.Signals | null }

/**
 * Every server process ending unasked, as it happens: npm start restarts it at once (a watchdog that
 * reads the server first took 15-36 s to notice an exit that the kernel reports at once; issue 34).
 */
export const unaskedExits = new EventEmitter<{ exit: [UnaskedExit] }>();

export function startProcess(cmd: string, args: string[], logFile: string, opts: ProcessOptions = {}): ServiceProcess {
  const stopSignal = opts.stopSignal ?? 'SIGTERM';
  mkdirSync(dirname(logFile), { recursive: true });
  // A server's log can quote data: its owner's only.
  const log = createWriteStream(logFile, { flags: 'a', mode: 0o600 });
  // A full disk or a removed data directory loses the log, never the server (nor npm start with it).
  log.once('error', (err) => process.stderr.write(`[dev-services] ${basename(logFile)}: log not written (${err.message})\n`));
  // Own process group, so stopping it also ends any children it spawned.
  const child: ChildProcess = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: opts.env });
  // Two streams share the log: the first to end must not end it while the other still writes (a killed
  // FerretDB's stdout closed before its stderr and crashed npm start with "write after end").
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  // 'close' comes once the process has exited and every one of its streams has ended.
  child.once('close', () => log.end());
  const logged = new Promise<void>((resolve) => { log.once('close', resolve); });
  let asked = false;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code, signal) => {
    if (!asked) unaskedExits.emit('exit', { server: basename(logFile, '.log'), pid: child.pid!, code, signal });
    resolve(code);
  }));
  // Its own group would outlive us: if this process ends without stopping it (a crash, process.exit), end it too.
  const onParentExit = () => killGroup(child.pid!, stopSignal);
  process.once('exit', onParentExit);
  void exited.then(() => process.removeListener('exit', onParentExit));
  const stop = async () => {
    asked = true;
    if (child.exitCode !== null || child.signalCode !== null) return;
    killGroup(child.pid!, stopSignal);
    // A stopped process (SIGSTOP, a debugger) acts on the signal only once continued.
    killGroup(child.pid!, 'SIGCONT');
    const killer = setTimeout(() => killGroup(child.pid!, 'SIGKILL'), 8000);
    await exited;
    clearTimeout(killer);
  };
  return { pid: child.pid!, stop, exited, logged };
}

function killGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    try { process.kill(pid, signal); } catch { /* already gone */ }
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export async function portOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = connect({ port, host });
    sock.once('connect', () => { sock.destroy(); resolve(true); });
    sock.once('error', () => resolve(false));
  });
}

/** Waits until `port` accepts connections (and `ready()` agrees, if given); fails early if the process exits first. */
export async function waitForPort(
  port: number, proc: ServiceProcess, timeoutMs: number, what: string, ready: () => boolean = () => true,
): Promise<void> {
  let exitCode: number | null | undefined;
  void proc.exited.then((c) => { exitCode = c; });
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (exitCode !== undefined) throw new Error(`${what} exited with code ${exitCode} before listening (see its log)`);
    if (ready() && (await portOpen(port))) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not listen on port ${port} within ${timeoutMs / 1000} s`);
}
