import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { TRY_AGAIN } from '../../domain/messages.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { startDatabaseProxy, type DatabaseProxy } from '../support/freezable-proxy.js';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { freePort, spawnApp, untilReady } from '../support/processes.js';
import { TEST_SECRETS_KEY } from '../support/secrets.js';
import { CALLBACK_SECRET } from '../support/withdrawals.js';
import { eventually, stopwatch } from '../support/wait.js';

/**
 * A database that stops answering (deadlocked, paused, cut off) makes the API say so, fast: /ready
 * answers 503 within a second, requests answer `unavailable` after their deadline instead of hanging,
 * and all is well again once the database answers (issue 21).
 */
describe('a database that stops answering', () => {
  let proxy: DatabaseProxy;
  let app: TestApp;
  const DEADLINE_MS = 1500;

  beforeAll(async () => {
    proxy = await startDatabaseProxy(inject('mongoUri'));
    // A 1 s heartbeat (the driver's is 10 s): after the thaw the driver looks at the server again sooner.
    app = await startTestApp(undefined, { database: { uri: proxy.databaseUri, timeoutMS: DEADLINE_MS, heartbeatMs: 1_000 } });
  });
  afterAll(async () => {
    proxy.thaw();
    await app?.close();
    await proxy?.close();
  });

  /** The answer to `path`, which must come within `withinMs` (the request is dropped at that deadline and the test fails). */
  const timed = async (path: string, withinMs = 30_000) => {
    try {
      const res = await fetch(`${app.url}${path}`, { signal: AbortSignal.timeout(withinMs) });
      return { status: res.status, body: await res.json() };
    } catch (err) {
      throw new Error(`${path}: no answer within ${withinMs} ms (${String(err)})`);
    }
  };

  it('answers /ready 503 within a second and requests with unavailable, then recovers', async () => {
    expect((await timed('/ready')).status).toBe(200);
    expect((await timed('/api/captcha')).status).toBe(200);

    // The driver's view of the server, kept to explain a recovery that does not come (CI saw one, once).
    const timeline: string[] = [];
    const since = stopwatch();
    const client = app.db.getClient();
    for (const ev of ['serverHeartbeatFailed', 'serverDescriptionChanged', 'connectionPoolCleared', 'connectionPoolReady'] as const) {
      client.on(ev, (e: { failure?: Error; newDescription?: { type: string } }) => timeline.push(`${since()} ms ${ev} ${e.failure?.message ?? e.newDescription?.type ?? ''}`));
    }

    proxy.freeze();
    // The check's own budget is 900 ms; the margin is for a loaded machine, not for the database.
    const ready = await timed('/ready', 1_500);
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'not ready', mongodb: 'down' });

    // A read that meets silence is retried once by the driver, so two deadlines at most, plus a loaded machine.
    const captcha = await timed('/api/captcha', 2 * DEADLINE_MS + 3_000);
    expect(captcha.status).toBe(503);
    expect(captcha.body).toEqual({ error: { code: 'unavailable', message: TRY_AGAIN, fields: [] } });
    expect(await timed('/health')).toMatchObject({ status: 200 });

    timeline.push(`${since()} ms thaw`);
    proxy.thaw();
    // Recovery is the behaviour checked here, not its speed: a loaded shared database may take a while.
    // The body names the check still down, the timeline says what the driver saw.
    let last: unknown;
    try {
      await expect.poll(async () => (last = (await timed('/ready')).body), { timeout: 60_000, interval: 250 }).toEqual({ status: 'ready', mongodb: 'up', temporal: 'up' });
    } catch (err) {
      throw new Error(`/ready did not recover: last ${JSON.stringify(last)}; driver: ${timeline.join('; ')}`, { cause: err });
    }
    expect((await timed('/api/captcha')).status).toBe(200);
  });

  it('an API started while the database does not answer says so, waits, and serves once it answers', async () => {
    const port = await freePort();
    proxy.freeze();
    // api/main.ts as production runs it, with a 1 s database deadline: before, its start ended in exit 1 on the first timeout.
    const api = spawnApp('api', 'api/main.ts', {
      MONGODB_URI: proxy.databaseUri, MONGODB_DB: `start_${randomBytes(4).toString('hex')}`, MONGODB_TIMEOUT_MS: '1000',
      TEMPORAL_ADDRESS: inject('temporalAddress'), SECRETS_KEY: TEST_SECRETS_KEY, LIVE_TOKEN_SECRET: randomBytes(32).toString('hex'),
      SESSION_SECRET: randomBytes(32).toString('hex'), PAYOUT_CALLBACK_SECRET: CALLBACK_SECRET, SMTP_URL: inject('smtpUrl'),
      PORT: String(port), HOST: '127.0.0.1', WEB_DIR: resolve('dist/web'), LOG_LEVEL: 'info',
    });
    try {
      await eventually(async () => api.output().includes('waiting for the database: it does not answer; trying again'), 30_000, 'the start says it waits').catch((err) => { throw new Error(`${err.message}; the API printed:\n${api.output()}`); });
      expect(api.proc.exitCode, api.output()).toBeNull();
      proxy.thaw();
      await untilReady(`http://127.0.0.1:${port}/ready`, api, 60_000);
      expect((await fetch(`http://127.0.0.1:${port}/api/captcha`)).status).toBe(200);
    } finally {
      proxy.thaw();
      await api.kill('SIGTERM');
    }
  });
});

