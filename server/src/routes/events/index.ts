import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EventStream, MAX_REPLAY_EVENTS, RETRY_MS } from '../../feed/eventStream';
import { HttpError } from '../../http/errors';
import { resource } from '../../http/resource';
import { ErrorDetail } from '../../http/schemas';
import { EventsQuery } from '../../contract/events';
import { feedViewer } from '../../services/auth';

/** The OpenAPI description of the stream (a 200 that is not JSON). */
const EVENT_STREAM_RESPONSE = {
  description:
    'Server-sent events (docs/api.md §27): `retry:` then one `ready` event, then an event per change the caller may ' +
    'read (`id:` its seq, `event:` its topic, `data:` `{topic, action, ids, lab_id, user_id, actor_id, origin}`), ' +
    '`reload` and `signed-out` where they apply, and a `: keep-alive` comment when idle. Never ends by itself.',
  content: { 'text/event-stream': { schema: { type: 'string' } } },
};

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  // no-transform: proxies must neither compress nor buffer the stream.
  'cache-control': 'no-cache, no-transform',
  // nginx buffers proxied answers unless told not to.
  'x-accel-buffering': 'no',
};

/** The token of `Authorization: Bearer <token>`; `''` for a Bearer header that names none; undefined for no header. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const parts = header.trim().split(/\s+/);
  if (parts[0] !== 'Bearer') return undefined;
  return parts.length === 2 ? parts[1] : '';
}

/** docs/api.md §27: the change feed, a server-sent event stream open to anyone, scoped to what the caller may read. */
export default async function eventRoutes(app: FastifyInstance) {
  resource(app, '/api/events/', (routes) =>
    routes.get(
      {
        access: 'public',
        schema: {
          tags: ['events'],
          summary: 'The change feed: every committed change the caller may read, as server-sent events',
          description:
            'Who: anyone; `Authorization: Bearer` or `?access_token=` adds what the token’s role and labs may read ' +
            '(a token that is not valid: one `signed-out` event, then the public stream; never 401). Resume with the ' +
            '`Last-Event-ID` header (or `?last_event_id=`): what was missed is replayed, or `reload` is sent when it ' +
            `is no longer kept or more than ${MAX_REPLAY_EVENTS} events behind. The public is told neither who ` +
            'made a change (`actor_id`) nor from which tab (`origin`); `origin` goes to the account that made it ' +
            `alone. The client reconnects after ${RETRY_MS} ms. 503 when the server holds EVENTS_MAX_STREAMS ` +
            'streams already; 429 beyond EVENTS_MAX_STREAMS_PER_ADDRESS anonymous streams from one client ' +
            'address, or EVENTS_MAX_STREAMS_PER_ACCOUNT signed-in streams of one account.',
          querystring: EventsQuery,
          response: { 200: EVENT_STREAM_RESPONSE, 429: ErrorDetail, 503: ErrorDetail },
        },
      },
      async (request, reply) => {
        if (request.method === 'HEAD') return reply.headers(STREAM_HEADERS).send();
        const hub = app.changeHub;
        const { config } = app;
        const retryAfter = { 'retry-after': String(Math.ceil(RETRY_MS / 1000)) };
        if (!hub.tryReserve(config.eventsMaxStreams)) {
          throw new HttpError(
            503,
            'Too many event streams are open on this server; try again later.',
            {},
            retryAfter,
          );
        }
        const releases = [() => hub.release()];
        const release = () => {
          for (const each of releases.splice(0)) each();
        };
        try {
          const token = bearerToken(request) ?? request.query.access_token;
          const readViewer = () => feedViewer({ db: app.db, config, now: app.now() }, token ?? '');
          const found = token === undefined ? null : await readViewer();
          // Anonymous streams count per client address, signed-in ones per account: one address cannot take every
          // place, and a person signed in behind the address of many public terminals still gets a stream.
          const [key, max, refusal] =
            found === null
              ? [
                  `address ${request.ip}`,
                  config.eventsMaxStreamsPerAddress,
                  'Too many event streams are open from this address; close one and try again.',
                ]
              : [
                  `account ${found.viewer.userId}`,
                  config.eventsMaxStreamsPerAccount,
                  'Too many event streams are open for this account; close one and try again.',
                ];
          if (!hub.tryReserveFor(key, max)) throw new HttpError(429, refusal, {}, retryAfter);
          releases.push(() => hub.releaseFor(key));
          const header = request.headers['last-event-id'];
          const stream = new EventStream({
            raw: reply.raw,
            hub,
            db: app.db,
            viewer: found?.viewer ?? null,
            expiresAt: found?.expiresAt,
            readViewer: found === null ? undefined : readViewer,
            signedOut: token !== undefined && found === null,
            // The header wins: a browser's EventSource reconnects to the same URL with a newer Last-Event-ID.
            lastEventId: typeof header === 'string' ? header.trim() : request.query.last_event_id,
            heartbeatMs: config.eventsHeartbeatSeconds * 1000,
            drainTimeoutMs: config.eventsDrainTimeoutSeconds * 1000,
            now: app.now,
            onEnd: release,
          });
          // No compression, no serialisation, no end: the answer is written as it goes, and nothing buffers it.
          reply.hijack();
          // Fastify's headers (CORS) with the security headers already on the raw answer, then the stream's own.
          for (const [name, value] of Object.entries(reply.getHeaders())) {
            if (value !== undefined) reply.raw.setHeader(name, value);
          }
          reply.raw.writeHead(200, STREAM_HEADERS);
          await stream.open();
        } catch (error) {
          if (!reply.sent && !reply.raw.headersSent) {
            release();
            throw error;
          }
          request.log.error({ err: error }, 'change feed: a stream failed');
          reply.raw.destroy();
        }
      },
    ),
  );
}
