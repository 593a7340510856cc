import { setupServer } from 'msw/node';
import { authHandlers } from './handlers/auth';
import { searchHandlers } from './handlers/search';
import { stockHandlers } from './handlers/stock';
import { usersHandlers } from './handlers/users';

export const server = setupServer(...authHandlers, ...usersHandlers, ...stockHandlers, ...searchHandlers);

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
