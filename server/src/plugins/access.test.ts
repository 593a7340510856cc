import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { authHeader, buildTestApp, createTestDatabase, testConfig, type TestApp } from '../testing/testApp';

/** The access classes of plugins/auth.ts, as a caller meets them. */

let t: TestApp;
let managerToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ token: managerToken } = await t.signedInUser());
});
afterAll(() => t.close());

const FORBIDDEN = { detail: 'You do not have permission to perform this action.' };

async function setRole(userId: number, role: string, labs: object[] = []) {
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/account/users/${userId}/`,
    payload: { role, labs },
    headers: authHeader(managerToken),
  });
  if (response.statusCode !== 200) throw new Error(`role: ${response.statusCode} ${response.body}`);
}

describe('role checks', () => {
  it('answers 403 in DRF words after the credentials, before the id lookup and the body', async () => {
    const { user, token } = await t.signedInUser();
    await setRole(user.id, 'auditor');
    const as = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: object, payload?: object) =>
      t.app.inject({ method, url, headers: headers as Record<string, string>, payload });

    const unknownId = await as('PATCH', '/api/account/users/999999/', authHeader(token), { email: 'bad' });
    expect(unknownId.statusCode).toBe(403);
    expect(unknownId.json()).toEqual(FORBIDDEN);
    const badBody = await as('POST', '/api/management/store-consumers/', authHeader(token), {});
    expect(badBody.statusCode).toBe(403);
    const anonymous = await as('POST', '/api/management/store-consumers/', {}, {});
    expect(anonymous.statusCode).toBe(401);
    // Reads of the admin area stay open to an auditor.
    expect((await as('GET', '/api/management/store-consumers/', authHeader(token))).statusCode).toBe(200);
  });

  it('applies a demotion and a removal from a lab at the next request, with the same token', async () => {
    const location = await t.app.inject({
      method: 'POST',
      url: '/api/management/store-consumers/',
      payload: { name: 'Lab', consumer_type: 'PHYSICAL', room_number: '1', building_name: 'B' },
      headers: authHeader(managerToken),
    });
    const lab = (location.json() as { id: number }).id;
    const { user, token } = await t.signedInUser();
    const read = () => t.app.inject({ url: '/api/management/store-consumers/', headers: authHeader(token) });
    const readLab = () => t.app.inject({ url: `/api/labs/${lab}/issues/`, headers: authHeader(token) });

    expect((await read()).statusCode).toBe(200);
    await setRole(user.id, 'lab_user', [{ location: lab, role: 'member' }]);
    expect((await read()).statusCode).toBe(403);
    expect((await readLab()).statusCode).toBe(200);

    const other = await t.app.inject({
      method: 'POST',
      url: '/api/management/store-consumers/',
      payload: { name: 'Other', consumer_type: 'PHYSICAL', room_number: '2', building_name: 'B' },
      headers: authHeader(managerToken),
    });
    await setRole(user.id, 'lab_user', [{ location: (other.json() as { id: number }).id, role: 'member' }]);
    const removed = await readLab();
    expect(removed.statusCode).toBe(403);
    expect(removed.json()).toEqual(FORBIDDEN);
  });
});

describe('access classes are declared', () => {
  it('documents each operation’s class as x-access', () => {
    const paths = (t.app.swagger() as unknown as { paths: Record<string, Record<string, object>> }).paths;
    expect(paths['/api/account/me/'].get).toMatchObject({ 'x-access': 'signedIn' });
    expect(paths['/api/account/users/'].get).toMatchObject({ 'x-access': 'storeRead' });
    expect(paths['/api/account/users/'].post).toMatchObject({ 'x-access': 'storeWrite' });
    expect(paths['/api/token/'].post).toMatchObject({ 'x-access': 'public' });
  });

  it('refuses to start with an API route registered without an access class', async () => {
    const config = testConfig();
    const database = await createTestDatabase();
    let app: FastifyInstance | undefined;
    try {
      app = await buildApp({ config, database, logger: false });
      // Route registration throws, so a build (or a plugin's registration) with such a route never starts.
      expect(() => app!.get('/api/forgotten/', async () => ({}))).toThrow(
        'GET /api/forgotten/ has no access class',
      );
    } finally {
      await app?.close();
      await database.destroy();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});
