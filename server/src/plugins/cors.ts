import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * §1.6: Access-Control-Allow-Origin on every response; a preflight to any path gets 204. No cookies are used. A
 * page of another origin may read a versioned read's ETag and send If-Match back (docs/api.md §28).
 */
export default fp<{ origin: string }>(
  async function corsPlugin(app: FastifyInstance, { origin }) {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-expose-headers', 'ETag');
      if (origin !== '*') reply.header('vary', 'Origin');
    });

    app.options('*', { schema: { hide: true } }, async (_request, reply) => {
      reply
        .code(204)
        .header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS')
        // X-Client-Id names the tab (change feed origin), If-Match a record's version, Last-Event-ID a stream's place.
        .header(
          'access-control-allow-headers',
          'authorization, content-type, x-client-id, if-match, last-event-id',
        )
        .header('access-control-max-age', '86400')
        .send();
    });
  },
  { name: 'cors' },
);
