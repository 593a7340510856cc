import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, notFound } from '../http/errors';
import { ValidationError } from '../validation/errors';

const INTERNAL_ERROR = { detail: 'Internal server error.' };

/**
 * The one error handler and not-found handler of the app: every error is JSON with the §1.4 bodies,
 * and 5xx answers never reveal details (they are logged instead).
 */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof ValidationError) return reply.code(400).send(error.fields);
      if (error instanceof HttpError) {
        return reply
          .code(error.statusCode)
          .headers(error.headers)
          .send({ detail: error.detail, ...error.extra });
      }
      switch (error.code) {
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          return reply.code(413).send({ detail: 'Request body too large.' });
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
          return reply.code(415).send({ detail: unsupportedMediaType(request.headers['content-type']) });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // A library's error may name headers its answer needs (http-errors' `headers`: Content-Range on a 416).
        const headers = (error as { headers?: Record<string, string> }).headers ?? {};
        return reply.code(status).headers(headers).send({ detail: error.message });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(INTERNAL_ERROR);
    });

    // An unknown path is answered before its body is parsed, so no body (nor a missing Content-Type) turns its 404
    // into a 400 or 415. preParsing runs after every onRequest hook: the CORS header is already set.
    app.addHook('preParsing', async (request) => {
      if (request.is404) throw notFound();
    });
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not found.' }));
  },
  { name: 'errors' },
);

export function unsupportedMediaType(contentType: string | undefined): string {
  return `Unsupported media type "${contentType ?? ''}" in request.`;
}
