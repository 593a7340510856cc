import type { Insertable, Selectable, Updateable } from 'kysely';
import {
  derivePictograms,
  effectiveSignalWord,
  type GhsPictogramCode,
  type SignalWord,
} from '../../domain/chemistry/ghs';
import type { MarkedStorageClass } from '../../domain/chemistry/storageCompatibility';
import { fromHundredths } from '../../domain/quantity';
import { fromBaseQuantity, type StockKind } from '../../domain/stockKinds';
import { lockRowsIfSupported } from '../locking';
import type { Dialect } from '../migrations';
import type {
  ChemicalsTable,
  ChemicalStockTable,
  Database,
  GlasswareStockTable,
  InstrumentStockTable,
} from '../tables';
import type { Executor } from './users';

// Stock records (SERVER.md §4) and the catalog entries they point to.

export interface NamedEntry {
  id: number;
  name: string;
}

export interface ChemicalEntry {
  id: number;
  CAS_RN: string;
  name: string;
  molecular_formula: string;
  molecular_weight: number;
}

export type ChemicalState = ChemicalStockTable['state'];

/** The §4.1 read shapes, in API units (ml, percent, pieces). */
export interface ChemicalRecord {
  id: number;
  chemical: ChemicalEntry;
  purity: number;
  manufacturer: NamedEntry;
  supplier: NamedEntry;
  state: ChemicalState;
  quantity: number;
  expiry_date: string | null;
  opened_on: string | null;
  minimum_quantity: number | null;
  hazard_statements: string[];
  /** The label's signal word: `signal_word_overridden` says whether it is the derived one or set on the record. */
  signal_word: SignalWord | null;
  signal_word_overridden: boolean;
  pictograms: GhsPictogramCode[];
  storage_classes: MarkedStorageClass[];
}

export interface InstrumentRecord {
  id: number;
  instrument: NamedEntry;
  manufacturer: NamedEntry;
  supplier: NamedEntry;
  quantity: number;
  minimum_quantity: number | null;
}

export interface GlasswareRecord {
  id: number;
  glassware: NamedEntry;
  manufacturer: NamedEntry;
  supplier: NamedEntry;
  size: number;
  material_type: string;
  quantity: number;
  expiry_date: string | null;
  minimum_quantity: number | null;
}

export interface StockRecords {
  chemical: ChemicalRecord;
  instrument: InstrumentRecord;
  glassware: GlasswareRecord;
}

interface StockTables {
  chemical: ChemicalStockTable;
  instrument: InstrumentStockTable;
  glassware: GlasswareStockTable;
}

/** A stock row as stored: catalog ids and base units (thousandths of a ml, hundredths of a percent). */
export type StockRow<K extends StockKind> = Selectable<StockTables[K]> & { id: number; quantity: number };
export type NewStockRow<K extends StockKind> = Insertable<StockTables[K]>;
export type StockRowChanges<K extends StockKind> = Updateable<StockTables[K]>;

export const STOCK_TABLES = {
  chemical: 'chemical_stock',
  instrument: 'instrument_stock',
  glassware: 'glassware_stock',
} as const satisfies Record<StockKind, keyof Database>;

// Kysely cannot follow a table name that depends on a type parameter; the three tables share the columns used
// through this alias (id, quantity), and the kind-specific values are typed by the signatures below.
type AnyStockTable = 'chemical_stock';
const stockTable = (kind: StockKind) => STOCK_TABLES[kind] as AnyStockTable;

/** The lookup and uniqueness key of names and material types: trimmed and lower-cased. */
export function nameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** A stored minimum (base units; bigint may come back as text) in API units, or null. */
const minimumOf = (kind: StockKind, stored: number | string | null): number | null =>
  stored === null ? null : fromBaseQuantity(kind, Number(stored));

/** A stored comma-separated list (hazard codes, storage classes) as an array; empty text: none. */
const listOf = <T extends string = string>(stored: string): T[] =>
  stored === '' ? [] : (stored.split(',') as T[]);

/**
 * A read's hazard fields from the stored codes and override, derived once per distinct pair: a list of 70,000
 * records shares a few hundred labels at most.
 */
function hazardLabels() {
  const labels = new Map<
    string,
    Pick<ChemicalRecord, 'signal_word' | 'signal_word_overridden' | 'pictograms'>
  >();
  return (stored: string, override: ChemicalStockTable['signal_word_override']) => {
    const key = `${stored}|${override ?? ''}`;
    let label = labels.get(key);
    if (label === undefined) {
      const codes = listOf(stored);
      label = {
        signal_word: effectiveSignalWord(codes, override),
        signal_word_overridden: override !== null,
        pictograms: derivePictograms(codes),
      };
      labels.set(key, label);
    }
    return { hazard_statements: listOf(stored), ...label };
  };
}

// ---- Reads ----
//
// A list reads its stock rows (with catalog ids), then the catalog entries they name, and puts the records together
// here, each catalog entry being one object shared by its records. Joining the catalogs in SQL returns every entry's
// columns again on each of up to 70,000 rows, and turning SQL cells into JavaScript values is where a full list
// spent most of its time: the joined query took about twice as long as these four queries together. The rows are
// read first: catalog entries are never deleted, so every entry a row names is still there when the catalogs are.

/** The catalog ids a list names: the whole catalog (`undefined`) for a full list, which names most of it. */
function namedIds<R>(rows: R[], id: (row: R) => number, full: boolean): number[] | undefined {
  return full ? undefined : [...new Set(rows.map(id))];
}

async function namedEntries(
  db: Executor,
  table: NamedEntryTable,
  ids: readonly number[] | undefined,
): Promise<Map<number, NamedEntry>> {
  let query = db.selectFrom(table).select(['id', 'name']);
  if (ids) query = query.where('id', 'in', ids);
  return new Map((await query.execute()).map((entry) => [entry.id, entry]));
}

async function chemicalEntries(
  db: Executor,
  ids: readonly number[] | undefined,
): Promise<Map<number, ChemicalEntry>> {
  let query = db
    .selectFrom('chemicals')
    .select(['id', 'cas_rn', 'name', 'molecular_formula', 'molecular_weight']);
  if (ids) query = query.where('id', 'in', ids);
  const entries = new Map<number, ChemicalEntry>();
  for (const entry of await query.execute()) {
    entries.set(entry.id, {
      id: entry.id,
      CAS_RN: entry.cas_rn,
      name: entry.name,
      molecular_formula: entry.molecular_formula,
      molecular_weight: Number(entry.molecular_weight),
    });
  }
  return entries;
}

/** Manufacturers and suppliers, which every kind's records name. */
async function tradeEntries(
  db: Executor,
  rows: { manufacturer_id: number; supplier_id: number }[],
  full: boolean,
): Promise<{ manufacturers: Map<number, NamedEntry>; suppliers: Map<number, NamedEntry> }> {
  return {
    manufacturers: await namedEntries(
      db,
      'manufacturers',
      namedIds(rows, (row) => row.manufacturer_id, full),
    ),
    suppliers: await namedEntries(
      db,
      'suppliers',
      namedIds(rows, (row) => row.supplier_id, full),
    ),
  };
}

/** The entry a stock row names; its foreign key guarantees one. */
function entry<T>(entries: Map<number, T>, id: number): T {
  return entries.get(id) as T;
}

async function chemicalRecords(db: Executor, ids?: readonly number[]): Promise<ChemicalRecord[]> {
  let query = db
    .selectFrom('chemical_stock')
    .select([
      'id',
      'chemical_id',
      'purity_hundredths',
      'manufacturer_id',
      'supplier_id',
      'state',
      'quantity',
      'expiry_date',
      'opened_on',
      'minimum_quantity',
      'hazard_statements',
      'signal_word_override',
      'storage_classes',
    ])
    .orderBy('id');
  if (ids) query = query.where('id', 'in', ids);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const full = ids === undefined;
  const chemicals = await chemicalEntries(
    db,
    namedIds(rows, (row) => row.chemical_id, full),
  );
  const { manufacturers, suppliers } = await tradeEntries(db, rows, full);
  const hazards = hazardLabels();
  return rows.map((row) => ({
    id: row.id,
    chemical: entry(chemicals, row.chemical_id),
    purity: fromHundredths(row.purity_hundredths),
    manufacturer: entry(manufacturers, row.manufacturer_id),
    supplier: entry(suppliers, row.supplier_id),
    state: row.state,
    quantity: fromBaseQuantity('chemical', Number(row.quantity)),
    expiry_date: row.expiry_date,
    opened_on: row.opened_on,
    minimum_quantity: minimumOf('chemical', row.minimum_quantity),
    ...hazards(row.hazard_statements, row.signal_word_override),
    storage_classes: listOf<MarkedStorageClass>(row.storage_classes),
  }));
}

async function instrumentRecords(db: Executor, ids?: readonly number[]): Promise<InstrumentRecord[]> {
  let query = db
    .selectFrom('instrument_stock')
    .select(['id', 'instrument_id', 'manufacturer_id', 'supplier_id', 'quantity', 'minimum_quantity'])
    .orderBy('id');
  if (ids) query = query.where('id', 'in', ids);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const full = ids === undefined;
  const instruments = await namedEntries(
    db,
    'instruments',
    namedIds(rows, (row) => row.instrument_id, full),
  );
  const { manufacturers, suppliers } = await tradeEntries(db, rows, full);
  return rows.map((row) => ({
    id: row.id,
    instrument: entry(instruments, row.instrument_id),
    manufacturer: entry(manufacturers, row.manufacturer_id),
    supplier: entry(suppliers, row.supplier_id),
    quantity: fromBaseQuantity('instrument', Number(row.quantity)),
    minimum_quantity: minimumOf('instrument', row.minimum_quantity),
  }));
}

async function glasswareRecords(db: Executor, ids?: readonly number[]): Promise<GlasswareRecord[]> {
  let query = db
    .selectFrom('glassware_stock')
    .select([
      'id',
      'glassware_id',
      'manufacturer_id',
      'supplier_id',
      'size',
      'material_type',
      'quantity',
      'expiry_date',
      'minimum_quantity',
    ])
    .orderBy('id');
  if (ids) query = query.where('id', 'in', ids);
  const rows = await query.execute();
  if (rows.length === 0) return [];
  const full = ids === undefined;
  const glasswares = await namedEntries(
    db,
    'glasswares',
    namedIds(rows, (row) => row.glassware_id, full),
  );
  const { manufacturers, suppliers } = await tradeEntries(db, rows, full);
  return rows.map((row) => ({
    id: row.id,
    glassware: entry(glasswares, row.glassware_id),
    manufacturer: entry(manufacturers, row.manufacturer_id),
    supplier: entry(suppliers, row.supplier_id),
    size: row.size,
    material_type: row.material_type,
    quantity: fromBaseQuantity('glassware', Number(row.quantity)),
    expiry_date: row.expiry_date,
    minimum_quantity: minimumOf('glassware', row.minimum_quantity),
  }));
}

const readers: { [K in StockKind]: (db: Executor, ids?: readonly number[]) => Promise<StockRecords[K][]> } = {
  chemical: chemicalRecords,
  instrument: instrumentRecords,
  glassware: glasswareRecords,
};

/** Stock records of one kind in the §4.1 shapes, id ascending: all of them, or those with the given ids. */
export async function findStockRecords<K extends StockKind>(
  db: Executor,
  kind: K,
  ids?: readonly number[],
): Promise<StockRecords[K][]> {
  if (ids?.length === 0) return [];
  return readers[kind](db, ids);
}

export async function findStockRecord<K extends StockKind>(
  db: Executor,
  kind: K,
  id: number,
): Promise<StockRecords[K] | undefined> {
  return (await findStockRecords(db, kind, [id]))[0];
}

export async function stockRecordExists(db: Executor, kind: StockKind, id: number): Promise<boolean> {
  const row = await db.selectFrom(stockTable(kind)).select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

// ---- Stock rows ----

/** The stored row, locked until the transaction ends where the engine has row locks (see lockRowsIfSupported). */
export async function lockStockRow<K extends StockKind>(
  trx: Executor,
  dialect: Dialect,
  kind: K,
  id: number,
): Promise<StockRow<K> | undefined> {
  const query = trx.selectFrom(stockTable(kind)).selectAll().where('id', '=', id);
  const row = await lockRowsIfSupported(query, dialect).executeTakeFirst();
  return row && ({ ...row, quantity: Number(row.quantity) } as StockRow<K>);
}

/** Inserts a stock row and returns its id; a duplicate of another record's identifying fields throws a unique violation. */
export async function insertStockRow<K extends StockKind>(
  trx: Executor,
  kind: K,
  values: NewStockRow<K>,
): Promise<number> {
  const row = await trx
    .insertInto(stockTable(kind))
    .values(values as NewStockRow<'chemical'>)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateStockRow<K extends StockKind>(
  trx: Executor,
  kind: K,
  id: number,
  changes: StockRowChanges<K>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await trx
    .updateTable(stockTable(kind))
    .set(changes as StockRowChanges<'chemical'>)
    .where('id', '=', id)
    .execute();
}

export async function deleteStockRow(trx: Executor, kind: StockKind, id: number): Promise<void> {
  await trx.deleteFrom(stockTable(kind)).where('id', '=', id).execute();
}

// ---- Catalog entries, found or created by name (§4.4) ----

export type NamedEntryTable = 'manufacturers' | 'suppliers' | 'instruments' | 'glasswares';

/**
 * The entry whose name matches case-insensitively (keeping its stored spelling), or a new one. A concurrent
 * request creating the same name makes our insert do nothing; the entry it committed is then read back.
 */
export async function findOrCreateNamedEntry(
  trx: Executor,
  table: NamedEntryTable,
  name: string,
): Promise<NamedEntry> {
  const name_key = nameKey(name);
  const find = () =>
    trx.selectFrom(table).select(['id', 'name']).where('name_key', '=', name_key).executeTakeFirst();
  const existing = await find();
  if (existing) return existing;
  const created = await trx
    .insertInto(table)
    .values({ name: name.trim(), name_key })
    .onConflict((conflict) => conflict.column('name_key').doNothing())
    .returning(['id', 'name'])
    .executeTakeFirst();
  return created ?? (await find())!;
}

export type ChemicalRow = Selectable<ChemicalsTable>;

/** What a chemical entry says about the substance; set by every write that names the chemical (§4.4). */
export type SubstanceValues = Pick<ChemicalRow, 'cas_rn' | 'molecular_formula' | 'molecular_weight'>;

export async function findChemicalByName(trx: Executor, name: string): Promise<ChemicalRow | undefined> {
  return trx.selectFrom('chemicals').selectAll().where('name_key', '=', nameKey(name)).executeTakeFirst();
}

export async function findChemicalById(trx: Executor, id: number): Promise<ChemicalRow | undefined> {
  return trx.selectFrom('chemicals').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Finds the chemical by name or creates it, and sets its substance values. `substanceChanged` is true when an
 * existing entry's values changed, which changes what every stock record of that chemical shows. A caller that
 * has just looked the name up passes what it found (`known`), which saves the second lookup.
 */
export async function saveChemical(
  trx: Executor,
  name: string,
  values: SubstanceValues,
  known?: { found: ChemicalRow | undefined },
): Promise<{ id: number; substanceChanged: boolean }> {
  let existing = known ? known.found : await findChemicalByName(trx, name);
  if (!existing) {
    const created = await trx
      .insertInto('chemicals')
      .values({ name: name.trim(), name_key: nameKey(name), ...values })
      .onConflict((conflict) => conflict.column('name_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (created) return { id: created.id, substanceChanged: false };
    existing = (await findChemicalByName(trx, name))!;
  }
  const substanceChanged =
    existing.cas_rn !== values.cas_rn ||
    existing.molecular_formula !== values.molecular_formula ||
    Number(existing.molecular_weight) !== values.molecular_weight;
  if (substanceChanged)
    await trx.updateTable('chemicals').set(values).where('id', '=', existing.id).execute();
  return { id: existing.id, substanceChanged };
}

/** Ids of the stock records of a chemical entry. */
export async function chemicalStockIds(trx: Executor, chemicalId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('chemical_stock')
    .select('id')
    .where('chemical_id', '=', chemicalId)
    .execute();
  return rows.map((row) => row.id);
}
