/** `npm start`'s demo clock (scripts/demo-time.ts) and how the support tool finds npm start's servers (scripts/local-stack.ts). */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_TIME_SCALE, DEMO_DURATIONS, DEMO_LEFT_REAL, demoTime, formatMs } from '../../scripts/demo-time.js';
import { localStackFile, removeLocalStack, withLocalStack, writeLocalStack } from '../../scripts/local-stack.js';
import { comfortTimingsFromEnv } from '../../infra/comfort/trade-settings.js';
import { playerTradeFromEnv } from '../../api/player-trade/settings.js';
import { withdrawalsFromEnv } from '../../api/withdrawals/settings.js';

const HOUR = 3_600_000;
const root = resolve(import.meta.dirname, '../..');

describe('the demo clock of npm start', () => {
  it('runs 1000 times faster by default: a day is 86.4 s, and the API reads what it derives', () => {
    const d = demoTime({});
    expect(d.scale).toBe(DEFAULT_DEMO_TIME_SCALE);
    expect(d.env).toMatchObject({
      PLAYER_FREEZE_MS: '86400', PLAYER_COOLDOWN_MS: '14400', COMFORT_REVIEW_MS: '86400', WITHDRAWAL_OVERDUE_MS: '259200',
      NOTIFY_REMINDER_BEFORE_MS: '86400', SIMULATOR_TIME_SCALE: '1000',
    });
    // What the API's settings make of the children's environment (api/main.ts reads these).
    const comfort = comfortTimingsFromEnv(d.env);
    expect(comfort.reviewMs).toBe(86_400);
    expect(playerTradeFromEnv(d.env).timings).toEqual({ buyWindowMs: 5 * 60_000, freezeMs: 86_400, cooldownMs: 14_400 });
    expect(withdrawalsFromEnv(d.env).timings?.overdueMs).toBe(259_200);
    expect(d.summary[0]).toBe('1000x faster than real (DEMO_TIME_SCALE; 1 = real time)');
    expect(d.summary.join(' ')).toContain('player freeze 86 s');
  });

  it('keeps what a person does by hand possible: the buy window is never scaled, the wait for the seller never under it', () => {
    for (const scale of ['1', '10', '1000', '100000']) {
      const d = demoTime({ DEMO_TIME_SCALE: scale });
      expect(d.env.PLAYER_BUY_WINDOW_MS).toBeUndefined();
      const ms = (name: string) => d.durations.find((x) => x.name === name)!.ms;
      expect(ms('COMFORT_SELLER_FIX_MS')).toBeGreaterThanOrEqual(5 * 60_000);
      // The reminder goes before the deadline, and at least one sweep falls within its lead.
      expect(ms('NOTIFY_REMINDER_BEFORE_MS')).toBeLessThan(ms('COMFORT_SELLER_FIX_MS'));
      expect(ms('NOTIFY_REMINDER_BEFORE_MS')).toBeGreaterThan(ms('NOTIFY_SWEEP_MS'));
      // A watch sees several polls; the provider is never polled more than once a second.
      expect(ms('COMFORT_WATCH_MS')).toBeGreaterThan(ms('COMFORT_POLL_MS'));
      for (const n of ['COMFORT_POLL_MS', 'WITHDRAWAL_POLL_MS', 'NOTIFY_SWEEP_MS', 'COMFORT_RETRY_INITIAL_MS']) expect(ms(n)).toBeGreaterThanOrEqual(1000);
    }
    expect(demoTime({ DEMO_TIME_SCALE: '1000' }).env.COMFORT_SELLER_FIX_MS).toBe('300000');
    expect(demoTime({ DEMO_TIME_SCALE: '10' }).env.COMFORT_SELLER_FIX_MS).toBe(String(7.2 * HOUR));
  });

  it('at 1 is real time and sets nothing but the simulator', () => {
    const d = demoTime({ DEMO_TIME_SCALE: '1' });
    expect(d.env).toEqual({ SIMULATOR_TIME_SCALE: '1' });
    expect(d.durations.find((x) => x.name === 'COMFORT_REVIEW_MS')!.ms).toBe(24 * HOUR);
    expect(d.summary[0]).toBe('real time (DEMO_TIME_SCALE=1)');
  });

  it('leaves every variable the operator set, and says so', () => {
    const d = demoTime({ COMFORT_REVIEW_MS: '1500', SIMULATOR_TIME_SCALE: '1', DEMO_TIME_SCALE: '100' });
    expect(d.env.COMFORT_REVIEW_MS).toBeUndefined();
    expect(d.env.SIMULATOR_TIME_SCALE).toBeUndefined();
    expect(d.env.PLAYER_FREEZE_MS).toBe(String(864_000));
    expect(d.summary.join(' ')).toContain('comfort review 1.5 s (yours)');
  });

  it('never scales in production, whatever DEMO_TIME_SCALE says', () => {
    const d = demoTime({ NODE_ENV: 'production', DEMO_TIME_SCALE: '1000' });
    expect(d.scale).toBe(1);
    expect(d.env).toEqual({ SIMULATOR_TIME_SCALE: '1' });
    expect(d.summary[0]).toBe('real time (NODE_ENV=production never scales; DEMO_TIME_SCALE=1000 ignored)');
  });

  it.each(['0', '-5', '2.5', 'fast', '100001'])('refuses DEMO_TIME_SCALE=%s with what to set', (v) => {
    expect(() => demoTime({ DEMO_TIME_SCALE: v })).toThrow(`DEMO_TIME_SCALE must be a whole number from 1 (real time) to 100000, not "${v}"`);
  });

  it('knows every duration variable the processes read: scaled, or left real with a reason', () => {
    const files = (dir: string): string[] => readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(root, dir, e.name)] : []);
    const read = /(?:env\.|env\[['"]|(?:config|settings)\.|(?:num|positiveIntFromEnv|positive|setting|settingAtLoad)\(['"])([A-Z][A-Z0-9_]*_(?:MS|SECONDS|MINUTES|HOURS|DAYS))\b/g;
    const names = new Set(['api', 'workers', 'infra', 'support'].flatMap(files).flatMap((f) => [...readFileSync(f, 'utf8').matchAll(read)].map((m) => m[1]!)));
    expect(names.size).toBeGreaterThan(15);
    const known = new Set([...DEMO_DURATIONS.map((d) => d.name), ...Object.keys(DEMO_LEFT_REAL)]);
    expect([...names].filter((n) => !known.has(n))).toEqual([]);
    // And nothing listed that no process reads (a renamed variable would be scaled in vain).
    expect([...known].filter((n) => !names.has(n))).toEqual([]);
  });

  it('writes durations as people read them', () => {
    expect([formatMs(1500), formatMs(86_400), formatMs(300_000), formatMs(259_200), formatMs(24 * HOUR)]).toEqual(['1.5 s', '86 s', '5 min', '4.3 min', '24 h']);
  });
});

describe('the support tool beside npm start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'local-stack-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const stack = { MONGODB_URI: 'mongodb://127.0.0.1:27018/', MONGODB_DB: 'coinmarket', TEMPORAL_ADDRESS: '127.0.0.1:7233', TEMPORAL_NAMESPACE: 'default', SECRETS_KEY: 'k1:c2VjcmV0' };

  it('takes each unset setting from the file npm start writes, readable by its owner only, and names what it took', () => {
    writeLocalStack(dataDir, stack);
    expect(statSync(localStackFile(dataDir)).mode & 0o777).toBe(0o600);
    const { env, note } = withLocalStack({ DATA_DIR: dataDir, MONGODB_DB: 'mine' });
    expect(env).toMatchObject({ ...stack, MONGODB_DB: 'mine' });
    expect(note).toBe(`(the servers npm start runs: MONGODB_URI, TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE, SECRETS_KEY from ${localStackFile(dataDir)})`);
    expect(note).not.toContain(stack.SECRETS_KEY);
  });

  it('without the file (npm start stopped) uses the environment alone and says nothing', () => {
    removeLocalStack(dataDir);
    expect(withLocalStack({ DATA_DIR: dataDir })).toEqual({ env: { DATA_DIR: dataDir }, note: null });
  });
});
