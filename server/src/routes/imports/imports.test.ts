import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { insertStockRows } from '../../db/repositories/imports';
import type { StockKind } from '../../domain/stockKinds';
import { multipartBody, type FormPart } from '../../testing/multipart';
import {
  createLocation,
  createStockRecord,
  expectStockConsistent,
  issueStock,
  stockQuantity,
} from '../../testing/stockApi';
import { authHeader, buildTestApp, type TestApp } from '../../testing/testApp';
import { declaringSize, rowXml, sheetOf, withPart, xlsxOf } from '../../testing/workbooks';
import { IMPORT_MAX_BYTES } from '.';

// Spreadsheet imports (docs/api.md §13): upload, mapping, preview, commit, undo.

// Stock rows are inserted through the real repository; a test makes the commit fail right after it wrote them.
jest.mock('../../db/repositories/imports', () => {
  const actual = jest.requireActual<typeof import('../../db/repositories/imports')>(
    '../../db/repositories/imports',
  );
  return { ...actual, insertStockRows: jest.fn(actual.insertStockRows) };
});
const stockInserts = jest.mocked(insertStockRows);

/** The write fields of each kind (SERVER.md §4.3 and docs/api.md §11), in the order imports and templates list them. */
const writeFields = {
  chemical: [
    'name',
    'CAS_RN',
    'molecular_formula',
    'molecular_weight',
    'purity',
    'manufacturer',
    'supplier',
    'state',
    'expiry_date',
    'opened_on',
    'minimum_quantity',
    'storage_place',
    'unit_price',
    'hazard_statements',
    'signal_word',
    'storage_classes',
    'quantity',
  ],
  instrument: [
    'name',
    'manufacturer',
    'supplier',
    'minimum_quantity',
    'storage_place',
    'unit_price',
    'quantity',
  ],
  glassware: [
    'name',
    'manufacturer',
    'supplier',
    'size',
    'material_type',
    'expiry_date',
    'minimum_quantity',
    'storage_place',
    'unit_price',
    'quantity',
  ],
};

let t: TestApp;
let token: string;
let email: string;

beforeAll(async () => {
  t = await buildTestApp();
  let user;
  ({ user, token } = await t.signedInUser());
  email = user.email;
});
afterAll(() => t.close());

let files = 0;
/** A name no other test uses, so each test's records are its own. */
const unique = (name: string) => `${name} ${++files}`;

async function upload(
  kind: StockKind,
  content: Buffer | string,
  fileName = 'stock.csv',
  parts: FormPart[] = [],
  signedIn = token,
) {
  const body = await multipartBody([...parts, ['file', content, fileName]]);
  return t.app.inject({
    method: 'POST',
    url: `/api/management/${kind}-imports/`,
    payload: body.payload,
    headers: { ...authHeader(signedIn), ...body.headers },
  });
}

interface ImportAnswer {
  id: number;
  status: string;
  headers: string[];
  mapping: Record<string, number | null>;
  row_count: number;
  created_count: number;
  added_count: number;
  skipped_count: number;
}

async function opened(kind: StockKind, content: Buffer | string, fileName?: string): Promise<ImportAnswer> {
  const response = await upload(kind, content, fileName);
  if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`);
  return response.json();
}

const post = (url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: authHeader(token) });

interface PreviewRow {
  row: number;
  outcome: string;
  stock_id: number | null;
  duplicate_of: number | null;
  values: Record<string, string>;
  errors: Record<string, string[]>;
}

async function preview(id: number, mapping?: object) {
  const response = await post(`/api/management/imports/${id}/preview/`, mapping ? { mapping } : {});
  expect(response.statusCode).toBe(200);
  return response.json() as { counts: Record<string, number>; rows: PreviewRow[] };
}

const commit = (id: number, body: object = {}) => post(`/api/management/imports/${id}/commit/`, body);
const revert = (id: number) => post(`/api/management/imports/${id}/revert/`);

const CHEMICAL_HEADER = 'name;CAS RN;Molecular formula;purity;manufacturer;supplier;state;Quantity';

const chemicalsNamed = async (name: string) =>
  (
    await t.app.inject({
      url: `/api/storeobjects/chemicalobjs/?search=${encodeURIComponent(name)}`,
    })
  ).json() as { id: number; chemical: { name: string }; quantity: number }[];

const TOO_MANY_COLUMNS =
  'The file has more than 200 columns (empty ones count too): delete the columns that are not imported and ' +
  'save it again.';

const smallWorkbook = () =>
  xlsxOf([
    ['name', 'quantity'],
    ['Beaker', 3],
  ]);

/** Uploads a chemical file expecting a 400 keyed file, then checks that nothing was stored and the server answers. */
async function expectRefused(content: Buffer | string, fileName: string, message: unknown) {
  const listed = () => t.app.inject({ url: '/api/management/imports/', headers: authHeader(token) });
  const before = (await listed()).json();
  const response = await upload('chemical', content, fileName);
  expect(response.statusCode).toBe(400);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual({ file: [message] });
  const after = await listed();
  expect(after.statusCode).toBe(200);
  expect(after.json()).toHaveLength(before.length);
}

describe('upload', () => {
  it('opens a session from a semicolon CSV with a BOM and quoted fields, matching headers by name', async () => {
    const csv = `\uFEFF${CHEMICAL_HEADER};Remarks\r\n"Ethanol; absolute";64-17-5;C2H6O;99.5;Merck;Daraz;LIQUID;2.5 L;"dry"\r\n`;
    const response = await upload('chemical', csv, 'chemicals.csv');
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      type: 'chemical',
      file_name: 'chemicals.csv',
      created_at: expect.any(String),
      user_email: email,
      status: 'PENDING',
      headers: [
        'name',
        'CAS RN',
        'Molecular formula',
        'purity',
        'manufacturer',
        'supplier',
        'state',
        'Quantity',
        'Remarks',
      ],
      fields: writeFields.chemical,
      mapping: {
        name: 0,
        CAS_RN: 1,
        molecular_formula: 2,
        molecular_weight: null,
        purity: 3,
        manufacturer: 4,
        supplier: 5,
        state: 6,
        expiry_date: null,
        opened_on: null,
        minimum_quantity: null,
        storage_place: null,
        unit_price: null,
        hazard_statements: null,
        signal_word: null,
        storage_classes: null,
        quantity: 7,
      },
      row_count: 1,
      committed_at: null,
      created_count: 0,
      added_count: 0,
      skipped_count: 0,
      reverted_at: null,
      reverted_by: null,
    });
  });

  it.each([
    ['chemical', 'CAS no.', 'CAS_RN'],
    ['chemical', 'CAS number', 'CAS_RN'],
    ['chemical', 'cas', 'CAS_RN'],
    ['chemical', 'Amount (ml)', 'quantity'],
    ['chemical', 'Minimum (ml)', 'minimum_quantity'],
    ['chemical', 'Expires', 'expiry_date'],
    ['chemical', 'Molecular Weight (g/mol)', 'molecular_weight'],
    ['glassware', 'Type', 'material_type'],
    ['glassware', 'Material type', 'material_type'],
    ['glassware', 'Amount (pieces)', 'quantity'],
    ['glassware', 'Minimum', 'minimum_quantity'],
    ['glassware', 'Expires', 'expiry_date'],
  ] as const)(
    'maps a %s column headed %s, as the Store or a lab names it, to %s',
    async (kind, header, field) => {
      const response = await upload(kind, `name;${header}\r\nSome name;1\r\n`);
      expect(response.statusCode).toBe(201);
      expect((response.json() as ImportAnswer).mapping[field]).toBe(1);
    },
  );

  it('reads the first sheet of an .xlsx workbook, keeping a formula as its text, never its result', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Stock');
    sheet.addRow(['Name', 'Manufacturer', 'Supplier', 'Size', 'Material Type', 'Quantity']);
    sheet.addRow([unique('Beaker'), 'Pyrex', 'Daraz', 250, 'Borosilicate', 12]);
    sheet.addRow([
      { formula: 'HYPERLINK("http://evil.example","Click")', result: 'Click' },
      'Pyrex',
      'Daraz',
      100,
      'Glass',
      '3 pcs',
    ]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const session = await opened('glassware', bytes, 'glass.xlsx');
    expect(session.row_count).toBe(2);
    const { rows } = await preview(session.id);
    expect(rows.map((row) => row.outcome)).toEqual(['new', 'new']);
    expect(rows[1].values).toEqual({
      name: '=HYPERLINK("http://evil.example","Click")',
      manufacturer: 'Pyrex',
      supplier: 'Daraz',
      size: '100',
      material_type: 'Glass',
      quantity: '3',
    });
    expect((await commit(session.id)).statusCode).toBe(200);
    const stored = (await t.app.inject({ url: '/api/storeobjects/glasswareobjs/?search=HYPERLINK' })).json();
    expect(stored.map((record: { glassware: { name: string } }) => record.glassware.name)).toEqual([
      '=HYPERLINK("http://evil.example","Click")',
    ]);
  });

  it.each([
    ['an empty file', '', 'empty.csv', 'The submitted file is empty.'],
    ['blank lines only', '\r\n \r\n', 'blank.csv', 'The submitted file is empty.'],
    [
      'a header row alone',
      `${CHEMICAL_HEADER}\r\n`,
      'header.csv',
      'The file has a header row but no rows under it.',
    ],
    [
      'a binary file renamed .csv',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
      'photo.csv',
      'The file is neither a CSV text file (UTF-8) nor an Excel .xlsx workbook.',
    ],
    [
      'an old Excel workbook',
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      'old.xls',
      'Excel 97–2003 workbooks (.xls) are not read: save the sheet as .xlsx or CSV.',
    ],
    [
      'a broken workbook',
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 7)]),
      'broken.xlsx',
      'The workbook could not be read; save it again as .xlsx or CSV.',
    ],
    [
      'an unclosed quote',
      'name,manufacturer\r\n"Ethanol,Merck\r\n',
      'quote.csv',
      expect.stringMatching(/^The file could not be read as CSV: /),
    ],
    [
      'no header row (the first row is data)',
      'Ethanol;64-17-5;C2H6O;99.5;Merck;Daraz;LIQUID;10\r\nAcetone;67-64-1;C3H6O;99;Merck;Daraz;LIQUID;5\r\n',
      'data.csv',
      'No column of the first row names a field of a chemical record (name, CAS_RN, molecular_formula, ' +
        'molecular_weight, purity, manufacturer, supplier, state, expiry_date, opened_on, minimum_quantity, ' +
        'storage_place, unit_price, hazard_statements, signal_word, storage_classes, quantity): the first row ' +
        'must name the columns, as in the template.',
    ],
    [
      'unknown columns only',
      'Colour,Weight\r\nred,3\r\n',
      'odd.csv',
      expect.stringMatching(/^No column of the first row names a field of a chemical record/),
    ],
  ])('refuses %s with 400 keyed file, storing nothing', async (_case, content, fileName, message) => {
    await expectRefused(content, fileName, message);
  });

  it.each([
    [
      'a 165–330 KB workbook whose rows have a cell in column XFD',
      async () => {
        function* rows() {
          yield rowXml(1, { A: 'name', B: 'quantity' });
          for (let row = 2; row <= 16_000; row++) yield rowXml(row, { A: `Beaker ${row}`, B: '1', XFD: 'x' });
        }
        return withPart(await smallWorkbook(), 'xl/worksheets/sheet1.xml', sheetOf(rows()));
      },
      'xfd.xlsx',
      TOO_MANY_COLUMNS,
    ],
    [
      'a workbook of 20,001 rows',
      () => xlsxOf([['name', 'quantity'], ...Array.from({ length: 20_001 }, (_, row) => [`B${row}`, row])]),
      'rows.xlsx',
      'The file holds more than 20000 rows: split it into several files.',
    ],
    [
      'a workbook whose sheet declares 2 GB',
      async () => declaringSize(await smallWorkbook(), 'xl/worksheets/sheet1.xml', 2 ** 31),
      'bomb.xlsx',
      'The workbook unpacks to more than 64 MB: save the sheet to import on its own, as .xlsx or CSV.',
    ],
    [
      'a CSV header of 3,000,000 columns',
      async () => Buffer.from(`name${',x'.repeat(3_000_000)}\r\nEthanol\r\n`),
      'wide.csv',
      TOO_MANY_COLUMNS,
    ],
  ])('refuses %s with 400 keyed file, storing nothing', async (_case, build, fileName, message) => {
    await expectRefused(await build(), fileName, message);
  });

  it('keeps a header name of its first 100 characters, so the imports list everyone reads stays small', async () => {
    const session = await opened('instrument', `name,${'Remarks '.repeat(20)}\n${unique('Scale')},fine\n`);
    expect(session.headers).toEqual(['name', `${'Remarks '.repeat(20).slice(0, 100)}…`]);
  });

  it('imports Excel date cells as the calendar dates they show', async () => {
    const name = unique('Flask');
    const workbook = await xlsxOf(
      [
        ['name', 'manufacturer', 'supplier', 'size', 'material_type', 'expiry_date', 'quantity'],
        [name, 'Pyrex', 'Daraz', 250, 'Borosilicate', new Date(Date.UTC(2027, 2, 31)), 4],
      ],
      (sheet) => {
        sheet.getColumn(6).numFmt = 'dd/mm/yyyy';
      },
    );
    const session = await opened('glassware', workbook, 'glassware.xlsx');
    const { rows } = await preview(session.id);
    expect(rows[0]).toMatchObject({ outcome: 'new', errors: {}, values: { expiry_date: '2027-03-31' } });
    expect((await commit(session.id)).statusCode).toBe(200);
    const [record] = (
      await t.app.inject({ url: `/api/storeobjects/glasswareobjs/?search=${encodeURIComponent(name)}` })
    ).json();
    expect(record.expiry_date).toBe('2027-03-31');
  });

  it('refuses a file over the limit (50 MB of garbage) with 413 and stores nothing', async () => {
    const response = await upload('chemical', Buffer.alloc(IMPORT_MAX_BYTES * 5, 0x41), 'garbage.csv');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'File too large. The limit is 10 MB.' });
  });

  it('answers 400 without a file part, 415 to JSON and 401 to anonymous callers', async () => {
    const noFile = await multipartBody([['note', 'x']]);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/management/chemical-imports/',
      payload: noFile.payload,
      headers: { ...authHeader(token), ...noFile.headers },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ file: ['No file was submitted.'] });
    const json = await post('/api/management/chemical-imports/', { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ detail: 'Unsupported media type "application/json" in request.' });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/management/chemical-imports/' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('preview', () => {
  it("shows every row's outcome with the server's own messages per cell, converting units", async () => {
    const existingName = unique('Ethanol');
    const existing = await createStockRecord(t, token, 'chemical', 100, existingName);
    const fresh = unique('Acetone');
    const csv = [
      CHEMICAL_HEADER,
      `${existingName};64-17-5;C2H6O;99.5;merck;DARAZ;LIQUID;2.5 L`,
      `${fresh};67-64-1;C3H6O;99;Merck;Daraz;LIQUID;500 mL`,
      `${unique('Bad')};64-17-4;C2H6O;99.5;Merck;Daraz;PLASMA;-3`,
      `${unique('Worse')};64-17-5;C2H6Xy;101;Merck;;LIQUID;2 kg`,
      `${fresh};67-64-1;C3H6O;99;MERCK;Daraz;LIQUID;1`,
    ].join('\n');
    const session = await opened('chemical', csv);
    const { counts, rows } = await preview(session.id);
    expect(counts).toEqual({ new: 1, add: 1, error: 3 });
    expect(rows[0]).toMatchObject({ row: 2, outcome: 'add', stock_id: existing, errors: {} });
    expect(rows[0].values.quantity).toBe('2500');
    expect(rows[1]).toMatchObject({ row: 3, outcome: 'new', stock_id: null, errors: {} });
    expect(rows[1].values.quantity).toBe('500');
    expect(rows[2]).toMatchObject({
      row: 4,
      outcome: 'error',
      errors: {
        CAS_RN: ['Enter a valid CAS registry number.'],
        state: ['"PLASMA" is not a valid choice.'],
        quantity: ['Ensure this value is greater than or equal to 0.'],
      },
    });
    expect(rows[3].errors).toEqual({
      molecular_formula: ['Enter a valid molecular formula.'],
      purity: ['Ensure this value is less than or equal to 100.'],
      supplier: ['This field is required.'],
      quantity: ['"2 kg" is not an amount in ml: write a number, optionally with ml, L, cl, dl or µL.'],
    });
    expect(rows[4]).toMatchObject({
      row: 6,
      outcome: 'error',
      duplicate_of: 3,
      errors: {
        non_field_errors: ['Row 3 has the same identifying fields: list each record once per file.'],
      },
    });
    // Nothing was written.
    expect(await chemicalsNamed(fresh)).toEqual([]);
    expect(await stockQuantity(t, 'chemical', existing)).toBe(100);
  });

  it('answers at once for cells too long for any field, naming the limit, before any pattern reads them', async () => {
    // A 2.6 KB quantity once froze the server for 11 s on every preview and commit.
    const csv = [
      'name,manufacturer,supplier,quantity,minimum_quantity',
      `${unique('Long')},Zeiss,Daraz,${'1'.repeat(2600)}x y,`,
      `${unique('Longish')},Zeiss,Daraz,${'1'.repeat(500)}x y,${'1'.repeat(900)}x`,
      `${'N'.repeat(1500)},Zeiss,Daraz,1,`,
    ].join('\n');
    const session = await opened('instrument', csv);
    const { rows } = await preview(session.id);
    expect(rows.map((row) => row.errors)).toEqual([
      { quantity: ['Ensure this field has no more than 1000 characters.'] },
      {
        quantity: [
          'An amount in pieces has at most 40 characters: write a number, optionally with pieces (pcs).',
        ],
        minimum_quantity: ['A number has at most 40 characters.'],
      },
      // Its own message only: the name is not also "required".
      { name: ['Ensure this field has no more than 1000 characters.'] },
    ]);
  });

  it('follows a mapping the user adjusted, and refuses one that names no column of the file', async () => {
    const name = unique('Balance');
    const session = await opened('instrument', `Name,Maker,Vendor,Count\n${name},Ohaus,Daraz,2\n`);
    expect(session.mapping).toEqual({
      name: 0,
      manufacturer: null,
      supplier: null,
      minimum_quantity: null,
      storage_place: null,
      unit_price: null,
      quantity: null,
    });
    const mapped = await preview(session.id, { name: 0, manufacturer: 1, supplier: 2, quantity: 3 });
    expect(mapped.rows[0]).toMatchObject({
      outcome: 'new',
      values: { name, manufacturer: 'Ohaus', supplier: 'Daraz', quantity: '2' },
    });
    const wrong = await post(`/api/management/imports/${session.id}/preview/`, {
      mapping: { name: 9, colour: 1 },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      mapping: ['name: column 9 is not a column of the file (0–3).', '"colour" is not a field of this kind.'],
    });
  });
});

describe('commit', () => {
  it('refuses rows with errors unless skipped, then imports the rest through IMPORT ledger entries', async () => {
    const existingName = unique('Ethanol');
    const existing = await createStockRecord(t, token, 'chemical', 100, existingName);
    const fresh = unique('Acetone');
    const csv = [
      CHEMICAL_HEADER,
      `${existingName};64-17-5;C2H6O;99.5;Merck;Daraz;LIQUID;2.5 L`,
      `${fresh};67-64-1;C3H6O;99;Merck;Daraz;LIQUID;0.5`,
      `${unique('Bad')};64-17-4;C2H6O;99.5;Merck;Daraz;LIQUID;1`,
    ].join('\n');
    const session = await opened('chemical', csv, 'delivery.csv');

    const refused = await commit(session.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: '1 row has errors: fix the file, or skip them (skip_errors).' });
    expect(await chemicalsNamed(fresh)).toEqual([]);

    const response = await commit(session.id, { skip_errors: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: session.id,
      status: 'COMMITTED',
      committed_at: expect.any(String),
      created_count: 1,
      added_count: 1,
      skipped_count: 1,
    });
    expect(await stockQuantity(t, 'chemical', existing)).toBe(2600);
    const [created] = await chemicalsNamed(fresh);
    expect(created.quantity).toBe(0.5);
    await expectStockConsistent(t, token, 'chemical', existing, 2600);
    await expectStockConsistent(t, token, 'chemical', created.id, 0.5);

    const ledger = (
      await t.app.inject({ url: '/api/management/ledger/?kind=import', headers: authHeader(token) })
    ).json().results as { kind: string; import_id: number; object_id: number; change: number }[];
    const mine = ledger.filter((entry) => entry.import_id === session.id);
    expect(mine.map(({ kind, object_id, change }) => ({ kind, object_id, change }))).toEqual([
      { kind: 'IMPORT', object_id: created.id, change: 0.5 },
      { kind: 'IMPORT', object_id: existing, change: 2500 },
    ]);

    const listed = (
      await t.app.inject({ url: '/api/management/imports/?type=chemical', headers: authHeader(token) })
    ).json() as ImportAnswer[];
    expect(listed.find((entry) => entry.id === session.id)).toEqual(response.json());

    const audit = (
      await t.app.inject({ url: '/api/management/audit/?action=import.', headers: authHeader(token) })
    ).json().results;
    expect(audit[0]).toMatchObject({
      action: 'import.committed',
      actor_email: email,
      target_type: 'import',
      target_id: session.id,
      target_label: `delivery.csv (import #${session.id})`,
      changes: { type: [null, 'chemical'], created: [null, 1], added_to: [null, 1], skipped: [null, 1] },
    });

    const again = await commit(session.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/^This import was committed on \d{4}-\d\d-\d\d by /);
  });

  it('gives a chemical named by several rows the values of the last, which every record of it shows', async () => {
    const solvent = unique('Solvent');
    const existing = await createStockRecord(t, token, 'chemical', 100, solvent);
    const reagent = unique('Reagent');
    const csv = [
      CHEMICAL_HEADER,
      `${solvent};67-64-1;C3H6O;90;Merck;Daraz;LIQUID;1`,
      `${solvent.toUpperCase()};67-56-1;CH4O;80;Merck;Daraz;LIQUID;1`,
      `${reagent};7732-18-5;H2O;99;Merck;Daraz;LIQUID;1`,
      `${reagent.toLowerCase()} ;71-43-2;C6H6;98;Merck;Daraz;LIQUID;1`,
    ].join('\n');
    const session = await opened('chemical', csv);
    expect((await commit(session.id)).json()).toMatchObject({ status: 'COMMITTED', created_count: 4 });

    const solvents = await chemicalsNamed(solvent);
    expect(solvents.map((record) => record.id)).toContain(existing);
    expect(solvents.map((record) => record.chemical)).toEqual(
      Array(3).fill(expect.objectContaining({ name: solvent, CAS_RN: '67-56-1', molecular_formula: 'CH4O' })),
    );
    // A new chemical keeps the spelling of the first row naming it.
    expect((await chemicalsNamed(reagent)).map((record) => record.chemical)).toEqual(
      Array(2).fill(expect.objectContaining({ name: reagent, CAS_RN: '71-43-2', molecular_formula: 'C6H6' })),
    );
    // The record that was there before is found by its chemical's new values.
    const found = await t.app.inject({ url: '/api/management/fuzzysearch/?query=67-56-1&type=chemical' });
    expect((found.json() as { id: number }[]).map((item) => item.id)).toContain(existing);
  });

  it('writes nothing at all when a row fails in the middle of the commit', async () => {
    const names = [unique('First'), unique('Second'), unique('Third')];
    const csv = ['name,manufacturer,supplier,quantity', ...names.map((name) => `${name},Zeiss,Daraz,2`)].join(
      '\n',
    );
    const session = await opened('instrument', csv);
    const actual = jest.requireActual<typeof import('../../db/repositories/imports')>(
      '../../db/repositories/imports',
    );
    stockInserts.mockImplementationOnce(async (...args) => {
      await actual.insertStockRows(...args);
      throw new Error('disk full');
    });
    const response = await commit(session.id);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Internal server error.' });
    const records = (await t.app.inject({ url: '/api/storeobjects/instrumentobjs/' })).json() as {
      instrument: { name: string };
    }[];
    expect(records.filter((record) => names.includes(record.instrument.name))).toEqual([]);
    const makers = await t.db
      .selectFrom('manufacturers')
      .select('name')
      .where('name', '=', 'Zeiss')
      .execute();
    expect(makers).toEqual([]);
    const session2 = (
      await t.app.inject({ url: `/api/management/imports/${session.id}/`, headers: authHeader(token) })
    ).json();
    expect(session2.status).toBe('PENDING');
    // The session is still there to commit once the fault is gone.
    expect((await commit(session.id)).json()).toMatchObject({ status: 'COMMITTED', created_count: 3 });
  });

  it('keeps stock and ledger in agreement when an import and an issue of the same record run at once', async () => {
    const name = unique('Flask');
    const record = await createStockRecord(t, token, 'glassware', 10, name);
    const location = await createLocation(t, token);
    const session = await opened(
      'glassware',
      `name,manufacturer,supplier,size,material_type,quantity\n${name},Pyrex,Daraz,250,Borosilicate,5\n`,
    );
    const cart = await post('/api/management/issue-cart/', {
      object_type: 'GLASSWARE',
      object_id: record,
      quantity: 8,
    });
    expect(cart.statusCode).toBe(201);
    const [imported, issued] = await Promise.all([
      commit(session.id),
      post(`/api/management/issue-cart/${location}/merge/`),
    ]);
    expect(imported.statusCode).toBe(200);
    expect(issued.statusCode).toBe(201);
    // In either order: 10 + 5 − 8, every change with its ledger entry.
    await expectStockConsistent(t, token, 'glassware', record, 7);
  });
});

describe('undo', () => {
  it('takes the quantities back with REVERSAL entries, and refuses once stock was issued below what it added', async () => {
    const name = unique('Pipette');
    const record = await createStockRecord(t, token, 'glassware', 1, name);
    const csv = `name,manufacturer,supplier,size,material_type,quantity\n${name},Pyrex,Daraz,250,Borosilicate,5 pcs\n`;
    const first = await opened('glassware', csv);
    expect((await commit(first.id)).statusCode).toBe(200);
    const second = await opened('glassware', csv);
    expect((await commit(second.id)).statusCode).toBe(200);
    expect(await stockQuantity(t, 'glassware', record)).toBe(11);

    await issueStock(t, token, await createLocation(t, token), [['glassware', record, 7]]);
    const refused = await revert(first.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: `${name}: only 4 pieces in stock; the import added 5 pieces.` });
    expect(await stockQuantity(t, 'glassware', record)).toBe(4);

    await setQuantity(record, 9);
    const undone = await revert(second.id);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({
      status: 'REVERTED',
      reverted_by: email,
      reverted_at: expect.any(String),
    });
    expect(await stockQuantity(t, 'glassware', record)).toBe(4);
    await expectStockConsistent(t, token, 'glassware', record, 4);
    const reversal = (
      await t.app.inject({
        url: `/api/management/stock-ledger/?type=glassware&object_id=${record}`,
        headers: authHeader(token),
      })
    ).json()[0];
    expect(reversal).toMatchObject({ kind: 'REVERSAL', change: -5, balance: 4, import_id: second.id });

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/storeobjects/glasswareobjs/${record}/`,
      headers: authHeader(token),
    });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().detail).toContain('import history');

    const twice = await revert(second.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toMatch(/^This import was undone on \d{4}-\d\d-\d\d by /);
    const pending = await opened('glassware', csv);
    expect((await revert(pending.id)).json()).toEqual({
      detail: 'This import was not committed: there is nothing to undo.',
    });
    expect((await revert(99999)).statusCode).toBe(404);
  });

  it('refuses to undo an import older than the undo window', async () => {
    const name = unique('Stand');
    const session = await opened(
      'instrument',
      `name,manufacturer,supplier,quantity\n${name},Leica,Daraz,1\n`,
    );
    expect((await commit(session.id)).statusCode).toBe(200);
    t.advanceClock(8 * 86_400);
    const signedIn = token;
    try {
      token = await t.login(email);
      const response = await revert(session.id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: 'Imports older than 7 days cannot be undone.' });
    } finally {
      t.advanceClock(-8 * 86_400);
      token = signedIn;
    }
  });
});

describe('the imports list', () => {
  it('answers a page with `limit` (and `offset`), newest first, and the whole array without', async () => {
    for (let index = 0; index < 3; index += 1) {
      const csv = `name,manufacturer,supplier,quantity\n${unique('Clamp')},Leica,Daraz,1\n`;
      expect((await upload('instrument', csv, `clamps-${index}.csv`)).statusCode).toBe(201);
    }
    const list = async (query: string) =>
      t.app.inject({ url: `/api/management/imports/${query}`, headers: authHeader(token) });
    const whole = (await list('?type=instrument')).json() as ImportAnswer[];
    expect(Array.isArray(whole)).toBe(true);
    const first = await list('?type=instrument&limit=2');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      count: whole.length,
      next: 'http://localhost/api/management/imports/?limit=2&offset=2&type=instrument',
      previous: null,
      results: whole.slice(0, 2),
    });
    const last = (await list(`?type=instrument&limit=2&offset=${whole.length - 1}`)).json() as {
      next: string | null;
      results: ImportAnswer[];
    };
    expect(last.next).toBeNull();
    expect(last.results).toEqual(whole.slice(-1));
    expect((await list('?limit=1001')).statusCode).toBe(400);
  });
});

describe('sessions', () => {
  it("keeps a user's last five uploads not committed, discarding the oldest as another arrives", async () => {
    const { user, token: own } = await t.signedInUser();
    const asUser = (url: string) =>
      t.app.inject({ method: 'POST', url, payload: {}, headers: authHeader(own) });
    const listed = async () =>
      (
        await t.app.inject({ url: '/api/management/imports/', headers: authHeader(token) })
      ).json() as (ImportAnswer & { user_email: string })[];
    const uploadOne = async () => {
      const csv = `name,manufacturer,supplier,quantity\n${unique('Stand')},Leica,Daraz,1\n`;
      const response = await upload('instrument', csv, 'stands.csv', [], own);
      expect(response.statusCode).toBe(201);
      return (response.json() as ImportAnswer).id;
    };
    const committed = await uploadOne();
    expect((await asUser(`/api/management/imports/${committed}/commit/`)).statusCode).toBe(200);
    const othersPending = (await listed()).filter(
      (entry) => entry.user_email !== user.email && entry.status === 'PENDING',
    );

    const sessions = [];
    for (let upload = 0; upload < 6; upload++) sessions.push(await uploadOne());

    const mine = (await listed()).filter((entry) => entry.user_email === user.email);
    expect(mine.map(({ id, status }) => ({ id, status }))).toEqual([
      ...sessions
        .slice(1)
        .reverse()
        .map((id) => ({ id, status: 'PENDING' })),
      { id: committed, status: 'COMMITTED' },
    ]);
    const discarded = await asUser(`/api/management/imports/${sessions[0]}/preview/`);
    expect(discarded.statusCode).toBe(404);
    expect(discarded.json()).toEqual({ detail: 'Not found.' });
    expect((await asUser(`/api/management/imports/${sessions[1]}/preview/`)).statusCode).toBe(200);
    // Other users' sessions are theirs to keep.
    const stillPending = (await listed()).filter(
      (entry) => entry.user_email !== user.email && entry.status === 'PENDING',
    );
    expect(stillPending).toEqual(othersPending);
  });
});

describe('template', () => {
  it.each(['chemical', 'instrument', 'glassware'] as const)(
    'gives the %s write fields as the header row, as CSV and as .xlsx',
    async (kind) => {
      const csv = await t.app.inject({
        url: `/api/management/${kind}-imports/template/?format=csv`,
        headers: authHeader(token),
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-disposition']).toBe(
        `attachment; filename="labstore-${kind}-import-template.csv"`,
      );
      const [header] = parse(csv.body, { bom: true }) as string[][];
      const expected = writeFields[kind];
      expect(header).toEqual(expected);

      const xlsx = await t.app.inject({
        url: `/api/management/${kind}-imports/template/?format=xlsx`,
        headers: authHeader(token),
      });
      expect(xlsx.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      expect((workbook.worksheets[0].getRow(1).values as string[]).slice(1)).toEqual(expected);
    },
  );
});

/** Sets a record's quantity through the API (an ADJUSTMENT), as an administrator's correction would. */
async function setQuantity(id: number, quantity: number) {
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/storeobjects/glasswareobjs/${id}/`,
    payload: { quantity },
    headers: authHeader(token),
  });
  expect(response.statusCode).toBe(200);
}
