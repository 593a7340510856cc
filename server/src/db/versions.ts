import { sql, type RawBuilder } from 'kysely';
import { slicesOf } from './slices';
import type { Executor } from './executor';

// Versions (docs/api.md §28): each row people edit counts its changes in `version`, so a write based on an older read
// can be refused (If-Match) instead of overwriting a newer change. Every statement that changes what a read of such
// a row shows raises its version with `nextVersion`, in the same statement as the change; a change made through
// another table (a user's labs, a file's links, a chemical entry its records show) raises it with `raiseVersions`.
// A transaction raises a row's version once, however many of its statements change the row: an edit that changes a
// record's name and quantity, a merge that adds stock and sets an expiry date, is one new version.

export type VersionedTable =
  | 'chemical_stock'
  | 'instrument_stock'
  | 'glassware_stock'
  | 'store_consumers'
  | 'users'
  | 'categories'
  | 'files';

/** The rows each open transaction has raised, by table. Forgotten with the transaction object. */
const raisedInTransaction = new WeakMap<Executor, Map<VersionedTable, Set<number>>>();

/** Of `ids`, those whose version this transaction has not raised yet; they count as raised from now on. */
function notYetRaised(db: Executor, table: VersionedTable, ids: readonly number[]): number[] {
  // Outside a transaction each statement is one: every row it changes gets a new version.
  if (!db.isTransaction) return [...ids];
  let tables = raisedInTransaction.get(db);
  if (tables === undefined) raisedInTransaction.set(db, (tables = new Map()));
  let raised = tables.get(table);
  if (raised === undefined) tables.set(table, (raised = new Set()));
  const fresh = [...new Set(ids)].filter((id) => !raised.has(id));
  for (const id of fresh) raised.add(id);
  return fresh;
}

/**
 * The `set` of an update that changes these rows (`ids`: those its `where` selects): `version + 1` for each row this
 * transaction has not raised yet, nothing for the others. Spread it into the update's values:
 * `.set({ ...changes, ...nextVersion(trx, 'store_consumers', [id]) })`.
 */
export function nextVersion(
  db: Executor,
  table: VersionedTable,
  ids: readonly number[],
): { version?: RawBuilder<number> } {
  const fresh = notYetRaised(db, table, ids);
  if (fresh.length === 0) return {};
  if (fresh.length === new Set(ids).size) return { version: sql<number>`version + 1` };
  return { version: sql<number>`version + case when id in (${sql.join(fresh)}) then 1 else 0 end` };
}

/**
 * Raises the version of rows whose read changed through another table (a user's labs, a file's links, the chemical
 * entry a stock record shows), once per transaction like nextVersion.
 */
export async function raiseVersions(
  db: Executor,
  table: VersionedTable,
  ids: readonly number[],
): Promise<void> {
  for (const slice of slicesOf([...new Set(ids)])) {
    const raise = nextVersion(db, table, slice);
    if (raise.version === undefined) continue;
    // The seven tables share `id` and `version`; Kysely cannot follow a table chosen at run time.
    await db
      .updateTable(table as 'categories')
      .set(raise)
      .where('id', 'in', slice)
      .execute();
  }
}

const sameStored = (a: unknown, b: unknown): boolean =>
  a === b || (a !== null && b !== null && a !== undefined && b !== undefined && String(a) === String(b));

/**
 * The changes (an update's values, each optional) that differ from the row's current values: an update that sets
 * what is already there leaves the row, and its version, alone. Numbers are compared as text, since an engine may
 * answer a number column as text.
 */
export function changedValues<T extends object>(current: object, changes: T): T {
  const stored = current as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(changes).filter(
      ([column, value]) => value !== undefined && !sameStored(stored[column], value),
    ),
  ) as T;
}
