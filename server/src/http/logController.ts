import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { LogLevel } from '../config';

/** Error codes of a response cut off because the client went away (closed the tab, stopped a download). */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

function clientWentAway(error: unknown, request: FastifyRequest): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && CLIENT_GONE.has(code)) || request.raw.destroyed;
}

/**
 * Fastify's own log lines about requests, as LabStore writes them:
 * - one line per request ('incoming request', 'request completed') only at LOG_LEVEL `debug` or `trace`, so the
 *   default log (`info`) holds what an operator acts on, not every request;
 * - a response the client stopped reading (a download cancelled half-way, a tab closed) is an aborted request, at
 *   `info` with the bytes' status left out: it is no failure of the server, and the status Fastify would name is the
 *   one it meant to send, never what the client got.
 */
export class LabStoreLogController extends LogController {
  private readonly everyRequest: boolean;

  constructor(level: LogLevel) {
    super();
    this.everyRequest = level === 'debug' || level === 'trace';
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (this.everyRequest) super.incomingRequest(request, reply);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error && clientWentAway(error, request)) return abortedRequest(request, error);
    if (error || this.everyRequest) super.requestCompleted(error, request, reply);
  }

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (clientWentAway(error, request)) return abortedRequest(request, error);
    super.streamError(error, request, reply);
  }
}

function abortedRequest(request: FastifyRequest, error: Error): void {
  request.log.info(
    { req: request, code: (error as { code?: unknown }).code },
    'request aborted by the client before its answer was sent',
  );
}
