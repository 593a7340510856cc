import { sql } from 'kysely';
import { createLocation, createStockRecord, expectStockConsistent } from '../../testing/stockApi';
import { callAs, createFund, labUser, requestAction, submitRequest } from '../../testing/requestApi';
import { buildTestApp, type TestApp } from '../../testing/testApp';

// Requests from the labs (docs/api.md §26): asked by a member, approved by the lab's manager (and the store for CMR
// substances), fulfilled by the store in parts until nothing is open; returned, resubmitted, rejected, cancelled.

let t: TestApp;
let store: string;
let lab: number;
let fund: number;
let member: { id: number; email: string; token: string };
let manager: { id: number; email: string; token: string };

beforeAll(async () => {
  t = await buildTestApp({ currency: 'EUR' });
  ({ token: store } = await t.signedInUser());
  lab = await createLocation(t, store);
  fund = await createFund(t, store, lab, 'ERC-1');
  member = await labUser(t, store, [{ location: lab, role: 'member' }]);
  manager = await labUser(t, store, [{ location: lab, role: 'manager' }]);
});
afterAll(() => t.close());

/** Sets a record's unit price (ten-thousandths of a euro) as the price routes of issue 24 will. */
async function setPrice(table: string, id: number, unitPriceE4: number) {
  await sql`update ${sql.table(table)} set unit_price_e4 = ${unitPriceE4} where id = ${id}`.execute(t.db);
}

const chemicalLine = (object_id: number, quantity: number) => ({
  object_type: 'CHEMICAL',
  object_id,
  quantity,
});

async function auditActionsOf(requestId: number): Promise<string[]> {
  const response = await callAs(t, store, 'GET', `/api/management/audit/?target_type=request&limit=100`);
  const entries = response.json().results as { action: string; target_id: number }[];
  return entries
    .filter((entry) => entry.target_id === requestId)
    .map((entry) => entry.action)
    .reverse();
}

describe('the whole loop', () => {
  it('member asks, manager reduces and approves, the store fulfils in two parts, the back-order closes', async () => {
    const acetone = await createStockRecord(t, store, 'chemical', 300, 'Acetone loop');
    const otherBottle = await createStockRecord(t, store, 'chemical', 1000, 'Acetone loop', {
      manufacturer: 'Sigma',
    });
    const flask = await createStockRecord(t, store, 'glassware', 10, 'Flask loop');
    await setPrice('chemical_stock', acetone, 452); // 0.0452 EUR per ml

    const asked = await submitRequest(t, member.token, lab, {
      fund,
      note: 'For the Friday practical',
      lines: [chemicalLine(acetone, 500.5), { object_type: 'GLASSWARE', object_id: flask, quantity: 4 }],
    });
    expect(asked).toMatchObject({
      status: 'submitted',
      location: lab,
      fund: { id: fund, code: 'ERC-1' },
      requester: { id: member.id, email: member.email },
      note: 'For the Friday practical',
      currency: 'EUR',
      // 500.5 ml × 0.0452 = 22.6226 → 22.62; the flask has no price.
      estimated_total: 2262,
    });
    expect(asked.lines).toMatchObject([
      { object_id: acetone, name: 'Acetone loop', unit: 'ml', quantity: 500.5, approved_quantity: null },
      { object_id: flask, unit: 'pieces', quantity: 4, unit_price: null, estimated_cost: null },
    ]);

    const [acetoneLine, flaskLine] = asked.lines;
    const approved = await requestAction(t, manager.token, asked.id, 'approve', {
      lines: [{ id: acetoneLine.id, quantity: 400 }],
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', approved_by: manager.email });
    expect(
      approved.json().lines.map((line: { approved_quantity: number }) => line.approved_quantity),
    ).toEqual([400, 4]);

    const queue = await callAs(t, store, 'GET', '/api/management/requests/');
    expect(queue.json().results.map((request: { id: number }) => request.id)).toContain(asked.id);

    const suggestion = await callAs(t, store, 'GET', `/api/management/requests/${asked.id}/pick-suggestion/`);
    expect(suggestion.statusCode).toBe(200);
    // Neither acetone record is opened or expires: by id, the requested one first, then the other bottle.
    expect(suggestion.json().lines).toMatchObject([
      {
        request_line: acetoneLine.id,
        open_quantity: 400,
        picks: [
          { object_id: acetone, quantity: 300 },
          { object_id: otherBottle, quantity: 100 },
        ],
        short: 0,
      },
      { request_line: flaskLine.id, open_quantity: 4, picks: [{ object_id: flask, quantity: 4 }], short: 0 },
    ]);

    // The store takes the first bottle and two flasks: the rest stays open.
    const first = await callAs(t, store, 'POST', `/api/management/requests/${asked.id}/fulfil/`, {
      lines: [
        { request_line: acetoneLine.id, object_id: acetone, quantity: 300 },
        { request_line: flaskLine.id, object_id: flask, quantity: 2 },
      ],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().request).toMatchObject({ status: 'partly_fulfilled' });
    expect(
      first.json().request.lines.map((line: { issued_quantity: number }) => line.issued_quantity),
    ).toEqual([300, 2]);
    expect(first.json().issue.objects).toMatchObject([
      { id: acetone, quantity: 300 },
      { id: flask, quantity: 2 },
    ]);
    await expectStockConsistent(t, store, 'chemical', acetone, 0);
    await expectStockConsistent(t, store, 'glassware', flask, 8);

    const backOrder = await callAs(t, store, 'GET', `/api/management/requests/${asked.id}/pick-suggestion/`);
    expect(backOrder.json().lines).toMatchObject([
      {
        request_line: acetoneLine.id,
        open_quantity: 100,
        picks: [{ object_id: otherBottle, quantity: 100 }],
      },
      { request_line: flaskLine.id, open_quantity: 2, picks: [{ object_id: flask, quantity: 2 }] },
    ]);

    const rest = await callAs(t, store, 'POST', `/api/management/requests/${asked.id}/fulfil/`, {
      lines: [
        { request_line: acetoneLine.id, object_id: otherBottle, quantity: 100 },
        { request_line: flaskLine.id, object_id: flask, quantity: 2 },
      ],
    });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().request.status).toBe('fulfilled');
    await expectStockConsistent(t, store, 'chemical', otherBottle, 900);

    // The lab sees both issues, made from its request and charged to its fund.
    const issues = await callAs(t, member.token, 'GET', `/api/labs/${lab}/issues/`);
    expect(issues.json().map((issue: { id: number }) => issue.id)).toEqual(
      expect.arrayContaining([first.json().issue.id, rest.json().issue.id]),
    );
    const charged = await t.db
      .selectFrom('charges')
      .select(['fund_id', 'amount'])
      .where('issue_id', '=', first.json().issue.id)
      .execute();
    // 300 ml × 0.0452 = 13.56 EUR; the flasks have no price.
    expect(charged.map((charge) => [charge.fund_id, Number(charge.amount)])).toEqual([
      [fund, 1356],
      [fund, 0],
    ]);

    const again = await callAs(t, store, 'POST', `/api/management/requests/${asked.id}/fulfil/`, {
      lines: [{ request_line: flaskLine.id, object_id: flask, quantity: 1 }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'This request is fulfilled; it cannot be fulfilled.' });

    expect(await auditActionsOf(asked.id)).toEqual([
      'request.submitted',
      'request.approved',
      'request.fulfilled',
      'request.fulfilled',
    ]);
  });
});
