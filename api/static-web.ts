import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodedPath } from '../infra/route-path.js';
import { ORIGIN_TOKEN, PAGES_DIR, prerenderedFile } from '../domain/prerendered-pages.js';

const NOT_APP = /^\/(api|socket\.io|health|ready)(\/|$)/;
const HASHED = /-[A-Z0-9]{8}\.(js|css|map)(\.br|\.gz)?$/;
/** Files written with the origin left open (scripts/prerender-pages.ts), by the address they answer. */
const SITE_FILES: Record<string, string> = { '/sitemap.xml': 'application/xml; charset=utf-8', '/robots.txt': 'text/plain; charset=utf-8' };

/**
 * Serves the esbuild output; any other GET that is a page of the app gets its prerendered HTML when the
 * build rendered it (public pages, every language), else index.html (client routing). `publicUrl` is
 * the site's origin for the pages' canonical and alternate links and the sitemap (PUBLIC_URL); never a
 * request's Host, which anyone can set. Unset (development), those addresses are written relative.
 */
export async function registerStaticWeb(app: FastifyInstance, webDir: string, publicUrl: () => string | undefined = () => undefined) {
  const indexFile = join(webDir, 'index.html');
  const pagesDir = join(webDir, PAGES_DIR);
  if (!existsSync(indexFile)) {
    app.log.warn({ webDir }, 'web app not built: run `npm run build`');
  }
  await app.register(fastifyStatic, {
    root: webDir,
    index: false,
    wildcard: false,
    // The prerendered files go out through the handler below, with the origin filled in.
    allowedPath: (pathName) => !pathName.startsWith(`/${PAGES_DIR}/`),
    // The build writes .br and .gz beside each asset; send those to browsers that accept them.
    preCompressed: true,
    setHeaders: (res, path) => {
      // Content-hashed files never change; index.html must always be revalidated.
      res.header('Cache-Control', HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // Read each time (a few KB): a rebuild under a running server must not leave it pointing at deleted files.
  const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').replaceAll(ORIGIN_TOKEN, (publicUrl() ?? '').replace(/\/+$/, '')) : null);
  app.setNotFoundHandler((req, reply) => {
    // Decoded: `/%61pi/x` is an API path the router did not find, not a page.
    const path = decodedPath(req.url);
    const siteFile = req.method === 'GET' ? SITE_FILES[path] : undefined;
    const site = siteFile ? read(join(pagesDir, path)) : null;
    if (siteFile && site) return reply.type(siteFile).header('Cache-Control', 'no-cache').send(site);
    if (req.method !== 'GET' || NOT_APP.test(path) || /\.[a-z0-9]+$/i.test(path)) {
      return reply.code(404).send({ error: { code: 'not_found', message: 'Not found' } });
    }
    const prerendered = prerenderedFile(path);
    const index = (prerendered && read(join(pagesDir, prerendered))) ?? read(indexFile);
    if (!index) return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(index);
  });
}
