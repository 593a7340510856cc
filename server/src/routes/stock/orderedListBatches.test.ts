import * as stockListing from '../../db/repositories/stockListing';
import { slicesOf } from '../../db/slices';
import type { StockListing } from '../../domain/stockListing';
import * as stock from '../../services/stock';
import { createStockRecord } from '../../testing/stockApi';
import { buildTestApp, type TestApp } from '../../testing/testApp';

// Issue 33 item 8: an ordered or searched list answered whole (no `limit`) is read in keyset batches after the last
// record sent, as the list in the default order is, never all its ids in one statement; the answer is the one the
// single statement gave, in the same order, across every batch boundary and tie.

// The one-statement read of a whole list's ids, watched: a whole list must not use it.
jest.mock('../../db/repositories/stockListing', () => {
  const actual = jest.requireActual<typeof import('../../db/repositories/stockListing')>(
    '../../db/repositories/stockListing',
  );
  return { ...actual, findStockRecordIds: jest.fn(actual.findStockRecordIds) };
});
const idReads = jest.mocked(stockListing.findStockRecordIds);

let t: TestApp;
const PUBLIC = '/api/storeobjects/chemicalobjs/';
const context = () => ({ db: t.db, dialect: t.app.dialect, now: t.app.now });

beforeAll(async () => {
  t = await buildTestApp();
  const { token } = await t.signedInUser();
  // Four substances, many records each, so that every ordering has long ties.
  const templates = [
    await createStockRecord(t, token, 'chemical', 12.5, 'Acetone', { manufacturer: 'Merck' }),
    await createStockRecord(t, token, 'chemical', 0.001, 'Benzene', {
      manufacturer: 'Sigma',
      supplier: 'Roth',
    }),
    await createStockRecord(t, token, 'chemical', 3, 'Toluene'),
    await createStockRecord(t, token, 'chemical', 7, 'benzene oxide', { manufacturer: 'Acros' }),
  ];
  const rows = await t.db
    .selectFrom('chemical_stock')
    .select(['chemical_id', 'manufacturer_id', 'supplier_id'])
    .where('id', 'in', templates)
    .orderBy('id')
    .execute();
  // Two substances of one molecular weight: a tie across substances.
  const [{ molecular_weight: weight }] = await t.db
    .selectFrom('chemicals')
    .select('molecular_weight')
    .where('id', '=', rows[0].chemical_id)
    .execute();
  await t.db
    .updateTable('chemicals')
    .set({ molecular_weight: weight })
    .where('id', '=', rows[2].chemical_id)
    .execute();
  const bulk = Array.from({ length: 150 }, (_, index) => ({
    ...rows[index % rows.length],
    purity_hundredths: Math.floor(index / 12) * 100 + 50,
    state: (['SOLID', 'LIQUID', 'GAS'] as const)[Math.floor(index / 4) % 3],
    // Few distinct quantities: long ties broken by the id.
    quantity: (index % 5) * 1000,
  }));
  for (const slice of slicesOf(bulk)) await t.db.insertInto('chemical_stock').values(slice).execute();
});
afterAll(() => t.close());

type Listing = StockListing<'chemical'>;
const listings: { name: string; listing: Listing }[] = [
  {
    name: 'quantity, descending',
    listing: { terms: [], ordering: [{ field: 'quantity', descending: true }] },
  },
  { name: 'name (catalog text)', listing: { terms: [], ordering: [{ field: 'name', descending: false }] } },
  {
    name: 'molecular weight, ascending',
    listing: { terms: [], ordering: [{ field: 'molecular_weight', descending: false }] },
  },
  {
    name: 'molecular weight, descending',
    listing: { terms: [], ordering: [{ field: 'molecular_weight', descending: true }] },
  },
  {
    name: 'state ascending, then purity descending',
    listing: {
      terms: [],
      ordering: [
        { field: 'state', descending: false },
        { field: 'purity', descending: true },
      ],
    },
  },
  {
    name: 'searched, by manufacturer then quantity',
    listing: {
      terms: ['benzene'],
      ordering: [
        { field: 'manufacturer', descending: false },
        { field: 'quantity', descending: false },
      ],
    },
  },
  { name: 'searched, in the default order', listing: { terms: ['benzene'], ordering: [] } },
];

/** The list as the one statement read it: every id in order, then their records. */
async function oneStatement(listing: Listing) {
  const ids = await stockListing.findStockRecordIds(t.db, t.app.dialect, 'chemical', listing);
  return stockListing.findStockRecordsInOrder(t.db, 'chemical', ids);
}

describe('an ordered or searched list answered whole, read in keyset batches', () => {
  it.each(listings)(
    'is the list the one statement gave, across batch boundaries: $name',
    async ({ listing }) => {
      const expected = await oneStatement(listing);
      expect(expected.length).toBeGreaterThan(20);
      // Batches of 1, 7 and 64 records: a boundary inside every tie, and batches larger than a tie.
      for (const batchSize of [1, 7, 64]) {
        const batches: number[][] = [];
        for await (const batch of stock.stockRecordBatches(context(), 'chemical', listing, batchSize)) {
          batches.push(batch.map((record) => record.id));
        }
        expect(batches.flat()).toEqual(expected.map((record) => record.id));
        expect(Math.max(...batches.map((batch) => batch.length))).toBeLessThanOrEqual(batchSize);
      }
    },
  );

  it('answers the route with the same bytes, and never reads all the ids in one statement', async () => {
    const expected = JSON.stringify(await oneStatement(listings[5].listing));
    idReads.mockClear();
    const response = await t.app.inject({ url: `${PUBLIC}?ordering=manufacturer,quantity&search=Benzene` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(expected);
    expect(idReads).not.toHaveBeenCalled();
  });
});
