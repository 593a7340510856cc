import type { Insertable, Selectable, Updateable } from 'kysely';
import type { StockKind } from '../../domain/stockKinds';
import { rowById } from '../rowById';
import type { Dialect } from '../dialect';
import type { ImportsTable, StockObjectType } from '../tables';
import { slicesOf } from '../slices';
import {
  nameKey,
  STOCK_TABLES,
  type ChemicalRow,
  type NamedEntry,
  type NamedEntryTable,
  type NewStockRow,
  type StockRowChanges,
  type SubstanceValues,
} from './stock';
import { IDENTITY_COLUMNS } from './stockIdentity';
import type { Executor } from '../executor';

// Spreadsheet imports (docs/api.md §13) and the lookups that match their rows with existing stock records.

export type ImportRow = Selectable<ImportsTable>;

export async function insertImport(trx: Executor, values: Insertable<ImportsTable>): Promise<number> {
  const row = await trx.insertInto('imports').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The import; with `dialect`, locked until the transaction ends (lockRowsIfSupported). */
export const findImport = (db: Executor, id: number, dialect?: Dialect) =>
  rowById(db, 'imports', id, dialect);

export async function updateImport(
  trx: Executor,
  id: number,
  changes: Updateable<ImportsTable>,
): Promise<void> {
  await trx.updateTable('imports').set(changes).where('id', '=', id).execute();
}

/** An import's columns but its cells (up to 10 MB of them) and user id: what the API answers of it. */
const SUMMARY_COLUMNS = [
  'id',
  'object_type',
  'file_name',
  'created_at',
  'user_email',
  'status',
  'headers',
  'row_count',
  'committed_at',
  'created_count',
  'added_count',
  'skipped_count',
  'reverted_at',
  'reverted_by',
] as const;

/** The import without its cells. */
export async function findImportSummary(db: Executor, id: number) {
  return db.selectFrom('imports').select(SUMMARY_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Every import without its cells, newest first (by created_at, then id); only one kind's with `objectType`; one page with `page`. */
export async function listImports(
  db: Executor,
  objectType?: StockObjectType,
  page?: { limit: number; offset: number },
) {
  let query = db
    .selectFrom('imports')
    .select(SUMMARY_COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (objectType) query = query.where('object_type', '=', objectType);
  if (page) query = query.limit(page.limit).offset(page.offset);
  return query.execute();
}

/** How many imports listImports lists in all. */
export async function countImports(db: Executor, objectType?: StockObjectType): Promise<number> {
  let query = db.selectFrom('imports').select((eb) => eb.fn.countAll<number | string>().as('count'));
  if (objectType) query = query.where('object_type', '=', objectType);
  const { count } = await query.executeTakeFirstOrThrow();
  return Number(count);
}

/** Removes the user's sessions never committed but the `keep` last uploaded (highest ids); answers their ids. */
export async function discardOlderPendingImports(
  trx: Executor,
  userId: number,
  keep: number,
): Promise<number[]> {
  const kept = trx
    .selectFrom('imports')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'PENDING')
    .orderBy('id', 'desc')
    .limit(keep);
  const rows = await trx
    .deleteFrom('imports')
    .where('user_id', '=', userId)
    .where('status', '=', 'PENDING')
    .where('id', 'not in', kept)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Removes sessions never committed that were opened before `before`; answers their ids. */
export async function deletePendingImportsBefore(trx: Executor, before: Date): Promise<number[]> {
  const rows = await trx
    .deleteFrom('imports')
    .where('status', '=', 'PENDING')
    .where('created_at', '<', before.toISOString())
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** What an import added to each record: its IMPORT ledger entries, in the order they were written. */
export async function importAdditions(
  db: Executor,
  importId: number,
): Promise<{ stock_id: number; added_quantity: number }[]> {
  const rows = await db
    .selectFrom('stock_ledger')
    .select(['object_id', 'change'])
    .where('import_id', '=', importId)
    .where('kind', '=', 'IMPORT')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ stock_id: row.object_id, added_quantity: Number(row.change) }));
}

// ---- Matching rows with stock records by their identifying fields (SERVER.md §4.4) ----

/**
 * Inserts stock rows in multi-row statements and answers their ids by identity (identityOf); a duplicate identity
 * throws a unique violation.
 */
export async function insertStockRows<K extends StockKind>(
  trx: Executor,
  kind: K,
  rows: readonly StockRowChanges<K>[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  // Rows per statement: 7 parameters each stays far below SQLite's and PostgreSQL's limits.
  for (const chunk of slicesOf(rows, 200)) {
    const inserted = await trx
      .insertInto(STOCK_TABLES[kind] as 'chemical_stock')
      .values(chunk as NewStockRow<'chemical'>[])
      // Neither database promises RETURNING's rows in the order inserted: each is matched by its identity.
      .returning(['id', ...(IDENTITY_COLUMNS[kind] as readonly (keyof StockRowChanges<'chemical'>)[])])
      .execute();
    for (const row of inserted) ids.set(identityOf(kind, row as unknown as StockRowChanges<K>), row.id);
  }
  return ids;
}

/**
 * The entries with these names (compared as §4.4 compares them), by name key, those missing created in
 * multi-row statements, named as first given: what findOrCreateNamedEntry does for one name. Created in
 * ascending key order, so concurrent writers creating several wait for each other in one order.
 */
export async function findOrCreateNamedEntries(
  trx: Executor,
  table: NamedEntryTable,
  names: Iterable<string>,
): Promise<Map<string, NamedEntry>> {
  const firstNames = new Map<string, string>();
  for (const name of names) if (!firstNames.has(nameKey(name))) firstNames.set(nameKey(name), name.trim());
  const keys = [...firstNames.keys()].sort();
  const entries = new Map<string, NamedEntry>();
  for (const chunk of slicesOf(keys)) {
    await trx
      .insertInto(table)
      .values(chunk.map((name_key) => ({ name: firstNames.get(name_key)!, name_key })))
      .onConflict((conflict) => conflict.column('name_key').doNothing())
      .execute();
    const rows = await trx
      .selectFrom(table)
      .select(['id', 'name', 'name_key'])
      .where('name_key', 'in', chunk)
      .execute();
    for (const { id, name, name_key } of rows) entries.set(name_key, { id, name });
  }
  return entries;
}

/**
 * The chemical entries with these names, by name key, those missing created in multi-row statements with the
 * substance values given with their first name (what saveChemical creates for one); existing entries as they
 * are. In ascending key order, as findOrCreateNamedEntries.
 */
export async function findOrCreateChemicals(
  trx: Executor,
  chemicals: Iterable<{ name: string; values: SubstanceValues }>,
): Promise<Map<string, ChemicalRow>> {
  const firsts = new Map<string, { name: string; values: SubstanceValues }>();
  for (const chemical of chemicals) {
    if (!firsts.has(nameKey(chemical.name))) firsts.set(nameKey(chemical.name), chemical);
  }
  const keys = [...firsts.keys()].sort();
  const found = new Map<string, ChemicalRow>();
  // Rows per statement: 5 parameters each.
  for (const chunk of slicesOf(keys, 200)) {
    await trx
      .insertInto('chemicals')
      .values(
        chunk.map((name_key) => {
          const { name, values } = firsts.get(name_key)!;
          return { name: name.trim(), name_key, ...values };
        }),
      )
      .onConflict((conflict) => conflict.column('name_key').doNothing())
      .execute();
    for (const row of await trx
      .selectFrom('chemicals')
      .selectAll()
      .where('name_key', 'in', chunk)
      .execute()) {
      found.set(row.name_key, row);
    }
  }
  return found;
}

/** The ids of the entries with these names (compared as §4.4 compares them), by name key; missing ones absent. */
export async function findNamedEntryIds(
  db: Executor,
  table: NamedEntryTable | 'chemicals',
  names: Iterable<string>,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const keys = [...new Set([...names].map(nameKey))];
  for (const chunk of slicesOf(keys)) {
    const rows = await db
      .selectFrom(table)
      .select(['id', 'name_key'])
      .where('name_key', 'in', chunk)
      .execute();
    for (const row of rows) ids.set(row.name_key, row.id);
  }
  return ids;
}

/** The identity of a row's columns as one text, for lookups in a Map. */
export function identityOf<K extends StockKind>(kind: K, columns: StockRowChanges<K>): string {
  const values = columns as Record<string, unknown>;
  return JSON.stringify(IDENTITY_COLUMNS[kind].map((column) => values[column]));
}

/**
 * The existing stock records with these identities (identityOf), by identity. Read through the catalog column
 * that leads each identity constraint, so every lookup uses its index.
 */
export async function findStockIdsByIdentity<K extends StockKind>(
  db: Executor,
  kind: K,
  identities: readonly StockRowChanges<K>[],
): Promise<Map<string, number>> {
  const [leading] = IDENTITY_COLUMNS[kind];
  const wanted = new Set(identities.map((columns) => identityOf(kind, columns)));
  const leadingIds = [...new Set(identities.map((columns) => (columns as Record<string, number>)[leading]))];
  const found = new Map<string, number>();
  for (const chunk of slicesOf(leadingIds)) {
    const rows = await db
      .selectFrom(STOCK_TABLES[kind] as 'chemical_stock')
      .selectAll()
      .where(leading as 'chemical_id', 'in', chunk)
      .execute();
    for (const row of rows) {
      const identity = identityOf(kind, row as StockRowChanges<K>);
      if (wanted.has(identity)) found.set(identity, row.id);
    }
  }
  return found;
}
