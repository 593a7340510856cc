import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import secureJson from 'secure-json-parse';
import { HttpError } from '../http/errors';
import { requestValidatorCompiler } from '../validation/validate';
import { unsupportedMediaType } from './errors';

/** How deep a JSON body may nest arrays and objects; the deepest the API reads is 3 (`{"chemical": {"name": …}}`). */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/**
 * True when the JSON text nests arrays and objects deeper than `maxDepth`. JSON parsers (secure-json-parse included)
 * have no depth limit, and every recursive walk over a value 5,000 levels deep (String(), JSON.stringify, our own
 * checks) overflows the stack; so the depth is measured on the text, before anything is built from it.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index += 1;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) inString = true;
    else if (OPENERS.has(char) && ++depth > maxDepth) return true;
    else if (CLOSERS.has(char)) depth -= 1;
  }
  return false;
}

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
      if (nestsDeeperThan(text, MAX_JSON_DEPTH))
        return done(
          new HttpError(400, `JSON parse error - Nested deeper than ${MAX_JSON_DEPTH} levels.`),
          undefined,
        );
      try {
        // As Fastify's own JSON parser: `__proto__` and `constructor.prototype` keys are refused, not parsed.
        done(null, secureJson.parse(text, null, { protoAction: 'error', constructorAction: 'error' }));
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
