import { parse } from 'csv-parse/sync';
import { specOf, STOCK_KINDS, type StockKind } from '../../domain/stockKinds';
import { stockBody } from '../../testing/stockApi';
import { buildTestApp, requestHelper, type TestApp } from '../../testing/testApp';

// Unit prices on stock records (docs/api.md §23): a field added through the stock-kind table, on all three kinds.

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

const recordsUrl = (kind: StockKind) => `/api/storeobjects/${specOf(kind).segments.store}/`;

describe.each(STOCK_KINDS)('the unit price of a %s', (kind) => {
  const url = recordsUrl(kind);

  it('takes up to 4 decimals, reads them back exactly, is kept by a PUT without it and cleared by null', async () => {
    const created = await call('POST', url, stockBody(kind, { quantity: 2, unit_price: 0.0452 }));
    expect(created.statusCode).toBe(201);
    const record = created.json();
    expect(record.unit_price).toBe(0.0452);
    expect((await call('GET', `${url}${record.id}/`, undefined, {})).json().unit_price).toBe(0.0452);

    const patched = await call('PATCH', `${url}${record.id}/`, { unit_price: 1234.5678 });
    expect(patched.json().unit_price).toBe(1234.5678);
    const whole = await call('PATCH', `${url}${record.id}/`, { unit_price: 1_000_000 });
    expect(whole.json().unit_price).toBe(1_000_000);

    // SERVER.md's PUT sends every §4.3 field and none of the later ones: the price stays.
    const put = await call('PUT', `${url}${record.id}/`, stockBody(kind, { quantity: 3 }));
    expect(put.statusCode).toBe(200);
    expect(put.json().unit_price).toBe(1_000_000);

    const cleared = await call('PATCH', `${url}${record.id}/`, { unit_price: null });
    expect(cleared.json().unit_price).toBeNull();
    const unpriced = await call('POST', url, stockBody(kind, { quantity: 1 }));
    expect(unpriced.json().unit_price).toBeNull();
  });

  it.each([
    [0.00001, 'Ensure that there are no more than 4 decimal places.'],
    [12.34567, 'Ensure that there are no more than 4 decimal places.'],
    [-0.0001, 'Ensure this value is greater than or equal to 0.'],
    [1_000_000.0001, 'Ensure this value is less than or equal to 1000000.'],
  ])('refuses %p in the contract shape, writing nothing', async (price, message) => {
    const before = (await call('GET', url, undefined, {})).json().length;
    const response = await call('POST', url, stockBody(kind, { quantity: 1, unit_price: price }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ unit_price: [message] });
    expect((await call('GET', url, undefined, {})).json()).toHaveLength(before);
  });

  it('is audited, and left out of the Store files as the Store leaves it out', async () => {
    const record = (await call('POST', url, stockBody(kind, { quantity: 1 }))).json();
    await call('PATCH', `${url}${record.id}/`, { unit_price: 2.5 });
    const audit = await call(
      'GET',
      `/api/management/audit/?target_type=${kind}&target_id=${record.id}&action=stock.updated`,
    );
    expect(audit.json().results[0].changes).toEqual({ unit_price: [null, 2.5] });

    const exported = await call('GET', `${url}export/`, undefined, {});
    const [header] = parse(exported.body, { bom: true }) as string[][];
    expect(header).not.toContain('Unit price');
    expect(header.at(-1)).toBe('Storage place');
  });
});

it('is documented in the OpenAPI document with its unit, on reads and writes', () => {
  const document = t.app.swagger() as unknown as {
    paths: Record<string, Record<string, { requestBody?: unknown; responses: unknown }>>;
  };
  const chemical = JSON.stringify(document.paths['/api/storeobjects/chemicalobjs/'].post);
  expect(chemical).toContain('per ml, in the currency');
  const instrument = JSON.stringify(document.paths['/api/storeobjects/instrumentobjs/{id}/'].get);
  expect(instrument).toContain('"unit_price"');
  expect(instrument).toContain('per piece, in the currency');
});
