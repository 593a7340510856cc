import { describeConditionalWrites } from '../../testing/conditionalWrites';
import { postUpload } from '../../testing/multipart';
import { createCategory, createStockRecord } from '../../testing/stockApi';
import { authHeader, buildTestApp, type TestApp } from '../../testing/testApp';

// Files' versions (docs/api.md §28): their links are what changes them, and If-Match on the link changes and delete.

let t: TestApp;
let token: string;
let other: { token: string; email: string };

beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await t.signedInUser());
  const { user, token: otherToken } = await t.signedInUser();
  other = { token: otherToken, email: user.email };
});
afterAll(() => t.close());

const FILES = '/api/filemanager/files/';
let categories = 0;

async function upload(parts: [string, string][] = []): Promise<{ id: number; version: number }> {
  const response = await postUpload(t.app, [...parts, ['file', 'contents', 'sheet.txt']], authHeader(token));
  expect(response.statusCode).toBe(201);
  return response.json();
}

const patch = (id: number, links: object) =>
  t.app.inject({ method: 'PATCH', url: `${FILES}${id}/`, payload: links, headers: authHeader(token) });
const read = async (id: number) => (await t.app.inject({ url: `${FILES}${id}/` })).json();

describeConditionalWrites('files', {
  t: () => t,
  token: () => token,
  other: () => other,
  create: async () => `${FILES}${(await upload()).id}/`,
  method: 'PATCH',
  change: async () => ({ categories: [await createCategory(t, token, `Shelf ${++categories}`)] }),
});

describe('file versions', () => {
  it('start at 1, are in the public lists, and go up when the links change, not when they stay', async () => {
    const [acetone, ethanol] = [
      await createStockRecord(t, token, 'chemical', 1, 'Acetone'),
      await createStockRecord(t, token, 'chemical', 1, 'Ethanol'),
    ];
    const sds = await createCategory(t, token, 'SDS');
    const file = await upload([['chemicals', String(acetone)]]);
    expect(file.version).toBe(1);
    const list = (await t.app.inject({ url: FILES })).json() as { id: number; version: number }[];
    expect(list.find((row) => row.id === file.id)).toMatchObject({ version: 1 });
    const ofChemical = await t.app.inject({ url: `/api/storeobjects/chemicalobjs/${acetone}/files/` });
    expect(ofChemical.json()).toEqual([expect.objectContaining({ id: file.id, version: 1 })]);

    const steps: [object, number][] = [
      [{ chemicals: [acetone] }, 1],
      [{ chemicals: [ethanol, acetone, acetone] }, 2],
      [{ categories: [sds] }, 3],
      [{ categories: [sds], chemicals: [acetone, ethanol] }, 3],
      [{ categories: [], chemicals: [] }, 4],
      [{}, 4],
    ];
    for (const [links, version] of steps) {
      const response = await patch(file.id, links);
      expect({ links, version: response.json().version }).toEqual({ links, version });
    }
  });

  it('go up when a linked chemical record is deleted and the link goes with it', async () => {
    const record = await createStockRecord(t, token, 'chemical', 0, 'Benzene');
    const file = await upload([['chemicals', String(record)]]);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/storeobjects/chemicalobjs/${record}/`,
      headers: authHeader(token),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await read(file.id)).toMatchObject({ chemicals: [], version: 2 });
  });
});
