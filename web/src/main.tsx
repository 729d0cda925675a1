import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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
  watchViewport();
  closeDialogsOnHashChange();
  // The dictionary, the configuration and the live token load in parallel.
  // Who is signed in (GET /api/me); member pages wait for it instead of flashing the visitor notice.
  void loadSession();
  void requestJson<ClientConfig>('/api/config')
    .then(setConfig)
    .catch(() => undefined);
  // The first page's chunk downloads alongside the dictionary, so it renders without a second wait.
  await Promise.all([setLanguage(lang), findRoute(path).route.load().catch(() => undefined)]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  void startLive();
}

void boot();
