import zlib from 'node:zlib';
import Fastify from 'fastify';
import * as stock from '../../services/stock';
import { callAs } from '../../testing/requestApi';
import { createStockRecord } from '../../testing/stockApi';
import { insertChemicalStock, renameChemical } from '../../testing/stockRows';
import { buildTestApp, type TestApp } from '../../testing/testApp';
import { FullListCache } from './fullList';

// The full lists (SERVER.md §4.2's unpaged arrays), written once per version of the stock records: the same bytes
// as before, an ETag and 304, brotli and gzip copies, and never an answer older than the last write.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await t.signedInUser());
  for (let n = 0; n < 3; n++) await createStockRecord(t, token, 'chemical', 10 + n);
});
afterAll(() => t.close());

const MANAGEMENT = '/api/management/chemicals/';
const PUBLIC = '/api/storeobjects/chemicalobjs/';

const list = (headers: Record<string, string> = {}, url = MANAGEMENT) => t.app.inject({ url, headers });

/** The list as the route wrote it before it was kept: JSON.stringify of the records, read now. */
const uncached = async () =>
  JSON.stringify(
    await stock.listStockRecords({ db: t.db, dialect: t.app.dialect, now: t.app.now }, 'chemical'),
  );

describe('the full chemical list', () => {
  it('answers the uncached text, as it is and as brotli and gzip, with one ETag, on both paths', async () => {
    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(await uncached());
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    const br = await list({ 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(etag);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    // The first answers may be compressed by the plugin as they go out, the next ones are the kept copy (made off the
    // event loop meanwhile): the same text either way.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const kept = await list({ 'accept-encoding': 'br' });
    expect(kept.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(kept.rawPayload).toString()).toBe(plain.body);

    const gzip = await list({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    const publicList = await list({}, PUBLIC);
    expect(publicList.headers.etag).toBe(etag);
    expect(publicList.body).toBe(plain.body);
  });

  it('answers 304 without a body to If-None-Match naming the current list', async () => {
    const { etag } = (await list()).headers;
    const notModified = await list({ 'if-none-match': etag as string, 'accept-encoding': 'br' });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.body).toBe('');
    expect((await list({ 'if-none-match': 'W/"something-else"' })).statusCode).toBe(200);
  });

  it('is never older than the last write: API writes, and notes written by another process', async () => {
    const before = await list({ 'accept-encoding': 'br' });
    const id = await createStockRecord(t, token, 'chemical', 7, 'Freshly made');
    const created = await list({ 'if-none-match': before.headers.etag as string });
    expect(created.statusCode).toBe(200);
    expect(created.headers.etag).not.toBe(before.headers.etag);
    expect(created.body).toBe(await uncached());
    expect(created.body).toContain('"Freshly made"');

    expect((await callAs(t, token, 'PATCH', `${PUBLIC}${id}/`, { quantity: 3 })).statusCode).toBe(200);
    const patched = await list({ 'accept-encoding': 'br' });
    const records = JSON.parse(zlib.brotliDecompressSync(patched.rawPayload).toString()) as {
      id: number;
      quantity: number;
    }[];
    expect(records.find((record) => record.id === id)?.quantity).toBe(3);

    // Written straight to the database, with its search-change notes, as another server process would.
    const other = await insertChemicalStock(t.db, {
      name: 'From another process',
      CAS_RN: '67-56-1',
      molecular_formula: 'CH4O',
    });
    expect((await list()).body).toContain('"From another process"');
    await renameChemical(t.db, other, 'Renamed elsewhere');
    const renamed = await list();
    expect(renamed.body).toContain('"Renamed elsewhere"');
    expect(renamed.body).toBe(await uncached());
  });

  it('leaves searched, ordered and paged lists as they were', async () => {
    const ordered = await list({}, `${MANAGEMENT}?ordering=id`);
    expect(ordered.headers.etag).toBeUndefined();
    expect(ordered.body).toBe(await uncached());
    const page = await list({}, `${MANAGEMENT}?limit=1`);
    expect(page.headers.etag).toBeUndefined();
    expect(page.json().results).toHaveLength(1);
  });
});

describe('FullListCache', () => {
  it('writes a version once for concurrent requests, and keeps it until a newer version is asked for', async () => {
    let reads = 0;
    let version = 1;
    const cache = new FullListCache(async function* () {
      reads++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      yield [{ read: reads }];
    });
    const app = Fastify();
    app.get('/', (request, reply) => cache.send(request, reply, version));
    try {
      const get = (headers: Record<string, string> = {}) => app.inject({ url: '/', headers });
      const answers = await Promise.all([
        get(),
        get({ 'accept-encoding': 'br' }),
        get({ 'accept-encoding': 'gzip' }),
      ]);
      expect(reads).toBe(1);
      expect(answers[0].body).toBe('[{"read":1}]');
      expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
      expect((await get()).body).toBe('[{"read":1}]');
      expect(reads).toBe(1);

      version = 2;
      const [newer] = await Promise.all([get(), get()]);
      expect(newer.body).toBe('[{"read":2}]');
      expect(newer.headers.etag).not.toBe(answers[0].headers.etag);
      expect(reads).toBe(2);
      // A request that read an older version before the newer one was written gets the newer one.
      version = 1;
      expect((await get()).body).toBe('[{"read":2}]');
      expect(reads).toBe(2);
    } finally {
      await app.close();
    }
  });

  it('answers an empty list as []', async () => {
    const cache = new FullListCache(async function* () {});
    const app = Fastify();
    app.get('/', (request, reply) => cache.send(request, reply, 1));
    expect((await app.inject({ url: '/' })).body).toBe('[]');
    await app.close();
  });
});
