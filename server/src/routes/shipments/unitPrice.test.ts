import { specOf, STOCK_KINDS, type StockKind } from '../../domain/stockKinds';
import { createStockRecord } from '../../testing/stockApi';
import { buildTestApp, requestHelper, type TestApp } from '../../testing/testApp';

// A staged line's unit price (docs/api.md §23): written to its record by the merge, in the merge's transaction.

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

const staging = (kind: StockKind, rest = '') => `/api/management/${kind}-temp-shipment/${rest}`;
const priceOf = async (kind: StockKind, id: number): Promise<number | null> =>
  (await call('GET', `/api/storeobjects/${specOf(kind).segments.store}/${id}/`)).json().unit_price;

describe.each(STOCK_KINDS)('a staged %s line', (kind) => {
  it('carries a price through POST, PUT and PATCH, refused with the record field’s rules', async () => {
    const record = await createStockRecord(t, token, kind, 1);
    const created = await call('POST', staging(kind), { [kind]: record, quantity: 2, unit_price: 0.0452 });
    expect(created.statusCode).toBe(201);
    const line = created.json();
    expect(line.unit_price).toBe(0.0452);
    expect((await call('GET', staging(kind, `${line.id}/`))).json().unit_price).toBe(0.0452);

    // SERVER.md's PUT sends the record and the quantity only: the price stays.
    const replaced = await call('PUT', staging(kind, `${line.id}/`), { [kind]: record, quantity: 3 });
    expect(replaced.json()).toMatchObject({ quantity: 3, unit_price: 0.0452 });
    const patched = await call('PATCH', staging(kind, `${line.id}/`), { unit_price: 12.5 });
    expect(patched.json().unit_price).toBe(12.5);

    for (const [price, message] of [
      [0.00001, 'Ensure that there are no more than 4 decimal places.'],
      [-1, 'Ensure this value is greater than or equal to 0.'],
      [1_000_001, 'Ensure this value is less than or equal to 1000000.'],
    ] as const) {
      const refused = await call('PATCH', staging(kind, `${line.id}/`), { unit_price: price });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ unit_price: [message] });
    }
    const cleared = await call('PATCH', staging(kind, `${line.id}/`), { unit_price: null });
    expect(cleared.json().unit_price).toBeNull();
    await call('DELETE', staging(kind, `${line.id}/`));
  });

  it('averages the staged prices into the record’s by quantity at the merge, a line without one counting at the record’s', async () => {
    const priced = await createStockRecord(t, token, kind, 1, undefined, { unit_price: 9 });
    const repriced = await createStockRecord(t, token, kind, 1, undefined, { unit_price: 9 });
    const unpriced = await createStockRecord(t, token, kind, 1);
    await call('POST', staging(kind), { [kind]: priced, quantity: 1 });
    await call('POST', staging(kind), { [kind]: repriced, quantity: 1, unit_price: 1.5 });
    await call('POST', staging(kind), { [kind]: repriced, quantity: 2, unit_price: 1.25 });
    await call('POST', staging(kind), { [kind]: unpriced, quantity: 1, unit_price: 0.0001 });
    const merged = await call('POST', staging(kind, 'merge/'));
    expect(merged.statusCode).toBe(201);

    expect(await priceOf(kind, priced)).toBe(9);
    // 1 held at 9, 1 at 1.5, 2 at 1.25: (9 + 1.5 + 2.5) / 4 = 3.25 (docs/api.md §23.2).
    expect(await priceOf(kind, repriced)).toBe(3.25);
    // Stock of unknown price is left out of the average.
    expect(await priceOf(kind, unpriced)).toBe(0.0001);

    // Undone, the shipment takes its quantities back and gives back the price it replaced.
    const shipment = merged.json().id as number;
    const undone = await call('POST', `/api/management/shipments/${shipment}/revert/`);
    expect(undone.statusCode).toBe(200);
    expect(await priceOf(kind, repriced)).toBe(9);
    expect(await priceOf(kind, unpriced)).toBeNull();
  });
});

it('writes nothing of the prices when the merge is refused', async () => {
  const record = await createStockRecord(t, token, 'instrument', 999_999_999, undefined, { unit_price: 3 });
  await call('POST', staging('instrument'), { instrument: record, quantity: 5, unit_price: 4 });
  const refused = await call('POST', staging('instrument', 'merge/'));
  expect(refused.statusCode).toBe(409);
  expect(await priceOf('instrument', record)).toBe(3);
  const [line] = (await call('GET', staging('instrument'))).json();
  await call('DELETE', staging('instrument', `${line.id}/`));
});
