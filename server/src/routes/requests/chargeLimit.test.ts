import { createStockRecord } from '../../testing/stockApi';
import { callAs, labWithPeople, requestAction, submitRequest, type LabUser } from '../../testing/requestApi';
import type { TestApp } from '../../testing/testApp';

// Issue 33 item 18: a line whose quantity × price no charge can be (docs/api.md §26.1). A billion flasks at 90,072 EUR
// once made the request's estimate pass 2^53, and from then on every list holding it answered 500.

let t: TestApp;
let store: string;
let lab: number;
let fund: number;
let member: LabUser;
let manager: LabUser;

beforeAll(async () => {
  ({ t, store, lab, fund, member, manager } = await labWithPeople('ERC-LIMIT'));
});
afterAll(() => t.close());

const GLASSWARE = '/api/storeobjects/glasswareobjs/';
const flasks = (object_id: number, quantity: number) => ({ object_type: 'GLASSWARE', object_id, quantity });

/** A price written to the record itself, as it stood before prices were checked against open lines. */
async function writePriceBehindTheApi(id: number, unitPrice: number): Promise<void> {
  await t.db
    .updateTable('glassware_stock')
    .set({ unit_price_e4: unitPrice * 10_000 })
    .where('id', '=', id)
    .execute();
}

it('refuses a price that would make an open line cost more than a line may, naming the request', async () => {
  const flask = await createStockRecord(t, store, 'glassware', 5, undefined, { unit_price: 1 });
  const asked = await submitRequest(t, member.token, lab, { fund, lines: [flasks(flask, 1_000_000_000)] });
  expect(asked.estimated_total).toBe(100_000_000_000);

  const raised = await callAs(t, store, 'PATCH', `${GLASSWARE}${flask}/`, { unit_price: 90_072 });
  expect(raised.statusCode).toBe(400);
  expect(raised.json().unit_price).toEqual([
    `At this price, request #${asked.id} would cost more than one line may be charged ` +
      '(10,000,000,000 of the currency’s major units); lower its quantity or close the request first.',
  ]);
  const read = await callAs(t, member.token, 'GET', `/api/requests/${asked.id}/`);
  expect(read.statusCode).toBe(200);
  expect(read.json().lines[0]).toMatchObject({ unit_price: 1, estimated_cost: 100_000_000_000 });

  // Once the request is closed, the price is the store's to set.
  expect((await requestAction(t, member.token, asked.id, 'cancel')).statusCode).toBe(200);
  expect((await callAs(t, store, 'PATCH', `${GLASSWARE}${flask}/`, { unit_price: 90_072 })).statusCode).toBe(
    200,
  );
});

it('refuses such a line when the request is made, and when it is resubmitted', async () => {
  const flask = await createStockRecord(t, store, 'glassware', 5, undefined, { unit_price: 90_072 });
  const response = await callAs(t, member.token, 'POST', `/api/labs/${lab}/requests/`, {
    fund,
    lines: [flasks(flask, 2), flasks(await createStockRecord(t, store, 'glassware', 1), 1_000_000_000)],
  });
  expect(response.statusCode).toBe(201);

  const tooDear = await callAs(t, member.token, 'POST', `/api/labs/${lab}/requests/`, {
    fund,
    lines: [flasks(flask, 1_000_000_000)],
  });
  expect(tooDear.statusCode).toBe(400);
  expect(tooDear.json()).toEqual({
    lines: [
      'Line 1: 1000000000 pieces at a unit price of 90072 cost more than one line may be charged ' +
        '(10,000,000,000 of the currency’s major units).',
    ],
  });

  const returned = await requestAction(t, manager.token, response.json().id, 'return', { reason: 'Fewer.' });
  expect(returned.statusCode).toBe(200);
  const resubmitted = await callAs(t, member.token, 'PATCH', `/api/requests/${response.json().id}/`, {
    lines: [flasks(flask, 1_000_000_000)],
  });
  expect(resubmitted.statusCode).toBe(400);
  expect(resubmitted.json().lines[0]).toMatch(
    /^Line 1: 1000000000 pieces at a unit price of 90072 cost more/,
  );
});

describe('a request whose line already costs more than a line may (priced before the rule)', () => {
  let flask: number;
  let requestIds: number[];

  beforeAll(async () => {
    flask = await createStockRecord(t, store, 'glassware', 5, undefined, { unit_price: 1 });
    const toApprove = await submitRequest(t, member.token, lab, {
      fund,
      lines: [flasks(flask, 1_000_000_000)],
    });
    const toReject = await submitRequest(t, member.token, lab, {
      fund,
      lines: [flasks(flask, 1_000_000_000)],
    });
    const toFulfil = await submitRequest(t, member.token, lab, {
      fund,
      lines: [flasks(flask, 1_000_000_000)],
    });
    const approved = await requestAction(t, manager.token, toFulfil.id, 'approve');
    expect(approved.statusCode).toBe(200);
    requestIds = [toApprove.id, toReject.id, toFulfil.id];
    await writePriceBehindTheApi(flask, 90_072);
  });

  it('is read by the lab, its list and the store’s queue, its cost marked as beyond the limit', async () => {
    const [toApprove, , toFulfil] = requestIds;
    const one = await callAs(t, member.token, 'GET', `/api/requests/${toApprove}/`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ estimated_total: null });
    expect(one.json().lines[0]).toMatchObject({
      unit_price: 90_072,
      estimated_cost: null,
      cost_beyond_limit: true,
    });

    const labList = await callAs(t, member.token, 'GET', `/api/labs/${lab}/requests/`);
    expect(labList.statusCode).toBe(200);
    expect(labList.json().results.map((request: { id: number }) => request.id)).toEqual(
      expect.arrayContaining(requestIds),
    );
    const queue = await callAs(t, store, 'GET', '/api/management/requests/');
    expect(queue.statusCode).toBe(200);
    expect(queue.json().results.map((request: { id: number }) => request.id)).toContain(toFulfil);
  });

  it('is refused approval and fulfilment with a 400, and may be rejected or cancelled', async () => {
    const [toApprove, toReject, toFulfil] = requestIds;
    const approval = await requestAction(t, manager.token, toApprove, 'approve');
    expect(approval.statusCode).toBe(400);
    expect(approval.json().lines[0]).toMatch(
      /^Line \d+: 1000000000 pieces at a unit price of 90072 cost more/,
    );
    // Approving less than asked brings the line within the limit.
    const lineId = (await callAs(t, member.token, 'GET', `/api/requests/${toApprove}/`)).json().lines[0].id;
    const reduced = await requestAction(t, manager.token, toApprove, 'approve', {
      lines: [{ id: lineId, quantity: 2 }],
    });
    expect(reduced.statusCode).toBe(200);
    expect(reduced.json().lines[0]).toMatchObject({ estimated_cost: 18_014_400, cost_beyond_limit: false });

    const rejected = await requestAction(t, manager.token, toReject, 'reject', { reason: 'Too many.' });
    expect(rejected.statusCode).toBe(200);

    const line = (await callAs(t, store, 'GET', `/api/requests/${toFulfil}/`)).json().lines[0];
    const fulfil = await callAs(t, store, 'POST', `/api/management/requests/${toFulfil}/fulfil/`, {
      lines: [{ request_line: line.id, object_id: flask, quantity: 2 }],
    });
    // Two flasks cost 180,144 EUR: within the limit, so the store may issue part of the line.
    expect(fulfil.statusCode).toBe(200);
    const cancelled = await requestAction(t, store, toFulfil, 'cancel-open', {
      reason: 'The lab ordered elsewhere.',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', reason: 'The lab ordered elsewhere.' });
  });
});

it('refuses an issue whose line costs more than a line may, with nothing taken out of stock', async () => {
  const flask = await createStockRecord(t, store, 'glassware', 5, undefined, { unit_price: 1 });
  const asked = await submitRequest(t, member.token, lab, { fund, lines: [flasks(flask, 3)] });
  await requestAction(t, manager.token, asked.id, 'approve');
  // Ten billion a flask: three cost three times what a line may.
  await writePriceBehindTheApi(flask, 10_000_000_000);
  const fulfil = await callAs(t, store, 'POST', `/api/management/requests/${asked.id}/fulfil/`, {
    lines: [{ request_line: asked.lines[0].id, object_id: flask, quantity: 3 }],
  });
  expect(fulfil.statusCode).toBe(400);
  expect(fulfil.json().lines[0]).toMatch(/cost more than one line may be charged/);
  const read = await callAs(t, store, 'GET', `${GLASSWARE}${flask}/`);
  expect(read.json().quantity).toBe(5);
});
