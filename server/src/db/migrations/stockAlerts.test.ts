import { createTestDatabase, type TestDatabase } from '../../testing/testApp';
import { insertChemicalStock, insertGlasswareStock, insertInstrumentStock } from '../../testing/stockRows';

// 0011_stock_alerts on a database that already holds stock: every record gets nulls, nothing else changes.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ through: '0010_audit_log' });
});
afterAll(() => database.destroy());

it('adds the new columns as nulls to existing records and staging lines', async () => {
  const { db } = database;
  const chemicalId = await insertChemicalStock(db, {
    name: 'Ethanol',
    CAS_RN: '64-17-5',
    molecular_formula: 'C2H6O',
    quantity: 12.5,
  });
  const instrumentId = await insertInstrumentStock(db, { name: 'Balance', quantity: 2 });
  const glasswareId = await insertGlasswareStock(db, {
    name: 'Beaker',
    size: 250,
    material_type: 'Borosilicate',
    quantity: 7,
  });

  await database.migrateToLatest();

  expect(
    await db
      .selectFrom('chemical_stock')
      .select(['quantity', 'expiry_date', 'opened_on', 'minimum_quantity'])
      .where('id', '=', chemicalId)
      .executeTakeFirst(),
  ).toEqual({ quantity: expect.anything(), expiry_date: null, opened_on: null, minimum_quantity: null });
  expect(
    await db
      .selectFrom('instrument_stock')
      .select(['minimum_quantity'])
      .where('id', '=', instrumentId)
      .executeTakeFirst(),
  ).toEqual({ minimum_quantity: null });
  expect(
    await db
      .selectFrom('glassware_stock')
      .select(['expiry_date', 'minimum_quantity'])
      .where('id', '=', glasswareId)
      .executeTakeFirst(),
  ).toEqual({ expiry_date: null, minimum_quantity: null });
  const chemical = await db
    .selectFrom('chemical_stock')
    .select('quantity')
    .where('id', '=', chemicalId)
    .executeTakeFirstOrThrow();
  expect(Number(chemical.quantity)).toBe(12500);
});

it('refuses a negative minimum in the database itself', async () => {
  const id = await insertInstrumentStock(database.db, { name: 'Centrifuge' });
  await expect(
    database.db.updateTable('instrument_stock').set({ minimum_quantity: -1 }).where('id', '=', id).execute(),
    // better-sqlite3's errors come from another realm under Jest, so match the message rather than the class.
  ).rejects.toMatchObject({ message: expect.stringMatching(/check constraint/i) });
});
