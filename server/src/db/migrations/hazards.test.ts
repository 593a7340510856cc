import { createTestDatabase, type TestDatabase } from '../../testing/testApp';
import { insertChemicalStock } from '../../testing/stockRows';

// 0013_hazards on a database that already holds chemicals: they get no hazard data, nothing else changes.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ through: '0012_imports' });
});
afterAll(() => database.destroy());

it('adds empty hazard data to existing chemical records', async () => {
  const { db } = database;
  const id = await insertChemicalStock(db, {
    name: 'Ethanol',
    CAS_RN: '64-17-5',
    molecular_formula: 'C2H6O',
    quantity: 12.5,
  });

  await database.migrateToLatest();

  // 0020 moved the codes and the signal word to the chemical entry (substanceHazards.test.ts).
  const row = await db
    .selectFrom('chemical_stock')
    .innerJoin('chemicals', 'chemicals.id', 'chemical_stock.chemical_id')
    .select(['quantity', 'hazard_statements', 'signal_word_override', 'storage_classes'])
    .where('chemical_stock.id', '=', id)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({
    quantity: expect.anything(),
    hazard_statements: '',
    signal_word_override: null,
    storage_classes: '',
  });
  expect(Number(row.quantity)).toBe(12500);
});
