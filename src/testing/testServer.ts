import type { InjectOptions } from 'fastify';
import { http } from 'msw';
import type { Config } from '../../server/src/config';
import type { ApiServer, Reply } from './apiServer';
import { server } from './server';

/**
 * The app's tests talk to the real API server (apiServer.ts: the product's `buildApp` on an in-memory SQLite
 * database), one per test file. Requests reach it through MSW: one pass-through handler turns every request the
 * app sends to `/api/…` or `/media/…` into `app.inject` and the reply back into a `Response`. Injecting rather
 * than listening on a port keeps the test files free of sockets and port numbers, and hands the app exactly the
 * reply the server produced, with no HTTP client in between adding `Accept-Encoding` or decoding bodies. Faults a
 * real server cannot easily be made to produce (a 500, a lost connection, a slow answer) are per-test
 * `server.use(…)` overrides on top of it.
 */

let running: ApiServer | undefined;

/** The test file's server; `setupTestServer` starts it. */
export function testServer(): ApiServer {
  if (!running) throw new Error('This test file has no API server: call setupTestServer() at its top.');
  return running;
}

/** One request to the test server; seeding sends its requests here directly, so the app's request log stays clean. */
export function inject(options: InjectOptions): Promise<Reply> {
  return testServer().inject(options);
}

/** The reply as a fetch `Response`; header values a server repeats (set-cookie) stay separate. */
function asResponse(reply: Reply, method: string): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(reply.headers)) {
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
  }
  const bodyless = method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304;
  return new Response(bodyless ? null : new Uint8Array(reply.body), {
    status: reply.statusCode,
    statusText: reply.statusMessage,
    headers,
  });
}

/** Everything the app sends to the API, or for an uploaded file, goes to the test file's real server. */
const passThroughToTestServer = http.all(/^https?:\/\/[^/]+\/(api|media)\//, async ({ request }) => {
  const url = new URL(request.url);
  const reply = await inject({
    method: request.method as InjectOptions['method'],
    url: url.pathname + url.search,
    headers: Object.fromEntries(request.headers),
    payload: request.body === null ? undefined : Buffer.from(await request.arrayBuffer()),
  });
  return asResponse(reply, request.method);
});

/**
 * Starts the real API server for this test file, runs `seed` once (see seed.ts), and lets every test start from
 * what it wrote. Call it at the top of each test file whose code talks to the API; `settings` change the server's
 * test configuration.
 */
export function setupTestServer(seed: () => Promise<void>, settings: Partial<Config> = {}): void {
  beforeAll(async () => {
    running = await startApiServer(settings);
    server.resetHandlers(passThroughToTestServer);
    await seed();
    await running.keepAsBaseline();
  });

  beforeEach(async () => {
    await running?.reset();
  });

  afterAll(async () => {
    await running?.close();
    running = undefined;
  });
}
