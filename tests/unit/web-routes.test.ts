import { describe, expect, it } from 'vitest';
import { ROUTES, NOT_FOUND, findRoute } from '../../web/src/routes.js';
import { localizedPath, resolveLocation } from '../../web/src/location.js';
import { LANGUAGES } from '../../domain/client-config.js';
import en from '../../web/src/i18n/dict/en.js';

// The route table of the specification, section 2 ({product} filled with an example).
const SPEC_PATHS = [
  '/', '/signin', '/signup', '/password', '/password/reset', '/sell-coins-comfort-trade', '/sell-coins-player-trade',
  '/auction-detail', '/transfer-page', '/member/account-list', '/member/my-info', '/member/player-record',
  '/member/sold-record', '/member/fc26-balance', '/member/withdraw', '/faq', '/faq/withdrawal-rules', '/terms', '/privacy',
  // Added by issue 19 (notifications), beyond the specification's table.
  '/member/notifications',
  // Added by issue 32 (the seller's ledger).
  '/member/ledger',
  // Added by issue 32 (the signed-in overview; also `/` while a seller is signed in).
  '/member',
];

describe('route table', () => {
  it('has a distinct lazily loaded route for every path of the specification', () => {
    const ids = SPEC_PATHS.map((p) => findRoute(p).route.id);
    expect(ids).not.toContain(NOT_FOUND.id);
    expect(new Set(ids).size).toBe(SPEC_PATHS.length);
    expect(ROUTES).toHaveLength(SPEC_PATHS.length);
  });

  it('reads {product} of the balance route as a parameter', () => {
    expect(findRoute('/member/fc26-balance')).toMatchObject({ route: { id: 'balance' }, params: { product: 'fc26' } });
    expect(findRoute('/member/ultimate-team-balance').params).toEqual({ product: 'ultimate-team' });
    expect(findRoute('/member/account-list').route.id).toBe('accountList');
  });

  it('sends unknown paths to the not-found page', () => {
    expect(findRoute('/nope').route).toBe(NOT_FOUND);
    expect(findRoute('/faq/unknown').route).toBe(NOT_FOUND);
    expect(findRoute('/member/-balance').route).toBe(NOT_FOUND);
  });

  it('takes every page title from route metadata that the dictionary defines', () => {
    for (const r of [...ROUTES, NOT_FOUND]) {
      const [group, key] = r.title.split('.');
      expect(group).toBe('titles');
      expect((en.titles as Record<string, string>)[key], r.id).toBeTruthy();
    }
  });
});

describe('language prefix rule', () => {
  it('reads unprefixed paths as English', () => {
    expect(resolveLocation('/')).toEqual({ lang: 'en', path: '/', redirect: undefined });
    expect(resolveLocation('/faq')).toEqual({ lang: 'en', path: '/faq', redirect: undefined });
  });

  it('redirects a leading /en away', () => {
    expect(resolveLocation('/en/faq')).toMatchObject({ lang: 'en', path: '/faq', redirect: '/faq' });
    expect(resolveLocation('/en')).toMatchObject({ path: '/', redirect: '/' });
    expect(resolveLocation('/en/')).toMatchObject({ redirect: '/' });
  });

  it('reads the prefix of every other language', () => {
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      expect(resolveLocation(`/${lang}/faq/withdrawal-rules`)).toEqual({ lang, path: '/faq/withdrawal-rules', redirect: undefined });
      expect(resolveLocation(`/${lang}`)).toEqual({ lang, path: '/', redirect: undefined });
    }
  });

  it('drops trailing slashes', () => {
    expect(resolveLocation('/faq/')).toMatchObject({ path: '/faq', redirect: '/faq' });
    expect(resolveLocation('/de/')).toMatchObject({ lang: 'de', path: '/', redirect: '/de' });
    expect(resolveLocation('/de/faq/')).toMatchObject({ lang: 'de', path: '/faq', redirect: '/de/faq' });
  });

  it('does not mistake a route starting with two letters for a language', () => {
    expect(resolveLocation('/faq').lang).toBe('en');
    expect(resolveLocation('/terms').lang).toBe('en');
  });

  it('builds addresses in a language', () => {
    expect(localizedPath('en', '/faq')).toBe('/faq');
    expect(localizedPath('en', '/')).toBe('/');
    expect(localizedPath('ar', '/')).toBe('/ar');
    expect(localizedPath('zh', '/member/withdraw')).toBe('/zh/member/withdraw');
    for (const lang of LANGUAGES) for (const p of SPEC_PATHS) expect(resolveLocation(localizedPath(lang, p))).toEqual({ lang, path: p, redirect: undefined });
  });
});
