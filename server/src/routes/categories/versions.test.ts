import { postUpload } from '../../testing/multipart';
import { describeConditionalWrites } from '../../testing/conditionalWrites';
import { createCategory } from '../../testing/stockApi';
import { authHeader, buildTestApp, type TestApp } from '../../testing/testApp';

// Categories' versions (docs/api.md §28): what raises one, and If-Match on their writes.

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

const CATEGORIES = '/api/filemanager/categories/';
let names = 0;
const unique = () => `Category ${++names}`;

const call = (method: 'GET' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: authHeader(token) });

describeConditionalWrites('categories', {
  t: () => t,
  token: () => token,
  other: () => other,
  create: async () => `${CATEGORIES}${await createCategory(t, token, unique())}/`,
  method: 'PUT',
  change: async () => ({ name: unique() }),
});

describe('category versions', () => {
  it('start at 1, are in the public list and go up with a rename, a change of case included', async () => {
    const name = unique();
    const id = await createCategory(t, token, name);
    const url = `${CATEGORIES}${id}/`;
    const list = (await t.app.inject({ url: CATEGORIES })).json() as { id: number; version: number }[];
    expect(list.find((category) => category.id === id)).toEqual({ id, name, version: 1 });
    expect((await call('PATCH', url, { name })).json().version).toBe(1);
    expect((await call('PATCH', url, {})).json().version).toBe(1);
    expect((await call('PATCH', url, { name: name.toUpperCase() })).json()).toEqual({
      id,
      name: name.toUpperCase(),
      version: 2,
    });
  });

  it('raise the versions of the files that lose a deleted category, not of the others', async () => {
    const [kept, deleted] = [
      await createCategory(t, token, unique()),
      await createCategory(t, token, unique()),
    ];
    const upload = async (categories: number[]) => {
      const response = await postUpload(
        t.app,
        [...categories.map((id): [string, string] => ['categories', String(id)]), ['file', 'x', 'notes.txt']],
        authHeader(token),
      );
      expect(response.statusCode).toBe(201);
      return response.json() as { id: number; version: number };
    };
    const [filed, other] = [await upload([kept, deleted]), await upload([kept])];
    expect(filed.version).toBe(1);
    expect((await call('DELETE', `${CATEGORIES}${deleted}/`)).statusCode).toBe(204);
    const read = async (id: number) => (await t.app.inject({ url: `/api/filemanager/files/${id}/` })).json();
    expect(await read(filed.id)).toMatchObject({ categories: [{ id: kept }], version: 2 });
    expect(await read(other.id)).toMatchObject({ version: 1 });
  });
});
