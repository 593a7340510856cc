import { sql } from 'kysely';
import { buildTestApp, requestHelper, type TestApp } from '../../testing/testApp';

// Paging, ordering and search on the six stock lists (docs/api.md). Expected orders are computed here from the
// full list, so SQLite and PostgreSQL must both give exactly these answers.

let t: TestApp;
let token: string;

const call = requestHelper(
  () => t,
  () => token,
);

const CHEMICALS = '/api/storeobjects/chemicalobjs/';
const INSTRUMENTS = '/api/storeobjects/instrumentobjs/';
const GLASSWARES = '/api/storeobjects/glasswareobjs/';
const HOST = 'store.lab.org:8000';

interface ChemicalRecord {
  id: number;
  chemical: { name: string; CAS_RN: string; molecular_formula: string; molecular_weight: number };
  purity: number;
  manufacturer: { name: string };
  supplier: { name: string };
  state: string;
  quantity: number;
}

interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

// Names mix cases, hold `%`, `_` and a letter beyond ASCII; purities, quantities and names tie, so the id
// tie-break shows (`ETHANOL` reuses the catalog entry `ethanol`, §4.4).
const CHEMICAL_FIXTURE = [
  ['ethanol', '64-17-5', 'C2H6O', 99.5, 'Merck', 'Daraz', 'LIQUID', 250.5],
  ['Acetone', '67-64-1', 'C3H6O', 99, 'sigma', 'Daraz', 'LIQUID', 10],
  ['Benzene', '71-43-2', 'C6H6', 99.5, 'Merck', 'LabX', 'LIQUID', 10],
  ['zinc oxide', '1314-13-2', 'ZnO', 98, 'Alfa', 'LabX', 'SOLID', 500],
  ['Acetic acid 100%', '64-19-7', 'C2H4O2', 100, 'sigma', 'Daraz', 'LIQUID', 0],
  ['Sodium_chloride', '7647-14-5', 'NaCl', 99.5, 'Alfa', 'Daraz', 'SOLID', 1000],
  ['Ethanol absolute', '64-17-5', 'C2H6O', 99.9, 'sigma', 'LabX', 'LIQUID', 10],
  ['water', '7732-18-5', 'H2O', 100, 'merck', 'LabX', 'LIQUID', 2000],
  ['ETHANOL', '64-17-5', 'C2H6O', 96, 'Alfa', 'Daraz', 'LIQUID', 0.5],
  ['Éther', '60-29-7', 'C4H10O', 99, 'Merck', 'Daraz', 'LIQUID', 100],
] as const;

const CHEMICAL_FIELDS = [
  'name',
  'CAS_RN',
  'molecular_formula',
  'purity',
  'manufacturer',
  'supplier',
  'state',
  'quantity',
] as const;

let chemicals: ChemicalRecord[];

async function create(url: string, body: object) {
  const response = await call('POST', url, body);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await t.signedInUser());
  for (const values of CHEMICAL_FIXTURE) {
    await create(
      CHEMICALS,
      Object.fromEntries(CHEMICAL_FIELDS.map((field, index) => [field, values[index]])),
    );
  }
  for (const [name, manufacturer, quantity] of [
    ['Centrifuge', 'Eppendorf', 2],
    ['balance', 'Mettler', 5],
    ['pH meter', 'Mettler', 2],
  ] as const) {
    await create(INSTRUMENTS, { name, manufacturer, supplier: 'Daraz', quantity });
  }
  for (const [name, size, material_type, quantity] of [
    ['Beaker', 250, 'Borosilicate', 20],
    ['beaker', 1500, 'quartz', 4],
    ['Flask', 500, 'Borosilicate', 20],
  ] as const) {
    await create(GLASSWARES, {
      name,
      size,
      material_type,
      quantity,
      manufacturer: 'Pyrex',
      supplier: 'Daraz',
    });
  }
  chemicals = (await call('GET', CHEMICALS, undefined, {})).json();
});
afterAll(() => t.close());

const get = (path: string) => call('GET', path, undefined, { host: HOST });

async function page<T = ChemicalRecord>(path: string): Promise<Page<T>> {
  const response = await get(path);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json();
}

const ids = (records: readonly { id: number }[]) => records.map((record) => record.id);

describe('the full list without limit', () => {
  it('stays the array of every record, id ascending, with a JSON content type', async () => {
    const response = await get(`${CHEMICALS}?offset=3&unknown=1`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(chemicals);
    expect(ids(chemicals)).toEqual([...ids(chemicals)].sort((a, b) => a - b));
    expect(chemicals).toHaveLength(CHEMICAL_FIXTURE.length);
  });

  it('is searched and ordered when asked, still as an array', async () => {
    const response = await get(`${CHEMICALS}?search=ethanol&ordering=-purity`);
    expect(response.json()).toEqual(
      chemicals
        .filter((record) => record.chemical.name.toLowerCase().includes('ethanol'))
        .sort((a, b) => b.purity - a.purity),
    );
  });
});

describe('pages (limit and offset)', () => {
  const base = `http://${HOST}${CHEMICALS}`;

  it('gives count, next and previous at the first, a middle and the last page', async () => {
    const first = await page(`${CHEMICALS}?limit=4`);
    expect(first).toEqual({
      count: 10,
      next: `${base}?limit=4&offset=4`,
      previous: null,
      results: chemicals.slice(0, 4),
    });
    const middle = await page(`${CHEMICALS}?limit=4&offset=4`);
    expect(middle).toEqual({
      count: 10,
      next: `${base}?limit=4&offset=8`,
      previous: `${base}?limit=4`,
      results: chemicals.slice(4, 8),
    });
    const last = await page(`${CHEMICALS}?offset=8&limit=4`);
    expect(last).toEqual({
      count: 10,
      next: null,
      previous: `${base}?limit=4&offset=4`,
      results: chemicals.slice(8),
    });
  });

  it('drops the offset from a previous link that would reach the start, and keeps other parameters', async () => {
    const response = await page(`${CHEMICALS}?search=LIQUID&offset=2&limit=3&x=a+b`);
    expect(response.previous).toBe(`${base}?limit=3&search=LIQUID&x=a+b`);
    expect(response.next).toBe(`${base}?limit=3&offset=5&search=LIQUID&x=a+b`);
  });

  it('answers an offset past the end with no results', async () => {
    expect(await page(`${CHEMICALS}?limit=5&offset=50`)).toEqual({
      count: 10,
      next: null,
      previous: `${base}?limit=5&offset=45`,
      results: [],
    });
  });

  it('ends exactly: a page reaching the last record has no next link', async () => {
    const response = await page(`${CHEMICALS}?limit=10`);
    expect(response.next).toBeNull();
    expect(response.results).toEqual(chemicals);
  });

  it('is served by all six list routes', async () => {
    for (const [path, count] of [
      [CHEMICALS, 10],
      ['/api/management/chemicals', 10],
      [INSTRUMENTS, 3],
      ['/api/management/instruments/', 3],
      [GLASSWARES, 3],
      ['/api/management/glasswares/', 3],
    ] as const) {
      const response = await page<{ id: number }>(`${path}?limit=2`);
      expect(response.count).toBe(count);
      expect(response.results).toHaveLength(2);
      expect(response.next).toBe(`http://${HOST}${path}?limit=2&offset=2`);
    }
  });

  it('refuses out-of-range and malformed values in the contract field-error shape, all fields at once', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['limit=0', { limit: ['Ensure this value is greater than or equal to 1.'] }],
      ['limit=-5', { limit: ['Ensure this value is greater than or equal to 1.'] }],
      ['limit=1001', { limit: ['Ensure this value is less than or equal to 1000.'] }],
      ['limit=abc', { limit: ['A valid integer is required.'] }],
      ['limit=2.5', { limit: ['A valid integer is required.'] }],
      ['limit=', { limit: ['A valid integer is required.'] }],
      ['limit=5&offset=-1', { offset: ['Ensure this value is greater than or equal to 0.'] }],
      ['limit=5&offset=x', { offset: ['A valid integer is required.'] }],
      ['limit=5&ordering=colour', { ordering: ['"colour" is not a valid choice.'] }],
      [
        'ordering=name,-size,--name',
        { ordering: ['"-size" is not a valid choice.', '"--name" is not a valid choice.'] },
      ],
      [`search=${'a'.repeat(201)}`, { search: ['Ensure this field has no more than 200 characters.'] }],
      [
        'limit=0&offset=-1&ordering=price',
        {
          limit: ['Ensure this value is greater than or equal to 1.'],
          offset: ['Ensure this value is greater than or equal to 0.'],
          ordering: ['"price" is not a valid choice.'],
        },
      ],
    ];
    for (const [query, errors] of cases) {
      const response = await get(`${CHEMICALS}?${query}`);
      expect({ query, status: response.statusCode, body: response.json() }).toEqual({
        query,
        status: 400,
        body: errors,
      });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('refuses a Host header that cannot make the links absolute', async () => {
    const response = await call('GET', `${CHEMICALS}?limit=2`, undefined, { host: 'bad host' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Invalid Host header.' });
  });
});

describe('ordering', () => {
  type Value = string | number;
  const chemicalValues: Record<string, (record: ChemicalRecord) => Value> = {
    id: (record) => record.id,
    name: (record) => record.chemical.name.toLowerCase(),
    CAS_RN: (record) => record.chemical.CAS_RN,
    molecular_formula: (record) => record.chemical.molecular_formula.toLowerCase(),
    molecular_weight: (record) => record.chemical.molecular_weight,
    purity: (record) => record.purity,
    quantity: (record) => record.quantity,
    state: (record) => record.state,
    manufacturer: (record) => record.manufacturer.name.toLowerCase(),
    supplier: (record) => record.supplier.name.toLowerCase(),
  };
  const compare = (a: Value, b: Value) => (a < b ? -1 : a > b ? 1 : 0);

  /** The records sorted by the fields, ties by id in the direction of the last field. */
  function sorted(fields: string[]): number[] {
    const keys = fields.map((field) => ({
      value: chemicalValues[field.replace(/^-/, '')],
      sign: field.startsWith('-') ? -1 : 1,
    }));
    keys.push({ value: chemicalValues.id, sign: keys[keys.length - 1].sign });
    return ids(
      [...chemicals].sort((a, b) => {
        for (const { value, sign } of keys) {
          const order = compare(value(a), value(b));
          if (order !== 0) return sign * order;
        }
        return 0;
      }),
    );
  }

  it.each(Object.keys(chemicalValues))('orders chemicals by %s, ascending and descending', async (field) => {
    const ascending = await page(`${CHEMICALS}?limit=100&ordering=${field}`);
    expect(ids(ascending.results)).toEqual(sorted([field]));
    const descending = await page(`${CHEMICALS}?limit=100&ordering=-${field}`);
    expect(ids(descending.results)).toEqual(sorted([`-${field}`]));
    expect(ids(descending.results)).toEqual(ids(ascending.results).reverse());
  });

  it('compares names case-insensitively and breaks ties by id', async () => {
    const names = (await page(`${CHEMICALS}?limit=100&ordering=name`)).results.map(
      (record) => record.chemical.name,
    );
    expect(names.slice(0, 5)).toEqual(['Acetic acid 100%', 'Acetone', 'Benzene', 'ethanol', 'ethanol']);
    const tied = (await page(`${CHEMICALS}?limit=100&ordering=purity`)).results.filter(
      (record) => record.purity === 99.5,
    );
    expect(ids(tied)).toEqual([...ids(tied)].sort((a, b) => a - b));
  });

  it('takes several fields, and keeps the order across pages', async () => {
    const expected = sorted(['state', '-quantity']);
    expect(ids((await page(`${CHEMICALS}?limit=100&ordering=state,-quantity`)).results)).toEqual(expected);
    const pages = [];
    for (let offset = 0; offset < expected.length; offset += 2) {
      pages.push(...(await page(`${CHEMICALS}?limit=2&offset=${offset}&ordering=state,+-quantity`)).results);
    }
    expect(ids(pages)).toEqual(expected);
  });

  it('orders instruments and glassware by their own columns', async () => {
    const instruments = await page<{ instrument: { name: string }; quantity: number }>(
      `${INSTRUMENTS}?limit=10&ordering=-quantity,name`,
    );
    expect(instruments.results.map((record) => record.instrument.name)).toEqual([
      'balance',
      'Centrifuge',
      'pH meter',
    ]);
    const glassware = await page<{ size: number; material_type: string }>(
      `${GLASSWARES}?limit=10&ordering=-size`,
    );
    expect(glassware.results.map((record) => record.size)).toEqual([1500, 500, 250]);
    const byMaterial = await page<{ material_type: string }>(`${GLASSWARES}?limit=10&ordering=material_type`);
    expect(byMaterial.results.map((record) => record.material_type)).toEqual([
      'Borosilicate',
      'Borosilicate',
      'quartz',
    ]);
    expect((await get(`${INSTRUMENTS}?limit=10&ordering=size`)).json()).toEqual({
      ordering: ['"size" is not a valid choice.'],
    });
  });
});

describe('search', () => {
  const names = async (query: string) => {
    const response = await page(`${CHEMICALS}?limit=100&${query}`);
    expect(response.count).toBe(response.results.length);
    return response.results.map((record) => record.chemical.name);
  };

  it('matches any searched column, case-insensitively, in id order', async () => {
    expect(await names('search=ETHANOL')).toEqual(['ethanol', 'Ethanol absolute', 'ethanol']);
    expect(await names('search=67-64')).toEqual(['Acetone']);
    expect(await names('search=c6h6')).toEqual(['Benzene']);
    expect(await names('search=Solid')).toEqual(['zinc oxide', 'Sodium_chloride']);
    expect(await names('search=labx')).toEqual(['Benzene', 'zinc oxide', 'Ethanol absolute', 'water']);
    expect(await names('search=MERCK')).toEqual(['ethanol', 'Benzene', 'water', 'Éther']);
    expect(await names('search=%C3%89THER')).toEqual(['Éther']);
  });

  it('needs every word to match, each in any column', async () => {
    expect(await names('search=ethanol+sigma')).toEqual(['Ethanol absolute']);
    expect(await names('search=%20daraz%20%20LIQUID%20')).toEqual([
      'ethanol',
      'Acetone',
      'Acetic acid 100%',
      'ethanol',
      'Éther',
    ]);
    expect(await names('search=ethanol+nowhere')).toEqual([]);
  });

  it('takes % and _ as plain characters', async () => {
    expect(await names('search=%25')).toEqual(['Acetic acid 100%']);
    expect(await names('search=_')).toEqual(['Sodium_chloride']);
    expect(await names('search=acetic_acid')).toEqual([]);
  });

  it('counts only the matches, pages through them and orders them', async () => {
    const first = await page(`${CHEMICALS}?search=liquid&ordering=-quantity&limit=2`);
    expect(first.count).toBe(8);
    expect(first.results.map((record) => record.quantity)).toEqual([2000, 250.5]);
    expect(first.next).toBe(`http://${HOST}${CHEMICALS}?limit=2&offset=2&ordering=-quantity&search=liquid`);
    const none = await page(`${CHEMICALS}?search=nothing-like-this&limit=2`);
    expect(none).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('treats a blank search as none and refuses control characters', async () => {
    expect((await page(`${CHEMICALS}?search=%20%20&limit=100`)).results).toEqual(chemicals);
    const nul = await t.app.inject({ url: `${CHEMICALS}?search=eth%00anol` });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({
      search: ['This field may not contain control characters or bidirectional overrides (found U+0000).'],
    });
  });

  it('searches glassware sizes and material types, and instrument names', async () => {
    const glassware = await page<{ glassware: { name: string }; size: number }>(
      `${GLASSWARES}?limit=10&search=50`,
    );
    expect(glassware.results.map((record) => record.size)).toEqual([250, 1500, 500]);
    const quartz = await page<{ material_type: string }>(`${GLASSWARES}?limit=10&search=QUARTZ`);
    expect(quartz.results.map((record) => record.material_type)).toEqual(['quartz']);
    const instruments = await page<{ instrument: { name: string } }>(
      `${INSTRUMENTS}?limit=10&search=mettler+ph`,
    );
    expect(instruments.results.map((record) => record.instrument.name)).toEqual(['pH meter']);
  });
});

describe("the database's collation", () => {
  // A PostgreSQL database may sort text by a locale (here ICU's English, as in an en_US database) that puts É
  // beside E; the lists still order byte by byte, as on SQLite.
  beforeAll(async () => {
    if (t.app.dialect !== 'postgres') return;
    for (const table of ['chemicals', 'manufacturers', 'suppliers']) {
      await sql`alter table ${sql.table(table)} alter column name_key type varchar(300) collate "en-US-x-icu"`.execute(
        t.db,
      );
    }
  });

  it('does not decide the order of names', async () => {
    const names = (await page(`${CHEMICALS}?limit=100&ordering=-name`)).results.map(
      (record) => record.chemical.name,
    );
    expect(names.slice(0, 3)).toEqual(['Éther', 'zinc oxide', 'water']);
  });
});

describe('the OpenAPI document', () => {
  it('describes the paging, ordering and search parameters and both answers of the six lists', async () => {
    const document = (await get('/api/docs/json')).json() as {
      paths: Record<string, { get: { parameters: { name: string }[]; responses: Record<string, unknown> } }>;
    };
    for (const path of [
      CHEMICALS,
      INSTRUMENTS,
      GLASSWARES,
      '/api/management/chemicals/',
      '/api/management/instruments/',
      '/api/management/glasswares/',
    ]) {
      const list = document.paths[path].get;
      // Chemicals are also filtered by their hazards (issue 33, item 6).
      const hazard = path.includes('chemical') ? ['hazard'] : [];
      expect(list.parameters.map((parameter) => parameter.name)).toEqual([
        'limit',
        'offset',
        'ordering',
        'search',
        ...hazard,
      ]);
      expect(list.responses['200']).toMatchObject({
        content: {
          'application/json': {
            schema: {
              anyOf: [
                { type: 'array' },
                { type: 'object', required: ['count', 'next', 'previous', 'results'] },
              ],
            },
          },
        },
      });
    }
  });
});
