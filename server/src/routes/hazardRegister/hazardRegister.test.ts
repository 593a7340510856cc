import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { createStockRecord } from '../../testing/stockApi';
import { authHeader, buildTestApp, type TestApp } from '../../testing/testApp';

// The hazard register (issue 33, item 6; docs/api.md, 'Hazard register').

let t: TestApp;
let token: string;

const REGISTER = '/api/management/hazard-register/export/';
const CHEMICALS = '/api/storeobjects/chemicalobjs/';

const BENZENE = { CAS_RN: '71-43-2', molecular_formula: 'C6H6', hazard_statements: ['H225', 'H350'] };
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await t.signedInUser());
  const chemical = (key: string, quantity: number, name: string, fields: object) =>
    createStockRecord(t, token, 'chemical', quantity, name, fields).then((id) => {
      ids[key] = id;
    });
  // Benzene in two cabinets, one record with no place and one used up; a second purity makes a second record.
  await chemical('benzeneB2', 2500, 'Benzene', { ...BENZENE, storage_place: 'Cabinet B2' });
  await chemical('benzeneB2pure', 500.5, 'Benzene', {
    ...BENZENE,
    purity: 99.9,
    storage_place: 'Cabinet B2',
  });
  await chemical('benzeneNowhere', 100, 'Benzene', { ...BENZENE, purity: 90 });
  await chemical('benzeneEmpty', 0, 'Benzene', { ...BENZENE, purity: 80, storage_place: 'Cabinet A1' });
  await chemical('acid', 1000, 'Hydrochloric acid', {
    CAS_RN: '7647-01-0',
    molecular_formula: 'ClH',
    hazard_statements: ['H290', 'H314', 'H335'],
    storage_place: '=HYPERLINK("http://evil.example")',
  });
  await chemical('salt', 750, 'Sodium chloride', { CAS_RN: '7647-14-5', molecular_formula: 'ClNa' });
  await createStockRecord(t, token, 'instrument', 3, 'Spectrophotometer');
});
afterAll(() => t.close());

const rowsOf = (body: string): string[][] => parse(body, { bom: true });

async function userWithRole(role: string, labs: object[] = []): Promise<string> {
  const { user, token: own } = await t.signedInUser();
  const changed = await t.app.inject({
    method: 'PATCH',
    url: `/api/account/users/${user.id}/`,
    payload: { role, labs },
    headers: authHeader(token),
  });
  if (changed.statusCode !== 200) throw new Error(`role: ${changed.statusCode} ${changed.body}`);
  return own;
}

describe('GET /api/management/hazard-register/export/', () => {
  it('lists each hazardous substance in stock once, by name, with its label, amount and places', async () => {
    const response = await t.app.inject({ url: REGISTER, headers: authHeader(token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="labstore-hazard-register-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = rowsOf(response.body);
    expect(header).toEqual([
      'CAS RN',
      'Name',
      'Hazard statements',
      'Signal word',
      'Pictograms',
      'Amount (ml)',
      'Records',
      'Storage places',
    ]);
    // No sodium chloride (no hazards), no used-up record; 2,500 + 500.5 + 100 ml of benzene.
    expect(rows).toEqual([
      [
        '71-43-2',
        'Benzene',
        'H225, H350',
        'DANGER',
        'GHS02, GHS08',
        '3100.5',
        '3',
        `Cabinet B2: 3000.5 ml (#${ids.benzeneB2}, #${ids.benzeneB2pure}); No storage place: 100 ml (#${ids.benzeneNowhere})`,
      ],
      [
        '7647-01-0',
        'Hydrochloric acid',
        'H290, H314, H335',
        'DANGER',
        'GHS05, GHS07',
        '1000',
        '1',
        // Text that a spreadsheet would run is escaped.
        `'=HYPERLINK("http://evil.example"): 1000 ml (#${ids.acid})`,
      ],
    ]);
    // Amounts and counts are numbers (unquoted), text is quoted.
    expect(response.body).toContain('"GHS02, GHS08",3100.5,3,"Cabinet B2');
  });

  it('follows the records: a substance used up leaves the register, one given hazards joins it', async () => {
    const patch = (id: number, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `${CHEMICALS}${id}/`, payload, headers: authHeader(token) });
    expect((await patch(ids.acid, { quantity: 0 })).statusCode).toBe(200);
    expect((await patch(ids.salt, { hazard_statements: ['H319'] })).statusCode).toBe(200);
    const rows = rowsOf((await t.app.inject({ url: REGISTER, headers: authHeader(token) })).body).slice(1);
    expect(rows.map((row) => [row[1], row[3], row[5]])).toEqual([
      ['Benzene', 'DANGER', '3100.5'],
      ['Sodium chloride', 'WARNING', '750'],
    ]);
    await patch(ids.acid, { quantity: 1000 });
    await patch(ids.salt, { hazard_statements: [] });
  });

  it('is a workbook with numbers as numbers on ?format=xlsx', async () => {
    const response = await t.app.inject({ url: `${REGISTER}?format=xlsx`, headers: authHeader(token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/hazard-register-.*\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Hazard register')!;
    expect(sheet.rowCount).toBe(3);
    const benzene = sheet.getRow(2).values as unknown[];
    expect(benzene.slice(1, 8)).toEqual([
      '71-43-2',
      'Benzene',
      'H225, H350',
      'DANGER',
      'GHS02, GHS08',
      3100.5,
      3,
    ]);
    // A workbook's text is never run, so it goes in as it is.
    expect(sheet.getRow(3).getCell(8).value).toBe(
      `=HYPERLINK("http://evil.example"): 1000 ml (#${ids.acid})`,
    );
  });

  it('is for store managers and auditors only', async () => {
    const location = await t.app.inject({
      method: 'POST',
      url: '/api/management/store-consumers/',
      payload: { name: 'Organic Lab', consumer_type: 'ORGANIC', room_number: '1', building_name: 'B' },
      headers: authHeader(token),
    });
    const lab = (location.json() as { id: number }).id;
    const auditor = await userWithRole('auditor');
    const member = await userWithRole('lab_user', [{ location: lab, role: 'member' }]);
    const manager = await userWithRole('lab_user', [{ location: lab, role: 'manager' }]);

    expect((await t.app.inject({ url: REGISTER })).statusCode).toBe(401);
    for (const refused of [member, manager]) {
      const response = await t.app.inject({ url: REGISTER, headers: authHeader(refused) });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
    }
    const read = await t.app.inject({ url: `${REGISTER}?format=xlsx`, headers: authHeader(auditor) });
    expect(read.statusCode).toBe(200);
  });

  it('refuses an unknown format with 400', async () => {
    const response = await t.app.inject({ url: `${REGISTER}?format=pdf`, headers: authHeader(token) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ format: ['"pdf" is not a valid choice.'] });
  });
});
