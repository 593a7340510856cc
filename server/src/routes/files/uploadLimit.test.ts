import fs from 'node:fs';
import http from 'node:http';
import { insertChemicalStock } from '../../testing/stockRows';
import { postUpload, type FormPart } from '../../testing/multipart';
import { FILE_STORAGES, storedFileNames } from '../../testing/storedFiles';
import { authHeader, buildTestApp, type TestApp } from '../../testing/testApp';
import { describeSize } from '../../http/errors';
import { MAX_FORM_PARTS } from './uploadForm';

const LIMIT = 1024;

describe.each(FILE_STORAGES)('with FILE_STORAGE=%s', (fileStorage) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp({ uploadMaxBytes: LIMIT, fileStorage });
    ({ token } = await t.signedInUser());
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  /** The address of the app listening on a free port (the first call starts it). */
  let address: Promise<string> | undefined;
  const listening = () => (address ??= t.app.listen({ port: 0, host: '127.0.0.1' }));

  const storedFiles = () => storedFileNames(t);

  describe('the upload size limit (UPLOAD_MAX_BYTES)', () => {
    it('states the configured limit', () => {
      expect(describeSize(26214400)).toBe('25 MB');
      expect(describeSize(10 * 1024 * 1024 + 512 * 1024)).toBe('10.5 MB');
      expect(describeSize(1024)).toBe('1 KB');
      expect(describeSize(100)).toBe('100 bytes');
    });

    it('accepts a file of exactly the limit', async () => {
      const response = await postUpload(
        t.app,
        [['file', Buffer.alloc(LIMIT, 1), 'exact.bin']],
        authHeader(token),
      );
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
      const response = await postUpload(
        t.app,
        [
          ['file', Buffer.alloc(LIMIT + 1, 2), 'big.bin'],
          ['chemicals', String(stock)],
        ],
        authHeader(token),
      );
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ detail: 'File too large. The limit is 1 KB.' });
      expect(await storedFiles()).toEqual([]);
      expect(await t.db.selectFrom('files').selectAll().execute()).toEqual([]);
      expect(await t.db.selectFrom('file_chemicals').selectAll().execute()).toEqual([]);
    });

    it('sends the 413 to a real client only after reading the whole request', async () => {
      const address = await listening();
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
      expect(await storedFiles()).toEqual([]);
    });

    it('answers a second file part with 400 at once, without reading it, and keeps nothing', async () => {
      const address = await listening();
      const boundary = 'labstore-boundary';
      const filePart = (name: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n';
      const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(`${address}/api/filemanager/files/`, {
          method: 'POST',
          headers: { ...authHeader(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
        });
        request.on('error', reject);
        request.on('response', (answer) => {
          let body = '';
          answer.on('data', (chunk) => (body += chunk));
          answer.on('end', () => {
            request.destroy();
            resolve({ status: answer.statusCode ?? 0, body });
          });
        });
        // The second file part starts but never ends: the answer cannot wait for it.
        request.write(`${filePart('first.txt')}first\r\n${filePart('second.bin')}`);
        request.write(Buffer.alloc(LIMIT / 2, 4));
      });
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body)).toEqual({ file: ['Submit exactly one file.'] });
      expect(await storedFiles()).toEqual([]);
      expect(await t.db.selectFrom('files').selectAll().execute()).toEqual([]);
    });

    it('answers a form of more than MAX_FORM_PARTS parts with 413 and keeps nothing', async () => {
      const ids = Array.from({ length: MAX_FORM_PARTS }, (_, index): FormPart => [
        'chemicals',
        String(index),
      ]);
      const file: FormPart = ['file', 'content', 'file.txt'];
      for (const parts of [
        [file, ...ids],
        [...ids, file],
      ]) {
        const response = await postUpload(t.app, parts, authHeader(token));
        expect(response.statusCode).toBe(413);
        expect(response.json()).toEqual({ detail: `Too many form parts. The limit is ${MAX_FORM_PARTS}.` });
        expect(await storedFiles()).toEqual([]);
      }
    });
  });
});
