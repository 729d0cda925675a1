/**
 * What an open tab costs while the seller does nothing: four tabs of `/` (dist/web served as a front proxy
 * would, no API behind it) stand idle for 10 s, with and without reduced motion, and the CPU time of the
 * Chromium processes this benchmark started is read from /proc. An idle tab should cost next to nothing:
 * target at most 0.5 % of a core per tab. Before the overlay's hidden spinner was paused, a tab cost about
 * 2 % (8 % with reduced motion). Needs `npm run build` first; Linux only; run it on a quiet machine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { findChromium, launchChromium } from '../support/browser.js';
import { builtWebOrExit, serve } from './_static-web.js';

const TABS = 4;
const IDLE_MS = 10_000;
const TARGET_SHARE = 0.005;

builtWebOrExit();
const chromePath = findChromium();
if (!chromePath) {
  console.error('No Chromium found (set CHROME_PATH): idle-tabs benchmark skipped');
  process.exit(0);
}

/** CPU seconds (user and system) of every process descended from this one. */
function descendantsCpu(): number {
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      // "pid (comm) state ppid …": the command name may hold spaces, so read after its closing parenthesis.
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(d), Number(f[1]));
      ticks.set(Number(d), Number(f[11]) + Number(f[12]));
    } catch { /* gone meanwhile */ }
  }
  const mine = (pid: number): boolean => { for (let p = parent.get(pid); p; p = parent.get(p)) if (p === process.pid) return true; return false; };
  let sum = 0;
  for (const [pid, t] of ticks) if (mine(pid)) sum += t;
  return sum / 100;
}

const site = await serve();
const browser = await launchChromium(chromePath);
try {
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, reducedMotion });
    for (let i = 0; i < TABS; i++) {
      const page = await context.newPage();
      await page.goto(`${site.url}/`);
      await page.locator('main h1').first().waitFor();
    }
    // Let loading settle (chunks, fonts, the first frames) before the idle time is counted.
    await new Promise((r) => setTimeout(r, 2_000));
    const before = descendantsCpu();
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const share = (descendantsCpu() - before) / (IDLE_MS / 1000) / TABS;
    console.log(`  ${TABS} idle tabs of /, reduced motion ${reducedMotion}: ${(share * 100).toFixed(2)} % of a core per tab (target <= ${TARGET_SHARE * 100} %): ${share <= TARGET_SHARE ? 'met' : 'NOT met'}`);
    await context.close();
  }
} finally {
  await browser.close();
  site.close();
}
