import {
  type IncomingMessage,
  type ServerResponse,
  STATUS_CODES,
  validateHeaderName,
  validateHeaderValue,
} from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, notFound } from '../http/errors';
import { ValidationError } from '../validation/errors';

const INTERNAL_ERROR = 'Internal server error.';

/**
 * What the handler reads of a failure. Libraries throw more than Errors (http-errors, plain objects, even nothing),
 * so every field may be missing.
 */
interface Failure {
  code?: unknown;
  message?: unknown;
  statusCode?: unknown;
  status?: unknown;
  headers?: unknown;
}

/** The failure's own 4xx or 5xx status (http-errors sets both `statusCode` and `status`), else 500. */
function statusOf(failure: Failure): number {
  const status = failure.statusCode ?? failure.status;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599
    ? status
    : 500;
}

/** A 4xx's text: the failure's message, or the status's own words ('Range Not Satisfiable') when it has none. */
function clientErrorDetail(failure: Failure, status: number): string {
  const { message } = failure;
  return typeof message === 'string' && message.trim() !== ''
    ? message
    : (STATUS_CODES[status] ?? 'Bad request.');
}

/**
 * The headers a failure names for its answer (http-errors' `headers`: Content-Range on a 416), leaving out any
 * that Node would refuse to write: one bad header must not turn the answer into a 500.
 */
function failureHeaders(failure: Failure): Record<string, string> {
  if (typeof failure.headers !== 'object' || failure.headers === null) return {};
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(failure.headers)) {
    try {
      validateHeaderName(name);
      validateHeaderValue(name, value);
      headers[name] = String(value);
    } catch {
      // Left out.
    }
  }
  return headers;
}

/**
 * The one error handler and not-found handler of the app: every error is JSON with the §1.4 bodies, whatever a
 * library threw (a status with no message answers the status's words, not a body the response schema refuses,
 * which Fastify would turn into a 500), and 5xx answers never reveal details (they are logged instead).
 */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: unknown, request, reply) => {
      if (error instanceof ValidationError) return reply.code(400).send(error.fields);
      if (error instanceof HttpError) {
        return reply
          .code(error.statusCode)
          .headers(error.headers)
          .send({ detail: error.detail, ...error.extra });
      }
      const failure: Failure = typeof error === 'object' && error !== null ? error : {};
      switch (failure.code) {
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          return reply.code(413).send({ detail: 'Request body too large.' });
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
          return reply.code(415).send({ detail: unsupportedMediaType(request.headers['content-type']) });
      }
      const status = statusOf(failure);
      if (status < 500) {
        return reply
          .code(status)
          .headers(failureHeaders(failure))
          .send({ detail: clientErrorDetail(failure, status) });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ detail: (status !== 500 && STATUS_CODES[status]) || INTERNAL_ERROR });
    });

    // An unknown path is answered before its body is parsed, so no body (nor a missing Content-Type) turns its 404
    // into a 400 or 415. preParsing runs after every onRequest hook: the CORS header is already set.
    app.addHook('preParsing', async (request) => {
      if (request.is404) throw notFound();
    });
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not found.' }));

    // An Expect other than 100-continue never reaches Fastify: Node answers it with a bare 417 unless the server
    // listens for it (Node's 'checkExpectation' event), as here, with the contract's JSON.
    app.server.on('checkExpectation', answerUnmetExpectation);
  },
  { name: 'errors' },
);

export function unsupportedMediaType(contentType: string | undefined): string {
  return `Unsupported media type "${contentType ?? ''}" in request.`;
}

const UNMET_EXPECTATION = JSON.stringify({ detail: 'Only "Expect: 100-continue" is supported.' });

/** A request with an Expect header the server cannot meet (RFC 9110 §10.1.1): 417, and the connection closed. */
function answerUnmetExpectation(_request: IncomingMessage, response: ServerResponse): void {
  response.shouldKeepAlive = false;
  response.writeHead(417, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(UNMET_EXPECTATION),
    connection: 'close',
  });
  response.end(UNMET_EXPECTATION);
}

/** What a request Node's HTTP parser refused gets, by the parser's error code; anything else is a 400. */
const REFUSED_REQUESTS: Record<string, { status: number; detail: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, detail: 'The request took too long to arrive.' },
  HPE_HEADER_OVERFLOW: { status: 431, detail: 'Request headers too large.' },
};
const MALFORMED_REQUEST = { status: 400, detail: 'Malformed HTTP request.' };

/**
 * Fastify's clientErrorHandler: a request Node's HTTP parser refuses (a Content-Length that is no number, a broken
 * Transfer-Encoding, headers over the size limit, a request too slow to arrive) never reaches Fastify's routing or
 * the error handler above, and Fastify's own answer has a body of its own shape. This one writes the contract's
 * `{"detail": …}`, on the raw socket as Fastify's default does (there is no reply to send it through), and closes
 * the connection, whose stream of requests can no longer be read.
 */
export function answerRefusedRequest(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, detail } = REFUSED_REQUESTS[error.code ?? ''] ?? MALFORMED_REQUEST;
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
