import type { Transaction } from 'kysely';
import type { Db } from '../db';
import type { Database, StockObjectType } from '../db/tables';
import { findOrCreateNamedEntry, type NamedEntryTable } from '../db/repositories/stock';
import { molarMass } from '../domain/chemistry/formula';
import { toThousandths } from '../domain/quantity';
import { recordSearchChanges } from '../search/changeLog';

/**
 * Stock rows written straight to the database for tests that need stock without going through the API,
 * each in one transaction with its search-change note (unless `logChange: false`, for tests that write the
 * note themselves).
 */

type Executor = Transaction<Database>;

interface Options {
  logChange?: boolean;
}

const findOrCreate = async (trx: Executor, table: NamedEntryTable, name: string): Promise<number> =>
  (await findOrCreateNamedEntry(trx, table, name)).id;

async function inTransaction(
  db: Db,
  type: StockObjectType,
  { logChange = true }: Options,
  write: (trx: Executor) => Promise<number>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const id = await write(trx);
    if (logChange) await recordSearchChanges(trx, [{ object_type: type, object_id: id }]);
    return id;
  });
}

export interface ChemicalStockFields {
  name: string;
  CAS_RN: string;
  molecular_formula: string;
  purity?: number;
  manufacturer?: string;
  supplier?: string;
  state?: 'SOLID' | 'LIQUID' | 'GAS';
  quantity?: number;
}

export function insertChemicalStock(
  db: Db,
  fields: ChemicalStockFields,
  options: Options = {},
): Promise<number> {
  return inTransaction(db, 'CHEMICAL', options, async (trx) => {
    const nameKey = fields.name.trim().toLowerCase();
    const existing = await trx
      .selectFrom('chemicals')
      .select('id')
      .where('name_key', '=', nameKey)
      .executeTakeFirst();
    const chemicalId =
      existing?.id ??
      (
        await trx
          .insertInto('chemicals')
          .values({
            name: fields.name,
            name_key: nameKey,
            cas_rn: fields.CAS_RN,
            molecular_formula: fields.molecular_formula,
            molecular_weight: molarMass(fields.molecular_formula),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const row = await trx
      .insertInto('chemical_stock')
      .values({
        chemical_id: chemicalId,
        purity_hundredths: Math.round((fields.purity ?? 99) * 100),
        manufacturer_id: await findOrCreate(trx, 'manufacturers', fields.manufacturer ?? 'Merck'),
        supplier_id: await findOrCreate(trx, 'suppliers', fields.supplier ?? 'Daraz'),
        state: fields.state ?? 'LIQUID',
        quantity: toThousandths(fields.quantity ?? 0),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export interface InstrumentStockFields {
  name: string;
  manufacturer?: string;
  supplier?: string;
  quantity?: number;
}

export function insertInstrumentStock(
  db: Db,
  fields: InstrumentStockFields,
  options: Options = {},
): Promise<number> {
  return inTransaction(db, 'INSTRUMENT', options, async (trx) => {
    const row = await trx
      .insertInto('instrument_stock')
      .values({
        instrument_id: await findOrCreate(trx, 'instruments', fields.name),
        manufacturer_id: await findOrCreate(trx, 'manufacturers', fields.manufacturer ?? 'Shimadzu'),
        supplier_id: await findOrCreate(trx, 'suppliers', fields.supplier ?? 'Daraz'),
        quantity: fields.quantity ?? 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export interface GlasswareStockFields {
  name: string;
  size: number;
  material_type: string;
  manufacturer?: string;
  supplier?: string;
  quantity?: number;
}

export function insertGlasswareStock(
  db: Db,
  fields: GlasswareStockFields,
  options: Options = {},
): Promise<number> {
  return inTransaction(db, 'GLASSWARE', options, async (trx) => {
    const row = await trx
      .insertInto('glassware_stock')
      .values({
        glassware_id: await findOrCreate(trx, 'glasswares', fields.name),
        manufacturer_id: await findOrCreate(trx, 'manufacturers', fields.manufacturer ?? 'Pyrex'),
        supplier_id: await findOrCreate(trx, 'suppliers', fields.supplier ?? 'Daraz'),
        size: fields.size,
        material_type: fields.material_type,
        material_type_key: fields.material_type.trim().toLowerCase(),
        quantity: fields.quantity ?? 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

const STOCK_TABLES = {
  CHEMICAL: 'chemical_stock',
  INSTRUMENT: 'instrument_stock',
  GLASSWARE: 'glassware_stock',
} as const;

export function deleteStock(db: Db, type: StockObjectType, id: number): Promise<number> {
  return inTransaction(db, type, {}, async (trx) => {
    await trx.deleteFrom(STOCK_TABLES[type]).where('id', '=', id).execute();
    return id;
  });
}

/** Renames a chemical catalog entry; every stock record of it changes, so each gets a search-change note. */
export async function renameChemical(db: Db, stockId: number, name: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { chemical_id } = await trx
      .selectFrom('chemical_stock')
      .select('chemical_id')
      .where('id', '=', stockId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('chemicals')
      .set({ name, name_key: name.trim().toLowerCase() })
      .where('id', '=', chemical_id)
      .execute();
    const records = await trx
      .selectFrom('chemical_stock')
      .select('id')
      .where('chemical_id', '=', chemical_id)
      .execute();
    await recordSearchChanges(
      trx,
      records.map((record) => ({ object_type: 'CHEMICAL', object_id: record.id })),
    );
  });
}
