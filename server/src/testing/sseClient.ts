import http from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * A small server-sent events client for tests, over node:http to a listening app (inject never ends on a stream).
 * It parses the stream as the WHATWG EventSource does (fields `id`, `event`, `data`, `retry`; comment lines; a blank
 * line dispatches), keeping every message, comments included, in order. A maintained parser (eventsource-parser)
 * is not a dependency of the project; this one reads only what the server writes.
 */

export interface SseMessage {
  /** The `id:` of the message, or undefined when it had none. */
  id: string | undefined;
  /** The `event:` name ('message' when none), or `comment` for a comment line (`: keep-alive`). */
  event: string;
  data: string;
  retry?: number;
}

export interface SseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every message received so far, in order. */
  messages: SseMessage[];
  /** The body of an answer that is not a stream (a 503). */
  body: () => Promise<string>;
  /**
   * The next message (after the ones taken so far) that `matches`, waiting for it; every message up to it is taken.
   * Rejects after `timeoutMs`, or when the stream ends first, naming what arrived.
   */
  next: (matches?: (message: SseMessage) => boolean, timeoutMs?: number) => Promise<SseMessage>;
  /** Every message up to and including the next one that `matches` (taken as next() takes them). */
  until: (matches: (message: SseMessage) => boolean, timeoutMs?: number) => Promise<SseMessage[]>;
  /** Every message up to and including the next one whose `id:` is `seq` or later (until() by seq). */
  untilSeq: (seq: number, timeoutMs?: number) => Promise<SseMessage[]>;
  /**
   * The `id:` of the newest message received whole, as an EventSource keeps it and sends it as Last-Event-ID when
   * it reconnects: a message cut off by a dropped connection is not received.
   */
  readonly lastEventId: string | undefined;
  /** Resolves when the server ends the stream (or the connection closes). */
  ended: Promise<void>;
  close: () => void;
}

/** The data of a change event, parsed. */
export const dataOf = <T = Record<string, unknown>>(message: SseMessage): T => JSON.parse(message.data) as T;

/** The base URL of a listening app (`app.listen({ port: 0 })` first). */
export function baseUrlOf(app: FastifyInstance): string {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the app is not listening on a port');
  return `http://127.0.0.1:${address.port}`;
}

export interface OpenOptions {
  token?: string;
  headers?: Record<string, string>;
  /**
   * The loopback address to connect from (127.0.0.2, …; Linux routes all of 127.0.0.0/8 to loopback): another
   * client address, as the server sees it.
   */
  localAddress?: string;
}

/** Opens `path` (e.g. `/api/events/?last_event_id=3`) on the app at `baseUrl`. */
export function openEventStream(
  baseUrl: string,
  path: string,
  options: OpenOptions = {},
): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}${path}`,
      {
        ...(options.localAddress !== undefined && { localAddress: options.localAddress }),
        headers: {
          accept: 'text/event-stream',
          ...(options.token !== undefined && { authorization: `Bearer ${options.token}` }),
          ...options.headers,
        },
      },
      (response) => resolve(client(request, response)),
    );
    request.on('error', reject);
  });
}

function client(request: http.ClientRequest, response: http.IncomingMessage): SseClient {
  const messages: SseMessage[] = [];
  const waiters = new Set<() => void>();
  let taken = 0;
  let done = false;
  let text = '';
  let pending: SseMessage = { id: undefined, event: 'message', data: '' };
  let dataLines: string[] = [];
  let lastEventId: string | undefined;

  const notify = () => waiters.forEach((wake) => wake());
  const dispatch = () => {
    if (pending.id !== undefined) lastEventId = pending.id;
    if (dataLines.length > 0 || pending.id !== undefined) {
      messages.push({ ...pending, data: dataLines.join('\n') });
      notify();
    }
    pending = { id: undefined, event: 'message', data: '' };
    dataLines = [];
  };
  const line = (raw: string) => {
    if (raw === '') return dispatch();
    if (raw.startsWith(':')) {
      messages.push({ id: undefined, event: 'comment', data: raw.slice(1).trim() });
      return notify();
    }
    const colon = raw.indexOf(':');
    const field = colon === -1 ? raw : raw.slice(0, colon);
    const value = colon === -1 ? '' : raw.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') pending.id = value;
    else if (field === 'event') pending.event = value;
    else if (field === 'data') dataLines.push(value);
    else if (field === 'retry') pending.retry = Number(value);
  };

  const isStream = response.statusCode === 200;
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => {
    if (!isStream) return void chunks.push(chunk);
    text += chunk.toString('utf8');
    const lines = text.split(/\r\n|\r|\n/);
    text = lines.pop()!;
    lines.forEach(line);
  });
  const ended = new Promise<void>((resolve) => {
    const finish = () => {
      done = true;
      notify();
      resolve();
    };
    response.on('end', finish);
    response.on('close', finish);
    response.on('error', finish);
  });

  const next = (matches: (message: SseMessage) => boolean = () => true, timeoutMs = 5000) =>
    new Promise<SseMessage>((resolve, reject) => {
      const look = (): boolean => {
        while (taken < messages.length) {
          const message = messages[taken++];
          if (matches(message)) {
            resolve(message);
            return true;
          }
        }
        if (done) {
          reject(new Error(`the stream ended; received ${JSON.stringify(messages)}`));
          return true;
        }
        return false;
      };
      if (look()) return;
      const timer = setTimeout(() => {
        waiters.delete(wake);
        reject(new Error(`no matching message within ${timeoutMs} ms; received ${JSON.stringify(messages)}`));
      }, timeoutMs);
      const wake = () => {
        if (!look()) return;
        clearTimeout(timer);
        waiters.delete(wake);
      };
      waiters.add(wake);
    });

  const until = async (matches: (message: SseMessage) => boolean, timeoutMs?: number) => {
    const from = taken;
    await next(matches, timeoutMs);
    return messages.slice(from, taken);
  };

  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    messages,
    body: async () => {
      await ended;
      return Buffer.concat(chunks).toString('utf8');
    },
    next,
    until,
    untilSeq: (seq, timeoutMs) =>
      until((message) => message.id !== undefined && Number(message.id) >= seq, timeoutMs),
    get lastEventId() {
      return lastEventId;
    },
    ended,
    close: () => request.destroy(),
  };
}
