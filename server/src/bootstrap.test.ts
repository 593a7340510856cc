import { ensureAdmin, passwordNotice } from './bootstrap';
import { findUserByEmail, listUsers } from './db/repositories/users';
import { buildTestApp, TEST_PASSWORD_HASH_COST, type TestApp } from './testing/testApp';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(() => t.close());

const settings = (adminPassword: string | null) => ({
  adminEmail: 'Admin@Lab.org',
  adminPassword,
  passwordHashCost: TEST_PASSWORD_HASH_COST,
});

describe('ensureAdmin', () => {
  it('does nothing without ADMIN_EMAIL', async () => {
    const result = await ensureAdmin(t.db, { ...settings(null), adminEmail: null });
    expect(result).toEqual({ createdEmail: null, generatedPassword: null });
    expect(await listUsers(t.db)).toEqual([]);
  });

  it('creates a protected superuser with ADMIN_PASSWORD once, keeping it on the next start', async () => {
    expect(await ensureAdmin(t.db, settings('first secret'))).toEqual({
      createdEmail: 'Admin@Lab.org',
      generatedPassword: null,
    });
    expect(await t.login('admin@lab.org', 'first secret')).toEqual(expect.any(String));
    const again = await ensureAdmin(t.db, settings('another secret'));
    expect(again.createdEmail).toBeNull();
    expect(await listUsers(t.db)).toHaveLength(1);
    expect((await findUserByEmail(t.db, 'admin@lab.org'))?.is_superuser).toBe(true);
    expect(await t.login('admin@lab.org', 'first secret')).toEqual(expect.any(String));
  });

  it('generates a strong password that works when ADMIN_PASSWORD is unset', async () => {
    const { generatedPassword } = await ensureAdmin(t.db, settings(null));
    expect(generatedPassword).toMatch(/^\S{20,}$/);
    expect(await t.login('admin@lab.org', generatedPassword ?? '')).toEqual(expect.any(String));
    expect(passwordNotice('admin@lab.org', generatedPassword ?? '')).toContain(generatedPassword);
  });

  it('creates it once when several server processes start at the same time', async () => {
    const results = await Promise.all([1, 2, 3].map(() => ensureAdmin(t.db, settings(null))));
    const created = results.filter((result) => result.createdEmail !== null);
    expect(created).toHaveLength(1);
    expect(await listUsers(t.db)).toHaveLength(1);
    expect(await t.login('admin@lab.org', created[0].generatedPassword ?? '')).toEqual(expect.any(String));
  });
});
