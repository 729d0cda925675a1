/**
 * The public pages without JavaScript (issue 33, "first paint"): what a search engine, a link preview
 * or a browser before the app's chunks arrive gets by plain HTTP. Each public page in each of the 8
 * languages comes as HTML holding its own words in that language, with <html lang dir>, the page's
 * title and description, its canonical address and its alternates in every language; the sitemap
 * lists every one with its alternates and robots.txt points at it. PUBLIC_URL is the origin they name,
 * whatever Host a request says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, RTL_LANGUAGES, localizedPath, type LanguageCode } from '../../domain/client-config.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { DESCRIPTIONS, PUBLIC_PAGES, type PublicPage } from '../../web/src/i18n/descriptions.js';
import { ROUTES } from '../../web/src/routes.js';
import type { Dict } from '../../web/src/i18n/dict/en.js';
import en from '../../web/src/i18n/dict/en.js';
import ar from '../../web/src/i18n/dict/ar.js';
import de from '../../web/src/i18n/dict/de.js';
import es from '../../web/src/i18n/dict/es.js';
import fr from '../../web/src/i18n/dict/fr.js';
import pt from '../../web/src/i18n/dict/pt.js';
import fa from '../../web/src/i18n/dict/fa.js';
import zh from '../../web/src/i18n/dict/zh.js';

const DICTS: Record<LanguageCode, Dict> = { en, ar, de, es, fr, pt, fa, zh };
// The site's public origin: not the address the test server listens on, so a page naming it read PUBLIC_URL.
const ORIGIN = 'https://coins.example.test';

/** Words each page shows, besides its title: the page's own texts, not the shell's. */
const WORDS: Record<PublicPage, (d: Dict) => string[]> = {
  home: (d) => [d.home.heroTitle, d.home.heroText],
  transferPage: (d) => [d.titles.transferPage, d.nav.playerTrade, d.nav.comfortTrade],
  faq: (d) => [d.faq.intro],
  withdrawalRules: (d) => [d.rules.intro],
  terms: (d) => [d.terms.intro, d.terms.sections[0]!.h],
  privacy: (d) => [d.privacy.intro, d.privacy.sections[0]!.h],
};

const pathOf = (id: PublicPage) => ROUTES.find((r) => r.id === id)!.path;
const decode = (s: string) =>
  s.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16))).replace(/&amp;/g, '&');
/** The text a reader without scripts gets from the body: tags dropped, entities decoded. */
const bodyText = (html: string) => decode(html.slice(html.indexOf('<body')).replace(/<!--.*?-->/g, '').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
const attr = (html: string, pattern: RegExp) => {
  const m = html.match(pattern);
  return m ? decode(m[1]!) : null;
};

describe('public pages by plain HTTP, without JavaScript', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(undefined, { publicUrl: ORIGIN });
  });
  afterAll(async () => {
    await app?.close();
  });

  for (const lang of LANGUAGES) {
    it(`${lang}: every public page holds its words, title, description, canonical and alternates`, async () => {
      const dict = DICTS[lang];
      for (const id of PUBLIC_PAGES) {
        const path = localizedPath(lang, pathOf(id));
        const res = await fetch(app.url + path, { headers: { Host: 'attacker.example' } });
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-type'), path).toContain('text/html');
        const html = await res.text();
        expect(html, path).toContain(`<html lang="${lang}" dir="${RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr'}">`);
        expect(attr(html, /<title>([^<]*)<\/title>/), path).toBe(`${dict.titles[id as keyof Dict['titles']]} | ${dict.brand}`);
        expect(attr(html, /<meta name="description" content="([^"]*)">/), path).toBe(DESCRIPTIONS[lang][id]);
        const text = bodyText(html);
        for (const words of WORDS[id](dict)) expect(text, `${path}: "${words}"`).toContain(words);
        expect(attr(html, /<link rel="canonical" href="([^"]*)">/), path).toBe(ORIGIN + path);
        const alternates = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]*)">/g)].map((m) => [m[1], m[2]]);
        expect(alternates, path).toEqual([...LANGUAGES.map((l) => [l, ORIGIN + localizedPath(l, pathOf(id))]), ['x-default', ORIGIN + pathOf(id)]]);
      }
    });
  }

  it('a trailing slash (/ar/) gets the same page; a member page gets the empty app shell', async () => {
    const arHome = await (await fetch(`${app.url}/ar/`)).text();
    expect(bodyText(arHome)).toContain(ar.home.heroTitle);
    expect(arHome).toContain('<html lang="ar" dir="rtl">');
    const member = await (await fetch(`${app.url}/ar/member/my-info`)).text();
    expect(member).toContain('<div id="root"></div>');
    expect(member).not.toContain('rel="canonical"');
  });

  it('the sitemap lists every public page in every language with its alternates, and robots.txt points at it', async () => {
    const res = await fetch(`${app.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)];
    const expected = PUBLIC_PAGES.flatMap((id) => LANGUAGES.map((l) => ORIGIN + localizedPath(l, pathOf(id))));
    expect(urls.map((u) => u[1]).sort()).toEqual(expected.sort());
    for (const [, loc, links] of urls) {
      const alternates = [...links!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => m[1]);
      expect(alternates, loc).toEqual([...LANGUAGES, 'x-default']);
    }
    const robots = await fetch(`${app.url}/robots.txt`);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await robots.text()).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    // The files as the build wrote them (origin left open) are not served as such.
    expect((await fetch(`${app.url}/pages/en/index.html`)).status).toBe(404);
  });
});
