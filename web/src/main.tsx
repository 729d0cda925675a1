import './styles.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { ClientConfig } from '../../domain/client-config';
import { setLanguage, storedLanguage } from './i18n';
import { findRoute } from './routes';
import { setRoutePreloader } from './preload';
import { localizedPath, resolveLocation } from './location';
import { setConfig, watchViewport } from './state/settings';
import { closeDialogsOnHashChange } from './state/feedback';
import { startLive } from './live/start';
import { loadSession } from './state/session';
import { requestJson } from './lib/http';
import { App } from './shell/App';
import { afterFirstPage } from './shell/PageHost';

/** Normalises the first address: a leading /en goes away; a stored language choice gets its prefix. */
function initialLocation() {
  const { pathname, search, hash } = window.location;
  let resolved = resolveLocation(pathname);
  let target = resolved.redirect;
  const stored = storedLanguage();
  if (stored && stored !== resolved.lang && !/^\/[a-z]{2}(\/|$)/.test(pathname)) {
    target = localizedPath(stored, resolved.path);
    resolved = { ...resolved, lang: stored };
  }
  if (target !== undefined) history.replaceState(history.state, '', target + search + hash);
  return resolved;
}

async function boot() {
  setRoutePreloader((path) => void findRoute(path).route.load().catch(() => undefined));
  const { lang, path } = initialLocation();
  const container = document.getElementById('root')!;
  // The build rendered this very page in this language (scripts/prerender-pages.ts); an address with a
  // query may show something else (a reset token, a return path): that one is rendered afresh.
  const hydrate = container.dataset.prerendered === `${lang}:${path}` && window.location.search === '';
  watchViewport();
  closeDialogsOnHashChange();
  // The dictionary, the configuration and the live token load in parallel.
  // Who is signed in (GET /api/me); member pages wait for it instead of flashing the visitor notice.
  const config = requestJson<ClientConfig>('/api/config').catch(() => null);
  const visitorState = () => {
    void loadSession();
    void config.then((c) => c && setConfig(c));
  };
  // A prerendered page hydrates in the state the build rendered it in (a visitor, no configuration
  // yet) and takes the session and the configuration once it is on screen.
  if (hydrate) afterFirstPage(visitorState);
  else visitorState();
  // The first page's chunk downloads alongside the dictionary, so it renders without a second wait.
  await Promise.all([setLanguage(lang), findRoute(path).route.load().catch(() => undefined)]);
  // No StrictMode: the app only ever runs as a production build, where it does nothing but cost bytes.
  const app = <App />;
  // As a transition, React hydrates in slices and yields between them: the page is already on screen,
  // and a tap or a scroll is not held up by one long hydration task.
  if (hydrate) startTransition(() => { hydrateRoot(container, app); });
  else {
    // A page prerendered for another address or language (a stored language choice moved it) goes.
    container.replaceChildren();
    createRoot(container).render(app);
  }
  void startLive();
}

void boot();
