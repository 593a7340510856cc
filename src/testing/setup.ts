import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';
import { clearRequestLog, server } from './server';

// jest-fixed-jsdom swaps in Node's FormData and Blob but leaves jsdom's File, which Node's FormData would send
// as the text "[object File]"; uploads need a File of the same family as the FormData, as in a browser.
globalThis.File = NodeFile as unknown as typeof File;

// Whole user flows (open a dialog, type, submit, see the list refresh) take seconds on a busy 2-core machine, and
// an answer from the real server (an upload parsed and stored, say) can take longer than findBy's default second.
jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

beforeEach(() => {
  clearRequestLog();
});

afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});

afterAll(() => server.close());
