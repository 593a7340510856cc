import { claimLoginAttempt } from '../auth/loginThrottle';
import { listUsers } from '../db/repositories/users';
import { buildTestApp, TEST_PASSWORD_HASH_COST, type TestApp } from '../testing/testApp';
import { createSuperuser, formatUsers, setPassword } from './account';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('account CLI', () => {
  it('creates a superuser with a given password, once', async () => {
    const { user, generatedPassword } = await createSuperuser(t.db, TEST_PASSWORD_HASH_COST, {
      email: 'root@lab.org',
      password: 'given password',
      firstName: 'Ro',
      lastName: 'Ot',
    });
    expect(user).toMatchObject({ email: 'root@lab.org', first_name: 'Ro', is_superuser: true });
    expect(generatedPassword).toBeNull();
    expect(await t.login('root@lab.org', 'given password')).toEqual(expect.any(String));
    await expect(createSuperuser(t.db, TEST_PASSWORD_HASH_COST, { email: 'ROOT@lab.org' })).rejects.toThrow(
      /already exists/,
    );
    expect(formatUsers(await listUsers(t.db))).toContain('root@lab.org\tRo Ot\tstore_manager\t(superuser)');
  });

  it("ends the account's existing tokens", async () => {
    const { user, token } = await t.signedInUser();
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ url: '/api/account/users/', headers })).statusCode).toBe(200);
    await setPassword(t.db, TEST_PASSWORD_HASH_COST, { email: user.email, password: 'set from the CLI' });
    const response = await t.app.inject({ url: '/api/account/users/', headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      detail: 'Given token not valid for any token type',
      code: 'token_not_valid',
    });
  });

  it('sets a generated password and lifts the login lock', async () => {
    const user = await t.createUser();
    const settings = { maxFailures: t.config.loginMaxFailures, lockSeconds: t.config.loginLockSeconds };
    for (let i = 0; i < 5; i += 1)
      await claimLoginAttempt(t.db, settings, '127.0.0.1', user.email, new Date());
    const { generatedPassword } = await setPassword(t.db, TEST_PASSWORD_HASH_COST, { email: user.email });
    expect(generatedPassword).toEqual(expect.any(String));
    expect(await t.login(user.email, generatedPassword ?? '')).toEqual(expect.any(String));
    await expect(setPassword(t.db, TEST_PASSWORD_HASH_COST, { email: 'nobody@lab.org' })).rejects.toThrow(
      /No user/,
    );
    await expect(
      setPassword(t.db, TEST_PASSWORD_HASH_COST, { email: user.email, password: 'short' }),
    ).rejects.toThrow(/at least 8/);
  });
});
