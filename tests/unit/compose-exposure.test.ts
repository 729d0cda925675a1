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
  it.each(['mailpit', 'temporal-ui'])('%s is published on 127.0.0.1 only', (service) => {
    const ports = portsOf(service);
    expect(ports.length).toBeGreaterThan(0);
    for (const p of ports) expect(p).toMatch(/^127\.0\.0\.1:\d+:\d+$/);
  });

  it('the app stays public through its TLS proxy only (the one proxy the api trusts)', () => {
    expect(portsOf('proxy')).toEqual(['80:80', '443:443']);
    expect(portsOf('api')).toEqual([]);
  });
});
