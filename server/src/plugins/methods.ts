import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Lets every method Node's HTTP parser accepts reach the router, so that a known path answers TRACE, PROPFIND,
 * LOCK, MKCOL… with its 405 and `Allow` (§1.1) instead of Fastify's 404 for methods it does not route. CONNECT is
 * left out: Node hands it to the server's `connect` event, never to a route. No route serves these methods; they
 * are registered without a body, so no body parser ever runs for them.
 */
export default fp(
  async function methodsPlugin(app: FastifyInstance) {
    for (const method of http.METHODS) {
      if (method !== 'CONNECT' && !app.supportedMethods.includes(method)) app.addHttpMethod(method);
    }
  },
  { name: 'methods' },
);
