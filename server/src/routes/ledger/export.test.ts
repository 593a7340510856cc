import { parse } from 'csv-parse/sync';
import { findLedgerBatch } from '../../db/repositories/ledgerListing';
import { addLedgerEntries } from '../../db/repositories/stockLedger';
import { LEDGER_EXPORT_BATCH_SIZE } from '../../services/ledger';
import { createLocation, createStockRecord, issueStock, receiveShipment } from '../../testing/stockApi';
import { authHeader, buildTestApp, type TestApp } from '../../testing/testApp';

// Counts the export's reads of the database, while still reading for real.
jest.mock('../../db/repositories/ledgerListing', () => {
  const actual = jest.requireActual<typeof import('../../db/repositories/ledgerListing')>(
    '../../db/repositories/ledgerListing',
  );
  return { ...actual, findLedgerBatch: jest.fn(actual.findLedgerBatch) };
});
const batchReads = jest.mocked(findLedgerBatch);

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(() => batchReads.mockClear());

const EXPORT = '/api/management/ledger/export/';

const HEADER = [
  'Date and time (UTC)',
  'Kind',
  'Item kind',
  'Record ID',
  'Name',
  'CAS RN',
  'Purity (%)',
  'State',
  'Size',
  'Material type',
  'Manufacturer',
  'Supplier',
  'Change',
  'Balance after',
  'Unit',
  'User',
  'Shipment ID',
  'Issue ID',
  'Import ID',
  'Entry ID',
];

const exportCsv = (token: string, query: Record<string, string> = {}) =>
  t.app.inject({ url: `${EXPORT}?${new URLSearchParams(query)}`, headers: authHeader(token) });

/** The rows of a CSV answer (header included), read back as a spreadsheet would. */
const rowsOf = (body: string): string[][] => parse(body, { bom: true });

describe('GET /api/management/ledger/export/', () => {
  it('downloads the filtered entries as CSV, newest first, with the columns of the Ledger page', async () => {
    const { user, token } = await t.signedInUser();
    const ethanol = await createStockRecord(t, token, 'chemical', 1234567.125, 'Ethanol, absolute');
    const beaker = await createStockRecord(t, token, 'glassware', 10, 'Beaker "tall"');
    const shipment = await receiveShipment(t, token, 'chemical', [[ethanol, 0.001]]);
    const issue = await issueStock(t, token, await createLocation(t, token), [['glassware', beaker, 4]]);

    const response = await exportCsv(token, { user: user.email });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="labstore-ledger-${today}.csv"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    // A byte order mark for spreadsheets, CRLF line ends (RFC 4180), every text quoted (OWASP), numbers not.
    expect(response.body.startsWith('\uFEFF"Date and time (UTC)","Kind",')).toBe(true);
    expect(response.body).toContain(',"Beaker ""tall""",');
    expect(response.body.split('\r\n')).toHaveLength(6);

    const [header, ...rows] = rowsOf(response.body);
    expect(header).toEqual(HEADER);
    const ledger = (
      await t.app.inject({
        url: `/api/management/ledger/?user=${encodeURIComponent(user.email)}`,
        headers: authHeader(token),
      })
    ).json().results as { id: number; created_at: string }[];
    expect(rows.map((row) => Number(row[19]))).toEqual(ledger.map((entry) => entry.id));
    const [issued, shipped, , created] = rows;
    expect(issued).toEqual([
      ledger[0].created_at,
      'Issue',
      'Glassware',
      String(beaker),
      'Beaker "tall"',
      '',
      '',
      '',
      '250',
      'Borosilicate',
      'Pyrex',
      'Daraz',
      '-4',
      '6',
      'pieces',
      user.email,
      '',
      String(issue.id),
      '',
      String(ledger[0].id),
    ]);
    expect(shipped.slice(1, 16)).toEqual([
      'Shipment',
      'Chemical',
      String(ethanol),
      'Ethanol, absolute',
      '64-17-5',
      '99.5',
      'LIQUID',
      '',
      '',
      'Merck',
      'Daraz',
      '0.001',
      '1234567.126',
      'ml',
      user.email,
    ]);
    expect(shipped[16]).toBe(String(shipment.id));
    // Full precision, never rounded for display.
    expect(created.slice(12, 15)).toEqual(['1234567.125', '1234567.125', 'ml']);
  });

  it("writes text cells a spreadsheet would run as formulas with a leading ', but negative numbers as numbers", async () => {
    const { user, token } = await t.signedInUser({ email: `-ops.${Date.now()}@lab.org` });
    const risky = ['=HYPERLINK("http://evil.example","x")', '+SUM(A1:A9)', '@cmd', '-2+3'];
    const ids = [];
    for (const name of risky) ids.push(await createStockRecord(t, token, 'instrument', 5, name));
    await issueStock(t, token, await createLocation(t, token), [['instrument', ids[0], 2]]);

    const [, ...rows] = rowsOf((await exportCsv(token, { user: user.email })).body);
    expect(rows.map((row) => row[4]).reverse()).toEqual([...risky.map((name) => `'${name}`), `'${risky[0]}`]);
    expect(rows.every((row) => row[15] === `'${user.email}`)).toBe(true);
    // The change of the issue is the number -2, not text.
    expect(rows[0].slice(12, 14)).toEqual(['-2', '3']);
  });

  it('applies the filters of the list and refuses bad ones with the same 400', async () => {
    const { user, token } = await t.signedInUser();
    const meter = await createStockRecord(t, token, 'instrument', 3, 'Conductivity Meter');
    await createStockRecord(t, token, 'chemical', 2, 'Acetone');
    await issueStock(t, token, await createLocation(t, token), [['instrument', meter, 1]]);

    const kinds = async (query: Record<string, string>) =>
      rowsOf((await exportCsv(token, { user: user.email, ...query })).body)
        .slice(1)
        .map((row) => `${row[1]} ${row[4]}`);
    expect(await kinds({})).toEqual([
      'Issue Conductivity Meter',
      'Adjustment Acetone',
      'Adjustment Conductivity Meter',
    ]);
    expect(await kinds({ kind: 'issue' })).toEqual(['Issue Conductivity Meter']);
    expect(await kinds({ type: 'chemical' })).toEqual(['Adjustment Acetone']);
    expect(await kinds({ search: 'conductivity', kind: 'ADJUSTMENT' })).toEqual([
      'Adjustment Conductivity Meter',
    ]);
    expect(rowsOf((await exportCsv(token, { user: 'nobody@lab.org' })).body)).toEqual([HEADER]);

    const refused = await exportCsv(token, { kind: 'GIFT', to: 'tomorrow' });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(refused.json()).sort()).toEqual(['kind', 'to']);
  });

  it('reads the database in batches, each entry once, also where many entries share one instant', async () => {
    const { token } = await t.signedInUser();
    const record = await createStockRecord(t, token, 'glassware', 0, 'Pipette');
    // More than two batches of entries, most of them at one instant, so batches end inside a run of equal times.
    const count = 2 * LEDGER_EXPORT_BATCH_SIZE + 7;
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    await addLedgerEntries(
      t.db,
      Array.from({ length: count }, (_, index) => ({
        created_at: new Date(base + (index < 10 ? index : 10) * 1000).toISOString(),
        kind: 'ADJUSTMENT' as const,
        object_type: 'GLASSWARE' as const,
        object_id: record,
        change: 1,
        balance: index + 1,
        shipment_id: null,
        issue_id: null,
        user_id: null,
        user_email: 'loader@lab.org',
      })),
    );
    batchReads.mockClear();

    const response = await exportCsv(token, {
      type: 'glassware',
      object_id: String(record),
      kind: 'adjustment',
    });
    expect(response.statusCode).toBe(200);
    const [, ...rows] = rowsOf(response.body);
    expect(rows).toHaveLength(count);
    const balances = rows.map((row) => Number(row[13]));
    expect(balances).toEqual(Array.from({ length: count }, (_, index) => count - index));
    // Three batches and the read that finds nothing more.
    expect(batchReads).toHaveBeenCalledTimes(4);
    for (const call of batchReads.mock.calls) expect(call[4]).toBe(LEDGER_EXPORT_BATCH_SIZE);
  });

  it('answers 401 to anonymous callers', async () => {
    const response = await t.app.inject({ url: EXPORT });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});
