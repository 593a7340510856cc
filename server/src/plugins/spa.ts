import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../http/errors';

/** webpack names every asset `[name].[contenthash:10].ext`: a new build gives changed files new names. */
const HASHED_ASSET = /\.[0-9a-f]{10}\.[a-z0-9]+$/i;
/** The build's precompressed copies (.br, .gz) of a file, which @fastify/static picks by Accept-Encoding. */
const PRECOMPRESSED_COPY = /\.(br|gz)$/;
const NO_CACHE = 'no-cache';
const LONG_CACHE = 'public, max-age=31536000, immutable';

/** Paths the SPA never owns: unknown ones must get the JSON 404. */
function isApiPath(url: string): boolean {
  return /^\/(api|media)(\/|\?|$)/.test(url);
}

/**
 * A path whose last segment has an extension asks for a file, not a client-side route: when no file matched it,
 * it is a 404, not index.html (as webpack-dev-server's history fallback decides), so a stale chunk or a source map
 * is refused instead of answered with HTML.
 */
function isFilePath(url: string): boolean {
  const pathname = url.split('?')[0];
  return path.posix.extname(pathname) !== '';
}

/**
 * The first screen the build prerendered for a visit to `/` (src/app/prerender.tsx): the lab terminal's for
 * `?terminal` (any value but `off`, as src/app/terminal.ts reads it), else the public area's.
 */
function prerenderedScreen(url: string): string {
  const query = new URLSearchParams(url.split('?')[1] ?? '');
  return query.has('terminal') && query.get('terminal') !== 'off'
    ? 'prerendered/terminal.html'
    : 'prerendered/public.html';
}

/**
 * Serves the built SPA from `staticDir` when it has been built: its files, and index.html for any other
 * GET outside /api and /media so client-side routes such as /adminapp/login load the app; `/` itself gets the
 * first screen the build prerendered for it, when the build has one.
 *
 * Files go out as built, compressed only by the build: the .br or .gz copy the browser accepts, else the file
 * itself (with `Vary: accept-encoding` either way). Content-hashed assets are cached for a year as immutable;
 * index.html and other unhashed files are revalidated on every use, so a new build is picked up at once.
 * Source maps are never served, even when a build left some in `staticDir`: they would publish the sources.
 */
export default fp<{ staticDir: string }>(
  async function spaPlugin(app: FastifyInstance, { staticDir }) {
    if (!fs.existsSync(path.join(staticDir, 'index.html'))) return;

    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      // Routes only for the files themselves: the compressed copies are reached through them.
      globIgnore: ['**/*.map', '**/*.br', '**/*.gz'],
      // `/` is answered below, with its prerendered screen.
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath: string) {
        const served = filePath.replace(PRECOMPRESSED_COPY, '');
        reply.header('cache-control', HASHED_ASSET.test(served) ? LONG_CACHE : NO_CACHE);
      },
    });

    const prerendered = fs.existsSync(path.join(staticDir, 'prerendered', 'public.html'));
    app.get('/', { schema: { hide: true } }, async (request, reply) =>
      reply.sendFile(prerendered ? prerenderedScreen(request.url) : 'index.html'),
    );

    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      if (isApiPath(request.url) || isFilePath(request.url)) throw notFound();
      return reply.sendFile('index.html');
    });
  },
  { name: 'spa' },
);
