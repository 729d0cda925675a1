/**
 * Renders the public pages to HTML in every language at build time (scripts/prerender-pages.ts bundles
 * this for Node and runs it in a child process). Each page is rendered as a visitor's first view:
 * signed out, before the configuration and the prices arrive; web/src/main.tsx hydrates it in that
 * same state and applies the session and configuration after hydration, so nothing mismatches.
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { LANGUAGES, localizedPath, type LanguageCode } from '../../domain/client-config';
import { setLanguage, t } from './i18n';
import { DESCRIPTIONS, PUBLIC_PAGES } from './i18n/descriptions';
import { ROUTES } from './routes';
import { App } from './shell/App';

export interface PrerenderedPage {
  lang: LanguageCode;
  /** The path without language prefix (the route table's). */
  path: string;
  title: string;
  description: string;
  /** The markup of #root. */
  html: string;
}

async function render(url: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <Router ssrPath={url} ssrSearch="">
      <App />
    </Router>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

export async function prerenderPublicPages(): Promise<PrerenderedPage[]> {
  const routes = PUBLIC_PAGES.map((id) => {
    const route = ROUTES.find((r) => r.id === id);
    if (!route) throw new Error(`no route ${id}`);
    return route;
  });
  const pages: PrerenderedPage[] = [];
  for (const lang of LANGUAGES) {
    await setLanguage(lang);
    for (const route of routes) {
      await route.load();
      pages.push({
        lang,
        path: route.path,
        title: `${t(route.title)} | ${t('brand')}`,
        description: DESCRIPTIONS[lang][route.id as keyof (typeof DESCRIPTIONS)['en']],
        html: await render(localizedPath(lang, route.path)),
      });
    }
  }
  return pages;
}
