import { buildTestApp, createTestDatabase, type TestApp } from '../../testing/testApp';

// LOGIN_RATE_LIMIT_PER_MINUTE: sign-in attempts per client address and minute, whatever the e-mail. Every test
// here runs well within one minute, so the window never rolls over under it.
const PER_MINUTE = 3;
const tooMany = { detail: 'Too many login attempts from this address. Try again later.' };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ loginRateLimitPerMinute: PER_MINUTE });
});
afterAll(() => t.close());

const post = (url: string, payload: object, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress, headers });
const guess = (n: number, remoteAddress: string, headers?: Record<string, string>) =>
  post('/api/token/', { email: `sprayed${n}@lab.org`, password: 'guess' }, remoteAddress, headers);

describe('per-address limit on POST /api/token/', () => {
  it('answers 429 with Retry-After once an address has used its attempts, whatever the e-mails', async () => {
    for (let n = 0; n < PER_MINUTE; n += 1) expect((await guess(n, '10.30.0.1')).statusCode).toBe(401);
    const refused = await guess(PER_MINUTE, '10.30.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.json()).toEqual(tooMany);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
  });

  it('leaves other addresses and the other token routes alone', async () => {
    for (let n = 0; n <= PER_MINUTE; n += 1) await guess(n, '10.30.0.2');
    expect((await guess(0, '10.30.0.3')).statusCode).toBe(401);
    for (const url of ['/api/token/refresh/', '/api/token/varify/']) {
      const payload = url.includes('refresh') ? { refresh: 'garbage' } : { token: 'garbage' };
      expect((await post(url, payload, '10.30.0.2')).statusCode).toBe(401);
    }
  });
});

describe('behind a trusted reverse proxy', () => {
  it('limits each forwarded client address on its own', async () => {
    const proxied = await buildTestApp({ loginRateLimitPerMinute: PER_MINUTE, trustProxy: true });
    try {
      const from = (client: string, n: number) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/token/',
          payload: { email: `sprayed${n}@lab.org`, password: 'guess' },
          remoteAddress: '10.0.0.254',
          headers: { 'x-forwarded-for': client },
        });
      for (let n = 0; n < PER_MINUTE; n += 1) expect((await from('203.0.113.7', n)).statusCode).toBe(401);
      expect((await from('203.0.113.7', PER_MINUTE)).statusCode).toBe(429);
      expect((await from('203.0.113.8', 0)).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

describe('the window', () => {
  it('counts a minute from the first attempt: Retry-After says what is left of it, then attempts start over', async () => {
    const clocked = await buildTestApp({ loginRateLimitPerMinute: PER_MINUTE });
    try {
      clocked.setClock(new Date('2026-11-24T12:00:00.000Z'));
      const attempt = (n: number) =>
        clocked.app.inject({
          method: 'POST',
          url: '/api/token/',
          payload: { email: `sprayed${n}@lab.org`, password: 'guess' },
          remoteAddress: '10.30.1.1',
        });
      for (let n = 0; n < PER_MINUTE; n += 1) expect((await attempt(n)).statusCode).toBe(401);
      clocked.advanceClock(20);
      const refused = await attempt(PER_MINUTE);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('40');
      clocked.advanceClock(40);
      expect((await attempt(0)).statusCode).toBe(401);
    } finally {
      await clocked.close();
    }
  });
});

describe('several server processes on one database', () => {
  it('share each address’s count: attempts made through either count against the same limit', async () => {
    // On SQLite a file, which two processes (here two apps with connections of their own) can share.
    const database = await createTestDatabase({ sqliteFile: true });
    const apps = [
      await buildTestApp({ loginRateLimitPerMinute: PER_MINUTE }, { database }),
      await buildTestApp({ loginRateLimitPerMinute: PER_MINUTE }, { database }),
    ];
    try {
      const attempt = (n: number) =>
        apps[n % 2].app.inject({
          method: 'POST',
          url: '/api/token/',
          payload: { email: `sprayed${n}@lab.org`, password: 'guess' },
          remoteAddress: '10.30.2.1',
        });
      for (let n = 0; n < PER_MINUTE; n += 1) expect((await attempt(n)).statusCode).toBe(401);
      for (const n of [PER_MINUTE, PER_MINUTE + 1]) {
        const refused = await attempt(n);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual(tooMany);
      }
    } finally {
      for (const app of apps) await app.close();
      await database.destroy();
    }
  });
});
