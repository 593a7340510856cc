import { waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { authHandlers } from './handlers/auth';
import { categoriesHandlers } from './handlers/categories';
import { filesHandlers } from './handlers/files';
import { issueCartHandlers } from './handlers/issueCart';
import { locationsHandlers } from './handlers/locations';
import { searchHandlers } from './handlers/search';
import { shipmentsHandlers } from './handlers/shipments';
import { stockHandlers } from './handlers/stock';
import { usersHandlers } from './handlers/users';

export const server = setupServer(
  ...authHandlers,
  ...usersHandlers,
  ...stockHandlers,
  ...searchHandlers,
  ...locationsHandlers,
  ...issueCartHandlers,
  ...shipmentsHandlers,
  ...categoriesHandlers,
  ...filesHandlers,
);

const requestLog: string[] = [];

server.events.on('request:start', ({ request }) => {
  requestLog.push(`${request.method} ${new URL(request.url).pathname}`);
});

/** Every request the app sent in this test, as "METHOD /path/", for asserting that no call was made. */
export function sentRequests(): readonly string[] {
  return requestLog;
}

export function clearRequestLog() {
  requestLog.length = 0;
}

/** Waits until exactly these requests were sent (in any order), and checks no other follows: the cache-tag tests. */
export async function expectRequests(expected: string[]) {
  await waitFor(() => expect([...sentRequests()].sort()).toEqual([...expected].sort()));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect([...sentRequests()].sort()).toEqual([...expected].sort());
}
