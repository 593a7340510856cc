import { buildTestApp, requestHelper, type TestApp } from '../../testing/testApp';
import { slicesOf } from '../../db/slices';

// A search that most of a long list matches is read differently from a rare one (db/repositories/stockListing.ts,
// past 5,000 matches); both must count and page alike.

let t: TestApp;
let token: string;

const call = requestHelper(
  () => t,
  () => token,
);

const CHEMICALS = '/api/storeobjects/chemicalobjs/';
const BULK_ROWS = 5100;

interface Page {
  count: number;
  next: string | null;
  results: { id: number; purity: number; quantity: number; chemical: { name: string } }[];
}

let bulkIds: number[];

beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await t.signedInUser());
  const body = {
    CAS_RN: '64-17-5',
    molecular_formula: 'C2H6O',
    manufacturer: 'Bulk Corp',
    supplier: 'Daraz',
  };
  const first = await call('POST', CHEMICALS, { ...body, name: 'Ethanol', purity: 0.01, state: 'SOLID' });
  const rare = await call('POST', CHEMICALS, {
    ...body,
    name: 'Rare earth',
    manufacturer: 'Merck',
    purity: 50,
    state: 'GAS',
  });
  const { chemical, manufacturer, supplier } = first.json() as Record<string, { id: number }>;
  // Written straight to the table: 5,100 records through the API would take most of a minute.
  const rows = Array.from({ length: BULK_ROWS }, (_, index) => ({
    chemical_id: chemical.id,
    manufacturer_id: manufacturer.id,
    supplier_id: supplier.id,
    purity_hundredths: index + 2,
    state: 'LIQUID' as const,
    quantity: ((index * 7919) % 1000) * 1000,
  }));
  for (const slice of slicesOf(rows)) await t.db.insertInto('chemical_stock').values(slice).execute();
  const all = (await call('GET', CHEMICALS, undefined, {})).json() as { id: number }[];
  const apiIds = [first.json().id, rare.json().id];
  bulkIds = all.map((record) => record.id).filter((id) => !apiIds.includes(id));
});
afterAll(() => t.close());

const page = async (query: string): Promise<Page> => {
  const response = await call('GET', `${CHEMICALS}?${query}`, undefined, {});
  expect(response.statusCode).toBe(200);
  return response.json();
};

it('counts and pages a search that most records match', async () => {
  const first = await page('limit=100&search=bulk');
  expect(first.count).toBe(BULK_ROWS + 1);
  expect(first.results.map((record) => record.purity)).toEqual(
    Array.from({ length: 100 }, (_, index) => (index + 1) / 100),
  );
  const liquid = await page('limit=100&offset=5000&search=liquid+ethanol');
  expect(liquid.count).toBe(BULK_ROWS);
  expect(liquid.next).toBeNull();
  expect(liquid.results.map((record) => record.id)).toEqual(bulkIds.slice(5000));
});

it('orders a broad search across pages, ties by id', async () => {
  const all = (
    await call('GET', `${CHEMICALS}?search=daraz&ordering=quantity`, undefined, {})
  ).json() as Page['results'];
  expect(all).toHaveLength(BULK_ROWS + 2);
  const byQuantityThenId = (a: Page['results'][number], b: Page['results'][number]) =>
    a.quantity - b.quantity || a.id - b.id;
  expect(all).toEqual([...all].sort(byQuantityThenId));
  const last = await page(`limit=50&offset=${BULK_ROWS - 48}&search=daraz&ordering=quantity`);
  expect(last.count).toBe(BULK_ROWS + 2);
  expect(last.results).toEqual(all.slice(-50));
  const first = await page('limit=100&search=daraz&ordering=-quantity');
  expect(first.results).toEqual([...all].reverse().slice(0, 100));
});

it('still finds a rare record among them', async () => {
  const rare = await page('limit=10&search=rare+merck');
  expect(rare.count).toBe(1);
  expect(rare.results.map((record) => record.chemical.name)).toEqual(['Rare earth']);
});
