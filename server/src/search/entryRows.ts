import { sql } from 'kysely';
import type { Db } from '../db';
import { slicesOf } from '../db/slices';
import { specOf, STOCK_KINDS, type StockField, type StockKind } from '../domain/stockKinds';
import type { StockRef } from './changeLog';
import type { SearchEntry } from './fuzzyIndex';
import { fuzzyFields, stockSearchEntry } from './searchEntries';

/** Where a searched field is read: the catalog entry (`c`) or the stock row (`s`). */
function searchedColumn(field: StockField): string {
  const { home } = field;
  if (home.on === 'catalog') return 'c.name';
  if (home.on === 'substance') return `c.${home.column}`;
  if (home.on === 'record') return `s.${home.column}`;
  throw new Error(`the fuzzy search cannot read ${field.name}`);
}

type EntryRow = Record<string, string | number> & { id: number };

/**
 * The kind's stock rows with their searched fields under their API names: all, those with the given ids, or a
 * keyset batch (at most `limit` rows with ids after `afterId`, id ascending).
 */
async function entryRows(
  db: Db,
  kind: StockKind,
  selection?: { ids: number[] } | { afterId: number; limit: number },
): Promise<EntryRow[]> {
  const { stockTable, catalog } = specOf(kind);
  // Kysely cannot follow table names chosen at run time: typed as one kind's, read as any kind's.
  const query = db
    .selectFrom(`${stockTable} as s` as 'instrument_stock as s')
    .innerJoin(
      `${catalog.table} as c` as 'instruments as c',
      'c.id',
      `s.${catalog.foreignKey}` as 's.instrument_id',
    )
    .select(['s.id', ...fuzzyFields(kind).map((field) => sql.ref(searchedColumn(field)).as(field.name))]);
  if (selection && 'ids' in selection)
    return (await query.where('s.id', 'in', selection.ids).execute()) as unknown as EntryRow[];
  if (selection) {
    const batch = query.where('s.id', '>', selection.afterId).orderBy('s.id').limit(selection.limit);
    return (await batch.execute()) as unknown as EntryRow[];
  }
  return (await query.execute()) as unknown as EntryRow[];
}

/**
 * The searchable texts of the given stock records, or of every stock record when `refs` is omitted.
 * A ref whose record no longer exists yields nothing.
 */
export async function readSearchEntries(db: Db, refs?: readonly StockRef[]): Promise<SearchEntry[]> {
  const entries: SearchEntry[] = [];
  for (const kind of STOCK_KINDS) {
    const { objectType } = specOf(kind);
    const slices = refs
      ? slicesOf(refs.flatMap((ref) => (ref.object_type === objectType ? [ref.object_id] : [])))
      : [undefined];
    for (const ids of slices) {
      const rows = await entryRows(db, kind, ids && { ids });
      entries.push(...rows.map((row) => stockSearchEntry(kind, row.id, row)));
    }
  }
  return entries;
}

/**
 * The searchable texts of every stock record, kind after kind, in keyset batches of at most `size` records read
 * one after another as the consumer asks for them: one statement over 100,000 records holds the event loop for
 * its whole run on SQLite.
 */
export async function* searchEntryBatches(db: Db, size: number): AsyncGenerator<SearchEntry[]> {
  for (const kind of STOCK_KINDS) {
    let afterId = 0;
    for (;;) {
      const rows = await entryRows(db, kind, { afterId, limit: size });
      if (rows.length === 0) break;
      yield rows.map((row) => stockSearchEntry(kind, row.id, row));
      if (rows.length < size) break;
      afterId = rows[rows.length - 1].id;
    }
  }
}
