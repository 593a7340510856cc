import '@testing-library/jest-dom';
import { File as NodeFile } from 'node:buffer';
import { resetAccounts } from './handlers/accounts';
import { resetCategories } from './handlers/categories';
import { resetFiles } from './handlers/files';
import { resetIssueCart } from './handlers/issueCart';
import { resetLocations } from './handlers/locations';
import { resetShipments } from './handlers/shipments';
import { resetStock } from './handlers/stock';
import { clearRequestLog, server } from './server';

// jest-fixed-jsdom swaps in Node's FormData and Blob but leaves jsdom's File, which Node's FormData would send
// as the text "[object File]"; uploads need a File of the same family as the FormData, as in a browser.
globalThis.File = NodeFile as unknown as typeof File;

// Whole user flows (open a dialog, type, submit, see the list refresh) take seconds on a busy 2-core machine.
jest.setTimeout(30_000);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

beforeEach(() => {
  resetAccounts();
  resetStock();
  resetCategories();
  resetFiles();
  resetLocations();
  resetIssueCart();
  resetShipments();
  clearRequestLog();
});

afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});

afterAll(() => server.close());
