import http from 'node:http';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { findStockIdsAfter } from '../../db/repositories/stockListing';
import { STOCK_EXPORT_BATCH_SIZE, stockRecordBatches } from '../../services/stock';
import { multipartBody } from '../../testing/multipart';
import { createStockRecord, ledgerOf } from '../../testing/stockApi';
import { insertInstrumentStock } from '../../testing/stockRows';
import { authHeader, buildTestApp, type TestApp } from '../../testing/testApp';

// Store tab exports (docs/api.md §14): the tab's columns, streamed in batches, as CSV or .xlsx.

// Counts the export's keyset reads, while still reading for real.
jest.mock('../../db/repositories/stockListing', () => {
  const actual = jest.requireActual<typeof import('../../db/repositories/stockListing')>(
    '../../db/repositories/stockListing',
  );
  return { ...actual, findStockIdsAfter: jest.fn(actual.findStockIdsAfter) };
});
const keysetReads = jest.mocked(findStockIdsAfter);
const { findStockIdsAfter: readKeysetBatch } = jest.requireActual<
  typeof import('../../db/repositories/stockListing')
>('../../db/repositories/stockListing');

// An export's batch source, as the route makes it; a test can watch it end.
jest.mock('../../services/stock', () => {
  const actual = jest.requireActual<typeof import('../../services/stock')>('../../services/stock');
  return { ...actual, stockRecordBatches: jest.fn(actual.stockRecordBatches) };
});
const batchSources = jest.mocked(stockRecordBatches);
const { stockRecordBatches: makeBatchSource } =
  jest.requireActual<typeof import('../../services/stock')>('../../services/stock');

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await t.signedInUser());
});
afterAll(() => t.close());

const rowsOf = (body: string): string[][] => parse(body, { bom: true });

const CHEMICAL_HEADER = [
  '#',
  'Name',
  'Expires',
  'CAS RN',
  'Molecular Formula',
  'Molecular Weight (g/mol)',
  'Purity (%)',
  'Amount (ml)',
  'Hazard statements',
  'Pictograms',
  'Minimum (ml)',
  'State',
  'Manufacturer',
  'Supplier',
  'Storage place',
];

describe('GET /api/storeobjects/{kind}objs/export/', () => {
  it("downloads the chemical tab's columns for anyone, ordered and searched like the list, formulas escaped", async () => {
    const ethanol = await createStockRecord(t, token, 'chemical', 1234567.125, 'Ethanol, absolute');
    await createStockRecord(t, token, 'chemical', 0.001, '=HYPERLINK("http://evil.example")');
    const alerts = await t.app.inject({
      method: 'PATCH',
      url: `/api/storeobjects/chemicalobjs/${ethanol}/`,
      headers: authHeader(token),
      payload: { minimum_quantity: 2000000.5, expiry_date: '2030-01-31' },
    });
    expect(alerts.statusCode).toBe(200);
    const response = await t.app.inject({ url: '/api/storeobjects/chemicalobjs/export/?ordering=-quantity' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="labstore-chemicals-${today}.csv"`,
    );
    const [header, ...rows] = rowsOf(response.body);
    expect(header).toEqual(CHEMICAL_HEADER);
    expect(rows).toEqual([
      [
        '1',
        'Ethanol, absolute',
        '2030-01-31',
        '64-17-5',
        'C2H6O',
        '46.069',
        '99.5',
        '1234567.125',
        '',
        '',
        '2000000.5',
        'LIQUID',
        'Merck',
        'Daraz',
        '',
      ],
      [
        '2',
        `'=HYPERLINK("http://evil.example")`,
        '',
        '64-17-5',
        'C2H6O',
        '46.069',
        '99.5',
        '0.001',
        '',
        '',
        '',
        'LIQUID',
        'Merck',
        'Daraz',
        '',
      ],
    ]);

    // '#' numbers the rows in the list's order, as the tab does, whatever the records' ids.
    const ascending = await t.app.inject({ url: '/api/storeobjects/chemicalobjs/export/?ordering=quantity' });
    expect(
      rowsOf(ascending.body)
        .slice(1)
        .map((row) => [row[0], row[1]]),
    ).toEqual([
      ['1', `'=HYPERLINK("http://evil.example")`],
      ['2', 'Ethanol, absolute'],
    ]);

    const searched = await t.app.inject({ url: '/api/storeobjects/chemicalobjs/export/?search=absolute' });
    expect(
      rowsOf(searched.body)
        .slice(1)
        .map((row) => row[1]),
    ).toEqual(['Ethanol, absolute']);
  });

  it('gives the same rows as an .xlsx workbook, numbers as numbers', async () => {
    const beaker = await createStockRecord(t, token, 'glassware', 20, 'Beaker');
    const response = await t.app.inject({ url: '/api/storeobjects/glasswareobjs/export/?format=xlsx' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toMatch(
      /filename="labstore-glasswares-\d{4}-\d\d-\d\d\.xlsx"/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Name',
      'Expires',
      'Quantity (pieces)',
      'Minimum (pieces)',
      'Size',
      'Type',
      'Manufacturer',
      'Supplier',
      'Storage place',
    ]);
    // ExcelJS leaves empty cells out of a row's values.
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([
      'Beaker',
      undefined,
      20,
      undefined,
      250,
      'Borosilicate',
      'Pyrex',
      'Daraz',
    ]);
    expect(beaker).toBeGreaterThan(0);

    // '#' numbers the rows as the CSV does.
    await createStockRecord(t, token, 'chemical', 1, 'Acetone');
    await createStockRecord(t, token, 'chemical', 2, 'Toluene');
    const chemicals = await t.app.inject({ url: '/api/storeobjects/chemicalobjs/export/?format=xlsx' });
    const chemicalBook = new ExcelJS.Workbook();
    await chemicalBook.xlsx.load(chemicals.rawPayload as unknown as ArrayBuffer);
    const numbers = chemicalBook.worksheets[0].getColumn(1).values.slice(2);
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    expect(numbers.length).toBeGreaterThan(1);
  });

  it('reads the list in keyset batches while sending', async () => {
    const count = 2 * STOCK_EXPORT_BATCH_SIZE + 7;
    for (let index = 0; index < count; index += 1) {
      await insertInstrumentStock(t.db, { name: `Probe ${index}`, quantity: index });
    }
    keysetReads.mockClear();
    const response = await t.app.inject({ url: '/api/storeobjects/instrumentobjs/export/' });
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = rowsOf(response.body);
    expect(header).toEqual([
      'Name',
      'Quantity (pieces)',
      'Minimum (pieces)',
      'Manufacturer',
      'Supplier',
      'Storage place',
    ]);
    expect(rows).toHaveLength(count);
    expect(rows[count - 1]).toEqual([`Probe ${count - 1}`, String(count - 1), '', 'Shimadzu', 'Daraz', '']);
    // Three batches and the read that finds nothing more.
    expect(keysetReads).toHaveBeenCalledTimes(4);
    for (const call of keysetReads.mock.calls) expect(call[3]).toBe(STOCK_EXPORT_BATCH_SIZE);
  });

  it('writes text into an .xlsx workbook as it is: a text cell never runs as a formula, so it gets no quote', async () => {
    await createStockRecord(t, token, 'instrument', 3, '=HYPERLINK("http://evil.example")');
    await createStockRecord(t, token, 'instrument', 4, 'Acme;=1+2');
    const response = await t.app.inject({
      url: '/api/storeobjects/instrumentobjs/export/?format=xlsx&search=evil.example',
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const name = workbook.worksheets[0].getRow(2).getCell(1);
    expect(name.type).toBe(ExcelJS.ValueType.String);
    expect(name.value).toBe('=HYPERLINK("http://evil.example")');
    const csv = await t.app.inject({ url: '/api/storeobjects/instrumentobjs/export/?search=acme' });
    expect(csv.body.split('\r\n')[1]).toBe(`"'Acme;=1+2",4,,"Shimadzu","Daraz",`);
  });

  it('stops reading the table when the client of an .xlsx download goes away', async () => {
    for (let index = 0; index < 200; index += 1) {
      await insertInstrumentStock(t.db, { name: `Gauge ${index}`, quantity: index });
    }
    const records = (await t.app.inject({ url: '/api/storeobjects/instrumentobjs/' })).json()
      .length as number;
    // Small batches make the table many reads long.
    const batchSize = 20;
    keysetReads.mockImplementation((db, kind, after) => readKeysetBatch(db, kind, after, batchSize));
    keysetReads.mockClear();
    const sourceEnded = new Promise<void>((resolve) => {
      batchSources.mockImplementationOnce(async function* (...args) {
        try {
          yield* makeBatchSource(...args);
        } finally {
          resolve();
        }
      });
    });
    try {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      await new Promise<void>((resolve, reject) => {
        http
          .get(`${address}/api/storeobjects/instrumentobjs/export/?format=xlsx`, (response) => {
            response.once('data', () => {
              response.destroy();
              resolve();
            });
          })
          .on('error', reject);
      });
      await sourceEnded;
      expect(keysetReads.mock.calls.length).toBeLessThan(Math.ceil(records / batchSize));
    } finally {
      keysetReads.mockImplementation(readKeysetBatch);
    }
  });

  it('refuses an unknown ordering field or format with 400', async () => {
    const response = await t.app.inject({
      url: '/api/storeobjects/instrumentobjs/export/?ordering=colour&format=pdf',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      ordering: ['"colour" is not a valid choice.'],
      format: ['"pdf" is not a valid choice.'],
    });
  });

  describe('round trip', () => {
    // Text a CSV export escapes, or that only looks escaped, must come back as it was, in either format.
    beforeAll(async () => {
      for (const name of ['Acme;=1+2', "'=1+1", "'quoted"])
        await createStockRecord(t, token, 'chemical', 1, name);
    });

    it.each(['csv', 'xlsx'])(
      'an exported tab (%s) imported again matches every record and changes nothing',
      async (format) => {
        const exported = await t.app.inject({
          url: `/api/storeobjects/chemicalobjs/export/?format=${format}`,
        });
        const before = await t.app.inject({ url: '/api/storeobjects/chemicalobjs/' });
        // The file lists the records in the default order, by id.
        const ids = (before.json() as { id: number }[]).map((record) => record.id);

        const form = await multipartBody([['file', exported.rawPayload, `export.${format}`]]);
        const opened = await t.app.inject({
          method: 'POST',
          url: '/api/management/chemical-imports/',
          payload: form.payload,
          headers: { ...authHeader(token), ...form.headers },
        });
        expect(opened.statusCode).toBe(201);
        const session = opened.json() as { id: number; mapping: Record<string, number | null> };
        expect(session.mapping).toEqual({
          name: 1,
          expiry_date: 2,
          opened_on: null,
          minimum_quantity: 10,
          // The Store file's hazard statements read back as the field they name.
          hazard_statements: 8,
          signal_word: null,
          storage_classes: null,
          CAS_RN: 3,
          molecular_formula: 4,
          molecular_weight: 5,
          purity: 6,
          manufacturer: 12,
          supplier: 13,
          state: 11,
          quantity: 7,
          storage_place: 14,
          // The Store's files hold what the tabs show, which is no price (docs/api.md §14).
          unit_price: null,
        });
        // Without the amounts: the file describes the stock that is there, it brings none in.
        const mapping = { ...session.mapping, quantity: null };
        const preview = await t.app.inject({
          method: 'POST',
          url: `/api/management/imports/${session.id}/preview/`,
          payload: { mapping },
          headers: authHeader(token),
        });
        const previewRows = preview.json().rows as { outcome: string; stock_id: number }[];
        expect(previewRows.map((row) => row.outcome)).toEqual(ids.map(() => 'add'));
        expect(previewRows.map((row) => row.stock_id)).toEqual(ids);

        const committed = await t.app.inject({
          method: 'POST',
          url: `/api/management/imports/${session.id}/commit/`,
          payload: { mapping },
          headers: authHeader(token),
        });
        expect(committed.json()).toMatchObject({
          status: 'COMMITTED',
          created_count: 0,
          added_count: ids.length,
        });
        const after = await t.app.inject({ url: '/api/storeobjects/chemicalobjs/' });
        expect(after.json()).toEqual(before.json());
        for (const id of ids) {
          expect((await ledgerOf(t, token, 'chemical', id)).every((entry) => entry.kind !== 'IMPORT')).toBe(
            true,
          );
        }
      },
    );
  });
});
