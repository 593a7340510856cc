import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers on every answer, with a CSP that lets the SPA (Emotion's inline styles) and the Swagger UI at
 * /api/docs run. Helmet's middleware is built once here: @fastify/helmet rebuilt it (parsing the CSP directives
 * again) on every request, which cost about a tenth of the CPU of a small public answer such as the location tree.
 */
const setSecurityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
      formAction: ["'self'"],
    },
  },
  // The API is meant to be called from other origins (§1.6), and media links may be embedded elsewhere.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
});

export default fp(
  async function securityPlugin(app: FastifyInstance) {
    app.addHook('onRequest', (request, reply, done) => {
      setSecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
    });
  },
  { name: 'security' },
);
