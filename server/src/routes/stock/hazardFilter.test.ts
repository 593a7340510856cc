import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { hazardCodeCondition } from '../../db/repositories/stockListing';
import { createStockRecord } from '../../testing/stockApi';
import { authHeader, buildTestApp, type TestApp } from '../../testing/testApp';

// The Store's hazard filter and the hazard columns of its files (issue 33, item 6; docs/api.md, 'Hazard filter').

let t: TestApp;
let token: string;

const CHEMICALS = '/api/storeobjects/chemicalobjs/';

/** Substances with their real CAS numbers and H-codes, so that each is its own substance. */
const SUBSTANCES = {
  benzene: { name: 'Benzene', CAS_RN: '71-43-2', molecular_formula: 'C6H6', codes: ['H225', 'H304', 'H350'] },
  methanol: {
    name: 'Methanol',
    CAS_RN: '67-56-1',
    molecular_formula: 'CH4O',
    codes: ['H225', 'H301', 'H370'],
  },
  caffeine: { name: 'Caffeine', CAS_RN: '58-08-2', molecular_formula: 'C8H10N4O2', codes: ['H302'] },
  hydroxide: {
    name: 'Sodium hydroxide',
    CAS_RN: '1310-73-2',
    molecular_formula: 'HNaO',
    codes: ['H290', 'H314'],
  },
  salt: { name: 'Sodium chloride', CAS_RN: '7647-14-5', molecular_formula: 'ClNa', codes: [] },
};
type Substance = keyof typeof SUBSTANCES;
const ids = {} as Record<Substance, number>;

beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await t.signedInUser());
  for (const [key, { codes, ...substance }] of Object.entries(SUBSTANCES)) {
    ids[key as Substance] = await createStockRecord(t, token, 'chemical', 100, substance.name, {
      ...substance,
      hazard_statements: codes,
    });
  }
  await createStockRecord(t, token, 'instrument', 2, 'Spectrophotometer');
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url, headers: authHeader(token) });
const namesOf = (records: { chemical: { name: string } }[]) => records.map((record) => record.chemical.name);

describe('the hazard filter of the chemical list', () => {
  it('keeps the chemicals of a group, whole or paged', async () => {
    const flammable = await get(`${CHEMICALS}?hazard=flammable`);
    expect(flammable.statusCode).toBe(200);
    expect(namesOf(flammable.json())).toEqual(['Benzene', 'Methanol']);

    const cmr = await get(`${CHEMICALS}?hazard=cmr&limit=10`);
    expect(cmr.json()).toMatchObject({ count: 1, results: [{ id: ids.benzene }] });
    // Only the skull and crossbones is acute toxic: caffeine's H302 (harmful) is not.
    expect(namesOf((await get(`${CHEMICALS}?hazard=acute_toxic`)).json())).toEqual(['Methanol']);
    expect(namesOf((await get(`${CHEMICALS}?hazard=hazardous&ordering=-name`)).json())).toEqual([
      'Sodium hydroxide',
      'Methanol',
      'Caffeine',
      'Benzene',
    ]);
  });

  it('takes H-codes and groups together (a code of any of them), with the search and the order', async () => {
    expect(namesOf((await get(`${CHEMICALS}?hazard=h302,H314`)).json())).toEqual([
      'Caffeine',
      'Sodium hydroxide',
    ]);
    expect(namesOf((await get(`${CHEMICALS}?hazard=cmr,acute_toxic&ordering=-name`)).json())).toEqual([
      'Methanol',
      'Benzene',
    ]);
    const searched = await get(`${CHEMICALS}?hazard=flammable&search=meth&limit=5`);
    expect(searched.json()).toMatchObject({ count: 1, results: [{ id: ids.methanol }] });
    expect((await get(`${CHEMICALS}?hazard=H400`)).json()).toEqual([]);
  });

  it('follows a record whose codes change', async () => {
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `${CHEMICALS}${ids.salt}/`,
      headers: authHeader(token),
      payload: { hazard_statements: ['H319'] },
    });
    expect(changed.statusCode).toBe(200);
    expect(namesOf((await get(`${CHEMICALS}?hazard=H319`)).json())).toEqual(['Sodium chloride']);
    await t.app.inject({
      method: 'PATCH',
      url: `${CHEMICALS}${ids.salt}/`,
      headers: authHeader(token),
      payload: { hazard_statements: [] },
    });
    expect((await get(`${CHEMICALS}?hazard=H319`)).json()).toEqual([]);
  });

  it('refuses a value that is neither a group nor an H-code, in the API error shape', async () => {
    const response = await get(`${CHEMICALS}?hazard=explosive,H999`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      hazard: ['"explosive" is not a valid choice.', '"H999" is not a valid choice.'],
    });
  });

  it('is no parameter of the kinds without hazard data, which ignore it', async () => {
    const response = await get('/api/storeobjects/instrumentobjs/?hazard=flammable');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(1);
  });
});

describe('the hazard columns of the chemical files', () => {
  const rowsOf = (body: string): string[][] => parse(body, { bom: true });

  it('end each row with its H-codes and pictograms as text, and the filter selects the rows', async () => {
    const response = await get(`/api/storeobjects/chemicalobjs/export/?hazard=flammable`);
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = rowsOf(response.body);
    // Where the Store shows its Hazards column: after the amount.
    const amount = header.indexOf('Amount (ml)');
    const hazards = (row: string[]) => row.slice(amount + 1, amount + 3);
    expect(hazards(header)).toEqual(['Hazard statements', 'Pictograms']);
    expect(rows.map((row) => [row[1], ...hazards(row)])).toEqual([
      ['Benzene', 'H225, H304, H350', 'GHS02, GHS08'],
      ['Methanol', 'H225, H301, H370', 'GHS02, GHS06, GHS08'],
    ]);
    // Text cells, quoted like every text of the file; the amount a number.
    expect(response.body).toContain('100,"H225, H304, H350","GHS02, GHS08"');
    const all = rowsOf((await get('/api/storeobjects/chemicalobjs/export/?search=sodium%20chloride')).body);
    expect(hazards(all[1])).toEqual(['', '']);
  });

  it('hold the same in the workbook, as text cells', async () => {
    const response = await t.app.inject({
      url: '/api/storeobjects/chemicalobjs/export/?format=xlsx&hazard=H314',
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = sheet.getRow(1).values as unknown[];
    const row = sheet.getRow(2).values as unknown[];
    const amount = header.indexOf('Amount (ml)');
    expect(header.slice(amount + 1, amount + 3)).toEqual(['Hazard statements', 'Pictograms']);
    expect(row.slice(amount, amount + 3)).toEqual([100, 'H290, H314', 'GHS05']);
    expect(sheet.rowCount).toBe(2);
  });
});

describe('hazardCodeCondition', () => {
  it('keeps the same rows when a store has too many combinations of codes to list them', async () => {
    const idsWhere = async (maxListed?: number) => {
      const condition = await hazardCodeCondition(t.db, t.app.dialect, ['H225', 'H314'], maxListed);
      const { rows } = await sql<{ id: number }>`select s.id from chemical_stock as s where ${condition}
        order by s.id`.execute(t.db);
      return rows.map((row) => row.id);
    };
    const listed = await idsWhere();
    expect(listed).toEqual([ids.benzene, ids.methanol, ids.hydroxide]);
    expect(await idsWhere(0)).toEqual(listed);
  });
});
