import fs from 'node:fs';
import path from 'node:path';
import { insertChemicalStock } from '../../testing/stockRows';
import { postUpload, type FormPart } from '../../testing/multipart';
import { FILE_STORAGES, storedFileNames } from '../../testing/storedFiles';
import { authHeader, buildTestApp, type TestApp } from '../../testing/testApp';

describe.each(FILE_STORAGES)('with FILE_STORAGE=%s', (fileStorage) => {
  let t: TestApp;
  let token: string;
  let ethanol: number;
  let acetone: number;
  let msds: number;
  let hazard: number;

  beforeAll(async () => {
    t = await buildTestApp({ fileStorage });
    ({ token } = await t.signedInUser());
    ethanol = await insertChemicalStock(t.db, {
      name: 'Ethanol',
      CAS_RN: '64-17-5',
      molecular_formula: 'C2H6O',
      purity: 99.5,
      manufacturer: 'Merck',
      supplier: 'Daraz',
      state: 'LIQUID',
      quantity: 250.5,
    });
    acetone = await insertChemicalStock(t.db, {
      name: 'Acetone',
      CAS_RN: '67-64-1',
      molecular_formula: 'C3H6O',
    });
    msds = await createCategory('MSDS');
    hazard = await createCategory('Hazard');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  async function createCategory(name: string): Promise<number> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/filemanager/categories/',
      headers: authHeader(token),
      payload: { name },
    });
    expect(response.statusCode).toBe(201);
    return response.json().id;
  }

  const upload = (parts: FormPart[], headers: Record<string, string> = authHeader(token)) =>
    postUpload(t.app, parts, headers);

  async function uploadFile(fileName: string, content: Buffer | string = 'content', parts: FormPart[] = []) {
    const response = await upload([['file', content, fileName], ...parts]);
    expect(response.statusCode).toBe(201);
    return response.json();
  }

  const storedFiles = () => storedFileNames(t);

  const fileRowCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('files')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('upload (POST /api/filemanager/files/)', () => {
    it('stores the file with its links and answers the §12.1 shape', async () => {
      const content = Buffer.from('%PDF-1.4 safety data sheet\n'.repeat(70));
      const response = await upload([
        ['categories', String(hazard)],
        ['file', content, 'msds_ethanol.pdf'],
        ['categories', String(msds)],
        ['categories', String(hazard)],
        ['chemicals', String(ethanol)],
      ]);
      expect(response.statusCode).toBe(201);
      const file = response.json();
      expect(file).toEqual({
        id: expect.any(Number),
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
        file: { path: '/media/files/msds_ethanol.pdf', size: content.length / 1024 },
        categories: [
          { id: msds, name: 'MSDS' },
          { id: hazard, name: 'Hazard' },
        ],
        chemicals: [
          {
            id: ethanol,
            CAS_RN: '64-17-5',
            name: 'Ethanol',
            molecular_formula: 'C2H6O',
            molecular_weight: expect.closeTo(46.069, 2),
            purity: 99.5,
            quantity: 250.5,
            state: 'LIQUID',
            manufacturer: 'Merck',
            supplier: 'Daraz',
          },
        ],
        version: 1,
      });
      expect(Number.isInteger(file.file.size)).toBe(false);

      const one = await t.app.inject({ url: `/api/filemanager/files/${file.id}/` });
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual(file);

      const download = await t.app.inject({ url: file.file.path });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(content)).toBe(true);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-length']).toBe(String(content.length));
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.headers['content-disposition']).toBeUndefined();
    });

    it('lists chemicals id ascending whatever order they were sent in', async () => {
      const file = await uploadFile('both.txt', 'x', [
        ['chemicals', String(acetone)],
        ['chemicals', String(ethanol)],
      ]);
      expect(file.chemicals.map((chemical: { id: number }) => chemical.id)).toEqual(
        [ethanol, acetone].sort((a, b) => a - b),
      );
      expect(file.categories).toEqual([]);
    });

    it('sanitises the stored name and never overwrites a taken one', async () => {
      const first = await uploadFile('C:\\Users\\me\\lab report (v2).txt', 'first');
      expect(first.file.path).toBe('/media/files/lab_report__v2_.txt');
      const second = await uploadFile('lab report (v2).txt', 'second');
      expect(second.file.path).toMatch(/^\/media\/files\/lab_report__v2__[A-Za-z0-9]{7}\.txt$/);
      expect((await t.app.inject({ url: first.file.path })).body).toBe('first');
      expect((await t.app.inject({ url: second.file.path })).body).toBe('second');

      const hidden = await uploadFile('../../.htaccess', 'x');
      expect(hidden.file.path).toBe('/media/files/htaccess');
    });

    it('answers 400 for a missing, textual or empty file and stores nothing', async () => {
      const before = await storedFiles();
      const rows = await fileRowCount();
      const cases: [FormPart[], Record<string, string[]>][] = [
        [[['categories', String(msds)]], { file: ['No file was submitted.'] }],
        [
          [['file', 'just text']],
          { file: ['The submitted data was not a file. Check the encoding type on the form.'] },
        ],
        [[['file', '', 'empty.txt']], { file: ['The submitted file is empty.'] }],
        [
          [
            ['file', 'a', 'a.txt'],
            ['file', 'b', 'b.txt'],
          ],
          { file: ['Submit exactly one file.'] },
        ],
      ];
      for (const [parts, errors] of cases) {
        const response = await upload(parts);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(errors);
      }
      const noBody = await t.app.inject({
        method: 'POST',
        url: '/api/filemanager/files/',
        headers: authHeader(token),
      });
      expect(noBody.statusCode).toBe(400);
      expect(noBody.json()).toEqual({ file: ['No file was submitted.'] });
      expect(await storedFiles()).toEqual(before);
      expect(await fileRowCount()).toBe(rows);
    });

    it('answers 400 keyed by the list for unknown or non-integer ids, with every error at once', async () => {
      const before = await storedFiles();
      const response = await upload([
        ['file', 'data', 'linked.txt'],
        ['categories', String(msds)],
        ['categories', '999'],
        ['chemicals', 'abc'],
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        categories: ['Invalid pk "999" - object does not exist.'],
        chemicals: ['Incorrect type. Expected pk value, received str.'],
      });

      const unknownChemical = await upload([
        ['file', '', 'empty.txt'],
        ['chemicals', '12345'],
      ]);
      expect(unknownChemical.statusCode).toBe(400);
      expect(unknownChemical.json()).toEqual({
        file: ['The submitted file is empty.'],
        chemicals: ['Invalid pk "12345" - object does not exist.'],
      });
      expect(await storedFiles()).toEqual(before);
    });

    it('answers 415 to a JSON or text body', async () => {
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/filemanager/files/',
        headers: authHeader(token),
        payload: { file: 'x', categories: [msds] },
      });
      expect(json.statusCode).toBe(415);
      expect(json.json()).toEqual({ detail: 'Unsupported media type "application/json" in request.' });

      const textBody = await t.app.inject({
        method: 'POST',
        url: '/api/filemanager/files',
        headers: { ...authHeader(token), 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expect(textBody.statusCode).toBe(415);
    });

    it('answers 400 to a broken multipart body', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/filemanager/files/',
        headers: { ...authHeader(token), 'content-type': 'multipart/form-data' },
        payload: 'no boundary here',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: expect.stringMatching(/^Multipart form parse error - /) });
    });

    it('answers 401 to an anonymous or badly signed upload, before reading the body', async () => {
      const anonymous = await upload([['file', 'x', 'x.txt']], {});
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
      const garbage = await upload([['file', 'x', 'x.txt']], authHeader('garbage'));
      expect(garbage.statusCode).toBe(401);
      expect(garbage.json().code).toBe('token_not_valid');
    });
  });

  describe('reads', () => {
    it('lists every file newest first, ignoring a garbage token', async () => {
      const a = await uploadFile('order-a.txt');
      const b = await uploadFile('order-b.txt');
      t.advanceClock(60);
      const c = await uploadFile('order-c.txt');
      const response = await t.app.inject({ url: '/api/filemanager/files/', headers: authHeader('garbage') });
      expect(response.statusCode).toBe(200);
      const ids = response.json().map((file: { id: number }) => file.id);
      expect(ids.slice(0, 3)).toEqual([c.id, b.id, a.id]);
      const createdAt = response.json().map((file: { created_at: string }) => file.created_at);
      expect([...createdAt].sort().reverse()).toEqual(createdAt);
    });

    it('answers 404 for an unknown id and 405 for PUT', async () => {
      expect((await t.app.inject({ url: '/api/filemanager/files/99999/' })).statusCode).toBe(404);
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/filemanager/files/1/',
        headers: authHeader(token),
        payload: {},
      });
      expect(put.statusCode).toBe(405);
      expect(put.headers.allow).toBe('GET, PATCH, DELETE, HEAD, OPTIONS');
    });
  });

  describe('PATCH /api/filemanager/files/{id}/', () => {
    const patch = (id: number, payload: unknown, headers = authHeader(token)) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/filemanager/files/${id}/`,
        headers,
        payload: payload as object,
      });

    it('replaces each given list, leaves the other, and empties a list', async () => {
      const file = await uploadFile('patched.txt', 'x', [
        ['categories', String(msds)],
        ['chemicals', String(ethanol)],
      ]);
      const replaced = await patch(file.id, { chemicals: [acetone, acetone] });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json().chemicals.map((c: { id: number }) => c.id)).toEqual([acetone]);
      expect(replaced.json().categories).toEqual([{ id: msds, name: 'MSDS' }]);

      const emptied = await patch(file.id, { categories: [], chemicals: [ethanol, acetone] });
      expect(emptied.statusCode).toBe(200);
      expect(emptied.json().categories).toEqual([]);
      expect(emptied.json().chemicals).toHaveLength(2);
      expect((await t.app.inject({ url: `/api/filemanager/files/${file.id}/` })).json()).toEqual(
        emptied.json(),
      );
    });

    it('changes nothing when any part is invalid', async () => {
      const file = await uploadFile('unchanged.txt', 'x', [['categories', String(msds)]]);
      const cases: [unknown, Record<string, string[]>][] = [
        [
          { categories: [], chemicals: [99999] },
          { chemicals: ['Invalid pk "99999" - object does not exist.'] },
        ],
        [
          { chemicals: [ethanol], categories: 5 },
          { categories: ['Expected a list of items but got type "int".'] },
        ],
        [{ categories: ['x'] }, { categories: ['Incorrect type. Expected pk value, received str.'] }],
      ];
      for (const [body, errors] of cases) {
        const response = await patch(file.id, body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(errors);
      }
      expect((await t.app.inject({ url: `/api/filemanager/files/${file.id}/` })).json()).toEqual(file);
    });

    it('checks credentials, then the id, then the body', async () => {
      expect((await patch(1, { categories: 'x' }, {} as never)).statusCode).toBe(401);
      expect((await patch(99999, { categories: 'x' })).statusCode).toBe(404);
    });
  });

  describe('DELETE /api/filemanager/files/{id}/', () => {
    it('removes the record, its links and the stored bytes', async () => {
      const file = await uploadFile('to-delete.txt', 'bye', [
        ['categories', String(msds)],
        ['chemicals', String(ethanol)],
      ]);
      const name = path.basename(file.file.path);
      expect(await t.app.storage.exists(name)).toBe(true);

      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/filemanager/files/${file.id}/` })).statusCode,
      ).toBe(401);
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/filemanager/files/${file.id}/`,
        headers: authHeader(token),
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');

      expect((await t.app.inject({ url: `/api/filemanager/files/${file.id}/` })).statusCode).toBe(404);
      const download = await t.app.inject({ url: file.file.path });
      expect(download.statusCode).toBe(404);
      expect(download.json()).toEqual({ detail: 'Not found.' });
      expect(await t.app.storage.exists(name)).toBe(false);
      const links = await t.db
        .selectFrom('file_categories')
        .selectAll()
        .where('file_id', '=', file.id)
        .execute();
      expect(links).toEqual([]);

      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/filemanager/files/${file.id}/`,
        headers: authHeader(token),
      });
      expect(again.statusCode).toBe(404);
    });
  });

  describe('links of deleted targets', () => {
    it('deleting a chemical stock record or a category removes its links; the file stays', async () => {
      const doomed = await insertChemicalStock(t.db, {
        name: 'Benzene',
        CAS_RN: '71-43-2',
        molecular_formula: 'C6H6',
      });
      const category = await createCategory('Temporary');
      const file = await uploadFile('kept.txt', 'x', [
        ['chemicals', String(doomed)],
        ['chemicals', String(ethanol)],
        ['categories', String(category)],
        ['categories', String(msds)],
      ]);

      await t.db.deleteFrom('chemical_stock').where('id', '=', doomed).execute();
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/filemanager/categories/${category}/`,
        headers: authHeader(token),
      });
      expect(deleted.statusCode).toBe(204);

      const after = (await t.app.inject({ url: `/api/filemanager/files/${file.id}/` })).json();
      expect(after.chemicals.map((c: { id: number }) => c.id)).toEqual([ethanol]);
      expect(after.categories).toEqual([{ id: msds, name: 'MSDS' }]);
      expect((await t.app.inject({ url: after.file.path })).statusCode).toBe(200);
    });
  });
});
