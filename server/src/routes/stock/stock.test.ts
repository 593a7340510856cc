import { buildTestApp, requestHelper, type HttpMethod, type TestApp } from '../../testing/testApp';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await t.signedInUser());
});
afterAll(() => t.close());

const call = requestHelper(
  () => t,
  () => token,
);

const CHEMICALS = '/api/storeobjects/chemicalobjs/';
const INSTRUMENTS = '/api/storeobjects/instrumentobjs/';
const GLASSWARES = '/api/storeobjects/glasswareobjs/';

let counter = 0;
/** A unique name per call, so tests sharing the database never collide on identifying fields. */
const unique = (base: string) => `${base} ${++counter}`;

const chemical = (overrides: object = {}) => ({
  name: unique('Ethanol'),
  CAS_RN: '64-17-5',
  molecular_formula: 'C2H6O',
  purity: 99.5,
  manufacturer: 'Merck',
  supplier: 'Daraz',
  state: 'LIQUID',
  quantity: 250.5,
  ...overrides,
});
const instrument = (overrides: object = {}) => ({
  name: unique('Spectrophotometer'),
  manufacturer: 'Shimadzu',
  supplier: 'Daraz',
  quantity: 3,
  ...overrides,
});
const glassware = (overrides: object = {}) => ({
  name: unique('Beaker'),
  manufacturer: 'Pyrex',
  supplier: 'Daraz',
  size: 250,
  material_type: 'Borosilicate',
  quantity: 20,
  ...overrides,
});

async function created(url: string, body: object) {
  const response = await call('POST', url, body);
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('read shapes (§4.1)', () => {
  it('creates and reads the three kinds in their nested shapes, numbers as JSON numbers', async () => {
    const chem = await created(CHEMICALS, chemical({ name: 'Ethanol' }));
    expect(chem).toEqual({
      id: expect.any(Number),
      chemical: {
        id: expect.any(Number),
        CAS_RN: '64-17-5',
        name: 'Ethanol',
        molecular_formula: 'C2H6O',
        molecular_weight: 46.069,
      },
      purity: 99.5,
      manufacturer: { id: expect.any(Number), name: 'Merck' },
      supplier: { id: expect.any(Number), name: 'Daraz' },
      state: 'LIQUID',
      quantity: 250.5,
      expiry_date: null,
      opened_on: null,
      minimum_quantity: null,
      storage_place: null,
      unit_price: null,
      hazard_statements: [],
      signal_word: null,
      signal_word_overridden: false,
      pictograms: [],
      storage_classes: [],
      version: 1,
    });
    const inst = await created(INSTRUMENTS, instrument({ name: 'Spectrophotometer' }));
    expect(inst).toEqual({
      id: expect.any(Number),
      instrument: { id: expect.any(Number), name: 'Spectrophotometer' },
      manufacturer: { id: expect.any(Number), name: 'Shimadzu' },
      supplier: { id: chem.supplier.id, name: 'Daraz' },
      quantity: 3,
      minimum_quantity: null,
      storage_place: null,
      unit_price: null,
      version: 1,
    });
    const glass = await created(GLASSWARES, glassware({ name: 'Beaker' }));
    expect(glass).toEqual({
      id: expect.any(Number),
      glassware: { id: expect.any(Number), name: 'Beaker' },
      manufacturer: { id: expect.any(Number), name: 'Pyrex' },
      supplier: { id: chem.supplier.id, name: 'Daraz' },
      size: 250,
      material_type: 'Borosilicate',
      quantity: 20,
      expiry_date: null,
      minimum_quantity: null,
      storage_place: null,
      unit_price: null,
      version: 1,
    });

    for (const [url, record] of [
      [CHEMICALS, chem],
      [INSTRUMENTS, inst],
      [GLASSWARES, glass],
    ]) {
      const one = await call('GET', `${url}${record.id}/`, undefined, {});
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual(record);
      expect(one.body).toContain(`"quantity":${record.quantity}`);
      const list = await call('GET', url, undefined, {});
      expect(list.json()).toContainEqual(record);
    }
  });

  it('lists id ascending, the same under /api/management/', async () => {
    await created(CHEMICALS, chemical());
    await created(CHEMICALS, chemical());
    const list = (await call('GET', CHEMICALS, undefined, {})).json() as { id: number }[];
    expect(list.map((record) => record.id)).toEqual(
      [...list.map((record) => record.id)].sort((a, b) => a - b),
    );
    expect((await call('GET', '/api/management/chemicals/', undefined, {})).json()).toEqual(list);
    expect((await call('GET', '/api/management/instruments', undefined, {})).json()).toEqual(
      (await call('GET', INSTRUMENTS, undefined, {})).json(),
    );
    expect((await call('GET', '/api/management/glasswares/', undefined, {})).json()).toEqual(
      (await call('GET', GLASSWARES, undefined, {})).json(),
    );
  });
});

describe('access (§1.5)', () => {
  it('serves public reads without a token and with a garbage or expired-looking one', async () => {
    const record = await created(INSTRUMENTS, instrument());
    const headerSets: Record<string, string>[] = [
      {},
      { authorization: 'Bearer garbage' },
      { authorization: 'Token x' },
    ];
    for (const headers of headerSets) {
      for (const url of [
        CHEMICALS,
        INSTRUMENTS,
        GLASSWARES,
        `${INSTRUMENTS}${record.id}/`,
        '/api/management/chemicals/',
        '/api/management/instruments/',
        '/api/management/glasswares/',
      ]) {
        expect((await call('GET', url, undefined, headers)).statusCode).toBe(200);
      }
    }
  });

  it('answers 401 to anonymous writes before the id and the body', async () => {
    const record = await created(GLASSWARES, glassware());
    const notProvided = { detail: 'Authentication credentials were not provided.' };
    const writes: [HttpMethod, string][] = [
      ['POST', CHEMICALS],
      ['POST', '/api/management/glasswares/'],
      ['PUT', `${GLASSWARES}${record.id}/`],
      ['PATCH', `${GLASSWARES}999999/`],
      ['PUT', `${CHEMICALS}999999/`],
      ['DELETE', `${INSTRUMENTS}999999/`],
      ['DELETE', `${GLASSWARES}${record.id}/`],
      ['GET', '/api/management/stock-ledger/?type=glassware&object_id=1'],
    ];
    for (const [method, url] of writes) {
      const response = await call(method, url, { quantity: 'not a number' }, {});
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(notProvided);
    }
    const garbage = await call('POST', CHEMICALS, chemical(), { authorization: 'Bearer garbage' });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toEqual({
      detail: 'Given token not valid for any token type',
      code: 'token_not_valid',
    });
    expect((await call('GET', `${GLASSWARES}${record.id}/`)).json()).toEqual(record);
  });

  it('answers 404 for unknown ids before validating the body, and 405 for other methods', async () => {
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of [
        `${CHEMICALS}999999/`,
        `${INSTRUMENTS}999999`,
        `${GLASSWARES}abc/`,
        `${CHEMICALS}0/`,
      ]) {
        const response = await call(method, url, { purity: 'bad' });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: 'Not found.' });
      }
    }
    const put = await call('PUT', '/api/management/chemicals/', chemical());
    expect(put.statusCode).toBe(405);
    expect(put.json()).toEqual({ detail: 'Method "PUT" not allowed.' });
    expect(put.headers.allow).toBe('GET, POST, HEAD, OPTIONS');
    expect((await call('DELETE', '/api/management/instruments/')).statusCode).toBe(405);
    expect((await call('POST', '/api/management/stock-ledger/')).statusCode).toBe(405);
  });
});

describe('validation (§4.3)', () => {
  it('reports every missing field at once', async () => {
    const required = ['This field is required.'];
    expect((await call('POST', CHEMICALS, {})).json()).toEqual({
      name: required,
      CAS_RN: required,
      molecular_formula: required,
      purity: required,
      manufacturer: required,
      supplier: required,
      state: required,
    });
    expect((await call('POST', INSTRUMENTS, {})).json()).toEqual({
      name: required,
      manufacturer: required,
      supplier: required,
    });
    expect((await call('POST', GLASSWARES, {})).json()).toEqual({
      name: required,
      manufacturer: required,
      supplier: required,
      size: required,
      material_type: required,
    });
  });

  it('reports every invalid chemical field at once with the API messages', async () => {
    const response = await call('POST', CHEMICALS, {
      name: '   ',
      CAS_RN: '64-17-6',
      molecular_formula: 'Xy2',
      molecular_weight: 0,
      purity: 100.5,
      manufacturer: 'M'.repeat(101),
      supplier: null,
      state: 'liquid',
      quantity: 1.2345,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      name: ['This field may not be blank.'],
      CAS_RN: ['Enter a valid CAS registry number.'],
      molecular_formula: ['Enter a valid molecular formula.'],
      molecular_weight: ['Ensure this value is greater than 0.'],
      purity: ['Ensure this value is less than or equal to 100.'],
      manufacturer: ['Ensure this field has no more than 100 characters.'],
      supplier: ['This field may not be null.'],
      state: ['"liquid" is not a valid choice.'],
      quantity: ['Ensure that there are no more than 3 decimal places.'],
    });
  });

  it.each([
    [{ purity: -0.01 }, { purity: ['Ensure this value is greater than or equal to 0.'] }],
    [{ purity: 99.555 }, { purity: ['Ensure that there are no more than 2 decimal places.'] }],
    [{ purity: 'pure' }, { purity: ['A valid number is required.'] }],
    [{ quantity: -1 }, { quantity: ['Ensure this value is greater than or equal to 0.'] }],
    [
      { quantity: 1_000_000_000.001 },
      { quantity: ['Ensure this value is less than or equal to 1000000000.'] },
    ],
    [{ molecular_weight: 'heavy' }, { molecular_weight: ['A valid number is required.'] }],
    [{ molecular_weight: -5 }, { molecular_weight: ['Ensure this value is greater than 0.'] }],
    [{ name: 'N'.repeat(301) }, { name: ['Ensure this field has no more than 300 characters.'] }],
    [{ name: ['Ethanol'] }, { name: ['Not a valid string.'] }],
    [
      { molecular_formula: 'H2O'.repeat(34) },
      { molecular_formula: ['Ensure this field has no more than 100 characters.'] },
    ],
    [{ CAS_RN: 7732185 }, { CAS_RN: ['Enter a valid CAS registry number.'] }],
  ])('rejects the chemical field %j', async (field, errors) => {
    const response = await call('POST', CHEMICALS, chemical(field));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
  });

  it('validates instrument and glassware quantities and sizes as integers', async () => {
    expect((await call('POST', GLASSWARES, glassware({ size: 2_147_483_648 }))).json()).toEqual({
      size: ['Ensure this value is less than or equal to 2147483647.'],
    });
    expect((await call('POST', INSTRUMENTS, instrument({ quantity: 1.5 }))).json()).toEqual({
      quantity: ['A valid integer is required.'],
    });
    expect(
      (
        await call('POST', GLASSWARES, glassware({ size: -1, material_type: 'x'.repeat(51), quantity: -2 }))
      ).json(),
    ).toEqual({
      size: ['Ensure this value is greater than or equal to 0.'],
      material_type: ['Ensure this field has no more than 50 characters.'],
      quantity: ['Ensure this value is greater than or equal to 0.'],
    });
  });

  it('requires every field on PUT, quantity included, and nothing on PATCH', async () => {
    const record = await created(INSTRUMENTS, instrument());
    const { quantity: _quantity, ...withoutQuantity } = instrument({ name: record.instrument.name });
    const put = await call('PUT', `${INSTRUMENTS}${record.id}/`, withoutQuantity);
    expect(put.statusCode).toBe(400);
    expect(put.json()).toEqual({ quantity: ['This field is required.'] });
    const patch = await call('PATCH', `${INSTRUMENTS}${record.id}/`, {});
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toEqual(record);
    const badPatch = await call('PATCH', `${INSTRUMENTS}${record.id}/`, { name: '', quantity: -1 });
    expect(badPatch.json()).toEqual({
      name: ['This field may not be blank.'],
      quantity: ['Ensure this value is greater than or equal to 0.'],
    });
  });

  it('defaults the quantity to 0 on create and accepts numeric strings', async () => {
    const { quantity: _quantity, ...body } = chemical({ purity: '98.25' });
    const record = await created(CHEMICALS, body);
    expect(record.quantity).toBe(0);
    expect(record.purity).toBe(98.25);
  });
});

describe('alternative forms (§4.3, §5)', () => {
  it('accepts the catalog fields nested as read and {"name"} objects for the trade names', async () => {
    const name = unique('Acetone');
    const record = await created(CHEMICALS, {
      chemical: { id: 99, name, CAS_RN: '67-64-1', molecular_formula: 'C3H6O', molecular_weight: 58.08 },
      purity: 99,
      manufacturer: { id: 12345, name: 'Sigma' },
      supplier: { name: 'Daraz' },
      state: 'LIQUID',
    });
    expect(record.chemical).toMatchObject({
      name,
      CAS_RN: '67-64-1',
      molecular_formula: 'C3H6O',
      molecular_weight: 58.08,
    });
    expect(record.manufacturer.name).toBe('Sigma');
    // What a client read can be sent back as a PUT.
    const { id, ...readBack } = record;
    const put = await call('PUT', `${CHEMICALS}${id}/`, { ...readBack, quantity: 5 });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ ...record, quantity: 5, version: record.version + 1 });
  });

  it('prefers the flat field and keys nested errors by the flat name', async () => {
    const response = await call('POST', CHEMICALS, {
      ...chemical(),
      name: undefined,
      CAS_RN: undefined,
      chemical: { name: '', CAS_RN: '1-11-1' },
      manufacturer: { id: 1 },
    });
    expect(response.json()).toEqual({
      name: ['This field may not be blank.'],
      CAS_RN: ['Enter a valid CAS registry number.'],
      manufacturer: ['This field is required.'],
    });
    const flatWins = await created(
      CHEMICALS,
      chemical({ name: 'Flat name', chemical: { name: 'Nested name' } }),
    );
    expect(flatWins.chemical.name).toBe('Flat name');
  });

  it('takes glassware and instrument names as plain strings, objects or flat names (management create)', async () => {
    const fromObject = await created('/api/management/glasswares/', {
      ...glassware({ name: undefined, quantity: 0 }),
      glassware: { name: 'Conical flask' },
      store: 1,
    });
    expect(fromObject.glassware.name).toBe('Conical flask');
    const fromString = await created('/api/management/glasswares/', {
      ...glassware({ name: undefined, size: 500 }),
      glassware: 'conical FLASK',
    });
    expect(fromString.glassware).toEqual(fromObject.glassware);
    const flat = await created('/api/management/instruments/', instrument({ name: 'Centrifuge', store: 1 }));
    const plain = await created('/api/management/instruments/', {
      ...instrument({ name: undefined, manufacturer: 'Hettich' }),
      instrument: ' centrifuge ',
    });
    expect(plain.instrument).toEqual(flat.instrument);
    const chem = await created('/api/management/chemicals/', { ...chemical({ quantity: 0 }), store: 1 });
    expect(chem.quantity).toBe(0);
  });
});

describe('catalog entries are found or created by name (§4.4)', () => {
  it('reuses entries case-insensitively and keeps their spelling', async () => {
    const first = await created(
      GLASSWARES,
      glassware({
        name: 'Test tube',
        manufacturer: 'Merck',
        supplier: 'Lab Supplies',
        material_type: 'Soda-lime',
        size: 10,
      }),
    );
    const second = await created(
      GLASSWARES,
      glassware({
        name: '  test TUBE ',
        manufacturer: 'merck',
        supplier: 'LAB supplies ',
        material_type: 'soda-LIME',
        size: 20,
      }),
    );
    expect(second.glassware).toEqual(first.glassware);
    expect(second.manufacturer).toEqual({ id: first.manufacturer.id, name: 'Merck' });
    expect(second.supplier).toEqual(first.supplier);
    // The material type belongs to the record and keeps the spelling sent.
    expect(second.material_type).toBe('soda-LIME');
    expect(second.id).not.toBe(first.id);
  });

  it("sets a reused chemical's CAS RN, formula and weight, visible in its other records", async () => {
    const name = unique('Sodium chloride');
    const first = await created(
      CHEMICALS,
      chemical({ name, CAS_RN: '7647-14-5', molecular_formula: 'NaCl', state: 'SOLID' }),
    );
    expect(first.chemical.molecular_weight).toBe(58.44);
    const second = await created(
      CHEMICALS,
      chemical({
        name: name.toUpperCase(),
        CAS_RN: '7732-18-5',
        molecular_formula: 'NaCl2',
        purity: 50,
        state: 'SOLID',
      }),
    );
    expect(second.chemical).toEqual({
      id: first.chemical.id,
      name,
      CAS_RN: '7732-18-5',
      molecular_formula: 'NaCl2',
      molecular_weight: 93.89,
    });
    expect((await call('GET', `${CHEMICALS}${first.id}/`)).json().chemical).toEqual(second.chemical);
    // A PATCH of the formula alone recomputes the weight for every record of the chemical.
    await call('PATCH', `${CHEMICALS}${second.id}/`, { molecular_formula: 'NaCl' });
    expect((await call('GET', `${CHEMICALS}${first.id}/`)).json().chemical).toMatchObject({
      molecular_formula: 'NaCl',
      molecular_weight: 58.44,
    });
    // A weight given is stored as given, rounded to 3 decimals.
    await call('PATCH', `${CHEMICALS}${first.id}/`, { molecular_weight: 58.4426 });
    expect((await call('GET', `${CHEMICALS}${second.id}/`)).json().chemical.molecular_weight).toBe(58.443);
    await call('PATCH', `${CHEMICALS}${first.id}/`, { molecular_weight: null });
    expect((await call('GET', `${CHEMICALS}${second.id}/`)).json().chemical.molecular_weight).toBe(58.44);
  });

  it('lets two chemicals share a CAS RN, so a PUT can correct a misspelt name', async () => {
    const record = await created(CHEMICALS, chemical({ name: 'Etanol', CAS_RN: '64-17-5' }));
    const put = await call(
      'PUT',
      `${CHEMICALS}${record.id}/`,
      chemical({ name: 'Ethanol (corrected)', quantity: record.quantity }),
    );
    expect(put.statusCode).toBe(200);
    expect(put.json().chemical).toMatchObject({ name: 'Ethanol (corrected)', CAS_RN: '64-17-5' });
    expect(put.json().chemical.id).not.toBe(record.chemical.id);
  });

  it('records a search change for every record whose shown values changed', async () => {
    const name = unique('Glycerol');
    const a = await created(CHEMICALS, chemical({ name, CAS_RN: '56-81-5', molecular_formula: 'C3H8O3' }));
    const b = await created(
      CHEMICALS,
      chemical({ name, CAS_RN: '56-81-5', molecular_formula: 'C3H8O3', purity: 90 }),
    );
    const before = await t.db
      .selectFrom('search_changes')
      .select(({ fn }) => fn.max('seq').as('seq'))
      .executeTakeFirstOrThrow();
    await call('PATCH', `${CHEMICALS}${b.id}/`, { CAS_RN: '7732-18-5' });
    const changes = await t.db
      .selectFrom('search_changes')
      .select(['object_type', 'object_id'])
      .where('seq', '>', Number(before.seq))
      .execute();
    expect(changes).toEqual(
      expect.arrayContaining([
        { object_type: 'CHEMICAL', object_id: a.id },
        { object_type: 'CHEMICAL', object_id: b.id },
      ]),
    );
    expect(changes).toHaveLength(2);
  });
});

describe('uniqueness (§4.4)', () => {
  const duplicate = { non_field_errors: ['A stock record with these identifying fields already exists.'] };

  it('refuses a duplicate on create, compared after catalog resolution', async () => {
    const body = chemical();
    await created(CHEMICALS, body);
    const again = await call('POST', CHEMICALS, {
      ...body,
      name: body.name.toUpperCase(),
      manufacturer: 'MERCK',
      quantity: 1,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(duplicate);
    const glass = glassware();
    await created(GLASSWARES, glass);
    expect((await call('POST', GLASSWARES, { ...glass, material_type: 'BOROSILICATE ' })).json()).toEqual(
      duplicate,
    );
    expect((await call('POST', GLASSWARES, { ...glass, size: 500 })).statusCode).toBe(201);
    const inst = instrument();
    await created('/api/management/instruments/', inst);
    expect((await call('POST', '/api/management/instruments/', inst)).json()).toEqual(duplicate);
  });

  it('refuses a PUT or PATCH that makes a record equal to another, and changes nothing', async () => {
    const a = await created(CHEMICALS, chemical({ purity: 90 }));
    const b = await created(CHEMICALS, chemical({ name: a.chemical.name, purity: 80 }));
    const patch = await call('PATCH', `${CHEMICALS}${b.id}/`, { purity: 90, quantity: 1 });
    expect(patch.statusCode).toBe(400);
    expect(patch.json()).toEqual(duplicate);
    const put = await call(
      'PUT',
      `${CHEMICALS}${b.id}/`,
      chemical({ name: a.chemical.name, purity: 90, manufacturer: 'merck', quantity: 7 }),
    );
    expect(put.json()).toEqual(duplicate);
    expect((await call('GET', `${CHEMICALS}${b.id}/`)).json()).toEqual(b);
    const ledger = await call('GET', `/api/management/stock-ledger/?type=chemical&object_id=${b.id}`);
    expect(ledger.json()).toHaveLength(1);
    // A record may be written with its own identifying fields.
    expect((await call('PATCH', `${CHEMICALS}${b.id}/`, { purity: 80 })).statusCode).toBe(200);
    const i1 = await created(INSTRUMENTS, instrument());
    const i2 = await created(INSTRUMENTS, instrument());
    expect((await call('PATCH', `${INSTRUMENTS}${i2.id}/`, { name: i1.instrument.name })).json()).toEqual(
      duplicate,
    );
  });

  it('refuses the loser of concurrent identical creates with the same 400', async () => {
    const body = instrument();
    const responses = await Promise.all(Array.from({ length: 5 }, () => call('POST', INSTRUMENTS, body)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400, 400, 400, 400]);
    for (const response of responses.filter((r) => r.statusCode === 400))
      expect(response.json()).toEqual(duplicate);
  });
});

describe('molar masses and CAS numbers through the API (§4.5, §4.6)', () => {
  it.each([
    ['H2O', 18.015],
    ['HCl', 36.461],
    ['Ca(OH)2', 74.093],
    ['(NH4)2SO4', 132.14],
    ['C12H22O11', 342.3],
    ['(CH2)12', 168.32],
    ['((CH3)3C)2O', 130.23],
    ['K4[Fe(CN)6]', 368.35],
    ['CuSO4·5H2O', 249.68],
    ['Na2CO3.10H2O', 286.14],
    ['CuSO4*5H2O', 249.68],
    ['C2H5OH', 46.069],
  ])('computes the molar mass of %s', async (formula, mass) => {
    const record = await created(CHEMICALS, chemical({ molecular_formula: formula }));
    expect(record.chemical.molecular_formula).toBe(formula);
    expect(Math.abs(record.chemical.molecular_weight - mass)).toBeLessThan(0.05);
    expect(record.chemical.molecular_weight).toBe(Math.round(record.chemical.molecular_weight * 1000) / 1000);
  });

  it.each(['Xy', 'h2o', 'H2O)', '(H2O', '()', 'H0', 'H2 O', 'SO4^2-', 'Na+', 'CuSO4··5H2O'])(
    'rejects the formula %j even when a weight is given',
    async (formula) => {
      const response = await call(
        'POST',
        CHEMICALS,
        chemical({ molecular_formula: formula, molecular_weight: 10 }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ molecular_formula: ['Enter a valid molecular formula.'] });
    },
  );

  it.each(['7732-18-5', '64-17-5', '50-00-0', '7440-57-5', '1333-74-0', '10028-15-6'])(
    'accepts the CAS number %s',
    async (cas) => {
      expect((await call('POST', CHEMICALS, chemical({ CAS_RN: cas }))).statusCode).toBe(201);
    },
  );

  it.each([
    '7732-18-4',
    '64-17-0',
    '0732-18-5',
    '7-18-5',
    '12345678-18-5',
    '7732-1-5',
    '7732185',
    '7732-18-5 x',
    '',
  ])('rejects the CAS number %j', async (cas) => {
    const response = await call('POST', CHEMICALS, chemical({ CAS_RN: cas }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      CAS_RN: [cas === '' ? 'This field may not be blank.' : 'Enter a valid CAS registry number.'],
    });
  });
});

describe('delete (§4.7)', () => {
  it('deletes a record with its ADJUSTMENT entries and answers 404 afterwards', async () => {
    const record = await created(GLASSWARES, glassware({ quantity: 5 }));
    await call('PATCH', `${GLASSWARES}${record.id}/`, { quantity: 8 });
    const response = await call('DELETE', `${GLASSWARES}${record.id}/`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await call('GET', `${GLASSWARES}${record.id}/`)).statusCode).toBe(404);
    expect((await call('DELETE', `${GLASSWARES}${record.id}/`)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/management/stock-ledger/?type=glassware&object_id=${record.id}`)).statusCode,
    ).toBe(404);
    const left = await t.db
      .selectFrom('stock_ledger')
      .select('id')
      .where('object_type', '=', 'GLASSWARE')
      .where('object_id', '=', record.id)
      .execute();
    expect(left).toEqual([]);
    // Catalog entries stay.
    const again = await created(GLASSWARES, glassware({ name: record.glassware.name.toLowerCase() }));
    expect(again.glassware).toEqual(record.glassware);
  });

  it('answers 409 naming the history that still refers to the record, and keeps everything', async () => {
    const record = await created(CHEMICALS, chemical({ quantity: 10 }));
    const entry = (kind: 'SHIPMENT' | 'ISSUE') => ({
      created_at: new Date().toISOString(),
      kind,
      object_type: 'CHEMICAL' as const,
      object_id: record.id,
      change: 1000,
      balance: 11000,
      shipment_id: null,
      issue_id: null,
      user_id: null,
      user_email: 'someone@lab.org',
    });
    await t.db.insertInto('stock_ledger').values(entry('SHIPMENT')).execute();
    const shipped = await call('DELETE', `${CHEMICALS}${record.id}/`);
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json()).toEqual({
      detail: 'This stock record cannot be deleted: it is referenced by shipment history.',
    });
    await t.db.insertInto('stock_ledger').values(entry('ISSUE')).execute();
    expect((await call('DELETE', `${CHEMICALS}${record.id}/`)).json()).toEqual({
      detail: 'This stock record cannot be deleted: it is referenced by shipment history and issue history.',
    });
    expect((await call('GET', `${CHEMICALS}${record.id}/`)).json()).toEqual(record);
    const ledger = await call('GET', `/api/management/stock-ledger/?type=chemical&object_id=${record.id}`);
    expect(
      ledger
        .json()
        .map((e: { kind: string }) => e.kind)
        .sort(),
    ).toEqual(['ADJUSTMENT', 'ISSUE', 'SHIPMENT']);
  });
});
