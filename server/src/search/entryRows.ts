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

/** The kind's stock rows with their searched fields under their API names: all, or those with the given ids. */
async function entryRows(db: Db, kind: StockKind, ids?: number[]): Promise<EntryRow[]> {
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
  return (await (ids ? query.where('s.id', 'in', ids) : query).execute()) as unknown as EntryRow[];
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
      const rows = await entryRows(db, kind, ids);
      entries.push(...rows.map((row) => stockSearchEntry(kind, row.id, row)));
    }
  }
  return entries;
}
