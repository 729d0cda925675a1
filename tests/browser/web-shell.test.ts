/**
 * The app shell on the real API serving the built app: language prefix and redirect, titles from
 * route metadata, lazily loaded pages and dictionaries, progress bar, keep-alive cache, scroll to
 * top, language picker and recommended-language prompt, copy feedback, and live events.
 */
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import type { Metafile } from 'esbuild';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { appLive, browserAvailable, launchBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { buildWeb } from '../../scripts/build-web.js';
import { ROUTES } from '../../web/src/routes.js';
import en from '../../web/src/i18n/dict/en.js';
import de from '../../web/src/i18n/dict/de.js';
import ar from '../../web/src/i18n/dict/ar.js';

describe.skipIf(!browserAvailable() && process.env.CI !== 'true')('web app shell', () => {
  let app: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let scripts: string[];
  let errors: string[];

  beforeAll(async () => {
    if (!existsSync('dist/web/index.html')) await buildWeb();
    app = await startTestApp();
    browser = (await launchBrowser())!;
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    page = await context.newPage();
    scripts = [];
    errors = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    page.on('pageerror', (e) => errors.push(e.message));
  });
  afterEach(async () => {
    expect(errors).toEqual([]);
    await context.close();
  });

  /** A page of the app, once the app runs on it (the load event comes before a prerendered page's scripts). */
  const open = async (path: string) => {
    await page.goto(app.url + path);
    await appLive(page);
  };
  const loaded = (prefix: string) => scripts.filter((s) => new RegExp(`^/${prefix}-[A-Z0-9]{8}\\.js$`).test(s));
  /** The texts downloaded, as "part/lang" (the chunks of web/src/i18n/dict/<part>/<lang>.ts, named from the build's metafile). */
  const textsLoaded = () => {
    const meta = JSON.parse(readFileSync('dist/web/meta.json', 'utf8')) as Metafile;
    const bySource = new Map(
      Object.entries(meta.outputs).flatMap(([file, o]) => {
        const part = /^web\/src\/i18n\/dict\/(\w+\/\w+)\.ts$/.exec(o.entryPoint ?? '')?.[1];
        return part ? [['/' + file.replace(/^dist\/web\//, ''), part] as const] : [];
      }),
    );
    return scripts.flatMap((s) => bySource.get(s) ?? []).sort();
  };

  it("serves / with an English title and only the English texts it shows (the shell's and the home page's)", async () => {
    await open('/');
    await expect.poll(() => page.title()).toBe(`${en.titles.home} | CoinMarket`);
    expect(await page.locator('h1').textContent()).toBe(en.home.heroTitle);
    expect(textsLoaded()).toEqual(['core/en', 'home/en']);
    expect(loaded('home')).toHaveLength(1);
    expect(loaded('faq')).toEqual([]);
  });

  it('redirects /en/faq to /faq (replacing the history entry)', async () => {
    await open('/');
    await open('/en/faq');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/faq');
    await expect.poll(() => page.title()).toBe(`${en.titles.faq} | CoinMarket`);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  });

  it('shows /de/faq in German with a German title, loading only the German texts it shows', async () => {
    await open('/de/faq');
    await expect.poll(() => page.title()).toBe(`${de.titles.faq} | CoinMarket`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await page.locator('main h1').textContent()).toBe(de.titles.faq);
    expect(textsLoaded()).toEqual(['core/de', 'faq/de']);
    // Links keep the prefix.
    expect(await page.locator('footer a', { hasText: de.footer.terms }).getAttribute('href')).toBe('/de/terms');
  });

  it('reaches every route of the table, each from its own lazily loaded chunk, with its title', async () => {
    await open('/fr');
    await page.locator('main h1').waitFor();
    for (const route of ROUTES) {
      const path = route.path.replace('{product}', 'coins');
      const before = scripts.length;
      await page.evaluate((p) => {
        history.pushState(null, '', p);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path === '/' ? '/fr' : `/fr${path}`);
      await expect.poll(() => page.locator('.page:not([hidden]) h1').first().isVisible()).toBe(true);
      const key = route.title.split('.')[1];
      const fr = (await import('../../web/src/i18n/dict/fr.js')).default;
      await expect.poll(() => page.title(), { message: route.path }).toBe(`${(fr.titles as Record<string, string>)[key]} | CoinMarket`);
      const file = route.page.toString().match(/pages\/([\w-]+)/)![1];
      if (route.id !== 'home') expect(scripts.slice(before).some((s) => s.startsWith(`/${file}-`)), route.path).toBe(true);
    }
  });

  it('shows the progress bar while a lazy page downloads', async () => {
    // The lazy page's script is held until the bar was seen running: a slow download, as long as the check needs.
    let release = () => {};
    const held = new Promise<void>((res) => { release = res; });
    await page.route(/\/terms-[A-Z0-9]{8}\.js$/, async (r) => {
      await held;
      await r.continue();
    });
    await open('/');
    await page.locator('main h1').waitFor();
    await expect.poll(() => page.getByTestId('progress-bar').getAttribute('data-phase')).toBe('idle');
    await page.locator('footer').getByRole('link', { name: en.footer.terms }).click();
    await expect.poll(() => page.getByTestId('progress-bar').getAttribute('data-phase')).toBe('running');
    release();
    await page.getByRole('heading', { level: 1, name: en.titles.terms }).waitFor();
    await expect.poll(() => page.getByTestId('progress-bar').getAttribute('data-phase')).toBe('idle');
  });

  it('keeps up to 10 pages alive: a FAQ tab and a typed search survive going away and back', async () => {
    await open('/faq');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.getByRole('tab', { name: en.faq.tabs.payment }).click();
    await page.getByLabel(en.faq.searchLabel).fill('PayPal');
    await expect.poll(() => page.locator('.qa summary').count()).toBe(en.faq.payment.filter((x) => `${x.q} ${x.a}`.includes('PayPal')).length);
    await page.locator('.qa summary').first().click();

    await page.locator('footer').getByRole('link', { name: en.footer.privacy }).click();
    await page.getByRole('heading', { level: 1, name: en.titles.privacy }).waitFor();
    expect(await page.locator('#faq-search').isVisible()).toBe(false);
    await page.locator('header').getByRole('link', { name: en.nav.faq }).click();

    await expect.poll(() => page.getByRole('tab', { name: en.faq.tabs.payment }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByLabel(en.faq.searchLabel).inputValue()).toBe('PayPal');
    expect(await page.locator('.qa').first().evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(42); // no reload
    expect(await page.locator('.page').count()).toBe(2);
    // Back and forward through history also finds the kept page.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: en.titles.privacy }).waitFor();
    await page.goBack();
    expect(await page.getByLabel(en.faq.searchLabel).inputValue()).toBe('PayPal');
  });

  it('the page a visitor opens does not slide in; a page reached inside the app does', async () => {
    // A sliding first page starts 24 px past the screen's edge and transparent: a layout check or the
    // largest paint taken in its first 300 ms sees a page that is not there yet.
    const slide = () => page.locator('.page:not([hidden])').evaluate((el) => getComputedStyle(el).animationName);
    await open('/faq');
    await page.locator('main h1').waitFor();
    expect(await slide()).toBe('none');
    await page.locator('footer').getByRole('link', { name: en.footer.privacy }).click();
    await page.getByRole('heading', { level: 1, name: en.titles.privacy }).waitFor();
    expect(await slide()).toBe('slide-right');
  });

  it('evicts the least recently used page beyond 10', async () => {
    await open('/faq');
    await page.getByLabel(en.faq.searchLabel).fill('hours');
    const paths = ['/terms', '/privacy', '/faq/withdrawal-rules', '/signin', '/signup', '/password', '/password/reset', '/auction-detail', '/transfer-page', '/member/withdraw'];
    for (const p of paths) {
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, p);
      await expect.poll(() => page.locator('.page:not([hidden]) h1').first().isVisible()).toBe(true);
    }
    expect(await page.locator('.page').count()).toBe(10);
    expect(await page.locator('.page[data-page="/faq"]').count()).toBe(0); // the FAQ was the oldest
    await page.locator('header').getByRole('link', { name: en.nav.faq }).click();
    expect(await page.getByLabel(en.faq.searchLabel).inputValue()).toBe(''); // fresh again
  });

  it('scrolls back to the top 400 ms after navigation', async () => {
    await open('/');
    await page.locator('main h1').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(300);
    // The click's own time, taken in the page: a round trip to read it afterwards would eat into the 400 ms on a loaded machine.
    await page.evaluate(() => addEventListener('click', () => { (window as unknown as { clickedAt: number }).clickedAt = performance.now(); }, { capture: true, once: true }));
    await page.locator('footer').getByRole('link', { name: en.footer.withdrawal }).click();
    const clickedAt = await page.evaluate(() => (window as unknown as { clickedAt: number }).clickedAt);
    const atTop = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const check = () => (scrollY === 0 ? resolve(performance.now()) : requestAnimationFrame(check));
          check();
        }),
    );
    expect(atTop - clickedAt).toBeGreaterThan(250);
    await expect.poll(() => page.title()).toBe(`${en.titles.withdrawalRules} | CoinMarket`);
  });

  // WCAG 2.4.11: a link the keyboard reaches is not left under the sticky header. German at 1024 px wraps the header to two rows.
  for (const [path, width] of [['/faq', 360], ['/ar/faq', 360], ['/faq', 1280], ['/ar/faq', 1280], ['/de/faq', 1024]] as const) {
    it(`${path} at ${width} px: Tab brings a link out from under the sticky header`, async () => {
      await page.setViewportSize({ width, height: 800 });
      await open(path);
      await page.locator('main h1').waitFor();
      const headerBottom = () => page.evaluate(() => document.querySelector('.site-header')!.getBoundingClientRect().bottom);
      expect(await headerBottom()).toBeGreaterThan(0);
      // Scroll the lowest link the page can bring up to 10 px below the top (under the header) there, and
      // Tab to it from the link before it.
      const target = await page.evaluate(() => {
        const links = [...document.querySelectorAll<HTMLElement>('main a[href], main button, main summary, footer a[href]')].filter((el) => el.offsetParent !== null);
        const maxScroll = document.documentElement.scrollHeight - innerHeight;
        const i = links.findLastIndex((el) => el.getBoundingClientRect().top + scrollY - 10 <= maxScroll);
        if (i < 1 || links[i]!.getBoundingClientRect().top + scrollY < 300) throw new Error(`no link low enough to scroll under the header (${i})`);
        links[i]!.dataset.target = 'yes';
        scrollBy(0, links[i]!.getBoundingClientRect().top - 10);
        links[i - 1]!.focus({ preventScroll: true });
        return links[i]!.getBoundingClientRect().top;
      });
      expect(target).toBeLessThan(await headerBottom());
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.target)).toBe('yes');
      // On the code before, the focused link stayed at 10 px, under the header.
      await expect.poll(() => page.locator('[data-target="yes"]').evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(await headerBottom());
    });
  }

  it('switches language in the picker dialog, right-to-left, and remembers the choice', async () => {
    await open('/terms');
    await page.locator('main h1').waitFor();
    await page.getByRole('button', { name: /Language/ }).click();
    const dialog = page.getByRole('dialog', { name: en.lang.title });
    await dialog.waitFor();
    // Every frame of the switch shows the first section's heading in English or in Arabic, never empty:
    // the Arabic terms download before the page changes language.
    await page.evaluate(() => {
      const seen: (string | null)[] = [];
      (window as unknown as { headings: typeof seen }).headings = seen;
      const sample = () => {
        seen.push(document.querySelector('main [data-active="true"] section h2')?.textContent ?? null);
        if (document.documentElement.lang !== 'ar') requestAnimationFrame(sample);
      };
      sample();
    });
    await dialog.getByRole('button', { name: 'العربية' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/ar/terms');
    await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir].join())).toBe('ar,rtl');
    const headings = await page.evaluate(() => (window as unknown as { headings: (string | null)[] }).headings);
    const [english, arabic] = [`1. ${en.terms.sections[0].h}`, `1. ${ar.terms.sections[0].h}`];
    expect(headings[0]).toBe(english);
    expect(headings.filter((h) => h !== english && h !== arabic)).toEqual([]);
    expect(await page.locator('main section h2').first().textContent()).toBe(`1. ${ar.terms.sections[0].h}`);
    expect(await page.evaluate(() => localStorage.getItem('coinmarket.lang'))).toBe('ar');
    // An unprefixed address now opens in the chosen language.
    await open('/faq');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/ar/faq');
  });

  it('offers the recommended language from /api/config once', async () => {
    const german = await browser.newContext({ locale: 'de-DE' });
    const p = await german.newPage();
    await p.goto(app.url + '/');
    const prompt = p.getByRole('dialog', { name: 'Zu Deutsch wechseln?' });
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Wechseln' }).click();
    await expect.poll(() => new URL(p.url()).pathname).toBe('/de');
    await expect.poll(() => p.locator('main h1').textContent()).toBe(de.home.heroTitle);
    expect(await p.evaluate(() => localStorage.getItem('coinmarket.lang'))).toBe('de');
    expect(await p.getByRole('dialog', { name: 'Zu Deutsch wechseln?' }).count()).toBe(0);
    await german.close();
  });

  it('does not offer English again after the seller chose Arabic in the picker', async () => {
    await open('/');
    await page.locator('main h1').waitFor();
    await page.locator('header .lang-button').click();
    await page.locator('.lang-option[lang="ar"]').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/ar');
    await expect.poll(() => page.getAttribute('html', 'dir')).toBe('rtl');
    await page.getByRole('heading', { level: 1, name: ar.home.heroTitle }).waitFor();
    // The configuration that drives the prompt was loaded on the first page already.
    expect(await page.locator('aside.recommend').count()).toBe(0);
  });

  it("the header's Sell coins leads to a page offering both ways to sell", async () => {
    await open('/');
    await page.locator('header').getByRole('link', { name: en.nav.sellCoins, exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/transfer-page');
    await page.getByRole('heading', { level: 1, name: en.nav.sellCoins }).waitFor();
    const body = (await page.locator('main').textContent()) ?? '';
    expect(body).not.toContain(en.placeholder.body);
    await page.getByRole('link', { name: en.sellCoins.comfortGo }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/sell-coins-comfort-trade');
  });

  it('a visitor page logs no console errors (it calls no member API that answers 401)', async () => {
    const problems: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
    page.on('response', (r) => { if (r.status() === 401) problems.push(`401 ${new URL(r.url()).pathname}`); });
    for (const path of ['/', '/faq', '/terms', '/transfer-page', '/sell-coins-player-trade', '/sell-coins-comfort-trade']) {
      await open(path);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect([...new Set(problems)]).toEqual([]);
  });

  it('copies a support handle and says "Copy successful" for 3 seconds', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    await open('/');
    await page.locator('footer').getByRole('button', { name: /Copy/ }).click();
    const toast = page.getByTestId('toast');
    await expect.poll(() => toast.textContent()).toBe('Copy successful');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^\d+$/);
    await expect.poll(() => toast.count(), { timeout: 5000 }).toBe(0);
  });

  it('connects a seller to live updates without showing developers\' raw events on the page', async () => {
    const token = await app.mintLiveToken('seller-web-1');
    await context.addInitScript((t) => sessionStorage.setItem('coinmarket.liveToken', t), token);
    await open('/');
    // The live connection still comes, as its own chunk; pages show what events change, never the events.
    await expect.poll(() => loaded('socket').length, { timeout: 15_000 }).toBe(1);
    await app.publish('seller-web-1', 'countdown:updated', { state: 'running' }, 'player-purchase:web-1');
    const text = await page.locator('body').textContent();
    expect(text).not.toContain('Live updates');
    expect(text).not.toContain('countdown:updated');
    expect(text).not.toContain('player-purchase:web-1');
  });
});
