/**
 * The configuration schema (infra/config): every bad variable named at once, never a secret's value,
 * and the production rules of issue 28 (each refused with its message). The switches were
 * infra/production-switches.ts (issue 27, finding 8); tests/integration/security-site.test.ts starts
 * the real processes with them.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkConfig, setting } from '../../infra/config/load.js';
import { PROCESSES, VARIABLES } from '../../infra/config/schema.js';
import { DEFAULT_TASK_QUEUE } from '../../infra/temporal.js';
import { DEFAULT_CAPTCHA_MAX_NUMBER } from '../../infra/accounts/captcha.js';
import { keyRingFrom } from '../../infra/secrets/key-ring.js';

const root = resolve(import.meta.dirname, '../..');
const key = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;
/** What a production API needs, all good. */
const goodApi = {
  NODE_ENV: 'production', MONGODB_URI: 'mongodb://db:27017/', TEMPORAL_ADDRESS: 'temporal:7233', SECRETS_KEY: key('k1'),
  LIVE_TOKEN_SECRET: randomBytes(32).toString('hex'), SMTP_URL: 'smtps://u:p@smtp.example.com:465', PROVIDER_URL: 'https://provider.example.com',
  PUBLIC_URL: 'https://coins.example.com', SUPPORT_NOTIFY_EMAIL: 'support-team@example.com',
};
const problems = (proc: Parameters<typeof checkConfig>[0], env: Record<string, string>) => checkConfig(proc, env).problems;
const named = (list: string[]) => list.map((p) => /^[A-Z][A-Z0-9_]+/.exec(p)![0]);

describe('the configuration check', () => {
  it('names every bad variable at once, with why, and the process gets typed values and defaults', () => {
    const bad = problems('worker', {
      MONGODB_URI: 'mongodb://db/', TEMPORAL_ADDRESS: 't:7233', SECRETS_KEY: 'dev pass',
      MARKET_SYNC_MS: 'soon', WEBHOOK_ACTIVITY_SLOTS: '0', MARKET_SYNC: 'yes', PROVIDER_URL: 'not a url', EVENT_RETENTION_DAYS: '-1',
    });
    expect(new Set(named(bad))).toEqual(new Set(['MARKET_SYNC', 'MARKET_SYNC_MS', 'PROVIDER_URL', 'WEBHOOK_ACTIVITY_SLOTS', 'EVENT_RETENTION_DAYS']));
    expect(bad).toHaveLength(5);
    expect(bad.find((p) => p.startsWith('MARKET_SYNC_MS'))).toContain('must be a whole number (it is "soon")');
    expect(bad.find((p) => p.startsWith('WEBHOOK_ACTIVITY_SLOTS'))).toContain('must be at least 1');
    expect(bad.find((p) => p.startsWith('MARKET_SYNC '))).toContain('must be one of 0, 1');

    const { config } = checkConfig('worker', { MONGODB_URI: 'mongodb://db/', TEMPORAL_ADDRESS: 't:7233', SECRETS_KEY: 'dev pass', MARKET_SYNC: '0', NOTIFY_SWEEP_MS: '200' });
    expect(config).toMatchObject({ MARKET_SYNC: false, NOTIFY_SWEEP_MS: 200, MARKET_SYNC_MS: 5000, MONGODB_DB: 'coinmarket', TEMPORAL_TASK_QUEUE: DEFAULT_TASK_QUEUE });
    expect(config.PROVIDER_URL).toBeUndefined();
  });

  it('names a missing required variable, and counts an empty value as unset', () => {
    expect(named(problems('api', { MONGODB_URI: '', TEMPORAL_ADDRESS: 't:7233', SECRETS_KEY: 'x', LIVE_TOKEN_SECRET: 'y', SMTP_URL: 'smtp://m:25' }))).toEqual(['MONGODB_URI']);
  });

  it('never prints a secret\'s value', () => {
    const secretBad = problems('api', { ...goodApi, SECRETS_KEY: 'correct horse battery staple', SMTP_URL: 'hunter2 is not a url' });
    expect(secretBad.join('\n')).not.toMatch(/correct horse|hunter2/);
    expect(named(secretBad)).toEqual(['SMTP_URL', 'SECRETS_KEY']);
  });

  it('reads one variable when asked (the shared modules and the local tooling), refusing a bad one by name', () => {
    expect(setting('MONGODB_TIMEOUT_MS', {})).toBe(10_000);
    expect(setting('COINMARKET_NO_MEMORY_SERVER', { COINMARKET_NO_MEMORY_SERVER: '1' })).toBe(true);
    expect(() => setting('MONGODB_MAX_POOL_SIZE', { MONGODB_MAX_POOL_SIZE: '0' })).toThrow(/^MONGODB_MAX_POOL_SIZE must be at least 1 \(it is "0"\)/);
  });

  it('keeps the defaults the code had', () => {
    expect(checkConfig('api', goodApi).config.CAPTCHA_MAX_NUMBER).toBe(DEFAULT_CAPTCHA_MAX_NUMBER);
    expect(checkConfig('simulator', {}).config).toMatchObject({ SIMULATOR_CARDS: 60, SIMULATOR_TICK_MS: 15_000, SIMULATOR_TIME_SCALE: 1, HOST: '127.0.0.1' });
  });

  it('describes every variable for the docs, with the processes that read it', () => {
    for (const { name, spec } of VARIABLES) {
      expect(spec.description, name).toMatch(/\S{3}/);
      expect(spec.processes.length, name).toBeGreaterThan(0);
      for (const p of spec.processes) expect(PROCESSES, name).toContain(p);
    }
  });
});

describe('production rules (NODE_ENV=production)', () => {
  it('a complete production API passes', () => {
    expect(problems('api', goodApi)).toEqual([]);
  });

  it.each([['api'], ['worker']] as const)('%s: no provider and no SMTP default: both required, named', (proc) => {
    const { PROVIDER_URL: _p, SMTP_URL: _s, ...rest } = goodApi;
    const bad = problems(proc, rest);
    expect(bad.find((p) => p.startsWith('PROVIDER_URL'))).toMatch(/^PROVIDER_URL is not set \(required with NODE_ENV=production\)/);
    expect(bad.find((p) => p.startsWith('SMTP_URL'))).toMatch(/^SMTP_URL is not set/);
    // Outside production the worker runs without them (no market sync, in-app notices only).
    if (proc === 'worker') expect(problems('worker', { ...rest, NODE_ENV: 'development' })).toEqual([]);
  });

  it('SECRETS_KEY: a passphrase is refused; a key list of 32-byte keys is taken, old keys kept for reading', () => {
    for (const passphrase of ['correct horse battery staple', randomBytes(32).toString('hex'), `k1:${randomBytes(16).toString('base64')}`]) {
      expect(problems('api', { ...goodApi, SECRETS_KEY: passphrase })).toEqual([expect.stringMatching(/^SECRETS_KEY: must be a key list in production.*not a passphrase/)]);
    }
    const ring = `${key('k2')},${key('k1')}`;
    expect(problems('api', { ...goodApi, SECRETS_KEY: ring })).toEqual([]);
    expect([...keyRingFrom(ring).all.keys()]).toEqual(['k2', 'k1']);
    // Development still takes a passphrase (key id p1).
    expect(problems('api', { ...goodApi, NODE_ENV: 'development', SECRETS_KEY: 'dev' })).toEqual([]);
  });

  it.each(['LIVE_TOKEN_SECRET', 'SESSION_SECRET'])('%s shorter than 32 bytes is refused', (name) => {
    expect(problems('api', { ...goodApi, [name]: 'x'.repeat(31) })).toEqual([`${name}: must be at least 32 bytes in production (random: \`openssl rand -hex 32\`)`]);
    expect(problems('api', { ...goodApi, [name]: 'x'.repeat(32) })).toEqual([]);
  });

  it.each([
    ['WEBHOOKS_LOCAL', '1', 'webhook endpoints on plain http'], ['WEB_PUSH_LOCAL_ORIGIN', 'http://127.0.0.1:4000', 'a local test push service'],
    ['DEMO_TIME_SCALE', '1000', 'demo clock'], ['GOOGLE_ISSUER', 'http://127.0.0.1:4000', 'stand-in OpenID provider'],
  ])('%s=%s (a test or local switch) stops the start, naming it and what it is', (name, value, what) => {
    const [p, ...more] = problems('api', { ...goodApi, [name]: value });
    expect(more).toEqual([]);
    expect(p).toMatch(new RegExp(`^${name}: a test or local switch, refused with NODE_ENV=production: .*${what}`));
  });

  it('the simulator refuses its test steering', () => {
    expect(named(problems('simulator', { NODE_ENV: 'production', SIMULATOR_TEST_CONTROL: '1' }))).toEqual(['SIMULATOR_TEST_CONTROL']);
  });

  it('names every switch that is on at once', () => {
    expect(named(problems('worker', { ...goodApi, WEBHOOKS_LOCAL: '1', DEMO_TIME_SCALE: '50', WEB_PUSH_LOCAL_ORIGIN: 'http://127.0.0.1:1' }))).toEqual(['WEB_PUSH_LOCAL_ORIGIN', 'WEBHOOKS_LOCAL', 'DEMO_TIME_SCALE']);
  });

  it('a captcha weaker than the default is refused', () => {
    expect(named(problems('api', { ...goodApi, CAPTCHA_MAX_NUMBER: '1000' }))).toEqual(['CAPTCHA_MAX_NUMBER']);
    expect(problems('api', { ...goodApi, CAPTCHA_MAX_NUMBER: '1000000' })).toEqual([]);
  });

  it('lets through values that switch nothing on, and everything outside production', () => {
    expect(problems('api', { ...goodApi, WEBHOOKS_LOCAL: '0', DEMO_TIME_SCALE: '1', GOOGLE_ISSUER: 'https://accounts.google.com/', WEB_PUSH_LOCAL_ORIGIN: '' })).toEqual([]);
    expect(problems('simulator', { NODE_ENV: 'production', SIMULATOR_TEST_CONTROL: '0' })).toEqual([]);
    expect(problems('api', { ...goodApi, NODE_ENV: 'development', WEBHOOKS_LOCAL: '1', DEMO_TIME_SCALE: '1000', CAPTCHA_MAX_NUMBER: '10', LIVE_TOKEN_SECRET: 'short' })).toEqual([]);
  });
});

describe('a process that starts with bad variables', () => {
  it('exits 2 and names every one (the mail catcher: the smallest process)', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'infra/mail/main.ts'], {
      cwd: root, encoding: 'utf8', timeout: 60_000, env: { PATH: process.env.PATH, SMTP_PORT: 'twenty-five', HTTP_PORT: '70000' },
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('The mail-catcher cannot start (NODE_ENV=development): 2 bad variables');
    expect(run.stderr).toContain('SMTP_PORT must be a whole number (it is "twenty-five")');
    expect(run.stderr).toContain('HTTP_PORT must be at most 65535 (it is "70000")');
  });
});

describe('support notices (issue 31)', () => {
  it('a production worker needs the support address: nobody would be told that a seller waits', () => {
    const { SUPPORT_NOTIFY_EMAIL: _gone, ...withoutAddress } = goodApi;
    expect(named(problems('worker', withoutAddress))).toEqual(['SUPPORT_NOTIFY_EMAIL']);
    expect(problems('worker', goodApi)).toEqual([]);
  });
});
