import fs from 'node:fs';
import { insertChemicalStock } from '../../testing/stockRows';
import { multipartBody } from '../../testing/multipart';
import { authHeader, buildTestApp, type TestApp } from '../../testing/testApp';
import { describeSize } from './uploadForm';

const LIMIT = 1024;

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp({ uploadMaxBytes: LIMIT });
  ({ token } = await t.signedInUser());
});
afterAll(async () => {
  await t.close();
  fs.rmSync(t.config.dataDir, { recursive: true, force: true });
});

const storedFiles = () => (fs.existsSync(t.config.uploadDir) ? fs.readdirSync(t.config.uploadDir) : []);

describe('the upload size limit (UPLOAD_MAX_BYTES)', () => {
  it('states the configured limit', () => {
    expect(describeSize(26214400)).toBe('25 MB');
    expect(describeSize(10 * 1024 * 1024 + 512 * 1024)).toBe('10.5 MB');
    expect(describeSize(1024)).toBe('1 KB');
    expect(describeSize(100)).toBe('100 bytes');
  });

  it('accepts a file of exactly the limit', async () => {
    const body = await multipartBody([['file', Buffer.alloc(LIMIT, 1), 'exact.bin']]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/filemanager/files/',
      payload: body.payload,
      headers: { ...authHeader(token), ...body.headers },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().file.size).toBe(1);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/filemanager/files/${response.json().id}/`,
      headers: authHeader(token),
    });
  });

  it('answers 413 to a bigger file and stores nothing: no bytes, no row, no link', async () => {
    const stock = await insertChemicalStock(t.db, {
      name: 'Ethanol',
      CAS_RN: '64-17-5',
      molecular_formula: 'C2H6O',
    });
    const body = await multipartBody([
      ['file', Buffer.alloc(LIMIT + 1, 2), 'big.bin'],
      ['chemicals', String(stock)],
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/filemanager/files/',
      payload: body.payload,
      headers: { ...authHeader(token), ...body.headers },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'File too large. The limit is 1 KB.' });
    expect(storedFiles()).toEqual([]);
    expect(await t.db.selectFrom('files').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('file_chemicals').selectAll().execute()).toEqual([]);
  });

  it('sends the 413 to a real client only after reading the whole request', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(3 * 1024 * 1024, 3)]), 'huge.bin');
    form.append('categories', 'not-an-id');
    const response = await fetch(`${address}/api/filemanager/files/`, {
      method: 'POST',
      headers: authHeader(token),
      body: form,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ detail: 'File too large. The limit is 1 KB.' });
    expect(storedFiles()).toEqual([]);
  });
});
