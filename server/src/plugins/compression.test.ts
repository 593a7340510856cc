import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { slicesOf } from '../db/slices';
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

describe('compression of a full list of thousands of records (written as a stream)', () => {
  const CHEMICALS = '/api/storeobjects/chemicalobjs/';
  const RECORDS = 2500;
  let identity: string;

  beforeAll(async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: CHEMICALS,
      headers,
      payload: {
        name: 'Ethanol',
        CAS_RN: '64-17-5',
        molecular_formula: 'C2H6O',
        purity: 0.01,
        state: 'LIQUID',
        manufacturer: 'Merck',
        supplier: 'Daraz',
      },
    });
    const { chemical, manufacturer, supplier } = created.json() as Record<string, { id: number }>;
    // Written straight to the table: thousands of records through the API would take most of a minute.
    const rows = Array.from({ length: RECORDS - 1 }, (_, index) => ({
      chemical_id: chemical.id,
      manufacturer_id: manufacturer.id,
      supplier_id: supplier.id,
      purity_hundredths: index + 2,
      state: 'SOLID' as const,
      quantity: index * 1250,
    }));
    for (const slice of slicesOf(rows)) await t.db.insertInto('chemical_stock').values(slice).execute();
    const response = await t.app.inject({ url: CHEMICALS });
    identity = response.body;
  });

  it('is the whole §4.2 array, in the text JSON.stringify writes', () => {
    const records = JSON.parse(identity) as { id: number; purity: number; chemical: { name: string } }[];
    expect(identity).toBe(JSON.stringify(records));
    expect(records).toHaveLength(RECORDS);
    expect(records.map((record) => record.id)).toEqual(
      [...records.map((record) => record.id)].sort((a, b) => a - b),
    );
    expect(records[RECORDS - 1]).toMatchObject({ purity: RECORDS / 100, chemical: { name: 'Ethanol' } });
  });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['br, gzip', 'br'],
    ['identity', null],
    [null, null],
  ])('Accept-Encoding %p is answered with %p, decoding to the same JSON', async (accept, encoding) => {
    const response = await t.app.inject({
      url: CHEMICALS,
      headers: accept === null ? {} : { 'accept-encoding': accept },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-encoding']).toBe(encoding ?? undefined);
    expect(decoded(response)).toBe(identity);
    if (encoding !== null) expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(identity) / 10);
  });

  it('answers HEAD with the length of the GET answer and no body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: CHEMICALS });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(identity)));
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
