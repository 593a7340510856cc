import * as stockRepository from '../../db/repositories/stock';
import { findStockRecordIds, findStockRecordsInOrder } from '../../db/repositories/stockListing';
import { slicesOf } from '../../db/slices';
import * as stock from '../../services/stock';
import { turnsOfTheEventLoopWhile } from '../../testing/eventLoop';
import { createStockRecord } from '../../testing/stockApi';
import { buildTestApp, type TestApp } from '../../testing/testApp';

// A list answered whole is read in keyset batches with a turn for other requests between them (better-sqlite3 runs
// each statement synchronously): the same bytes as the one statement it replaced, and other requests answered
// while it is read.

// The route's read of the whole list (its batches), watched: a test can tell whether it has ended.
jest.mock('../../services/stock', () => {
  const actual = jest.requireActual<typeof import('../../services/stock')>('../../services/stock');
  return { ...actual, stockRecordBatches: jest.fn(actual.stockRecordBatches) };
});
const batchReads = jest.mocked(stock.stockRecordBatches);
const { stockRecordBatches: readBatches } =
  jest.requireActual<typeof import('../../services/stock')>('../../services/stock');

let t: TestApp;
let token: string;

const PUBLIC = '/api/storeobjects/chemicalobjs/';
const MANAGEMENT = '/api/management/chemicals/';
const BATCHES = 3;

const context = () => ({ db: t.db, dialect: t.app.dialect, now: t.app.now });

beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await t.signedInUser());
  // Three chemicals, each with its own catalog entries, and hazard data on one.
  const templates = [
    await createStockRecord(t, token, 'chemical', 12.5, 'Acetone', { manufacturer: 'Merck' }),
    await createStockRecord(t, token, 'chemical', 0.001, 'Benzene', {
      manufacturer: 'Sigma',
      supplier: 'Carl Roth',
      hazard_statements: ['H225', 'H350'],
    }),
    await createStockRecord(t, token, 'chemical', 3, 'Toluene', { expiry_date: '2027-06-30' }),
  ];
  const rows = await t.db
    .selectFrom('chemical_stock')
    .select(['chemical_id', 'manufacturer_id', 'supplier_id'])
    .where('id', 'in', templates)
    .orderBy('id')
    .execute();
  // Written straight to the table: thousands of records through the API would take most of a minute.
  const bulk = Array.from({ length: BATCHES * stock.STOCK_LIST_BATCH_SIZE - 10 }, (_, index) => ({
    ...rows[index % rows.length],
    purity_hundredths: (index % 9999) + 1,
    state: (['SOLID', 'LIQUID', 'GAS'] as const)[index % 3],
    quantity: ((index * 7919) % 100_000) * 1000 + (index % 1000),
  }));
  for (const slice of slicesOf(bulk)) await t.db.insertInto('chemical_stock').values(slice).execute();
});
afterAll(() => t.close());

describe('a list answered whole, read in batches', () => {
  it('gives the same bytes as the records read in one statement, on both paths', async () => {
    const oneStatement = JSON.stringify(await stockRepository.findStockRecords(t.db, 'chemical'));
    expect(JSON.parse(oneStatement)).toHaveLength(BATCHES * stock.STOCK_LIST_BATCH_SIZE - 7);
    for (const url of [PUBLIC, MANAGEMENT]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(oneStatement);
    }
  });

  it('gives the same bytes as before when ordered or searched without limit', async () => {
    const listing = { terms: ['benzene'], ordering: [{ field: 'quantity' as const, descending: true }] };
    const before = await findStockRecordsInOrder(
      t.db,
      'chemical',
      await findStockRecordIds(t.db, t.app.dialect, 'chemical', listing),
    );
    expect(before.length).toBeGreaterThan(stock.STOCK_LIST_BATCH_SIZE / 2);
    const response = await t.app.inject({ url: `${PUBLIC}?ordering=-quantity&search=Benzene` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(JSON.stringify(before));
  });

  it('lets the event loop turn between its batches', async () => {
    const turns = await turnsOfTheEventLoopWhile(stock.listStockRecords(context(), 'chemical'));
    expect(turns).toBeGreaterThanOrEqual(BATCHES - 1);
  });

  it('answers a health check while the first list after a write is being read', async () => {
    await createStockRecord(t, token, 'chemical', 1, 'Ethanol');
    let readDone = false;
    let readStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (readStarted = resolve));
    batchReads.mockImplementationOnce(async function* (...args) {
      readStarted();
      try {
        yield* readBatches(...args);
      } finally {
        readDone = true;
      }
    });
    const list = t.app.inject({ url: PUBLIC });
    await started;
    const health = await t.app.inject({ url: '/api/health/' });
    expect(health.statusCode).toBe(200);
    expect(readDone).toBe(false);
    expect((await list).statusCode).toBe(200);
    expect(readDone).toBe(true);
  });
});
