import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../http/errors';

const HASHED_ASSET = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;
const NO_CACHE = 'no-cache';
const LONG_CACHE = 'public, max-age=31536000, immutable';

/** Paths the SPA never owns: unknown ones must get the JSON 404. */
function isApiPath(url: string): boolean {
  return /^\/(api|media)(\/|\?|$)/.test(url);
}

/**
 * Serves the built SPA from `staticDir` when it has been built: its files, and index.html for any other
 * GET outside /api and /media so client-side routes such as /adminapp/login load the app.
 */
export default fp<{ staticDir: string }>(
  async function spaPlugin(app: FastifyInstance, { staticDir }) {
    if (!fs.existsSync(path.join(staticDir, 'index.html'))) return;

    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      cacheControl: false,
      setHeaders(response, filePath: string) {
        response.header('cache-control', HASHED_ASSET.test(filePath) ? LONG_CACHE : NO_CACHE);
      },
    });

    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      if (isApiPath(request.url)) throw notFound();
      return reply.header('cache-control', NO_CACHE).sendFile('index.html');
    });
  },
  { name: 'spa' },
);
