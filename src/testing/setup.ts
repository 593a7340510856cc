import '@testing-library/jest-dom';
import { resetAccounts } from './handlers/accounts';
import { resetStock } from './handlers/stock';
import { clearRequestLog, server } from './server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

beforeEach(() => {
  resetAccounts();
  resetStock();
  clearRequestLog();
});

afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});

afterAll(() => server.close());
