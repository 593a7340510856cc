import type { Insertable, Selectable, Updateable } from 'kysely';
import { derivePictograms, effectiveSignalWord } from '../../domain/chemistry/ghs';
import type { MarkedStorageClass } from '../../domain/chemistry/storageCompatibility';
import {
  specOf,
  STOCK_KINDS,
  type SpecTable,
  type StockField,
  type StockKind,
} from '../../domain/stockKinds';
import {
  byKind,
  byKindAs,
  fromBaseQuantity,
  fromStored,
  OBJECT_TYPES,
  stockField,
  stockKey,
} from '../../domain/stockKindHelpers';
import { readOrder, type HazardLabel, type NamedEntry, type StockRecords } from '../../domain/stockRecords';
import { lockRowsIfSupported } from '../locking';
import type { Dialect } from '../dialect';
import { nextVersion, raiseVersions } from '../versions';
import type {
  StockObjectType,
  ChemicalsTable,
  ChemicalStockTable,
  GlasswareStockTable,
  InstrumentStockTable,
} from '../tables';
import type { Executor } from '../executor';

// Stock records (SERVER.md §4) and the catalog entries they point to. The records' shapes and types are the
// stock-kind table's (domain/stockRecords.ts).

export type {
  ChemicalRecord,
  GlasswareRecord,
  InstrumentRecord,
  NamedEntry,
  StockRecords,
} from '../../domain/stockRecords';

interface StockTables {
  chemical: ChemicalStockTable;
  instrument: InstrumentStockTable;
  glassware: GlasswareStockTable;
}

/** A stock row as stored: catalog ids and base units (thousandths of a ml, hundredths of a percent). */
export type StockRow<K extends StockKind> = Selectable<StockTables[K]> & {
  id: number;
  quantity: number;
  version: number;
};
export type NewStockRow<K extends StockKind> = Insertable<StockTables[K]>;
export type StockRowChanges<K extends StockKind> = Updateable<StockTables[K]>;

export const STOCK_TABLES = byKindAs<{ [K in StockKind]: SpecTable[K]['stockTable'] }>(
  (kind) => specOf(kind).stockTable,
);

// Kysely cannot follow a table name that depends on a type parameter; the three tables share the columns used
// through this alias (id, quantity), and the kind-specific values are typed by the signatures below.
type AnyStockTable = 'chemical_stock';
const stockTable = (kind: StockKind) => STOCK_TABLES[kind] as AnyStockTable;

/** The lookup and uniqueness key of names and material types: trimmed and lower-cased. */
export function nameKey(name: string): string {
  return name.trim().toLowerCase();
}

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
    Pick<HazardLabel, 'signal_word' | 'signal_word_overridden' | 'pictograms'>
  >();
  return (stored: string, override: ChemicalsTable['signal_word_override']) => {
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

/** A stock row as a read selects it: the columns below, by name. */
type StoredRow = Record<string, unknown> & { id: number };

/** The hazard data a chemical's stock row holds itself; the rest is its substance's (SUBSTANCE_HAZARD_COLUMNS). */
const RECORD_HAZARD_COLUMNS = ['storage_classes'] as const;

/** A chemical entry's stored hazard data, from which a read derives the label every record of it shows. */
const SUBSTANCE_HAZARD_COLUMNS = ['hazard_statements', 'signal_word_override'] as const;

/** A substance's stored hazard data: its codes and signal-word override. */
type SubstanceHazards = [stored: string, override: ChemicalsTable['signal_word_override']];

/** The stock row's column a field is read from; none for the catalog's fields and hazard data. */
function storedColumn(field: StockField): string | undefined {
  switch (field.home.on) {
    case 'trade':
      return field.home.foreignKey;
    case 'record':
      return field.home.column;
    case 'quantity':
      return 'quantity';
    default:
      return undefined;
  }
}

/** A field of a record from its stock row and the entries the row names. */
type FieldReader = (row: StoredRow, trade: Map<string, Map<number, NamedEntry>>) => unknown;

function fieldReader(kind: StockKind, field: StockField): FieldReader {
  const { home } = field;
  const column = storedColumn(field) as string;
  if (home.on === 'trade') return (row, trade) => entry(trade.get(home.table)!, row[column] as number);
  if (home.on === 'quantity') return (row) => fromBaseQuantity(kind, Number(row[column]));
  return (row) => fromStored(kind, field, row[column]);
}

/** How a kind reads its records: the columns it selects and its fields' readers in readOrder. */
interface RecordRead {
  columns: string[];
  trade: Extract<StockField['home'], { on: 'trade' }>[];
  readers: (readonly [string, FieldReader])[];
}

const RECORD_READS = byKind((kind): RecordRead => {
  const spec = specOf(kind);
  const fields = readOrder(kind);
  const columns = fields.flatMap((field) => storedColumn(field) ?? []);
  return {
    columns: [
      'id',
      spec.catalog.foreignKey,
      ...columns,
      ...(spec.hazards ? RECORD_HAZARD_COLUMNS : []),
      'version',
    ],
    trade: fields.flatMap((field) => (field.home.on === 'trade' ? [field.home] : [])),
    readers: fields.map((field) => [field.name, fieldReader(kind, field)] as const),
  };
});

/** The catalog ids a list names: the whole catalog (`undefined`) for a full list, which names most of it. */
function namedIds(rows: StoredRow[], column: string, full: boolean): number[] | undefined {
  return full ? undefined : [...new Set(rows.map((row) => row[column] as number))];
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

/**
 * The kind's catalog entries as its records nest them: `{id, name}`, or a chemical's with what describes the
 * substance, in the table's order of the entry's fields; and, for a kind with hazard data, each entry's stored
 * hazard data, which its records show flat (docs/api.md §16).
 */
async function catalogEntries(
  db: Executor,
  kind: StockKind,
  ids: readonly number[] | undefined,
): Promise<{ entries: Map<number, object>; hazards: Map<number, SubstanceHazards> }> {
  const { catalog, hazards: withHazards } = specOf(kind);
  const fields = catalog.entry.map((name) => stockField(kind, name));
  const column = (field: StockField) => (field.home.on === 'substance' ? field.home.column : 'name');
  let query = db
    .selectFrom(catalog.table as 'chemicals')
    .select([
      'id',
      ...fields.map(column),
      ...(withHazards ? SUBSTANCE_HAZARD_COLUMNS : []),
    ] as (keyof ChemicalsTable)[]);
  if (ids) query = query.where('id', 'in', ids);
  const entries = new Map<number, object>();
  const hazards = new Map<number, SubstanceHazards>();
  for (const row of (await query.execute()) as unknown as StoredRow[]) {
    const values: Record<string, unknown> = { id: row.id };
    for (const field of fields) {
      const stored = row[column(field)];
      // Numeric columns may come back as text.
      values[field.name] = field.input.type === 'number' ? Number(stored) : stored;
    }
    entries.set(row.id, values);
    if (withHazards) {
      hazards.set(row.id, [
        row.hazard_statements as string,
        row.signal_word_override as ChemicalsTable['signal_word_override'],
      ]);
    }
  }
  return { entries, hazards };
}

/** The entry a stock row names; its foreign key guarantees one. */
function entry<T>(entries: Map<number, T>, id: number): T {
  return entries.get(id) as T;
}

async function readStockRecords<K extends StockKind>(
  db: Executor,
  kind: K,
  ids?: readonly number[],
): Promise<StockRecords[K][]> {
  const { catalog, hazards } = specOf(kind);
  const { columns, trade, readers } = RECORD_READS[kind];
  let query = db
    .selectFrom(stockTable(kind))
    .select(columns as (keyof ChemicalStockTable)[])
    .orderBy('id');
  if (ids) query = query.where('id', 'in', ids);
  const rows = (await query.execute()) as unknown as StoredRow[];
  if (rows.length === 0) return [];
  const full = ids === undefined;
  const { entries, hazards: substanceHazards } = await catalogEntries(
    db,
    kind,
    namedIds(rows, catalog.foreignKey, full),
  );
  const tradeEntries = new Map<string, Map<number, NamedEntry>>();
  for (const { table, foreignKey } of trade) {
    tradeEntries.set(table, await namedEntries(db, table, namedIds(rows, foreignKey, full)));
  }
  const hazardLabel = hazards ? hazardLabels() : undefined;
  return rows.map((row) => {
    const record: Record<string, unknown> = { id: row.id };
    record[catalog.key] = entry(entries, row[catalog.foreignKey] as number);
    for (const [name, read] of readers) record[name] = read(row, tradeEntries);
    if (hazardLabel) {
      Object.assign(record, hazardLabel(...entry(substanceHazards, row[catalog.foreignKey] as number)));
      record.storage_classes = listOf<MarkedStorageClass>(row.storage_classes as string);
    }
    record.version = row.version;
    return record as StockRecords[K];
  });
}

/** Stock records of one kind in the §4.1 shapes, id ascending: all of them, or those with the given ids. */
export async function findStockRecords<K extends StockKind>(
  db: Executor,
  kind: K,
  ids?: readonly number[],
): Promise<StockRecords[K][]> {
  if (ids?.length === 0) return [];
  return readStockRecords(db, kind, ids);
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

/** Sets the given columns, the record's version raised with them (db/versions.ts). */
export async function updateStockRow<K extends StockKind>(
  trx: Executor,
  kind: K,
  id: number,
  changes: StockRowChanges<K>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await trx
    .updateTable(stockTable(kind))
    .set({ ...(changes as StockRowChanges<'chemical'>), ...nextVersion(trx, stockTable(kind), [id]) })
    .where('id', '=', id)
    .execute();
}

/** Records whose read changed without a change of their own row (the chemical entry they show): a new version. */
export async function raiseStockVersions(
  trx: Executor,
  kind: StockKind,
  ids: readonly number[],
): Promise<void> {
  await raiseVersions(trx, stockTable(kind), ids);
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

/**
 * What a chemical entry says about the substance, its hazard data included (docs/api.md §16); set by every write
 * that names the chemical (§4.4) or writes its hazards.
 */
export type SubstanceValues = Pick<
  ChemicalRow,
  'cas_rn' | 'molecular_formula' | 'molecular_weight' | 'hazard_statements' | 'signal_word_override'
>;

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
    Number(existing.molecular_weight) !== values.molecular_weight ||
    existing.hazard_statements !== values.hazard_statements ||
    existing.signal_word_override !== values.signal_word_override;
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

/** The §4.1 records that rows of several kinds name, by stockKey: one query per kind. */
export async function findStockRecordsOf(
  db: Executor,
  refs: readonly { object_type: StockObjectType; object_id: number }[],
): Promise<Map<string, StockRecords[StockKind]>> {
  const records = new Map<string, StockRecords[StockKind]>();
  for (const kind of STOCK_KINDS) {
    const type = OBJECT_TYPES[kind];
    const ids = [...new Set(refs.filter((ref) => ref.object_type === type).map((ref) => ref.object_id))];
    for (const record of await findStockRecords(db, kind, ids))
      records.set(stockKey({ object_type: type, object_id: record.id }), record);
  }
  return records;
}
