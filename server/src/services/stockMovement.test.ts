import type { StockObjectType } from '../db/tables';
import { insertChemicalStock, insertInstrumentStock } from '../testing/stockRows';
import { buildTestApp, type TestApp } from '../testing/testApp';
import { writeTransaction } from '../feed/changeLog';
import { lockStock, moveStock, outOfBounds, type StockChange } from './stockMovement';

// The writers' own tests (routes/stock, shipments, issueCart, locations, imports) cover what each movement writes
// and refuses through the API; these check the guarantees every writer relies on.

let t: TestApp;
let actor: { id: number; email: string; origin: null };
beforeAll(async () => {
  t = await buildTestApp();
  const { id, email } = await t.createUser();
  actor = { id, email, origin: null };
});
afterAll(() => t.close());

const quantityOf = async (table: 'chemical_stock' | 'instrument_stock', id: number) =>
  Number(
    (await t.db.selectFrom(table).select('quantity').where('id', '=', id).executeTakeFirstOrThrow()).quantity,
  );

const entriesOf = async (objectType: StockObjectType, objectId: number) =>
  (
    await t.db
      .selectFrom('stock_ledger')
      .select(['change', 'balance'])
      .where('object_type', '=', objectType)
      .where('object_id', '=', objectId)
      .orderBy('id')
      .execute()
  ).map((entry) => ({ change: Number(entry.change), balance: Number(entry.balance) }));

/** Locks, checks and writes `changes` in one transaction, as a writer does. */
const move = (changes: StockChange[]) =>
  writeTransaction(t.db, async (trx) => {
    const movement = { changes, before: await lockStock(trx, t.app.dialect, changes) };
    const refused = outOfBounds(movement);
    if (refused.length === 0) {
      await moveStock(trx, movement, { ledger: { kind: 'ADJUSTMENT' }, at: '2026-01-01T00:00:00Z', actor });
    }
    return refused;
  });

it('writes each change with its running balance, over several kinds', async () => {
  const chemical = await insertChemicalStock(t.db, {
    name: 'Movement ethanol',
    CAS_RN: '64-17-5',
    molecular_formula: 'C2H6O',
    quantity: 10,
  });
  const instrument = await insertInstrumentStock(t.db, { name: 'Movement centrifuge', quantity: 5 });

  expect(
    await move([
      { object_type: 'INSTRUMENT', object_id: instrument, change: -2 },
      { object_type: 'CHEMICAL', object_id: chemical, change: -1500 },
      { object_type: 'INSTRUMENT', object_id: instrument, change: -3 },
      { object_type: 'INSTRUMENT', object_id: instrument, change: 0 },
    ]),
  ).toEqual([]);

  expect(await quantityOf('instrument_stock', instrument)).toBe(0);
  expect(await quantityOf('chemical_stock', chemical)).toBe(8500);
  // A zero change has no entry.
  expect(await entriesOf('INSTRUMENT', instrument)).toEqual([
    { change: -2, balance: 3 },
    { change: -3, balance: 0 },
  ]);
  expect(await entriesOf('CHEMICAL', chemical)).toEqual([{ change: -1500, balance: 8500 }]);
});

it('answers the records a movement would take out of bounds, in the order the changes name them', async () => {
  const low = await insertInstrumentStock(t.db, { name: 'Movement low', quantity: 1 });
  const full = await insertInstrumentStock(t.db, { name: 'Movement full', quantity: 999_999_999 });

  const refused = await move([
    { object_type: 'INSTRUMENT', object_id: full, change: 2 },
    { object_type: 'INSTRUMENT', object_id: low, change: -2 },
  ]);
  expect(
    refused.map(({ object_id, before, change, after }) => ({ object_id, before, change, after })),
  ).toEqual([
    { object_id: full, before: 999_999_999, change: 2, after: 1_000_000_001 },
    { object_id: low, before: 1, change: -2, after: -1 },
  ]);
});

it('refuses to write a movement out of bounds that its writer did not refuse', async () => {
  const id = await insertInstrumentStock(t.db, { name: 'Movement unchecked', quantity: 1 });
  const changes = [{ object_type: 'INSTRUMENT' as const, object_id: id, change: -2 }];
  await expect(
    writeTransaction(t.db, async (trx) => {
      const movement = { changes, before: await lockStock(trx, t.app.dialect, changes) };
      await moveStock(trx, movement, { ledger: { kind: 'ADJUSTMENT' }, at: '2026-01-01T00:00:00Z', actor });
    }),
  ).rejects.toThrow('refuse it first');
  expect(await quantityOf('instrument_stock', id)).toBe(1);
  expect(await entriesOf('INSTRUMENT', id)).toEqual([]);
});
