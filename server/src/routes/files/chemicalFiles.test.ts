import fs from 'node:fs';
import { createCategory, createStockRecord } from '../../testing/stockApi';
import { postUpload } from '../../testing/multipart';
import { authHeader, buildTestApp, type TestApp } from '../../testing/testApp';

// docs/api.md: GET /api/storeobjects/chemicalobjs/{id}/files/, the files of a chemical's page.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await t.signedInUser());
});
afterAll(async () => {
  await t.close();
  fs.rmSync(t.config.dataDir, { recursive: true, force: true });
});

async function upload(fileName: string, chemicals: number[], categories: number[]): Promise<number> {
  const response = await postUpload(
    t.app,
    [
      ['file', 'content', fileName],
      ...chemicals.map((id) => ['chemicals', String(id)] as ['chemicals', string]),
      ...categories.map((id) => ['categories', String(id)] as ['categories', string]),
    ],
    authHeader(token),
  );
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

const filesOf = (id: number | string) =>
  t.app.inject({ method: 'GET', url: `/api/storeobjects/chemicalobjs/${id}/files/` });

describe('GET /api/storeobjects/chemicalobjs/{id}/files/', () => {
  it('answers anyone the linked files, safety data sheets first, each group newest first', async () => {
    const ethanol = await createStockRecord(t, token, 'chemical', 10);
    const other = await createStockRecord(t, token, 'chemical', 10);
    const category = (name: string) => createCategory(t, token, name);
    const [sds, msds, sheet, manual] = [
      await category('sds'),
      await category('MSDS'),
      await category('Safety Data Sheet'),
      await category('Manual'),
    ];
    const oldSheet = await upload('old_sheet.pdf', [ethanol], [manual, msds]);
    const manualFile = await upload('manual.pdf', [ethanol], [manual]);
    await upload('unrelated.pdf', [other], [sds]);
    const newSheet = await upload('new_sheet.pdf', [ethanol, other], [sheet]);
    const newestManual = await upload('newest_manual.pdf', [ethanol], []);
    const latestSds = await upload('latest.pdf', [ethanol], [sds]);

    const response = await filesOf(ethanol);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const files = response.json() as {
      id: number;
      safety_data_sheet: boolean;
      chemicals: { id: number }[];
    }[];
    expect(files.map((file) => [file.id, file.safety_data_sheet])).toEqual([
      [latestSds, true],
      [newSheet, true],
      [oldSheet, true],
      [newestManual, false],
      [manualFile, false],
    ]);
    // The §12.1 shape, with every link of the file, not only this chemical.
    expect(files[1].chemicals.map((chemical) => chemical.id)).toEqual([ethanol, other]);
    expect(files[1]).toMatchObject({ file: { path: '/media/files/new_sheet.pdf' } });
  });

  it('answers [] for a chemical without files, and 404 for an unknown one', async () => {
    const lonely = await createStockRecord(t, token, 'chemical', 1);
    expect((await filesOf(lonely)).json()).toEqual([]);
    const missing = await filesOf(999999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found.' });
  });
});
