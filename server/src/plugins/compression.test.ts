import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { authHeader, buildTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
let headers: { authorization: string };
let userId: number;

const USERS = '/api/account/users/';

beforeAll(async () => {
  t = await buildTestApp();
  const { user, token } = await t.signedInUser();
  userId = user.id;
  headers = authHeader(token);
  // About 100 bytes of JSON per user: the list is well over the 1 KiB threshold, one user well under it.
  for (let n = 0; n < 20; n++) await t.createUser();
});
afterAll(() => t.close());

function decoded(response: LightMyRequestResponse): string {
  switch (response.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(response.rawPayload).toString('utf8');
    case 'gzip':
      return gunzipSync(response.rawPayload).toString('utf8');
    case undefined:
      return response.body;
    default:
      throw new Error(`unexpected content-encoding ${response.headers['content-encoding']}`);
  }
}

describe('compression of API answers', () => {
  let identity: string;

  beforeAll(async () => {
    const response = await t.app.inject({ url: USERS, headers });
    expect(response.statusCode).toBe(200);
    identity = response.body;
    expect(Buffer.byteLength(identity)).toBeGreaterThan(1024);
  });

  // [Accept-Encoding sent (null: none), Content-Encoding expected (null: none)]
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'],
    ['deflate', null],
    ['identity', null],
    [null, null],
  ])('Accept-Encoding %p is answered with %p, decoding to the same JSON', async (accept, encoding) => {
    const response = await t.app.inject({
      url: USERS,
      headers: { ...headers, ...(accept === null ? {} : { 'accept-encoding': accept }) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding ?? undefined);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(decoded(response)).toBe(identity);
    if (encoding !== null) {
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(identity) / 2);
    }
  });

  it('leaves answers under 1 KiB as they are', async () => {
    const response = await t.app.inject({
      url: `${USERS}${userId}/`,
      headers: { ...headers, 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ id: userId });
  });

  it('leaves error answers readable JSON', async () => {
    const response = await t.app.inject({
      url: `${USERS}999999/`,
      headers: { ...headers, 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const response = await t.app.inject({
      method: 'HEAD',
      url: USERS,
      headers: { ...headers, 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.rawPayload.length).toBe(0);
  });
});

describe('uploaded files', () => {
  it('are served as stored, never compressed on the fly', async () => {
    const content = 'a line of a lab protocol that compresses very well\n'.repeat(200);
    await t.app.storage.save(Buffer.from(content), 'protocol.txt');
    const response = await t.app.inject({
      url: '/media/files/protocol.txt',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-length']).toBe(String(content.length));
    expect(response.body).toBe(content);
  });
});
