import { afterEach, describe, expect, it, vi } from 'vitest';
import { pauseAfter, untilAnswers } from '../../infra/until-answers.js';
import { unaskedExits } from '../../infra/dev-services/process.js';
import { restartOnExit, sharedRestart } from '../../scripts/keep-servers.js';

class Down extends Error {}
const isOutage = (err: unknown) => err instanceof Down;

afterEach(() => { vi.useRealTimers(); });

describe('a start that waits for a server (infra/until-answers.ts)', () => {
  it('pauses 0.5 s doubling to 10 s, never longer', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(pauseAfter)).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  });

  it('says what it waits for at each try and goes on when the server answers', async () => {
    vi.useFakeTimers();
    const warn = vi.fn();
    const info = vi.fn();
    let tries = 0;
    const started = untilAnswers({ what: 'Temporal at 127.0.0.1:7233', isOutage, logger: { warn, info } }, async () => {
      if (++tries < 4) throw new Down('connection refused');
      return 'running';
    });
    for (let i = 0; i < 3; i++) await vi.runOnlyPendingTimersAsync();
    await expect(started).resolves.toBe('running');
    expect(warn.mock.calls.map(([fields, msg]) => [fields.pauseMs, fields.reason, msg])).toEqual([500, 1000, 2000].map((ms) => (
      [ms, 'connection refused', `waiting for Temporal at 127.0.0.1:7233: it does not answer; trying again in ${ms} ms`])));
    expect(info).toHaveBeenCalledWith({ attempts: 4 }, 'Temporal at 127.0.0.1:7233 answers; going on');
  });

  it('throws anything that is not an outage at once, and an outage once the process stops', async () => {
    const logger = { warn: vi.fn(), info: vi.fn() };
    await expect(untilAnswers({ what: 'the database', isOutage, logger }, async () => { throw new Error('MONGODB_URI is not a URI'); })).rejects.toThrow('not a URI');
    await expect(untilAnswers({ what: 'the database', isOutage, logger, stopped: () => true }, async () => { throw new Down('down'); })).rejects.toThrow('down');
    expect(logger.warn).not.toHaveBeenCalled();
  });
});

describe('npm start restarts a server at its exit (scripts/keep-servers.ts)', () => {
  it('restarts the service of the server that exited, once for exits during its restart, and again after a failed restart', async () => {
    vi.useFakeTimers();
    let restarts = 0;
    let failFirst = true;
    const restart = sharedRestart(async () => {
      restarts++;
      if (failFirst) { failFirst = false; throw new Error('PostgreSQL exited with code 1 before listening'); }
    });
    const lines: string[] = [];
    const stop = restartOnExit([{ servers: ['ferretdb', 'postgres'], restart }], (l) => lines.push(l), () => false);
    try {
      unaskedExits.emit('exit', { server: 'postgres', pid: 1, code: null, signal: 'SIGKILL' });
      // FerretDB's exit while that restart runs is the same outage: no second restart.
      unaskedExits.emit('exit', { server: 'ferretdb', pid: 2, code: null, signal: 'SIGKILL' });
      unaskedExits.emit('exit', { server: 'temporal', pid: 3, code: 1, signal: null }); // not this service's
      await vi.runOnlyPendingTimersAsync();
      await vi.runOnlyPendingTimersAsync();
      expect(restarts).toBe(2);
      expect(lines[0]).toBe('PostgreSQL exited (SIGKILL); restarting it at once (the processes wait for it meanwhile)');
      expect(lines[1]).toBe('PostgreSQL: the restart failed (PostgreSQL exited with code 1 before listening); trying again in 500 ms');
      expect(lines[2]).toMatch(/^PostgreSQL restarted in \d+\.\d s$/);
      expect(lines).toHaveLength(3);
    } finally {
      stop();
    }
  });
});
