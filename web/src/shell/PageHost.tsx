import { Suspense, lazy, useEffect, useMemo, useRef, type ComponentType, type LazyExoticComponent } from 'react';
import { ROUTES, NOT_FOUND, findRoute, loadedPages, type RouteDef } from '../routes';
import { type PageProps } from '../page-props';
import { useSnapshot } from 'valtio';
import { PageCache } from '../state/keep-alive';
import { session } from '../state/session';
import { track } from '../state/feedback';
import { useT } from '../i18n';
import { SCROLL_TOP_DELAY_MS } from '../../../domain/timing';

const ALL_ROUTES: RouteDef[] = [...ROUTES, NOT_FOUND];
const byId = new Map(ALL_ROUTES.map((r) => [r.id, r]));

// One component per route, chosen once: the page itself when its chunk is already here (the first
// page, loaded before the first render: a prerendered page then hydrates without suspending), else a
// lazy one whose first render downloads the chunk (with the progress bar).
const pages = new Map<string, ComponentType<PageProps> | LazyExoticComponent<ComponentType<PageProps>>>();
function pageOf(route: RouteDef): ComponentType<PageProps> {
  let page = pages.get(route.id);
  if (!page) {
    page = loadedPages.get(route.id)?.default ?? lazy(() => track(route.load()));
    pages.set(route.id, page);
  }
  return page;
}

let firstPageShown: (() => void) | null = null;
/**
 * Runs `then` once the first page is on screen. React hydrates a prerendered page's Suspense boundary
 * after the shell, at a lower priority: state the build could not know (the session, the configuration)
 * must wait for it, not just for the shell, or the page meets markup it did not render (web/src/main.tsx).
 */
export function afterFirstPage(then: () => void): void {
  firstPageShown = then;
}
function FirstPageShown() {
  useEffect(() => {
    const then = firstPageShown;
    firstPageShown = null;
    then?.();
  }, []);
  return null;
}

function PageFallback() {
  const { t } = useT();
  return (
    <div className="page-fallback container" aria-busy="true">
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}

/**
 * Shows the page of `path` and keeps up to 10 visited pages mounted but hidden, so a page returned
 * to keeps its state and is not fetched again. Sets the title from route metadata and scrolls
 * to the top 400 ms after each navigation.
 */
export function PageHost({ path }: { path: string }) {
  const { t, lang } = useT();
  const cache = useRef(new PageCache());
  // A session that ended takes every kept page with it (their state holds the seller's money and details).
  const { ended } = useSnapshot(session);
  const endedSeen = useRef(ended);
  if (endedSeen.current !== ended) {
    endedSeen.current = ended;
    cache.current = new PageCache();
  }
  const pathname = path.split('?')[0];
  const { route, params } = findRoute(pathname);
  const entries = useMemo(() => cache.current.visit(path, route.id, params), [path, ended]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    document.title = `${t(route.title)} | ${t('brand')}`;
  }, [route, lang, t]);

  // Only pages reached inside the app slide in: the page a visitor opens is drawn where it belongs.
  const openedAt = useRef(path);
  const navigated = useRef(false);
  if (path !== openedAt.current) navigated.current = true;

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // An address naming a field (#payout-details) is a link to it: the page focuses and shows that field.
    if (window.location.hash.length > 1) return;
    // Move focus to the new page for keyboard and screen-reader users, then scroll to the top.
    document.getElementById('main')?.focus({ preventScroll: true });
    const timer = setTimeout(() => window.scrollTo({ top: 0, left: 0 }), SCROLL_TOP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [path]);

  return (
    <>
      {entries.map((entry) => {
        const Page = pageOf(byId.get(entry.routeId)!);
        const active = entry.key === path;
        return (
          <div key={`${ended}:${entry.key}`} className="page" hidden={!active} data-page={byId.get(entry.routeId)?.path} data-active={active} data-enter={navigated.current || undefined}>
            <Suspense fallback={<PageFallback />}>
              <Page params={entry.params} />
              <FirstPageShown />
            </Suspense>
          </div>
        );
      })}
    </>
  );
}
