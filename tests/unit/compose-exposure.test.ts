/** The support tools (mail inbox, Temporal UI) must never be published beyond the host's loopback. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const compose = readFileSync(new URL('../../docker-compose.yml', import.meta.url), 'utf8');

/** The `ports:` entries of one service, read from its block (two-space indented services). */
function portsOf(service: string): string[] {
  const block = new RegExp(`^  ${service}:\\n((?:    .*\\n|\\s*\\n)*)`, 'm').exec(compose)?.[1] ?? '';
  const line = /^    ports: \[(.*)\]$/m.exec(block)?.[1];
  return line ? line.split(',').map((p) => p.trim().replace(/^"|"$/g, '')) : [];
}

describe('docker-compose.yml exposure', () => {
  it.each(['mailpit', 'temporal-ui', 'simulator'])('%s is published on 127.0.0.1 only', (service) => {
    const ports = portsOf(service);
    expect(ports.length).toBeGreaterThan(0);
    for (const p of ports) expect(p).toMatch(/^127\.0\.0\.1:\d+:\d+$/);
  });

  it('the app stays public through its TLS proxy only (the one proxy the api trusts); its codec site on loopback only', () => {
    // 8081: the Temporal UI's codec endpoint for support's tunnelled browser (infra/proxy/Caddyfile).
    expect(portsOf('proxy')).toEqual(['80:80', '443:443', '127.0.0.1:8081:8081']);
    expect(portsOf('api')).toEqual([]);
  });
});

describe('docker-compose.yml payouts (issue 11, audit item 1)', () => {
  /** The `environment:` lines of one service (or of the x-app-env anchor). */
  const envOf = (block: string) => new RegExp(`^${block === 'x-app-env' ? 'x-app-env: &app-env' : `  ${block}:`}\\n((?:  +.*\\n|\\s*\\n)*)`, 'm').exec(compose)?.[1] ?? '';

  it('requires the callback secret for the app processes and the simulator, never a default', () => {
    for (const block of ['x-app-env', 'simulator']) {
      expect(envOf(block)).toMatch(/^ +PAYOUT_CALLBACK_SECRET: \$\{PAYOUT_CALLBACK_SECRET:\?[^}]+\}$/m);
    }
    expect(compose).not.toContain('dev-payout-callback-secret');
  });

  it('tells the worker where callbacks go and the api where browsers find the provider\'s consent page; the proxy never routes the simulator (issue 17, item 5)', () => {
    expect(envOf('worker')).toMatch(/PAYOUT_CALLBACK_URL: \$\{PAYOUT_CALLBACK_URL:-http:\/\/api:3000\/api\/payouts\/callback\}/);
    // No default: the public host serves no consent page.
    expect(envOf('api')).toMatch(/PAYOUT_PUBLIC_URL: \$\{PAYOUT_PUBLIC_URL:\?[^}]+\}/);
    const caddy = readFileSync(new URL('../../infra/proxy/Caddyfile', import.meta.url), 'utf8');
    const directives = caddy.split('\n').filter((l) => !l.trim().startsWith('#')).join('\n');
    expect(directives).not.toMatch(/simulator|3100|payoneer/);
    // Its one upstream is the api service, every replica of it (`dynamic a`: docs/platform.md).
    expect(directives).toMatch(/\(api\) \{\s*reverse_proxy \{\s*dynamic a \{\s*name api\s*port 3000\s/);
    expect(directives.match(/reverse_proxy/g)).toHaveLength(1);
    // The simulator's consent page returns codes only to the public callback.
    expect(envOf('simulator')).toMatch(/PAYONEER_REDIRECT_URIS: https:\/\/\$\{PUBLIC_HOST[^}]*\}\/api\/member\/payoneer\/callback$/m);
    expect(envOf('simulator')).toMatch(/HOST: 0\.0\.0\.0/);
  });
});
