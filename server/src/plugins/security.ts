import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** A CSP that lets the SPA (Emotion's inline styles) and the Swagger UI at /api/docs run. */
const DIRECTIVES = {
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
};

/**
 * Security headers on every answer. Helmet's middleware is built once here: @fastify/helmet rebuilt it (parsing the
 * CSP directives again) on every request, which cost about a tenth of the CPU of a small public answer such as the
 * location tree.
 */
const securityHeaders = (directives: Record<string, string[]>) =>
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    // The API is meant to be called from other origins (§1.6), and media links may be embedded elsewhere.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });

const setSecurityHeaders = securityHeaders(DIRECTIVES);

/**
 * Uploaded files also get `sandbox`, defence in depth behind their types and `nosniff`: a file a browser shows
 * inline (a PDF, text, an image) is a document of its own origin-less sandbox, with no scripts, forms or popups.
 */
const setMediaSecurityHeaders = securityHeaders({ ...DIRECTIVES, sandbox: [] });

export default fp(
  async function securityPlugin(app: FastifyInstance) {
    app.addHook('onRequest', (request, reply, done) => {
      const setHeaders = request.url.startsWith('/media/') ? setMediaSecurityHeaders : setSecurityHeaders;
      setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
    });
  },
  { name: 'security' },
);
