/**
 * dist/web served the way a production front proxy would (gzip, long cache for hashed files, the pages
 * rendered at build time for their addresses, index.html for app routes; /api and /socket.io answer 404),
 * for the benchmarks that load the pages without an API behind them.
 */
import http from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { PAGES_DIR, prerenderedFile } from '../../domain/prerendered-pages.js';

const root = path.resolve('dist/web');

/** Ends the benchmark with a clear word when `npm run build` has not made dist/web. */
export function builtWebOrExit(): void {
  if (existsSync(path.join(root, 'index.html'))) return;
  console.error('dist/web is missing: run `npm run build` first');
  process.exit(1);
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.map': 'application/json',
  '.json': 'application/json',
};

export function serve(): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent((req.url ?? '/').split('?')[0]);
    let file = path.join(root, path.normalize(pathname));
    if (pathname.startsWith('/api/') || pathname.startsWith('/socket.io/')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"code":"not_found","message":"Not found"}}');
      return;
    }
    // A page rendered at build time (dist/web/pages/<lang>/<path>/index.html) is served for its address, as api/static-web.ts does.
    const prerendered = prerenderedFile(pathname);
    if (prerendered && existsSync(path.join(root, PAGES_DIR, prerendered))) file = path.join(root, PAGES_DIR, prerendered);
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) file = path.join(root, 'index.html');
    const body = readFileSync(file);
    const hashed = /-[A-Z0-9]{8}\.(js|css)$/.test(file);
    const headers: Record<string, string> = {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      headers['content-encoding'] = 'gzip';
      res.writeHead(200, headers).end(gzipSync(body));
    } else res.writeHead(200, headers).end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }),
    ),
  );
}

