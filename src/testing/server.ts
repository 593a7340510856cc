import { waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';

/**
 * MSW, in front of the test file's real API server once `setupTestServer()` has installed the pass-through to it
 * (testServer.ts); tests add fault injections on top with `server.use(…)`.
 */
export const server = setupServer();

const requestLog: { method: string; url: URL }[] = [];

server.events.on('request:start', ({ request }) => {
  requestLog.push({ method: request.method, url: new URL(request.url) });
});

interface LogOptions {
  /** With the query string ("GET /path/?limit=100&offset=0"), for what the parameters ask (a page, an order). */
  query?: boolean;
}

/**
 * Every request the app sent in this test, as "METHOD /path/" (the path only, unless `query` is set), for
 * asserting that no call was made.
 */
export function sentRequests({ query = false }: LogOptions = {}): readonly string[] {
  return requestLog.map(({ method, url }) => `${method} ${url.pathname}${query ? url.search : ''}`);
}

/** The query strings of the requests the app sent to `path` in this test, in order: what a filter sent. */
export function sentQueries(path: string): URLSearchParams[] {
  return requestLog.filter(({ url }) => url.pathname === path).map(({ url }) => url.searchParams);
}

export function clearRequestLog() {
  requestLog.length = 0;
}

/** Waits until exactly these requests were sent (in any order), and checks no other follows: the cache-tag tests. */
export async function expectRequests(expected: string[], options: LogOptions = {}) {
  await waitFor(() => expect([...sentRequests(options)].sort()).toEqual([...expected].sort()));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect([...sentRequests(options)].sort()).toEqual([...expected].sort());
}
