/**
 * The production Caddyfile (infra/proxy/Caddyfile) as it is, run by Debian's Caddy on this machine:
 * only what names the compose network is pointed here (the api replicas' name, port and, where the
 * test serves that name itself, its name server; the loopback support site's port). PUBLIC_HOST comes
 * from the environment, as in production; plain http on a local port needs no certificate.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findCaddy, freePort } from './processes.js';
import { eventually } from './servers.js';

export interface ProductionProxy {
  site: string;
  support: string;
  /** Caddy's stdout: its access log, one JSON line per request to the public site. */
  accessLog(): string;
  close(): void;
}

/** `upstream.resolver`: a name server's address as Caddy takes it (`udp/127.0.0.1:5353`; Caddy dials tcp without the prefix). */
export async function startProductionProxy(upstream: { name: string; port: number; resolver?: string }, sitePort?: number): Promise<ProductionProxy> {
  const caddy = findCaddy();
  if (!caddy) throw new Error('Caddy is missing (apt-get install -y caddy, or CADDY_PATH)');
  const dir = mkdtempSync(join(tmpdir(), 'coinmarket-proxy-'));
  const supportPort = await freePort();
  const site = `http://127.0.0.1:${sitePort ?? await freePort()}`;
  const support = `http://127.0.0.1:${supportPort}`;
  let text = readFileSync(resolve('infra/proxy/Caddyfile'), 'utf8');
  const swaps: [string, string][] = [
    ['name api', `name ${upstream.name}${upstream.resolver ? `\n\t\t\tresolvers ${upstream.resolver}` : ''}`],
    ['port 3000', `port ${upstream.port}`],
    ['http://:8081 {', `${support} {`],
  ];
  for (const [from, to] of swaps) {
    if (text.split(from).length !== 2) throw new Error(`infra/proxy/Caddyfile no longer has one "${from}": update tests/support/production-proxy.ts`);
    text = text.replace(from, to);
  }
  const file = join(dir, 'Caddyfile');
  writeFileSync(file, `{\n\tadmin off\n\tauto_https off\n}\n${text}`);
  const proxy = spawn(caddy, ['run', '--config', file, '--adapter', 'caddyfile'], {
    env: { ...process.env, PUBLIC_HOST: site, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir, HOME: dir }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let accessLog = '';
  proxy.stdout!.on('data', (c: Buffer) => { accessLog += c.toString(); });
  let out = '';
  proxy.stderr!.on('data', (c: Buffer) => { out = (out + c.toString()).slice(-5_000); });
  proxy.once('exit', (code) => { if (code) console.error(`[tests] caddy exited ${code}: ${out}`); });
  const close = () => { proxy.kill('SIGKILL'); rmSync(dir, { recursive: true, force: true }); };
  try {
    await eventually(() => fetch(`${site}/api/config`).then((r) => r.ok, () => false), 30_000, 'Caddy in front of the api');
  } catch (err) {
    close();
    throw new Error(`${(err as Error).message}\n${out}`);
  }
  return { site, support, accessLog: () => accessLog, close };
}
