/**
 * The alerts and the dashboard an operator runs (infra/ops), checked by Prometheus's own promtool:
 * the rules load, every alert's unit tests pass (alerts.test.yml and alerts-daily.test.yml: one case that fires, one that stays
 * quiet, for each alert), the Prometheus configuration loads, every dashboard query parses, and every
 * `coinmarket_*` series they read is one our processes export and docs/operations.md explains.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cachedBinary } from '../../infra/dev-services/cache.js';
import { PROMTOOL_BINARY } from '../../infra/dev-services/go-build.js';

const OPS = resolve('infra/ops');
const RULES = join(OPS, 'prometheus/alerts.yml');
/** alerts.test.yml, and alerts-daily.test.yml for thresholds in hours (evaluated every 30 minutes, not every minute). */
const RULE_TESTS = ['alerts.test.yml', 'alerts-daily.test.yml'].map((f) => join(OPS, 'prometheus', f));
const DASHBOARDS = join(OPS, 'grafana/dashboards');

const promtool = cachedBinary(PROMTOOL_BINARY);
const MISSING = `promtool is not built (${promtool}; \`npx tsx scripts/provision.ts\` builds it with Go): the alert rules are NOT tested`;
if (!existsSync(promtool)) {
  // CI must test them: there a missing promtool is a failure, never a skip.
  if (process.env.CI === 'true') throw new Error(MISSING.replace('are NOT tested', 'cannot be tested, and CI requires it'));
  console.warn(`\n!!! ${MISSING}: tests/unit/alert-rules.test.ts SKIPPED !!!\n`);
}

const run = (...args: string[]) => {
  const r = spawnSync(promtool, args, { encoding: 'utf8', cwd: resolve('.') });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
};

const alertNames = [...readFileSync(RULES, 'utf8').matchAll(/^\s*- alert: (\w+)/gm)].map((m) => m[1]!);
const ruleText = readFileSync(RULES, 'utf8');
const dashboards = readdirSync(DASHBOARDS).filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(DASHBOARDS, f), 'utf8')) as { uid: string; panels: { title: string; targets?: { expr: string }[] }[] });
const queries = dashboards.flatMap((d) => d.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ dashboard: d.uid, panel: p.title, expr: t.expr }))));

/** Where our processes name their series: `${PREFIX}name` (PREFIX is `coinmarket_`). */
const METRIC_SOURCES = ['infra/metrics/business.ts', 'infra/metrics/counters.ts', 'api/metrics.ts', 'workers/metrics.ts', 'infra/sweeps/metrics.ts', 'api/v1/idempotency.ts'];
const exported = new Set(METRIC_SOURCES.filter((f) => existsSync(f))
  .flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/\$\{PREFIX\}(\w+)|(?:labelled|single|counter)\('(\w+)'/g)].map((m) => `coinmarket_${m[1] ?? m[2]}`)));
/** A histogram's or counter's series name back to the metric's own name. */
const metricOf = (series: string) => series.replace(/_(bucket|count|sum)$/, '');

const dir = mkdtempSync(join(tmpdir(), 'alert-rules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!existsSync(promtool))('alerts as code (promtool)', () => {
  it('the rules load, and every alert has a case that fires and one that stays quiet', () => {
    expect(alertNames.length).toBeGreaterThanOrEqual(12);
    const check = run('check', 'rules', RULES);
    expect(check.out).toContain('SUCCESS');
    expect(check.status).toBe(0);
    // Each `alertname:` line of the tests is followed by its expected alerts: `[]` (quiet) or a list (fires).
    const cases = [...RULE_TESTS.map((f) => readFileSync(f, 'utf8')).join('\n').matchAll(/alertname: (\w+)\n\s*exp_alerts:( \[\])?/g)].map((m) => ({ alert: m[1]!, quiet: Boolean(m[2]) }));
    for (const alert of alertNames) {
      expect(cases.filter((c) => c.alert === alert && !c.quiet), `${alert} fires in a test`).not.toHaveLength(0);
      expect(cases.filter((c) => c.alert === alert && c.quiet), `${alert} stays quiet in a test`).not.toHaveLength(0);
    }
    expect(cases.every((c) => alertNames.includes(c.alert))).toBe(true);
  });

  it('promtool test rules passes', () => {
    const tested = run('test', 'rules', ...RULE_TESTS);
    expect(tested.out).toContain('SUCCESS');
    expect(tested.status, tested.out).toBe(0);
  });

  it('the Prometheus configuration loads with the rules beside it', () => {
    // The compose file mounts the rules at /etc/prometheus; here the same file from the checkout.
    const config = readFileSync(join(OPS, 'prometheus/prometheus.yml'), 'utf8').replace('/etc/prometheus/alerts.yml', RULES);
    writeFileSync(join(dir, 'prometheus.yml'), config);
    const check = run('check', 'config', join(dir, 'prometheus.yml'));
    expect(check.status, check.out).toBe(0);
  });

  it('every dashboard query parses (as recording rules promtool checks)', () => {
    expect(queries.length).toBeGreaterThan(15);
    const rules = ['groups:', '  - name: dashboard', '    rules:',
      ...queries.flatMap((q, i) => [`      - record: dashboard:query_${i}`, `        expr: ${JSON.stringify(q.expr)}`])].join('\n');
    writeFileSync(join(dir, 'dashboard-queries.yml'), `${rules}\n`);
    const check = run('check', 'rules', join(dir, 'dashboard-queries.yml'));
    expect(check.status, check.out).toBe(0);
  });
});

describe('what the alerts and the dashboard read', () => {
  const read = new Set([ruleText, ...queries.map((q) => q.expr)].flatMap((t) => [...t.matchAll(/\b(coinmarket_\w+)/g)].map((m) => metricOf(m[1]!))));
  const operations = readFileSync(resolve('docs/operations.md'), 'utf8');

  it('every coinmarket_* series they use is one our processes export', () => {
    expect(read.size).toBeGreaterThan(10);
    expect([...read].filter((m) => !exported.has(m))).toEqual([]);
  });

  it('docs/operations.md explains every alert and every coinmarket_* metric they read', () => {
    expect(alertNames.filter((a) => !operations.includes(`\`${a}\``))).toEqual([]);
    expect([...read].filter((m) => !operations.includes(`\`${m}`))).toEqual([]);
  });
});
