import { waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';

/**
 * MSW, in front of the test file's real API server once `setupTestServer()` has installed the pass-through to it
 * (testServer.ts); tests add fault injections on top with `server.use(…)`.
 */
export const server = setupServer();

const requestLog: string[] = [];
const sentUrls: URL[] = [];

server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  requestLog.push(`${request.method} ${url.pathname}`);
  sentUrls.push(url);
});

/** Every request the app sent in this test, as "METHOD /path/", for asserting that no call was made. */
export function sentRequests(): readonly string[] {
  return requestLog;
}

/** The query strings of the requests the app sent to `path` in this test, in order: what a filter sent. */
export function sentQueries(path: string): URLSearchParams[] {
  return sentUrls.filter((url) => url.pathname === path).map((url) => url.searchParams);
}

export function clearRequestLog() {
  requestLog.length = 0;
  sentUrls.length = 0;
}

/** Waits until exactly these requests were sent (in any order), and checks no other follows: the cache-tag tests. */
export async function expectRequests(expected: string[]) {
  await waitFor(() => expect([...sentRequests()].sort()).toEqual([...expected].sort()));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect([...sentRequests()].sort()).toEqual([...expected].sort());
}
