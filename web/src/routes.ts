import type { PageModule } from './page-props';
import { matchRoute } from 'wouter';
import { MESSAGE_PARTS as MESSAGES, loadTexts, type TextPart } from './i18n';

/** One entry of the specification's route table (section 2). */
export interface RouteDef {
  id: string;
  /** Route path as the specification writes it, without language prefix. */
  path: string;
  /** Anchored pattern for the unprefixed path; named groups become params. */
  pattern: RegExp;
  /** Dictionary key of the page title. */
  title: string;
  /** The text parts the page shows besides the core ones (tests/unit/web-text-parts.test.ts checks them). */
  texts: readonly TextPart[];
  /** The page's chunk alone. */
  page: () => Promise<PageModule>;
  /** The page's chunk together with its texts in the current language: it never renders without them. */
  load: () => Promise<PageModule>;
}

/**
 * Page modules already downloaded, by route id: the page host renders such a page at once instead of
 * through React.lazy, so a page rendered at build time hydrates in the first pass, as the build rendered it.
 */
export const loadedPages = new Map<string, PageModule>();

const exact = (path: string): RegExp =>
  new RegExp(`^${path === '/' ? '/' : path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const route = (
  id: string,
  path: string,
  texts: readonly TextPart[],
  page: () => Promise<PageModule>,
  pattern = exact(path),
): RouteDef => ({
  id,
  path,
  pattern,
  title: `titles.${id}`,
  texts,
  page,
  load: () =>
    Promise.all([page(), loadTexts(texts)]).then(([module]) => {
      loadedPages.set(id, module);
      return module;
    }),
});

/** Every path of the route table; each page is its own lazily loaded chunk, with its texts. */
export const ROUTES: RouteDef[] = [
  route('home', '/', ['home'], () => import('./pages/home')),
  route('signin', '/signin', MESSAGES, () => import('./pages/signin')),
  route('signup', '/signup', MESSAGES, () => import('./pages/signup')),
  route('password', '/password', MESSAGES, () => import('./pages/password')),
  route('passwordReset', '/password/reset', MESSAGES, () => import('./pages/password-reset')),
  route('comfortTrade', '/sell-coins-comfort-trade', MESSAGES, () => import('./pages/sell-coins-comfort-trade')),
  route('playerTrade', '/sell-coins-player-trade', MESSAGES, () => import('./pages/sell-coins-player-trade')),
  route('auctionDetail', '/auction-detail', ['player'], () => import('./pages/auction-detail')),
  route('transferPage', '/transfer-page', ['home'], () => import('./pages/transfer-page')),
  route('accountList', '/member/account-list', MESSAGES, () => import('./pages/member-account-list')),
  route('myInfo', '/member/my-info', [...MESSAGES, 'apikeys'], () => import('./pages/member-my-info')),
  route('playerRecord', '/member/player-record', MESSAGES, () => import('./pages/member-player-record')),
  route('soldRecord', '/member/sold-record', MESSAGES, () => import('./pages/member-sold-record')),
  route(
    'balance',
    '/member/{product}-balance',
    ['player', 'comfort', 'withdraw'],
    () => import('./pages/member-balance'),
    /^\/member\/(?<product>[a-z0-9_]+(?:-[a-z0-9_]+)*)-balance$/i,
  ),
  route('withdraw', '/member/withdraw', MESSAGES, () => import('./pages/member-withdraw')),
  route('ledger', '/member/ledger', MESSAGES, () => import('./pages/member-ledger')),
  route('overview', '/member', MESSAGES, () => import('./pages/member-overview')),
  route('notifications', '/member/notifications', MESSAGES, () => import('./pages/member-notifications')),
  route('faq', '/faq', ['faq'], () => import('./pages/faq')),
  route('withdrawalRules', '/faq/withdrawal-rules', ['rules'], () => import('./pages/faq-withdrawal-rules')),
  route('terms', '/terms', ['terms'], () => import('./pages/terms')),
  route('privacy', '/privacy', ['privacy'], () => import('./pages/privacy')),
];

export const NOT_FOUND: RouteDef = route('notFound', '*', [], () => import('./pages/not-found'), /^.*$/);

/** Finds the route of an unprefixed path; unknown paths get the not-found page. */
export function findRoute(path: string): { route: RouteDef; params: Record<string, string> } {
  for (const r of ROUTES) {
    const [ok, params] = matchRoute(undefined as never, r.pattern, path);
    if (ok) {
      const named: Record<string, string> = {};
      for (const [k, v] of Object.entries(params ?? {})) if (!/^\d+$/.test(k) && v !== undefined) named[k] = v;
      return { route: r, params: named };
    }
  }
  return { route: NOT_FOUND, params: {} };
}
