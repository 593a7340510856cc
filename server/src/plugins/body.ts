import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http/errors';
import { requestValidatorCompiler } from '../validation/validate';
import { unsupportedMediaType } from './errors';

/**
 * Request bodies: JSON only (multipart is added by the routes that take uploads), an empty body is `{}`
 * whatever its content type, and request parts are validated with the API's own messages.
 */
export default fp(
  async function bodyPlugin(app: FastifyInstance) {
    app.removeAllContentTypeParsers();

    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = String(body);
      if (text.trim() === '') return done(null, {});
      try {
        done(null, JSON.parse(text));
      } catch (error) {
        done(new HttpError(400, `JSON parse error - ${(error as Error).message}`), undefined);
      }
    });

    app.addContentTypeParser('*', (request, _payload, done) => {
      const length = request.headers['content-length'];
      const empty =
        request.headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
      if (empty) return done(null, {});
      done(new HttpError(415, unsupportedMediaType(request.headers['content-type'])), undefined);
    });

    // Requests without any body (no Content-Type, or GET/DELETE) reach validation as `{}` too.
    app.addHook('preValidation', async (request) => {
      if (request.body === undefined) request.body = {};
    });

    app.setValidatorCompiler(requestValidatorCompiler);
  },
  { name: 'body' },
);
