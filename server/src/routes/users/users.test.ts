import { signToken } from '../../auth/jwt';
import type { User } from '../../db/repositories/users';
import { createStockRecord } from '../../testing/stockApi';
import { authHeader, buildTestApp, requestHelper, TEST_PASSWORD, type TestApp } from '../../testing/testApp';

let t: TestApp;
let me: User;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ user: me, token } = await t.signedInUser());
});
afterAll(() => t.close());

const call = requestHelper(
  () => t,
  () => token,
);

const newUser = (overrides: object = {}) => ({
  email: 'new.person@lab.org',
  first_name: 'New',
  last_name: 'Person',
  password: 'long enough',
  confirm_password: 'long enough',
  ...overrides,
});

describe('credentials (§1.5)', () => {
  const notProvided = { detail: 'Authentication credentials were not provided.' };
  const notValid = { detail: 'Given token not valid for any token type', code: 'token_not_valid' };

  it.each([
    ['no header', undefined, notProvided],
    ['an empty header', '', notProvided],
    ['an empty token', 'Bearer ', notProvided],
    ['another scheme', 'Token abc', notProvided],
    ['the JWT scheme', 'JWT abc', notProvided],
    ['a malformed token', 'Bearer not.a.token', notValid],
    ['a token with spaces', 'Bearer a b', notValid],
  ])('answers %s with 401', async (_label, authorization, body) => {
    const response = await call(
      'GET',
      '/api/account/users/',
      undefined,
      authorization === undefined ? {} : { authorization },
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(body);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="api"');
  });

  it('refuses a bad signature, an expired token, a refresh token and a deleted user', async () => {
    const gone = await t.signedInUser();
    await t.db.deleteFrom('users').where('id', '=', gone.user.id).execute();
    const tokens = [
      signToken('another secret', 'access', me.id, 3600),
      signToken(t.config.jwtSecret, 'access', me.id, 10, { now: new Date(Date.now() - 60_000) }),
      signToken(t.config.jwtSecret, 'refresh', me.id, 3600),
      gone.token,
    ];
    for (const bad of tokens) {
      const response = await call('GET', '/api/account/users/', undefined, authHeader(bad));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(notValid);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="api"');
    }
  });

  it('refuses a valid access token with junk appended', async () => {
    for (const junk of ['é!', 'x', '!']) {
      const response = await call('GET', '/api/account/users/', undefined, authHeader(`${token}${junk}`));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(notValid);
    }
  });

  it('checks credentials before the id and the body', async () => {
    for (const [method, url] of [
      ['GET', '/api/account/users/99999/'],
      ['PATCH', '/api/account/users/99999/'],
      ['DELETE', '/api/account/users/99999/'],
      ['POST', '/api/account/users/99999/set_password/'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        payload: '{broken',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(401);
    }
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/account/users/',
      payload: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(wrongType.statusCode).toBe(401);
  });
});

describe('list and read', () => {
  it('lists all users by id without any password field', async () => {
    const other = await t.createUser();
    const response = await call('GET', '/api/account/users/');
    expect(response.statusCode).toBe(200);
    const list = response.json() as User[];
    const ids = list.map((user) => user.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(list).toContainEqual(pickPublic(other));
    expect(response.body).not.toMatch(/password/);
  });

  it('reads one user, or 404', async () => {
    expect((await call('GET', `/api/account/users/${me.id}/`)).json()).toMatchObject({
      id: me.id,
      email: me.email,
    });
    const missing = await call('GET', '/api/account/users/99999/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('create', () => {
  it('creates a user who can sign in at once, ignoring is_superuser', async () => {
    const response = await call(
      'POST',
      '/api/account/users/',
      newUser({ email: ' Carla@Lab.org ', is_superuser: true, id: 77 }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      email: 'Carla@Lab.org',
      first_name: 'New',
      last_name: 'Person',
      is_superuser: false,
      role: 'store_manager',
      labs: [],
      version: 1,
    });
    expect(response.json().id).not.toBe(77);
    expect(await t.login('carla@lab.org', 'long enough')).toEqual(expect.any(String));
  });

  it('reports every failing field at once', async () => {
    const response = await call('POST', '/api/account/users/', {
      email: 'not-an-email',
      first_name: '   ',
      last_name: 'x'.repeat(151),
      password: 'short',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      email: ['Enter a valid email address.'],
      first_name: ['This field may not be blank.'],
      last_name: ['Ensure this field has no more than 150 characters.'],
      password: ['Ensure this field has at least 8 characters.'],
      confirm_password: ['This field is required.'],
    });
  });

  it('rejects wrong types, null and an over-long password', async () => {
    const response = await call(
      'POST',
      '/api/account/users/',
      newUser({
        email: `${'a'.repeat(95)}@lab.org`,
        first_name: ['Ann'],
        last_name: null,
        password: 'p'.repeat(129),
      }),
    );
    expect(response.json()).toEqual({
      email: ['Ensure this field has no more than 100 characters.'],
      first_name: ['Not a valid string.'],
      last_name: ['This field may not be null.'],
      password: ['Ensure this field has no more than 128 characters.'],
    });
  });

  it('rejects an email that exists in another case', async () => {
    await t.createUser({ email: 'taken@lab.org' });
    const response = await call('POST', '/api/account/users/', newUser({ email: 'TAKEN@lab.org' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: ['user with this email already exists.'] });
  });

  it('rejects passwords that do not match', async () => {
    const response = await call(
      'POST',
      '/api/account/users/',
      newUser({ email: 'mismatch@lab.org', confirm_password: 'different!' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ confirm_password: ['Passwords do not match.'] });
  });
});

describe('update', () => {
  it('changes the given fields and ignores is_superuser, password and id', async () => {
    const user = await t.createUser();
    const response = await call('PATCH', `/api/account/users/${user.id}/`, {
      first_name: ' Dana ',
      is_superuser: true,
      password: 'sneaky password',
      id: 12345,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...pickPublic(user), first_name: 'Dana', version: user.version + 1 });
    expect(await t.login(user.email, TEST_PASSWORD)).toEqual(expect.any(String));
  });

  it('treats PUT like PATCH', async () => {
    const user = await t.createUser();
    const response = await call('PUT', `/api/account/users/${user.id}`, { last_name: 'Putman' });
    expect(response.statusCode).toBe(200);
    expect(response.json().last_name).toBe('Putman');
  });

  it('keeps emails unique, but lets a user keep their own in another case', async () => {
    const user = await t.createUser({ email: 'erin@lab.org' });
    await t.createUser({ email: 'frank@lab.org' });
    const clash = await call('PATCH', `/api/account/users/${user.id}/`, { email: 'Frank@lab.org' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toEqual({ email: ['user with this email already exists.'] });
    const own = await call('PATCH', `/api/account/users/${user.id}/`, { email: 'Erin@Lab.org' });
    expect(own.statusCode).toBe(200);
    expect(own.json().email).toBe('Erin@Lab.org');
  });

  it('validates given fields', async () => {
    const user = await t.createUser();
    const response = await call('PATCH', `/api/account/users/${user.id}/`, { email: 'nope', last_name: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      email: ['Enter a valid email address.'],
      last_name: ['This field may not be blank.'],
    });
  });
});

describe('delete', () => {
  it('deletes a user, whose tokens then stop working', async () => {
    const { user, token: theirToken } = await t.signedInUser();
    const response = await call('DELETE', `/api/account/users/${user.id}/`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await call('GET', `/api/account/users/${user.id}/`)).statusCode).toBe(404);
    expect((await call('GET', '/api/account/users/', undefined, authHeader(theirToken))).statusCode).toBe(
      401,
    );
  });

  it("tells the deleted user's open tabs that their staging lines and cart lines are gone", async () => {
    const { user, token: theirToken } = await t.signedInUser();
    const beaker = await createStockRecord(t, token, 'glassware', 10);
    const as = authHeader(theirToken);
    const staged = await call(
      'POST',
      '/api/management/glassware-temp-shipment/',
      { glassware: beaker, quantity: 2 },
      as,
    );
    const carted = await call(
      'POST',
      '/api/management/issue-cart/',
      { object_type: 'GLASSWARE', object_id: beaker, quantity: 1 },
      as,
    );
    expect([staged.statusCode, carted.statusCode]).toEqual([201, 201]);
    const before = await t.db
      .selectFrom('change_events')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirstOrThrow();

    expect((await call('DELETE', `/api/account/users/${user.id}/`)).statusCode).toBe(204);
    const events = await t.db
      .selectFrom('change_events')
      .select(['topic', 'action', 'ids', 'user_id'])
      .where('seq', '>', Number(before.seq ?? 0))
      .where('topic', 'in', ['glassware_staging', 'cart'])
      .orderBy('topic')
      .execute();
    expect(events.map((event) => ({ ...event, user_id: Number(event.user_id) }))).toEqual([
      {
        topic: 'cart',
        action: 'deleted',
        ids: JSON.stringify([(carted.json() as { id: number }).id]),
        user_id: user.id,
      },
      {
        topic: 'glassware_staging',
        action: 'deleted',
        ids: JSON.stringify([(staged.json() as { id: number }).id]),
        user_id: user.id,
      },
    ]);
  });

  it('refuses to delete your own account', async () => {
    const response = await call('DELETE', `/api/account/users/${me.id}/`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'You cannot delete your own account.' });
  });
});

describe('set_password', () => {
  it('replaces the password at once', async () => {
    const user = await t.createUser();
    const response = await call('POST', `/api/account/users/${user.id}/set_password/`, {
      password: 'a brand new one',
      confirm_password: 'a brand new one',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'Password updated.' });
    await expect(t.login(user.email, TEST_PASSWORD)).rejects.toThrow(/401/);
    expect(await t.login(user.email, 'a brand new one')).toEqual(expect.any(String));
  });

  it("ends the user's existing tokens, while tokens issued right after the change work", async () => {
    const target = await t.createUser();
    const before = (
      await t.app.inject({
        method: 'POST',
        url: '/api/token/',
        payload: { email: target.email, password: TEST_PASSWORD },
      })
    ).json();
    const newPassword = { password: 'a brand new one', confirm_password: 'a brand new one' };
    expect(
      (await call('POST', `/api/account/users/${target.id}/set_password/`, newPassword)).statusCode,
    ).toBe(200);

    const oldAccess = await call('GET', '/api/account/users/', undefined, authHeader(before.access));
    expect(oldAccess.statusCode).toBe(401);
    expect(oldAccess.json()).toEqual({
      detail: 'Given token not valid for any token type',
      code: 'token_not_valid',
    });
    for (const [url, payload] of [
      ['/api/token/refresh/', { refresh: before.refresh }],
      ['/api/token/varify/', { token: before.access }],
    ] as const) {
      const response = await call('POST', url, payload, {});
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Token is invalid or expired', code: 'token_not_valid' });
    }

    // Same second as the change: only the password change itself separates old tokens from new ones.
    const fresh = await t.login(target.email, 'a brand new one');
    expect((await call('GET', '/api/account/users/', undefined, authHeader(fresh))).statusCode).toBe(200);
    expect((await call('GET', '/api/account/users/')).statusCode).toBe(200);
  });

  it('signs out a user who sets their own password, everywhere, until they sign in again', async () => {
    const self = await t.signedInUser();
    const url = `/api/account/users/${self.user.id}/set_password/`;
    const newPassword = { password: 'my own new one', confirm_password: 'my own new one' };
    expect((await call('POST', url, newPassword, authHeader(self.token))).json()).toEqual({
      detail: 'Password updated.',
    });
    expect((await call('GET', '/api/account/users/', undefined, authHeader(self.token))).statusCode).toBe(
      401,
    );
    const again = await t.login(self.user.email, 'my own new one');
    expect((await call('GET', '/api/account/users/', undefined, authHeader(again))).statusCode).toBe(200);
  });

  it('validates as on create', async () => {
    const user = await t.createUser();
    const url = `/api/account/users/${user.id}/set_password/`;
    expect((await call('POST', url, { password: 'short' })).json()).toEqual({
      password: ['Ensure this field has at least 8 characters.'],
      confirm_password: ['This field is required.'],
    });
    expect(
      (await call('POST', url, { password: 'long enough', confirm_password: 'long enougH' })).json(),
    ).toEqual({
      confirm_password: ['Passwords do not match.'],
    });
  });
});

describe('superusers and the order of checks', () => {
  const protectedMessage = { detail: 'Superuser accounts cannot be changed.' };

  it('refuses to change, delete or set the password of a superuser', async () => {
    const admin = await t.createUser({ is_superuser: true });
    const url = `/api/account/users/${admin.id}/`;
    const attempts = [
      await call('PATCH', url, { first_name: 'X' }),
      await call('PUT', url, { first_name: 'X' }),
      await call('DELETE', url),
      await call('POST', `${url}set_password/`, { password: 'long enough', confirm_password: 'long enough' }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(protectedMessage);
    }
    expect((await call('GET', url)).json()).toMatchObject({
      first_name: admin.first_name,
      is_superuser: true,
    });
  });

  it('answers 404 before 403 before 400', async () => {
    const admin = await t.createUser({ is_superuser: true });
    const invalid = { email: 'not-an-email' };
    expect((await call('PATCH', '/api/account/users/99999/', invalid)).statusCode).toBe(404);
    expect((await call('POST', '/api/account/users/99999/set_password/', {})).statusCode).toBe(404);
    expect((await call('PATCH', `/api/account/users/${admin.id}/`, invalid)).statusCode).toBe(403);
    expect((await call('POST', `/api/account/users/${admin.id}/set_password/`, {})).statusCode).toBe(403);
    const signedInAdmin = await t.signedInUser({ is_superuser: true });
    const selfDelete = await call(
      'DELETE',
      `/api/account/users/${signedInAdmin.user.id}/`,
      undefined,
      authHeader(signedInAdmin.token),
    );
    expect(selfDelete.statusCode).toBe(403);
  });
});

/** The user shape of an account without labs (every account these tests create is a store manager). */
function pickPublic({ id, email, first_name, last_name, is_superuser, role, version }: User) {
  return { id, email, first_name, last_name, is_superuser, role, labs: [], version };
}
