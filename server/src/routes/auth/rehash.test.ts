import { hashPassword } from '../../auth/passwords';
import { insertUser } from '../../db/repositories/users';
import {
  authHeader,
  buildTestApp,
  TEST_PASSWORD,
  TEST_PASSWORD_HASH_COST,
  type TestApp,
} from '../../testing/testApp';

// The configured cost is higher than the one the account's hash was made with (as after raising
// PASSWORD_HASH_COST); both stay low so the test is fast.
const CONFIGURED_COST = TEST_PASSWORD_HASH_COST * 2;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ passwordHashCost: CONFIGURED_COST });
});
afterAll(() => t.close());

const userWithLowCostHash = async (email: string) =>
  insertUser(t.db, {
    email,
    first_name: 'Old',
    last_name: 'Hash',
    password_hash: await hashPassword(TEST_PASSWORD, TEST_PASSWORD_HASH_COST),
  });

const storedHash = async (id: number) =>
  (await t.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow())
    .password_hash;

describe('sign-in with a hash of a lower cost than configured', () => {
  it('stores a new hash at the configured cost, and the password and earlier tokens keep working', async () => {
    const user = await userWithLowCostHash('old.hash@lab.org');
    expect(await storedHash(user.id)).toMatch(`scrypt$${TEST_PASSWORD_HASH_COST}$`);

    const first = await t.login(user.email);
    const rehashed = await storedHash(user.id);
    expect(rehashed).toMatch(`scrypt$${CONFIGURED_COST}$`);

    const second = await t.login(user.email);
    expect(await storedHash(user.id)).toBe(rehashed);
    for (const token of [first, second]) {
      const response = await t.app.inject({ url: '/api/account/users/', headers: authHeader(token) });
      expect(response.statusCode).toBe(200);
    }
  });

  it('keeps a hash when the password is wrong', async () => {
    const user = await userWithLowCostHash('wrong.guess@lab.org');
    await expect(t.login(user.email, 'not the password')).rejects.toThrow(/401/);
    expect(await storedHash(user.id)).toMatch(`scrypt$${TEST_PASSWORD_HASH_COST}$`);
  });
});
