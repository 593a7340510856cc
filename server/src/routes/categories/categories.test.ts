import { authHeader, buildTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await t.signedInUser());
});
afterAll(() => t.close());

const URL = '/api/filemanager/categories/';

function send(
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  headers = authHeader(token),
) {
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

async function create(name: string): Promise<{ id: number; name: string }> {
  const response = await send('POST', URL, { name });
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('categories (§13)', () => {
  it('creates categories and lists them id ascending, to anyone', async () => {
    const solvents = await create('  Solvents ');
    expect(solvents).toEqual({ id: expect.any(Number), name: 'Solvents', version: 1 });
    const acids = await create('Acids');

    const list = await t.app.inject({ url: URL, headers: authHeader('garbage') });
    expect(list.statusCode).toBe(200);
    const ids = list.json().map((category: { id: number }) => category.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(list.json()).toEqual(expect.arrayContaining([solvents, acids]));

    const one = await t.app.inject({ url: `${URL}${acids.id}`, headers: authHeader('garbage') });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(acids);
    expect((await t.app.inject({ url: `${URL}99999/` })).statusCode).toBe(404);
  });

  it('validates the name: required, not blank, at most 50 characters, unique regardless of case', async () => {
    await create('MSDS');
    const cases: [object, Record<string, string[]>][] = [
      [{}, { name: ['This field is required.'] }],
      [{ name: '   ' }, { name: ['This field may not be blank.'] }],
      [{ name: null }, { name: ['This field may not be null.'] }],
      [{ name: 'x'.repeat(51) }, { name: ['Ensure this field has no more than 50 characters.'] }],
      [{ name: ' msds ' }, { name: ['category with this name already exists.'] }],
    ];
    for (const [body, errors] of cases) {
      const response = await send('POST', URL, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    expect((await send('POST', URL, { name: 'y'.repeat(50) })).statusCode).toBe(201);
  });

  it('renames with PATCH or PUT; its own name in another case is allowed, another name is not', async () => {
    const category = await create('Spectra');
    await create('Manuals');

    const recased = await send('PATCH', `${URL}${category.id}/`, { name: 'SPECTRA' });
    expect(recased.statusCode).toBe(200);
    expect(recased.json()).toEqual({ id: category.id, name: 'SPECTRA', version: 2 });

    const taken = await send('PUT', `${URL}${category.id}/`, { name: 'manuals' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ name: ['category with this name already exists.'] });

    const renamed = await send('PUT', `${URL}${category.id}`, { name: 'Spectra (IR)' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ id: category.id, name: 'Spectra (IR)', version: 3 });

    expect((await send('PUT', `${URL}${category.id}/`, {})).json()).toEqual({
      name: ['This field is required.'],
    });
    const unchanged = await send('PATCH', `${URL}${category.id}/`, {});
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json()).toEqual({ id: category.id, name: 'Spectra (IR)', version: 3 });
  });

  it('deletes a category with its file links; the file stays', async () => {
    const category = await create('Obsolete');
    const kept = await create('Kept');
    const file = await t.db
      .insertInto('files')
      .values({ created_at: new Date().toISOString(), stored_name: 'linked.txt', size_bytes: 3 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('file_categories')
      .values([
        { file_id: file.id, category_id: category.id },
        { file_id: file.id, category_id: kept.id },
      ])
      .execute();

    const response = await send('DELETE', `${URL}${category.id}/`);
    expect(response.statusCode).toBe(204);
    expect((await t.app.inject({ url: `${URL}${category.id}/` })).statusCode).toBe(404);
    const links = await t.db
      .selectFrom('file_categories')
      .select('category_id')
      .where('file_id', '=', file.id)
      .execute();
    expect(links).toEqual([{ category_id: kept.id }]);
    expect((await t.app.inject({ url: `/api/filemanager/files/${file.id}/` })).statusCode).toBe(200);
    expect((await send('DELETE', `${URL}${category.id}/`)).statusCode).toBe(404);
  });

  it('answers 401 to anonymous writes before looking at the id or the body', async () => {
    const category = await create('Protected');
    for (const [method, url] of [
      ['POST', URL],
      ['PATCH', `${URL}${category.id}/`],
      ['PUT', `${URL}99999/`],
      ['DELETE', `${URL}${category.id}/`],
    ] as const) {
      const response = await send(method, url, { name: '' }, {} as never);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    }
    expect((await send('PATCH', `${URL}99999/`, { name: '' })).statusCode).toBe(404);
  });
});
