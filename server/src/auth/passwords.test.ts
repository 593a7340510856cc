import { DEFAULT_PASSWORD_HASH_COST } from '../config';
import { hashPassword, hasLowerCost, verifyPassword } from './passwords';

describe('password hashes', () => {
  it('hashes and verifies at the default cost, the OWASP minimum (N = 2^17, r = 8, p = 1, 128 MiB)', async () => {
    expect(DEFAULT_PASSWORD_HASH_COST).toBe(2 ** 17);
    const stored = await hashPassword('correct horse', DEFAULT_PASSWORD_HASH_COST);
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
  });

  it('tells a hash of a lower cost than the configured one', async () => {
    const stored = await hashPassword('correct horse', 16);
    expect(hasLowerCost(stored, 32)).toBe(true);
    expect(hasLowerCost(stored, 16)).toBe(false);
    expect(hasLowerCost(stored, 8)).toBe(false);
    expect(await verifyPassword('wrong horse', stored)).toBe(false);
  });
});
