import { createStockRecord } from '../../testing/stockApi';
import { buildTestApp, requestHelper, type TestApp } from '../../testing/testApp';

// What a merge makes of an existing record's expiry date and unit price (docs/api.md §11, §23.2): the earliest date
// of what it holds, the quantity-weighted average price, each change audited; and what an undo gives back.

let t: TestApp;
let token: string;
const call = requestHelper(
  () => t,
  () => token,
);

beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await t.signedInUser());
});
afterAll(() => t.close());

const STAGING = '/api/management/chemical-temp-shipment/';
const GLASS_STAGING = '/api/management/glassware-temp-shipment/';
const chemicalUrl = (id: number) => `/api/storeobjects/chemicalobjs/${id}/`;
const glasswareUrl = (id: number) => `/api/storeobjects/glasswareobjs/${id}/`;
const audit = async (type: string, id: number) =>
  (
    await call('GET', `/api/management/audit/?action=stock.updated&target_type=${type}&target_id=${id}`)
  ).json().results as { changes: Record<string, [unknown, unknown]> }[];

async function merge(staging = STAGING): Promise<number> {
  const merged = await call('POST', `${staging}merge/`);
  expect(merged.statusCode).toBe(201);
  return merged.json().id as number;
}

it('keeps the earliest expiry of what the record holds and averages the price by quantity', async () => {
  // The case: 2,500 ml expiring 2027-06-30 at 0.0200 per ml, then 1,000 ml expiring 2028-03-31 at 0.0250.
  const record = await createStockRecord(t, token, 'chemical', 2500, undefined, {
    expiry_date: '2027-06-30',
    unit_price: 0.02,
  });
  await call('POST', STAGING, {
    chemical: record,
    quantity: 1000,
    expiry_date: '2028-03-31',
    unit_price: 0.025,
  });
  await merge();

  // (2,500 × 0.0200 + 1,000 × 0.0250) / 3,500 = 0.0214285… → 0.0214; the later date does not move the record's.
  expect((await call('GET', chemicalUrl(record))).json()).toMatchObject({
    quantity: 3500,
    expiry_date: '2027-06-30',
    unit_price: 0.0214,
  });
  expect((await audit('chemical', record)).map((entry) => entry.changes)).toEqual([
    { unit_price: [0.02, 0.0214] },
  ]);
});

it('moves the date earlier when a lot expires sooner, audited with the price in one entry', async () => {
  const record = await createStockRecord(t, token, 'glassware', 10, undefined, {
    expiry_date: '2030-01-01',
    unit_price: 2,
  });
  await call('POST', GLASS_STAGING, {
    glassware: record,
    quantity: 5,
    expiry_date: '2031-01-01',
    unit_price: 5,
  });
  await call('POST', GLASS_STAGING, { glassware: record, quantity: 5, expiry_date: '2029-05-01' });
  await merge(GLASS_STAGING);

  // 10 at 2, 5 at 5, 5 without a price (at the record's 2): (20 + 25 + 10) / 20 = 2.75.
  expect((await call('GET', glasswareUrl(record))).json()).toMatchObject({
    quantity: 20,
    expiry_date: '2029-05-01',
    unit_price: 2.75,
  });
  expect((await audit('glassware', record)).map((entry) => entry.changes)).toEqual([
    { expiry_date: ['2030-01-01', '2029-05-01'], unit_price: [2, 2.75] },
  ]);
});

it('keeps an unknown date of held stock, and gives an empty record the date of what arrives', async () => {
  const undated = await createStockRecord(t, token, 'chemical', 100);
  const empty = await createStockRecord(t, token, 'chemical', 0, undefined, { expiry_date: '2020-01-01' });
  await call('POST', STAGING, { chemical: undated, quantity: 50, expiry_date: '2028-03-31' });
  await call('POST', STAGING, { chemical: empty, quantity: 50, expiry_date: '2028-03-31' });
  await merge();

  expect((await call('GET', chemicalUrl(undated))).json()).toMatchObject({
    quantity: 150,
    expiry_date: null,
  });
  expect(await audit('chemical', undated)).toEqual([]);
  expect((await call('GET', chemicalUrl(empty))).json()).toMatchObject({
    quantity: 50,
    expiry_date: '2028-03-31',
  });
  expect((await audit('chemical', empty)).map((entry) => entry.changes)).toEqual([
    { expiry_date: ['2020-01-01', '2028-03-31'] },
  ]);
});

describe('undoing the shipment', () => {
  const revert = async (shipment: number) =>
    expect((await call('POST', `/api/management/shipments/${shipment}/revert/`)).statusCode).toBe(200);

  it('gives back the date and price the merge replaced, audited, and the quantity', async () => {
    const record = await createStockRecord(t, token, 'glassware', 10, undefined, {
      expiry_date: '2030-01-01',
      unit_price: 2,
    });
    await call('POST', GLASS_STAGING, {
      glassware: record,
      quantity: 10,
      expiry_date: '2029-05-01',
      unit_price: 3,
    });
    const shipment = await merge(GLASS_STAGING);
    expect((await call('GET', glasswareUrl(record))).json()).toMatchObject({
      expiry_date: '2029-05-01',
      unit_price: 2.5,
    });

    await revert(shipment);
    expect((await call('GET', glasswareUrl(record))).json()).toMatchObject({
      quantity: 10,
      expiry_date: '2030-01-01',
      unit_price: 2,
    });
    expect((await audit('glassware', record)).map((entry) => entry.changes)).toEqual([
      // Newest first.
      { expiry_date: ['2029-05-01', '2030-01-01'], unit_price: [2.5, 2] },
      { expiry_date: ['2030-01-01', '2029-05-01'], unit_price: [2, 2.5] },
    ]);
  });

  it('keeps a value changed since the merge: the newer word stands', async () => {
    const record = await createStockRecord(t, token, 'chemical', 100, undefined, {
      expiry_date: '2030-01-01',
      unit_price: 1,
    });
    await call('POST', STAGING, {
      chemical: record,
      quantity: 100,
      expiry_date: '2029-01-01',
      unit_price: 2,
    });
    const shipment = await merge();
    // Someone checks the bottles and sets another price; the date stays as the merge gave it.
    expect((await call('PATCH', chemicalUrl(record), { unit_price: 1.75 })).statusCode).toBe(200);

    await revert(shipment);
    expect((await call('GET', chemicalUrl(record))).json()).toMatchObject({
      quantity: 100,
      expiry_date: '2030-01-01',
      unit_price: 1.75,
    });
  });
});
