import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { findUserByEmail } from '../../db/repositories/users';
import { writeTransaction } from '../../feed/changeLog';
import { writeIssue } from '../../services/issues';
import { createFund } from '../../testing/requestApi';
import { createLocation, createStockRecord, issueStock } from '../../testing/stockApi';
import { buildTestApp, requestHelper, type TestApp } from '../../testing/testApp';

// Charges on cart issues and returns (docs/api.md §23), the charge list and the statements (§24), with
// LAB_TIME_ZONE east of UTC so a month starts on the previous UTC day.

let t: TestApp;
let token: string;
let email: string;
const call = requestHelper(
  () => t,
  () => token,
);

beforeAll(async () => {
  t = await buildTestApp({ labTimeZone: 'Europe/Berlin' });
  const signedIn = await t.signedInUser();
  ({ token } = signedIn);
  email = signedIn.user.email;
});
afterAll(() => t.close());

interface Charge {
  id: number;
  kind: string;
  location: { id: number; name: string };
  fund: { id: number; code: string; name: string } | null;
  issue_id: number;
  request_id: number | null;
  object_type: string;
  object_id: number;
  name: string;
  quantity: number;
  unit: string;
  unit_price: number | null;
  amount: number;
  currency: string;
  user_email: string;
}

const chargesOf = async (
  query: string,
): Promise<{ count: number; next: string | null; results: Charge[] }> => {
  const response = await call('GET', `/api/management/charges/?${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
};

/** Moves the app's clock and signs in again, so the token is valid at the new time. */
async function travelTo(instant: string): Promise<void> {
  t.setClock(new Date(instant));
  token = await t.login(email);
}

const price = (kind: 'chemical' | 'instrument' | 'glassware', id: number, unitPrice: number | null) =>
  call('PATCH', `/api/storeobjects/${kind}objs/${id}/`, { unit_price: unitPrice });

/** An issue charged to a fund, written as a request's fulfilment writes it (services/issues). */
async function issueToFund(
  locationId: number,
  fundId: number,
  lines: { object_type: 'CHEMICAL' | 'INSTRUMENT' | 'GLASSWARE'; object_id: number; quantity: number }[],
) {
  const { id } = (await findUserByEmail(t.db, email))!;
  const actor = { id, email, origin: null };
  return writeTransaction(t.db, (trx) =>
    writeIssue(trx, t.app.dialect, { locationId, lines, fundId, actor, now: t.app.now, currency: 'EUR' }),
  );
}

describe('charges of cart issues and returns', () => {
  it('charges each issued line at its record’s price, rounded half-up, 0 without a price', async () => {
    const lab = await createLocation(t, token);
    const ethanol = await createStockRecord(t, token, 'chemical', 1000, 'Ethanol');
    const beaker = await createStockRecord(t, token, 'glassware', 10, 'Beaker');
    const balance = await createStockRecord(t, token, 'instrument', 2, 'Balance');
    await price('chemical', ethanol, 0.0452);
    await price('glassware', beaker, 3.5);

    const issue = await issueStock(t, token, lab, [
      ['chemical', ethanol, 250.5],
      ['glassware', beaker, 3],
      ['instrument', balance, 1],
    ]);
    const { count, results } = await chargesOf(`lab=${lab}`);
    expect(count).toBe(3);
    // Newest first; one merge's lines share their time, so by id descending.
    expect(results.map((charge) => [charge.name, charge.quantity, charge.unit_price, charge.amount])).toEqual(
      [
        ['Balance', 1, null, 0],
        ['Beaker', 3, 3.5, 1050],
        // 250.5 ml × 0.0452 = 11.3226 → 11.32
        ['Ethanol', 250.5, 0.0452, 1132],
      ],
    );
    expect(results[2]).toEqual({
      id: expect.any(Number),
      created_at: issue.created_at,
      kind: 'ISSUE',
      location: { id: lab, name: expect.any(String) },
      fund: null,
      issue_id: issue.id,
      request_id: null,
      object_type: 'CHEMICAL',
      object_id: ethanol,
      name: 'Ethanol',
      quantity: 250.5,
      unit: 'ml',
      unit_price: 0.0452,
      amount: 1132,
      currency: 'EUR',
      user_email: email,
    });
  });

  it('credits a return at the price of the issue line, not the record’s new price, in the issue’s fund', async () => {
    const lab = await createLocation(t, token);
    const fund = await createFund(t, token, lab, 'G-1');
    const acetone = await createStockRecord(t, token, 'chemical', 100, 'Acetone');
    await price('chemical', acetone, 0.0105);
    const issue = await issueToFund(lab, fund, [
      { object_type: 'CHEMICAL', object_id: acetone, quantity: 10_000 },
    ]);
    await price('chemical', acetone, 99);

    const line = issue.objects[0].line_id;
    const returned = await call('POST', `/api/management/issues/${issue.id}/lines/${line}/return/`, {
      quantity: 2.5,
    });
    expect(returned.statusCode).toBe(200);
    const { results } = await chargesOf(`lab=${lab}`);
    expect(results.map((charge) => [charge.kind, charge.quantity, charge.unit_price, charge.amount])).toEqual(
      [
        // 2.5 ml × 0.0105 = 0.02625 → -0.03 (half away from zero, mirroring an issue of 2.5 ml)
        ['RETURN', -2.5, 0.0105, -3],
        // 10 ml × 0.0105 = 0.105 → 0.11
        ['ISSUE', 10, 0.0105, 11],
      ],
    );
    expect(results.every((charge) => charge.fund?.id === fund && charge.issue_id === issue.id)).toBe(true);

    // A refused return (more than is out) writes no charge.
    const refused = await call('POST', `/api/management/issues/${issue.id}/lines/${line}/return/`, {
      quantity: 8,
    });
    expect(refused.statusCode).toBe(400);
    expect((await chargesOf(`lab=${lab}`)).count).toBe(2);
  });
});

describe('GET /api/management/charges/', () => {
  it('filters by lab, fund and time and pages like the ledger list', async () => {
    const lab = await createLocation(t, token);
    const other = await createLocation(t, token);
    const fund = await createFund(t, token, lab, 'F-2');
    const record = await createStockRecord(t, token, 'instrument', 100, 'Pipette');
    await price('instrument', record, 1);
    await travelTo('2026-05-10T12:00:00Z');
    await issueStock(t, token, lab, [['instrument', record, 1]]);
    await travelTo('2026-05-11T12:00:00Z');
    await issueToFund(lab, fund, [{ object_type: 'INSTRUMENT', object_id: record, quantity: 2 }]);
    await issueStock(t, token, other, [['instrument', record, 3]]);

    expect((await chargesOf(`lab=${lab}`)).results.map((charge) => charge.quantity)).toEqual([2, 1]);
    expect((await chargesOf(`fund=${fund}`)).results.map((charge) => charge.quantity)).toEqual([2]);
    expect((await chargesOf(`lab=${lab}&to=2026-05-10`)).results.map((charge) => charge.quantity)).toEqual([
      1,
    ]);
    expect(
      (await chargesOf(`from=2026-05-11T00:00Z&to=2026-05-11`)).results.map((charge) => charge.quantity),
    ).toEqual([3, 2]);

    const page = await chargesOf(`from=2026-05-10&to=2026-05-11&limit=2`);
    expect(page.count).toBe(3);
    expect(page.results).toHaveLength(2);
    expect(page.next).toMatch(
      /\/api\/management\/charges\/\?from=2026-05-10&limit=2&offset=2&to=2026-05-11$/,
    );
  });

  it('refuses bad filters with the contract’s 400 shape', async () => {
    const response = await call('GET', '/api/management/charges/?lab=x&from=May&limit=0');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      lab: ['Incorrect type. Expected pk value, received str.'],
      from: ['Enter a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDThh:mm[:ss[.sss]][Z|±hh:mm]).'],
      limit: ['Ensure this value is greater than or equal to 1.'],
    });
  });
});

describe('statements', () => {
  let lab: number;
  let fundA: number;
  let fundB: number;

  beforeAll(async () => {
    lab = await createLocation(t, token);
    fundA = await createFund(t, token, lab, 'A-1');
    fundB = await createFund(t, token, lab, 'B-2');
    const record = await createStockRecord(t, token, 'chemical', 10_000, 'Toluene');
    await price('chemical', record, 0.5);
    const at = async (instant: string, fund: number | null, ml: number) => {
      await travelTo(instant);
      if (fund === null) await issueStock(t, token, lab, [['chemical', record, ml]]);
      else
        await issueToFund(lab, fund, [{ object_type: 'CHEMICAL', object_id: record, quantity: ml * 1000 }]);
    };
    // Europe/Berlin: November 2027 runs from 2027-10-31T23:00Z to 2027-11-30T23:00Z.
    await at('2027-10-31T22:59:59.999Z', fundA, 1); // October in Berlin
    await at('2027-10-31T23:00:00.000Z', fundA, 2); // 1 November, 00:00 in Berlin
    await at('2027-11-15T10:00:00.000Z', fundB, 3);
    await at('2027-11-20T10:00:00.000Z', null, 4);
    await at('2027-11-30T22:59:59.999Z', fundA, 5); // 30 November, 23:59:59.999 in Berlin
    await at('2027-11-30T23:00:00.000Z', fundB, 6); // December in Berlin
    await travelTo('2027-12-01T12:00:00Z');
  });

  it('lists the month’s charges in the lab’s time zone, per lab and fund, with integer totals', async () => {
    const response = await call('GET', `/api/labs/${lab}/statements/?month=2027-11`);
    expect(response.statusCode).toBe(200);
    const statement = response.json();
    expect(statement).toMatchObject({ month: '2027-11', currency: 'EUR', minor_digits: 2, total: 700 });
    expect(statement.labs).toHaveLength(1);
    const [only] = statement.labs;
    expect(only).toMatchObject({ location: lab, total: 700 });
    expect(
      only.funds.map(
        (part: { fund: { code: string } | null; lines: { quantity: number }[]; total: number }) => [
          part.fund?.code ?? null,
          part.lines.map((line) => line.quantity),
          part.total,
        ],
      ),
    ).toEqual([
      [null, [4], 200],
      ['A-1', [2, 5], 350],
      ['B-2', [3], 150],
    ]);
    expect(only.funds[1].fund).toEqual({ id: fundA, code: 'A-1', name: 'Fund A-1' });
    expect(only.funds[2].fund.id).toBe(fundB);
    expect(only.funds[1].lines[0]).toEqual({
      id: expect.any(Number),
      created_at: '2027-10-31T23:00:00.000Z',
      kind: 'ISSUE',
      issue_id: expect.any(Number),
      request_id: null,
      object_type: 'CHEMICAL',
      object_id: expect.any(Number),
      name: 'Toluene',
      quantity: 2,
      unit: 'ml',
      unit_price: 0.5,
      amount: 100,
    });

    const october = (await call('GET', `/api/labs/${lab}/statements/?month=2027-10`)).json();
    expect(october.total).toBe(50);
    const all = (await call('GET', '/api/management/statements/?month=2027-11')).json();
    expect(all.labs.find((each: { location: number }) => each.location === lab).total).toBe(700);
    const empty = (await call('GET', `/api/labs/${lab}/statements/?month=2026-01`)).json();
    expect(empty).toMatchObject({ total: 0, labs: [{ location: lab, funds: [], total: 0 }] });
  });

  it('refuses a bad month, and answers 404 for an unknown lab to the store', async () => {
    for (const month of ['2027-13', '2027-1', 'November', '1899-12']) {
      const response = await call('GET', `/api/management/statements/?month=${month}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ month: ['Enter a month as YYYY-MM.'] });
    }
    const missing = await call('GET', '/api/management/statements/');
    expect(missing.json()).toEqual({ month: ['This field is required.'] });
    expect((await call('GET', '/api/labs/999999/statements/?month=2027-11')).statusCode).toBe(404);
  });

  it('exports one row per charge, then each fund’s, the lab’s and the month’s totals, as CSV and .xlsx', async () => {
    const csv = await call('GET', '/api/management/statements/export/?month=2027-11');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="labstore-statement-2027-11.csv"');
    const [header, ...rows] = parse(csv.body, { bom: true }) as string[][];
    expect(header).toEqual([
      'Lab',
      'Fund',
      'Date',
      'Kind',
      'Issue ID',
      'Request ID',
      'Item',
      'Quantity',
      'Unit',
      'Unit price',
      'Amount (EUR)',
    ]);
    const statement = (await call('GET', '/api/management/statements/?month=2027-11')).json();
    const labName = statement.labs.find((each: { location: number }) => each.location === lab).name as string;
    const mine = rows.filter((row) => row[0] === labName);
    expect(mine.map((row) => [row[1], row[2], row[3], row[7], row[9], row[10]])).toEqual([
      ['No fund (cart issues)', '2027-11-20', 'Issue', '4', '0.5', '2'],
      ['No fund (cart issues)', '', 'Fund total', '', '', '2'],
      ['A-1 Fund A-1', '2027-11-01', 'Issue', '2', '0.5', '1'],
      ['A-1 Fund A-1', '2027-11-30', 'Issue', '5', '0.5', '2.5'],
      ['A-1 Fund A-1', '', 'Fund total', '', '', '3.5'],
      ['B-2 Fund B-2', '2027-11-15', 'Issue', '3', '0.5', '1.5'],
      ['B-2 Fund B-2', '', 'Fund total', '', '', '1.5'],
      ['', '', 'Lab total', '', '', '7'],
    ]);
    expect(rows.at(-1)).toEqual(['', '', '', 'Total', '', '', '', '', '', '', String(statement.total / 100)]);

    const xlsx = await call('GET', '/api/management/statements/export/?month=2027-11&format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('2027-11');
    const values = sheet.getSheetValues().slice(1) as unknown[][];
    expect(values[0].slice(1)).toEqual(header);
    const xlsxMine = values.filter((row) => row[1] === labName);
    expect(xlsxMine[2].slice(1)).toEqual([
      labName,
      'A-1 Fund A-1',
      '2027-11-01',
      'Issue',
      expect.any(Number),
      undefined,
      'Toluene',
      2,
      'ml',
      0.5,
      1,
    ]);
    expect(values.length).toBe(rows.length + 1);
  });

  it('exports one lab’s statement for its manager: its rows only, its totals last', async () => {
    const other = await createLocation(t, token);
    const record = await createStockRecord(t, token, 'glassware', 10, 'Statement beaker');
    await price('glassware', record, 3.5);
    await travelTo('2027-11-10T10:00:00Z');
    await issueStock(t, token, other, [['glassware', record, 2]]);
    await travelTo('2027-12-01T12:00:00Z');

    const csv = await call('GET', `/api/labs/${lab}/statements/export/?month=2027-11`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="labstore-statement-lab-${lab}-2027-11.csv"`,
    );
    const [, ...rows] = parse(csv.body, { bom: true }) as string[][];
    expect(rows.map((row) => row[3])).toEqual([
      'Issue',
      'Fund total',
      'Issue',
      'Issue',
      'Fund total',
      'Issue',
      'Fund total',
      'Lab total',
      'Total',
    ]);
    expect(rows.some((row) => row[6] === 'Statement beaker')).toBe(false);
    expect(rows.at(-1)?.at(-1)).toBe('7');

    const xlsx = await call('GET', `/api/labs/${other}/statements/export/?month=2027-11&format=xlsx`);
    expect(xlsx.headers['content-disposition']).toBe(
      `attachment; filename="labstore-statement-lab-${other}-2027-11.xlsx"`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const values = workbook.worksheets[0].getSheetValues().slice(1) as unknown[][];
    expect(values.at(-1)?.slice(1).at(-1)).toBe(7);
    expect((await call('GET', '/api/labs/999999/statements/export/?month=2027-11')).statusCode).toBe(404);
  });

  it('writes amounts as numbers, a return’s credit too, so a spreadsheet’s SUM counts it (CSV and .xlsx)', async () => {
    const returning = await createLocation(t, token);
    const record = await createStockRecord(t, token, 'chemical', 100, 'Returned toluene');
    await price('chemical', record, 0.5);
    await travelTo('2028-01-10T10:00:00Z');
    const issue = await issueStock(t, token, returning, [['chemical', record, 16]]);
    const line = issue.objects[0].line_id;
    const url = `/api/management/issues/${issue.id}/lines/${line}/return/`;
    expect((await call('POST', url, { quantity: 14 })).statusCode).toBe(200);
    await travelTo('2028-02-01T12:00:00Z');

    // 16 ml × 0.5 = 8.00 issued, 14 ml × 0.5 = 7.00 credited: 1.00 in all. Text cells stay quoted (and guarded).
    const csv = await call('GET', `/api/labs/${returning}/statements/export/?month=2028-01`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(
      lines.slice(1).map((text) => text.replace(/^.*?"(Issue|Return|Fund total|Lab total|Total)"/, '$1')),
    ).toEqual([
      `Issue,${issue.id},,"Returned toluene",16,"ml",0.5,8`,
      `Return,${issue.id},,"Returned toluene",-14,"ml",0.5,-7`,
      'Fund total,,,,,,,1',
      'Lab total,,,,,,,1',
      'Total,,,,,,,1',
    ]);

    const xlsx = await call('GET', `/api/labs/${returning}/statements/export/?month=2028-01&format=xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const values = workbook.worksheets[0].getSheetValues().slice(2) as unknown[][];
    expect(values.map((row) => [row[4], row[8], row[11]])).toEqual([
      ['Issue', 16, 8],
      ['Return', -14, -7],
      ['Fund total', undefined, 1],
      ['Lab total', undefined, 1],
      ['Total', undefined, 1],
    ]);
  });
});

describe('GET /api/currency/', () => {
  it('names the store’s currency and its minor digits to anyone', async () => {
    const response = await t.app.inject({ url: '/api/currency/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 'EUR', minor_digits: 2 });
  });

  it('follows CURRENCY', async () => {
    const yen = await buildTestApp({ currency: 'JPY' });
    try {
      expect((await yen.app.inject({ url: '/api/currency/' })).json()).toEqual({
        code: 'JPY',
        minor_digits: 0,
      });
    } finally {
      await yen.close();
    }
  });
});
