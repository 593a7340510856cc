import { ensureAdmin, ensureStoredCurrency, passwordNotice } from './bootstrap';
import { findUserByEmail, listUsers } from './db/repositories/users';
import { callAs, createFund, labUser, requestAction, submitRequest } from './testing/requestApi';
import { createLocation, createStockRecord } from './testing/stockApi';
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

describe('ensureStoredCurrency', () => {
  it('remembers the first start’s CURRENCY and refuses a start with another, naming the stored one', async () => {
    await ensureStoredCurrency(t.db, { currency: 'EUR' });
    await ensureStoredCurrency(t.db, { currency: 'EUR' });
    await expect(ensureStoredCurrency(t.db, { currency: 'USD' })).rejects.toThrow(
      "CURRENCY is USD, but this database's prices and charges are in EUR. Start with CURRENCY=EUR: " +
        'changing CURRENCY does not convert stored amounts, it would only relabel them.',
    );
    await ensureStoredCurrency(t.db, { currency: 'EUR' });
  });

  it('takes the currency of the charges a database already holds, whatever CURRENCY the first start has', async () => {
    const earlier = await buildTestApp({ currency: 'GBP' });
    try {
      await chargeAnIssue(earlier);
      await expect(ensureStoredCurrency(earlier.db, { currency: 'EUR' })).rejects.toThrow(
        /^CURRENCY is EUR, but this database's prices and charges are in GBP\./,
      );
      await ensureStoredCurrency(earlier.db, { currency: 'GBP' });
    } finally {
      await earlier.close();
    }
  });

  it('is remembered once when several server processes start at the same time', async () => {
    await Promise.all([1, 2, 3].map(() => ensureStoredCurrency(t.db, { currency: 'JPY' })));
    await expect(ensureStoredCurrency(t.db, { currency: 'EUR' })).rejects.toThrow(/are in JPY\./);
  });
});

/** A priced request of a new lab, approved and fulfilled in `app`'s currency: one charge. */
async function chargeAnIssue(app: TestApp): Promise<void> {
  const { token: store } = await app.signedInUser();
  const lab = await createLocation(app, store);
  const fund = await createFund(app, store, lab, 'GB-1');
  const member = await labUser(app, store, [{ location: lab, role: 'manager' }]);
  const flask = await createStockRecord(app, store, 'glassware', 3, undefined, { unit_price: 4 });
  const asked = await submitRequest(app, member.token, lab, {
    fund,
    lines: [{ object_type: 'GLASSWARE', object_id: flask, quantity: 1 }],
  });
  await requestAction(app, member.token, asked.id, 'approve');
  const fulfilled = await callAs(app, store, 'POST', `/api/management/requests/${asked.id}/fulfil/`, {
    lines: [{ request_line: asked.lines[0].id, object_id: flask, quantity: 1 }],
  });
  expect(fulfilled.statusCode).toBe(200);
}
