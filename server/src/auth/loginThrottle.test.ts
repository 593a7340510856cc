import type { DatabaseHandle } from '../db';
import { createTestDatabase } from '../testing/testApp';
import { claimLoginAttempt, pruneLoginFailures } from './loginThrottle';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const settings = { maxFailures: 2, lockSeconds: 900 };
const minutesAgo = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe('pruneLoginFailures', () => {
  it('deletes the pairs whose last failure is older than the lock window, and keeps current locks', async () => {
    const now = new Date();
    const claim = (ip: string, at: Date) => claimLoginAttempt(database.db, settings, ip, 'ann@lab.org', at);
    await claim('10.0.0.1', minutesAgo(now, 60));
    await claim('10.0.0.2', minutesAgo(now, 16));
    for (let i = 0; i < 2; i += 1) await claim('10.0.0.3', minutesAgo(now, 5));

    const windowStart = new Date(now.getTime() - settings.lockSeconds * 1000);
    expect(await pruneLoginFailures(database.db, windowStart)).toBe(2);
    const left = await database.db.selectFrom('login_failures').select('ip').execute();
    expect(left).toEqual([{ ip: '10.0.0.3' }]);
    expect((await claim('10.0.0.3', now)).retryAfterSeconds).toBeGreaterThan(0);
    expect(await pruneLoginFailures(database.db, windowStart)).toBe(0);
  });
});
