/**
 * Issue 30, item 2: the api and worker reach a remote Temporal over TLS with a client certificate (mTLS)
 * and an API key, configured only by the variables an operator writes (TEMPORAL_TLS_CA_FILE,
 * TEMPORAL_TLS_CERT_FILE, TEMPORAL_TLS_KEY_FILE, TEMPORAL_TLS_SERVER_NAME, TEMPORAL_API_KEY). In front of
 * the test's Temporal stands Caddy (a server we did not write), terminating TLS with a certificate of
 * the test's own CA, requiring and verifying a client certificate of that CA, and answering 401 to any
 * call without the key; it forwards the rest to Temporal as plaintext gRPC. The built api and worker
 * (dist/) then serve through it; a client missing any one of the three is refused.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectTemporal } from '../../infra/temporal.js';
import { temporalAccessFromEnv } from '../../infra/temporal/access.js';
import { checkBuilt } from '../support/built.js';
import { findCaddy, freePort, spawnBuilt, untilReady, type AppProcess } from '../support/processes.js';
import { TEST_SECRETS_KEY, testKeyRing } from '../support/secrets.js';
import { uniqueQueue } from '../support/servers.js';
import { eventually } from '../support/wait.js';

const caddy = findCaddy();
const NAME = 'temporal.test';

/** A CA, a server certificate for NAME signed by it, a client certificate signed by it, and a second CA that signed nothing here. */
function makeCertificates(dir: string): void {
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const key = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  for (const ca of ['ca', 'other-ca']) ssl('req', '-x509', ...key, '-keyout', `${ca}.key`, '-out', `${ca}.pem`, '-days', '1', '-subj', `/CN=${ca}`);
  const signed = (name: string, ext: string) => {
    ssl('req', ...key, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`);
    writeFileSync(join(dir, `${name}.ext`), ext);
    ssl('x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${name}.pem`, '-days', '1', '-extfile', `${name}.ext`);
  };
  signed('server', `subjectAltName=DNS:${NAME}\nextendedKeyUsage=serverAuth\n`);
  signed('client', 'extendedKeyUsage=clientAuth\n');
}

describe.skipIf(!caddy && process.env.CI !== 'true')('Temporal over TLS with a client certificate and an API key', () => {
  const dir = mkdtempSync(join(tmpdir(), 'coinmarket-temporal-tls-'));
  const apiKey = randomBytes(24).toString('hex');
  let address = '';
  let proxy: ReturnType<typeof spawn> | undefined;
  let proxyOut = '';
  const running: AppProcess[] = [];
  /** What an operator writes to reach this Temporal. */
  let operator: NodeJS.ProcessEnv;

  beforeAll(async () => {
    checkBuilt(['dist/api.js', 'dist/worker.js']);
    makeCertificates(dir);
    const port = await freePort();
    address = `127.0.0.1:${port}`;
    writeFileSync(join(dir, 'Caddyfile'), `{
\tadmin off
\tauto_https off
}
https://${NAME}:${port} {
\tbind 127.0.0.1
\ttls ${dir}/server.pem ${dir}/server.key {
\t\tclient_auth {
\t\t\tmode require_and_verify
\t\t\ttrusted_ca_cert_file ${dir}/ca.pem
\t\t}
\t}
\t@keyed header Authorization "Bearer ${apiKey}"
\thandle @keyed {
\t\treverse_proxy h2c://${inject('temporalAddress')}
\t}
\thandle {
\t\trespond 401
\t}
}
`);
    proxy = spawn(caddy!, ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
      env: { ...process.env, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir, HOME: dir }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    proxy.stderr!.on('data', (c: Buffer) => { proxyOut = (proxyOut + c.toString()).slice(-5_000); });
    operator = {
      TEMPORAL_ADDRESS: address, TEMPORAL_TLS_SERVER_NAME: NAME, TEMPORAL_TLS_CA_FILE: join(dir, 'ca.pem'),
      TEMPORAL_TLS_CERT_FILE: join(dir, 'client.pem'), TEMPORAL_TLS_KEY_FILE: join(dir, 'client.key'), TEMPORAL_API_KEY: apiKey,
    };
    // Caddy listening: a client with everything gets through.
    await eventually(async () => {
      if (proxy!.exitCode !== null) throw new Error(`caddy exited: ${proxyOut}`);
      return connectTemporal(address, testKeyRing(), 'default', { access: temporalAccessFromEnv(operator) })
        .then(async (t) => { await t.connection.close(); return true; }, () => false);
    }, 30_000, 'Caddy in front of Temporal');
  }, 60_000);

  afterAll(async () => {
    for (const p of running) await p.kill('SIGTERM');
    proxy?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('the built worker polls and the built api is ready, through TLS, mTLS and the key alone', async () => {
    const queue = uniqueQueue('tls');
    const db = `tls_${randomBytes(4).toString('hex')}`;
    const common = {
      ...operator, MONGODB_URI: inject('mongoUri'), MONGODB_DB: db, SECRETS_KEY: TEST_SECRETS_KEY, TEMPORAL_TASK_QUEUE: queue,
      MONGODB_MIGRATE_AT_CONNECT: '1', METRICS_PORT: '0', TEMPORAL_METRICS_PORT: '0', MARKET_SYNC: '0', LOG_LEVEL: 'warn', SMTP_URL: inject('smtpUrl'),
      PROVIDER_URL: 'http://127.0.0.1:9', PAYOUT_PROVIDER_URL: 'http://127.0.0.1:9', WORKFLOW_BUNDLE: inject('workflowBundlePath'),
    };
    const worker = spawnBuilt('worker', 'dist/worker.js', common);
    running.push(worker);
    const apiPort = await freePort();
    const api = spawnBuilt('api', 'dist/api.js', { ...common, PORT: String(apiPort), HOST: '127.0.0.1', LIVE_TOKEN_SECRET: randomBytes(32).toString('hex') });
    running.push(api);
    // /ready is 200 only when Temporal answers the api's own client (infra/temporal.ts temporalReachable).
    await untilReady(`http://127.0.0.1:${apiPort}/ready`, api);
    // Temporal itself says who polls: the worker's native connection went through the proxy.
    const direct = await connectTemporal(inject('temporalAddress'), testKeyRing(), 'default', { access: {} });
    try {
      const pollers = await eventually(async () => {
        if (worker.proc.exitCode !== null) throw new Error(`the worker exited (${worker.proc.exitCode}):\n${worker.output()}`);
        const r = await direct.connection.workflowService.describeTaskQueue({ namespace: 'default', taskQueue: { name: queue, kind: 1 }, taskQueueType: 1 });
        return r.pollers?.length ? r.pollers : null;
      }, 60_000, 'a workflow poller on the queue');
      expect(pollers.length).toBeGreaterThan(0);
    } finally {
      await direct.connection.close();
    }
    // Neither process printed the key.
    expect(worker.output() + api.output()).not.toContain(apiKey);
  }, 120_000);

  it('refuses a client without the key, without its certificate, or trusting another CA', async () => {
    // A TLS refusal is retried by gRPC until the connect deadline: 5 s each, and a client with everything
    // connects within the same 5 s right after (so the refusals are not the deadline's doing).
    const connect = (access: ReturnType<typeof temporalAccessFromEnv>) => connectTemporal(address, testKeyRing(), 'default', { access, connectMs: 5_000 })
      .then(async (t) => { await t.connection.close(); return 'connected'; }, (err: Error) => `${err.message}: ${String((err.cause as Error | undefined)?.message)}`);
    const without = (change: NodeJS.ProcessEnv) => connect(temporalAccessFromEnv({ ...operator, ...change }));
    // Caddy answers the TLS handshake, then 401 to the call: gRPC says Unauthenticated.
    expect(await without({ TEMPORAL_API_KEY: '' })).toMatch(/401|Unauthenticated/i);
    expect(await without({ TEMPORAL_TLS_CERT_FILE: '', TEMPORAL_TLS_KEY_FILE: '' })).toMatch(/^Failed to connect/);
    expect(await without({ TEMPORAL_TLS_CA_FILE: join(dir, 'other-ca.pem') })).toMatch(/^Failed to connect/);
    // Plaintext to the TLS port: no answer either.
    expect(await connect({})).toMatch(/^Failed to connect/);
    expect(await connect(temporalAccessFromEnv(operator))).toBe('connected');
  }, 120_000);

  it('a worker given half a client certificate or an unreadable file does not start, and says which variable', async () => {
    const base = { PATH: process.env.PATH, MONGODB_URI: inject('mongoUri'), SECRETS_KEY: TEST_SECRETS_KEY, TEMPORAL_ADDRESS: address };
    const half = spawnBuilt('worker', 'dist/worker.js', { ...base, TEMPORAL_TLS_CERT_FILE: join(dir, 'client.pem') });
    const missing = spawnBuilt('worker', 'dist/worker.js', { ...base, TEMPORAL_TLS_CA_FILE: join(dir, 'no-such.pem') });
    for (const p of [half, missing]) await eventually(async () => p.proc.exitCode !== null, 30_000, 'the worker refused to start');
    expect(half.proc.exitCode).toBe(2);
    expect(half.output()).toContain('TEMPORAL_TLS_KEY_FILE is not set');
    expect(missing.proc.exitCode).toBe(2);
    expect(missing.output()).toMatch(/TEMPORAL_TLS_CA_FILE cannot be read \(.*no-such\.pem: ENOENT\)/);
  }, 60_000);
});
