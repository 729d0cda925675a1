/**
 * Lighthouse (mobile profile: emulated phone, simulated slow 4G and 4x CPU slowdown) on `/`,
 * `/faq` and `/ar/`, against Debian Chromium; prints performance and accessibility scores and the main
 * metrics. Targets: performance 95, accessibility 100.
 *
 * By default it serves dist/web itself the way a production front proxy would (gzip, long cache
 * for hashed files, index.html for app routes). Set LIGHTHOUSE_URL to measure a running
 * deployment instead (for example `npm start`). Needs `npm run build` first.
 */
import http from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { findChromium } from '../support/browser.js';
import { PAGES_DIR, prerenderedFile } from '../../domain/prerendered-pages.js';

const root = path.resolve('dist/web');
if (!existsSync(path.join(root, 'index.html'))) {
  console.error('dist/web is missing: run `npm run build` first');
  process.exit(1);
}
const chromePath = findChromium();
if (!chromePath) {
  console.error('No Chromium found (set CHROME_PATH): Lighthouse benchmark skipped');
  process.exit(0);
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.map': 'application/json',
  '.json': 'application/json',
};

function serve(): Promise<{ url: string; close: () => void }> {
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

const own = process.env.LIGHTHOUSE_URL ? null : await serve();
const base = process.env.LIGHTHOUSE_URL ?? own!.url;
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
});
try {
  console.log(`Lighthouse, mobile profile, against ${base}${own ? ' (dist/web served with gzip)' : ''}`);
  for (const p of ['/', '/faq', '/ar/']) {
    const result = await lighthouse(`${base}${p}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`no Lighthouse result for ${p}`);
    const { categories, audits } = result.lhr;
    const score = (c: string) => Math.round((categories[c]?.score ?? 0) * 100);
    const metric = (id: string) => audits[id]?.displayValue ?? '-';
    console.log(
      `  ${p.padEnd(5)} performance ${score('performance')} (target 95), accessibility ${score('accessibility')} (target 100)` +
        `  FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
    );
    const failed = Object.values(audits).filter(
      (a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary' && result.lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id),
    );
    for (const a of failed) console.log(`        accessibility audit failed: ${a.id} – ${a.title}`);
  }
} finally {
  await chrome.kill();
  own?.close();
}
