import fs from 'node:fs';
import { multipartBody, postUpload } from '../testing/multipart';
import { createStockRecord, stockBody } from '../testing/stockApi';
import { authHeader, buildTestApp, requestHelper, TEST_PASSWORD, type TestApp } from '../testing/testApp';

// What every request value is held to (docs/api.md §2), through the routes a client uses: numbers, lists, text
// and ids that used to hold the server for seconds, crash it or reach the database as they came, on SQLite and
// PostgreSQL alike. everyRoute.test.ts sweeps the same rules over every field of every route.

let t: TestApp;
let token: string;
const request = requestHelper(
  () => t,
  () => token,
);

beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await t.signedInUser());
});
afterAll(async () => {
  await t.close();
  fs.rmSync(t.config.dataDir, { recursive: true, force: true });
});

const CHEMICALS = '/api/storeobjects/chemicalobjs/';
const chemical = (fields: object = {}) => stockBody('chemical', fields);

const controlMessage = (codePoint: string) =>
  `This field may not contain control characters or bidirectional overrides (found ${codePoint}).`;

async function importPreview(csv: string, fileName = 'stock.csv') {
  const form = await multipartBody([['file', csv, fileName]]);
  const opened = await t.app.inject({
    method: 'POST',
    url: '/api/management/chemical-imports/',
    payload: form.payload,
    headers: { ...authHeader(token), ...form.headers },
  });
  if (opened.statusCode !== 201) return { opened, preview: undefined };
  const { id } = opened.json() as { id: number };
  const preview = await request('POST', `/api/management/imports/${id}/preview/`, {});
  return {
    opened,
    preview: preview.json() as {
      counts: Record<string, number>;
      rows: { outcome: string; errors: Record<string, string[]> }[];
    },
  };
}

describe('numbers', () => {
  it('refuses a numeric string longer than any real value at once, without reading it (was quadratic)', async () => {
    // 150,000 digits and a letter: the old pattern tried every split of the digits, for over a minute.
    const response = await request('POST', CHEMICALS, chemical({ purity: `${'9'.repeat(150_000)}x` }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ purity: ['Ensure this number has no more than 100 characters.'] });
  });

  it('reads a number written with 100 characters, the longest allowed', async () => {
    const response = await request('POST', CHEMICALS, chemical({ purity: `${'0'.repeat(96)}12.5` }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ purity: 12.5 });
  });

  it('refuses numbers that are not finite (1e400) on the field, in a body and in an import row', async () => {
    // A JSON number too, which JSON.stringify would write as null.
    const body = JSON.stringify(chemical({ molecular_weight: '1e400', quantity: '-1e400' }));
    const response = await t.app.inject({
      method: 'POST',
      url: CHEMICALS,
      payload: body.replace(/}$/, ',"minimum_quantity":1e400}'),
      headers: { ...authHeader(token), 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      molecular_weight: ['A valid number is required.'],
      quantity: ['A valid number is required.'],
      minimum_quantity: ['A valid number is required.'],
    });

    const { preview } = await importPreview(
      'name;CAS RN;Molecular formula;Molecular weight;purity;manufacturer;supplier;state\r\n' +
        'Heavy ethanol;64-17-5;C2H6O;1e400;99.5;Merck;Daraz;LIQUID\r\n',
    );
    expect(preview?.counts).toEqual({ new: 0, add: 0, error: 1 });
    expect(preview?.rows[0].errors).toEqual({ molecular_weight: ['A valid number is required.'] });
  });
});

describe('lists', () => {
  it('refuses 150,000 hazard codes with the limit, not a crash', async () => {
    const codes = Array<string>(150_000).fill('H1');
    const response = await request('POST', CHEMICALS, chemical({ hazard_statements: codes }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      hazard_statements: ['Ensure this field has no more than 1000 elements.'],
    });
  });

  it('names each unknown code once, and only the first few of many', async () => {
    const repeated = await request(
      'POST',
      CHEMICALS,
      chemical({ hazard_statements: ['H999', 'h999', 'H225', 'EUH066', 'H999'] }),
    );
    expect(repeated.json()).toEqual({
      hazard_statements: ['"H999" is not a valid choice.', '"EUH066" is not a valid choice.'],
    });

    const many = Array.from({ length: 1000 }, (_, index) => `X${index}`);
    const response = await request('POST', CHEMICALS, chemical({ hazard_statements: many }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      hazard_statements: [
        '"X0" is not a valid choice.',
        '"X1" is not a valid choice.',
        '"X2" is not a valid choice.',
        '"X3" is not a valid choice.',
        '"X4" is not a valid choice.',
        '…and 995 more values that are not valid choices.',
      ],
    });
  });

  it('refuses 1,500 ordering terms on a public list, and reads a repeated field once', async () => {
    await createStockRecord(t, token, 'chemical', 1, 'Zinc oxide');
    await createStockRecord(t, token, 'chemical', 1, 'Acetone');
    const tooMany = await t.app.inject({
      url: `${CHEMICALS}?ordering=${Array(1500).fill('-name').join(',')}`,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ ordering: ['Ensure this field has no more than 1000 elements.'] });

    const names = async (ordering: string) =>
      (
        (await t.app.inject({ url: `${CHEMICALS}?limit=1000&ordering=${ordering}` })).json() as {
          results: { chemical: { name: string } }[];
        }
      ).results.map((record) => record.chemical.name);
    // A later term for a field already ordered by cannot change the order: `-name,name` is `-name`.
    expect(await names(['-name', ...Array(999).fill('name')].join(','))).toEqual(await names('-name'));

    const unknown = await t.app.inject({ url: `${CHEMICALS}?ordering=colour,-colour,name,colour` });
    expect(unknown.json()).toEqual({
      ordering: ['"colour" is not a valid choice.', '"-colour" is not a valid choice.'],
    });
  });

  it('refuses more than 1,000 linked ids, and links repeated ids once', async () => {
    const ethanol = await createStockRecord(t, token, 'chemical', 1);
    const uploaded = await postUpload(t.app, [['file', 'content', 'sheet.txt']], authHeader(token));
    const file = (uploaded.json() as { id: number }).id;
    const url = `/api/filemanager/files/${file}/`;
    const tooMany = await request('PATCH', url, { chemicals: Array(1001).fill(ethanol) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ chemicals: ['Ensure this field has no more than 1000 elements.'] });

    const linked = await request('PATCH', url, { chemicals: Array(1000).fill(ethanol) });
    expect(linked.statusCode).toBe(200);
    expect((linked.json() as { chemicals: { id: number }[] }).chemicals.map((c) => c.id)).toEqual([ethanol]);
  });

  it('refuses more than 1,000 chemicals in a storage-conflict question, naming a few of the unknown ones', async () => {
    const location = (
      await request('POST', '/api/management/store-consumers/', {
        name: 'Conflict lab',
        consumer_type: 'ORGANIC',
        room_number: '1',
        building_name: 'Main',
      })
    ).json() as { id: number };
    const url = (ids: number[]) =>
      `/api/management/store-consumers/${location.id}/storage-conflicts/?chemicals=${ids.join(',')}`;
    const first = 900_000;
    const tooMany = await request('GET', url(Array.from({ length: 1001 }, (_, index) => first + index)));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ chemicals: ['Ensure this field has no more than 1000 elements.'] });

    const unknown = await request(
      'GET',
      url(Array.from({ length: 1000 }, (_, index) => first + (index % 7))),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      chemicals: [
        ...[0, 1, 2, 3, 4].map((index) => `Invalid pk "${first + index}" - object does not exist.`),
        '…and 2 more ids that do not exist.',
      ],
    });
  });
});

describe('text', () => {
  it('answers a NUL in the sign-in e-mail with a 400 on the field, anonymously', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: 'admin\u0000@lab.org', password: 'whatever' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: [controlMessage('U+0000')] });
  });

  it('refuses NUL and bidirectional overrides in names, and writes nothing', async () => {
    const location = await request('POST', '/api/management/store-consumers/', {
      name: 'Lab\u00001',
      consumer_type: 'ORGANIC',
      room_number: '1\u2066',
      building_name: 'Main',
    });
    expect(location.statusCode).toBe(400);
    expect(location.json()).toEqual({
      name: [controlMessage('U+0000')],
      room_number: [controlMessage('U+2066')],
    });

    const spoofed = await request('POST', CHEMICALS, chemical({ name: 'Toluol\u202Egnp.exe' }));
    expect(spoofed.statusCode).toBe(400);
    expect(spoofed.json()).toEqual({ name: [controlMessage('U+202E')] });
    const search = await t.app.inject({ url: `${CHEMICALS}?search=Toluol` });
    expect(search.json()).toEqual([]);
  });

  it('trims surrounding line breaks and tabs, but refuses them inside a name', async () => {
    const trimmed = await request('POST', CHEMICALS, chemical({ name: '\tBenzene\r\n' }));
    expect(trimmed.statusCode).toBe(201);
    expect(trimmed.json()).toMatchObject({ chemical: { name: 'Benzene' } });
    const inside = await request('POST', CHEMICALS, chemical({ name: 'Benz\nene' }));
    expect(inside.json()).toEqual({ name: [controlMessage('U+000A')] });
  });

  it('refuses an uploaded file whose name holds a bidirectional override, keeping nothing', async () => {
    const response = await postUpload(t.app, [['file', 'MZ', 'Toluol\u202Egnp.exe']], authHeader(token));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      file: ['The file name may not contain control characters or bidirectional overrides (found U+202E).'],
    });
    const stored = fs.existsSync(t.config.uploadDir) ? fs.readdirSync(t.config.uploadDir) : [];
    expect(stored.filter((name) => name.startsWith('Toluol'))).toEqual([]);
  });

  it('refuses an import file whose name holds a control character, and cells holding one', async () => {
    const header = 'name;CAS RN;Molecular formula;purity;manufacturer;supplier;state\r\n';
    const named = await importPreview(
      `${header}Ethanol;64-17-5;C2H6O;99.5;Merck;Daraz;LIQUID\r\n`,
      'a\u0000.csv',
    );
    expect(named.opened.statusCode).toBe(400);
    expect(named.opened.json()).toEqual({
      file: ['The file name may not contain control characters or bidirectional overrides (found U+0000).'],
    });

    const { preview } = await importPreview(`${header}Tolu\u202Eol;108-88-3;C7H8;99;Merck;Daraz;LIQUID\r\n`);
    expect(preview?.rows[0]).toMatchObject({
      outcome: 'error',
      errors: { name: [controlMessage('U+202E')] },
    });
  });

  it('takes passwords exactly as typed: they are only ever hashed', async () => {
    const password = `${TEST_PASSWORD}\t\u202E`;
    const created = await request('POST', '/api/account/users/', {
      email: 'tab.password@lab.org',
      first_name: 'Tab',
      last_name: 'Password',
      password,
      confirm_password: password,
    });
    expect(created.statusCode).toBe(201);
    await expect(t.login('tab.password@lab.org', password)).resolves.toEqual(expect.any(String));
  });
});

describe('ids past the id columns (2^31 and more)', () => {
  const tooLarge = 2_147_483_648;

  it('answers like an unknown id: 404 in a path, after the 401 of a signed-in route', async () => {
    expect((await t.app.inject({ url: `${CHEMICALS}${tooLarge}/` })).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'DELETE', url: `${CHEMICALS}${tooLarge}/` });
    expect(anonymous.statusCode).toBe(401);
    const signedIn = await request('PATCH', `/api/account/users/${tooLarge}/`, { first_name: 'X' });
    expect(signedIn.statusCode).toBe(404);
    expect(signedIn.json()).toEqual({ detail: 'Not found.' });
  });

  it('answers the unknown-id message in a body', async () => {
    const staged = await request('POST', '/api/management/chemical-temp-shipment/', {
      chemical: tooLarge,
      quantity: 1,
    });
    expect(staged.statusCode).toBe(400);
    expect(staged.json()).toEqual({ chemical: [`Invalid pk "${tooLarge}" - object does not exist.`] });
  });

  it('filters like an unknown id in a query: an empty list, or the 404 of an unknown record', async () => {
    const ledger = await request('GET', `/api/management/ledger/?type=chemical&object_id=${tooLarge}`);
    expect(ledger.statusCode).toBe(200);
    expect(ledger.json()).toMatchObject({ count: 0, results: [] });
    const audit = await request('GET', `/api/management/audit/?target_type=user&target_id=${tooLarge}`);
    expect(audit.statusCode).toBe(200);
    expect(audit.json()).toMatchObject({ count: 0, results: [] });
    const history = await request('GET', `/api/management/stock-ledger/?type=chemical&object_id=${tooLarge}`);
    expect(history.statusCode).toBe(404);
    expect(history.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('molecular_weight ""', () => {
  it('is computed from the formula, as when absent (the original SPA posts "")', async () => {
    const created = await request('POST', '/api/management/chemicals/', chemical({ molecular_weight: '' }));
    expect(created.statusCode).toBe(201);
    const record = created.json() as { id: number; chemical: { name: string; molecular_weight: number } };
    expect(record.chemical.molecular_weight).toBe(46.069);

    const replaced = await request(
      'PUT',
      `${CHEMICALS}${record.id}/`,
      chemical({
        name: record.chemical.name,
        molecular_formula: 'CH4O',
        molecular_weight: '  ',
        quantity: 0,
      }),
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ chemical: { molecular_weight: 32.042 } });

    const patched = await request('PATCH', `${CHEMICALS}${record.id}/`, { molecular_weight: '' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ chemical: { molecular_weight: 32.042 } });
  });

  it('stays a number everywhere else: a blank purity is refused', async () => {
    const response = await request('POST', CHEMICALS, chemical({ purity: '' }));
    expect(response.json()).toEqual({ purity: ['A valid number is required.'] });
  });
});
