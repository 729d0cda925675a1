import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodedPath } from '../infra/route-path.js';

const NOT_APP = /^\/(api|socket\.io|health|ready)(\/|$)/;
const HASHED = /-[A-Z0-9]{8}\.(js|css|map)(\.br|\.gz)?$/;

/** Serves the esbuild output; any other GET that is a page of the app gets index.html (client routing). */
export async function registerStaticWeb(app: FastifyInstance, webDir: string) {
  const indexFile = join(webDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDir }, 'web app not built: run `npm run build`');
  }
  await app.register(fastifyStatic, {
    root: webDir,
    index: false,
    wildcard: false,
    // The build writes .br and .gz beside each asset; send those to browsers that accept them.
    preCompressed: true,
    setHeaders: (res, path) => {
      // Content-hashed files never change; index.html must always be revalidated.
      res.header('Cache-Control', HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((req, reply) => {
    // Decoded: `/%61pi/x` is an API path the router did not find, not a page.
    const path = decodedPath(req.url);
    if (req.method !== 'GET' || NOT_APP.test(path) || /\.[a-z0-9]+$/i.test(path)) {
      return reply.code(404).send({ error: { code: 'not_found', message: 'Not found' } });
    }
    // Read each time (a few KB): a rebuild under a running server must not leave it pointing at deleted files.
    const index = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
    if (!index) return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(index);
  });
}
