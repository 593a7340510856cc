import { sql } from 'kysely';
import { findStockRecord } from '../repositories/stock';
import { createTestDatabase, type TestDatabase } from '../../testing/testApp';
import { insertChemicalStock } from '../../testing/stockRows';

// 0020_substance_hazards on a database whose records of one substance hold different hazard data: the substance
// gets the union of their codes and the strongest signal word, each conflict of signal words is in the audit log,
// and every record of the substance shows the result.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ through: '0019_settings' });
});
afterAll(() => database.destroy());

const dichloromethane = { name: 'Dichloromethane', CAS_RN: '75-09-2', molecular_formula: 'CH2Cl2' };
const ethanol = { name: 'Ethanol', CAS_RN: '64-17-5', molecular_formula: 'C2H6O' };
const toluene = { name: 'Toluene', CAS_RN: '108-88-3', molecular_formula: 'C7H8' };

/** Writes a record's hazard data as 0013 kept it, on the stock row (the typed tables no longer have it there). */
async function withHazards(id: number, codes: string, override: string | null = null): Promise<number> {
  await sql`update chemical_stock set hazard_statements = ${codes}, signal_word_override = ${override}
    where id = ${id}`.execute(database.db);
  return id;
}

it('gives each substance the union of its records’ hazards and logs where their signal words disagreed', async () => {
  const { db } = database;
  // Warning, derived from the codes.
  const labeled = await withHazards(
    await insertChemicalStock(db, { ...dichloromethane, manufacturer: 'Merck' }),
    'H315,H319,H336,H351',
  );
  // Nothing said: takes no part in the merge, and shows the substance's hazards afterwards.
  const unlabeled = await insertChemicalStock(db, { ...dichloromethane, manufacturer: 'Sigma' });
  // Danger, set by hand over the derived Warning.
  const overridden = await withHazards(
    await insertChemicalStock(db, { ...dichloromethane, manufacturer: 'Roth' }),
    'H351',
    'DANGER',
  );
  const dilute = await withHazards(await insertChemicalStock(db, { ...ethanol, purity: 70 }), 'H319');
  const absolute = await withHazards(await insertChemicalStock(db, { ...ethanol, purity: 99 }), 'H225');
  const plain = await insertChemicalStock(db, toluene);

  await database.migrateToLatest();

  const shown = async (id: number) => {
    const record = await findStockRecord(db, 'chemical', id);
    return {
      codes: record?.hazard_statements,
      signal_word: record?.signal_word,
      overridden: record?.signal_word_overridden,
    };
  };
  const dichloromethaneHazards = {
    codes: ['H315', 'H319', 'H336', 'H351'],
    signal_word: 'DANGER',
    overridden: true,
  };
  expect(await shown(labeled)).toEqual(dichloromethaneHazards);
  expect(await shown(unlabeled)).toEqual(dichloromethaneHazards);
  expect(await shown(overridden)).toEqual(dichloromethaneHazards);
  // The union's codes derive Danger themselves: no override.
  const ethanolHazards = { codes: ['H225', 'H319'], signal_word: 'DANGER', overridden: false };
  expect(await shown(dilute)).toEqual(ethanolHazards);
  expect(await shown(absolute)).toEqual(ethanolHazards);
  expect(await shown(plain)).toEqual({ codes: [], signal_word: null, overridden: false });

  const entries = await db
    .selectFrom('audit_log')
    .select(['action', 'target_type', 'target_label', 'changes'])
    .orderBy('id')
    .execute();
  expect(entries).toEqual([
    {
      action: 'substance.hazards_merged',
      target_type: 'substance',
      target_label: expect.stringMatching(/^Dichloromethane \(substance #\d+\)$/),
      changes: JSON.stringify({
        signal_word: [`chemical #${labeled}: Warning, chemical #${overridden}: Danger`, 'Danger'],
      }),
    },
    {
      action: 'substance.hazards_merged',
      target_type: 'substance',
      target_label: expect.stringMatching(/^Ethanol \(substance #\d+\)$/),
      changes: JSON.stringify({
        signal_word: [`chemical #${dilute}: Warning, chemical #${absolute}: Danger`, 'Danger'],
      }),
    },
  ]);
});
