import { signToken } from '../../auth/jwt';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress });
const login = (email: string, password: string, remoteAddress?: string) =>
  post('/api/token/', { email, password }, remoteAddress);

describe('POST /api/token/ (§2.1)', () => {
  it('returns a token pair with the id and the stored email, matching the email case-insensitively', async () => {
    const user = await t.createUser({ email: 'Ann.Lee@Lab.org' });
    const response = await login('  ann.lee@LAB.ORG ', TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      refresh: expect.any(String),
      access: expect.any(String),
      id: user.id,
      email: 'Ann.Lee@Lab.org',
    });
    const verified = await post('/api/token/varify/', { token: body.access });
    expect(verified.statusCode).toBe(200);
  });

  it('reports missing and blank fields together', async () => {
    const response = await post('/api/token/', { password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      email: ['This field is required.'],
      password: ['This field may not be blank.'],
    });
  });

  it('answers an unknown email and a wrong password with the same 401', async () => {
    const user = await t.createUser();
    for (const [email, password] of [
      ['nobody@lab.org', TEST_PASSWORD],
      [user.email, 'wrong password'],
    ]) {
      const response = await login(email, password, '10.9.9.9');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'No active account found with the given credentials' });
    }
  });

  describe('rate limit', () => {
    const failFiveTimes = async (email: string, ip: string) => {
      for (let i = 0; i < 5; i += 1) expect((await login(email, 'wrong password', ip)).statusCode).toBe(401);
    };

    it('refuses a pair after 5 failures with 429 and Retry-After, even with the right password', async () => {
      const user = await t.createUser();
      await failFiveTimes(user.email.toUpperCase(), '10.1.0.1');
      const response = await login(user.email, TEST_PASSWORD, '10.1.0.1');
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({ detail: 'Too many failed login attempts. Try again later.' });
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(900);
    });

    it('does not affect other emails from the same IP or the same email from other IPs', async () => {
      const user = await t.createUser();
      const other = await t.createUser();
      await failFiveTimes(user.email, '10.2.0.1');
      expect((await login(other.email, TEST_PASSWORD, '10.2.0.1')).statusCode).toBe(200);
      expect((await login(user.email, TEST_PASSWORD, '10.2.0.2')).statusCode).toBe(200);
      expect((await login(user.email, TEST_PASSWORD, '10.2.0.1')).statusCode).toBe(429);
    });

    it('resets the count after a successful login', async () => {
      const user = await t.createUser();
      for (let i = 0; i < 4; i += 1) await login(user.email, 'wrong password', '10.3.0.1');
      expect((await login(user.email, TEST_PASSWORD, '10.3.0.1')).statusCode).toBe(200);
      for (let i = 0; i < 4; i += 1) await login(user.email, 'wrong password', '10.3.0.1');
      expect((await login(user.email, TEST_PASSWORD, '10.3.0.1')).statusCode).toBe(200);
    });

    it('lifts the lock once the lock time has passed since the last failure', async () => {
      const user = await t.createUser();
      await failFiveTimes(user.email, '10.4.0.1');
      t.advanceClock(899);
      expect((await login(user.email, TEST_PASSWORD, '10.4.0.1')).statusCode).toBe(429);
      t.advanceClock(2);
      expect((await login(user.email, TEST_PASSWORD, '10.4.0.1')).statusCode).toBe(200);
    });
  });
});

describe('POST /api/token/refresh/ (§2.2)', () => {
  it('gives a new access token for a refresh token', async () => {
    const user = await t.createUser();
    const { refresh } = (await login(user.email, TEST_PASSWORD)).json();
    const response = await post('/api/token/refresh/', { refresh });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json())).toEqual(['access']);
    const users = await t.app.inject({
      url: '/api/account/users/',
      headers: { authorization: `Bearer ${response.json().access}` },
    });
    expect(users.statusCode).toBe(200);
  });

  it('requires the field, treating blank as missing', async () => {
    for (const payload of [{}, { refresh: '' }]) {
      const response = await post('/api/token/refresh/', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ refresh: ['This field is required.'] });
    }
  });

  it('refuses an access token, garbage, an expired token and a deleted user', async () => {
    const user = await t.createUser();
    const gone = await t.createUser();
    const { access } = (await login(user.email, TEST_PASSWORD)).json();
    const { refresh: goneRefresh } = (await login(gone.email, TEST_PASSWORD)).json();
    await t.db.deleteFrom('users').where('id', '=', gone.id).execute();
    const expired = signToken(t.config.jwtSecret, 'refresh', user.id, 10, {
      now: new Date(Date.now() - 60_000),
    });
    for (const refresh of [access, 'garbage', expired, goneRefresh]) {
      const response = await post('/api/token/refresh/', { refresh });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Token is invalid or expired', code: 'token_not_valid' });
    }
  });
});

describe('POST /api/token/varify/ (§2.3)', () => {
  it('answers {} for a valid access token and ignores the Authorization header', async () => {
    const user = await t.createUser();
    const { access } = (await login(user.email, TEST_PASSWORD)).json();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/token/varify',
      payload: { token: access },
      headers: { authorization: 'Bearer garbage' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
  });

  it('requires the field, treating blank as missing', async () => {
    const response = await post('/api/token/varify/', { token: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ token: ['This field is required.'] });
    expect((await post('/api/token/varify/', {})).json()).toEqual({ token: ['This field is required.'] });
  });

  it('refuses garbage, a bad signature, an expired token, a refresh token and a deleted user', async () => {
    const user = await t.createUser();
    const gone = await t.createUser();
    const { access, refresh } = (await login(user.email, TEST_PASSWORD)).json();
    const { access: goneAccess } = (await login(gone.email, TEST_PASSWORD)).json();
    await t.db.deleteFrom('users').where('id', '=', gone.id).execute();
    const badSignature = signToken('another secret', 'access', user.id, 3600);
    const expired = signToken(t.config.jwtSecret, 'access', user.id, 10, {
      now: new Date(Date.now() - 60_000),
    });
    const tampered = access.slice(0, -2) + (access.endsWith('AA') ? 'BB' : 'AA');
    for (const token of ['garbage', badSignature, expired, refresh, goneAccess, tampered]) {
      const response = await post('/api/token/varify/', { token });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Token is invalid or expired', code: 'token_not_valid' });
    }
  });

  it('refuses a valid token with junk appended (§1.5: a malformed token)', async () => {
    const user = await t.createUser();
    const { access } = (await login(user.email, TEST_PASSWORD)).json();
    for (const token of [`${access}é!`, `${access}x`, `${access}!`]) {
      const response = await post('/api/token/varify/', { token });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Token is invalid or expired', code: 'token_not_valid' });
    }
  });

  it('expires access tokens after their lifetime', async () => {
    const user = await t.createUser();
    const { access } = (await login(user.email, TEST_PASSWORD)).json();
    t.advanceClock(t.config.accessTokenLifetimeSeconds + 1);
    expect((await post('/api/token/varify/', { token: access })).statusCode).toBe(401);
  });

  it('answers GET with 405', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/token/varify/' });
    expect(response.statusCode).toBe(405);
    expect(response.json()).toEqual({ detail: 'Method "GET" not allowed.' });
    expect(response.headers.allow).toContain('POST');
  });
});
