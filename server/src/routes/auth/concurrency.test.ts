import { verifyPassword } from '../../auth/passwords';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../testing/testApp';

// Counts the password checks the sign-in route makes, while still checking them for real.
jest.mock('../../auth/passwords', () => {
  const actual = jest.requireActual<typeof import('../../auth/passwords')>('../../auth/passwords');
  return { ...actual, verifyPassword: jest.fn(actual.verifyPassword) };
});
const verifications = jest.mocked(verifyPassword);

// §2.1 under concurrency: guesses fired at once must not all be checked before the first failure is counted.
// On PostgreSQL they really overlap on several pool connections; on SQLite they interleave between queries.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(() => verifications.mockClear());

const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/token/', payload: { email, password }, remoteAddress });

describe('POST /api/token/ with concurrent guesses', () => {
  it('checks at most LOGIN_MAX_FAILURES of 50 simultaneous wrong passwords; the rest get 429', async () => {
    const user = await t.createUser();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(user.email, `wrong guess ${i}`, '10.20.0.1')),
    );

    expect(verifications.mock.calls.length).toBeLessThanOrEqual(t.config.loginMaxFailures);
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(verifications.mock.calls.length);
    const refused = responses.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(50 - verifications.mock.calls.length);
    for (const response of refused) {
      expect(response.json()).toEqual({ detail: 'Too many failed login attempts. Try again later.' });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('lets the right password in again once the lock has passed', async () => {
    const user = await t.createUser();
    await Promise.all(Array.from({ length: 20 }, () => login(user.email, 'wrong', '10.20.0.2')));
    expect((await login(user.email, TEST_PASSWORD, '10.20.0.2')).statusCode).toBe(429);
    t.advanceClock(t.config.loginLockSeconds + 1);
    expect((await login(user.email, TEST_PASSWORD, '10.20.0.2')).statusCode).toBe(200);
  });
});
