/**
 * Lighthouse (mobile profile: emulated phone, simulated slow 4G and 4x CPU slowdown) on `/`,
 * `/faq` and `/ar/`, against Debian Chromium; prints performance and accessibility scores and the main
 * metrics. Targets: performance 95, accessibility 100.
 *
 * By default it serves dist/web itself the way a production front proxy would (gzip, long cache
 * for hashed files, index.html for app routes). Set LIGHTHOUSE_URL to measure a running
 * deployment instead (for example `npm start`). Needs `npm run build` first.
 */
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { findChromium } from '../support/browser.js';
import { builtWebOrExit, serve } from './_static-web.js';

builtWebOrExit();
const chromePath = findChromium();
if (!chromePath) {
  console.error('No Chromium found (set CHROME_PATH): Lighthouse benchmark skipped');
  process.exit(0);
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
