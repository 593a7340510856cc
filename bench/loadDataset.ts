/**
 * Writes a generated dataset into a migrated database through the stock repository functions the app uses:
 * catalog entries first, then stock rows with their search-change notes, in large transactions; and the
 * benchmarks' locations.
 */
import type { Transaction } from 'kysely';
import type { Db } from '../server/src/db';
import {
  findOrCreateNamedEntry,
  insertStockRow,
  nameKey,
  saveChemical,
  type NamedEntryTable,
} from '../server/src/db/repositories/stock';
import { insertLocation } from '../server/src/db/repositories/locations';
import type { ConsumerType, Database } from '../server/src/db/tables';
import { molarMass } from '../server/src/domain/chemistry/formula';
import { toHundredths } from '../server/src/domain/quantity';
import { type StockKind } from '../server/src/domain/stockKinds';
import { OBJECT_TYPES, toBaseQuantity } from '../server/src/domain/stockKindHelpers';
import { recordSearchChanges } from '../server/src/search/changeLog';
import type { Dataset } from './dataset';

const RECORDS_PER_TRANSACTION = 5000;

type Executor = Transaction<Database>;

async function namedEntryIds(
  db: Db,
  table: NamedEntryTable,
  names: Iterable<string>,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  await db.transaction().execute(async (trx) => {
    for (const name of new Set(names)) ids.set(name, (await findOrCreateNamedEntry(trx, table, name)).id);
  });
  return ids;
}

async function insertInBatches<T>(
  db: Db,
  kind: StockKind,
  records: readonly T[],
  insert: (trx: Executor, record: T) => Promise<number>,
): Promise<void> {
  for (let start = 0; start < records.length; start += RECORDS_PER_TRANSACTION) {
    await db.transaction().execute(async (trx) => {
      const ids: number[] = [];
      for (const record of records.slice(start, start + RECORDS_PER_TRANSACTION))
        ids.push(await insert(trx, record));
      await recordSearchChanges(
        trx,
        ids.map((object_id) => ({ object_type: OBJECT_TYPES[kind], object_id })),
      );
    });
  }
}

export async function loadDataset(db: Db, dataset: Dataset): Promise<void> {
  const all = [...dataset.chemicals, ...dataset.instruments, ...dataset.glassware];
  const manufacturers = await namedEntryIds(
    db,
    'manufacturers',
    all.map((record) => record.manufacturer),
  );
  const suppliers = await namedEntryIds(
    db,
    'suppliers',
    all.map((record) => record.supplier),
  );
  const instruments = await namedEntryIds(
    db,
    'instruments',
    dataset.instruments.map((record) => record.name),
  );
  const glasswares = await namedEntryIds(
    db,
    'glasswares',
    dataset.glassware.map((record) => record.name),
  );
  const chemicals = new Map<string, number>();
  await db.transaction().execute(async (trx) => {
    for (const record of dataset.chemicals) {
      if (chemicals.has(record.name)) continue;
      const { id } = await saveChemical(trx, record.name, {
        cas_rn: record.CAS_RN,
        molecular_formula: record.molecular_formula,
        molecular_weight: molarMass(record.molecular_formula),
        hazard_statements: '',
        signal_word_override: null,
      });
      chemicals.set(record.name, id);
    }
  });

  const alerts = (kind: StockKind, record: { minimum_quantity?: number; expiry_date?: string }) => ({
    minimum_quantity:
      record.minimum_quantity === undefined ? null : toBaseQuantity(kind, record.minimum_quantity),
    ...(record.expiry_date !== undefined && { expiry_date: record.expiry_date }),
  });
  const trade = (record: { manufacturer: string; supplier: string }) => ({
    manufacturer_id: manufacturers.get(record.manufacturer) as number,
    supplier_id: suppliers.get(record.supplier) as number,
  });
  await insertInBatches(db, 'chemical', dataset.chemicals, (trx, record) =>
    insertStockRow(trx, 'chemical', {
      ...trade(record),
      chemical_id: chemicals.get(record.name) as number,
      purity_hundredths: toHundredths(record.purity),
      state: record.state,
      quantity: toBaseQuantity('chemical', record.quantity),
      ...alerts('chemical', record),
    }),
  );
  await insertInBatches(db, 'instrument', dataset.instruments, (trx, record) =>
    insertStockRow(trx, 'instrument', {
      ...trade(record),
      instrument_id: instruments.get(record.name) as number,
      quantity: toBaseQuantity('instrument', record.quantity),
      ...alerts('instrument', record),
    }),
  );
  await insertInBatches(db, 'glassware', dataset.glassware, (trx, record) =>
    insertStockRow(trx, 'glassware', {
      ...trade(record),
      glassware_id: glasswares.get(record.name) as number,
      size: record.size,
      material_type: record.material_type,
      material_type_key: nameKey(record.material_type),
      quantity: toBaseQuantity('glassware', record.quantity),
      ...alerts('glassware', record),
    }),
  );
}

export const LOCATIONS = 40;
const CONSUMER_TYPES: readonly ConsumerType[] = ['PHYSICAL', 'ORGANIC', 'INORGANIC', 'PERSONAL'];

/** The locations of the location tree the benchmarks read: `LOCATIONS` labs in one building. */
export async function insertLocations(db: Db): Promise<void> {
  for (let n = 1; n <= LOCATIONS; n++) {
    const fields = {
      name: `Lab ${n}`,
      consumer_type: CONSUMER_TYPES[n % CONSUMER_TYPES.length],
      room_number: String(100 + n),
      building_name: 'Science Building',
    };
    await insertLocation(db, fields, new Date(0).toISOString());
  }
}
