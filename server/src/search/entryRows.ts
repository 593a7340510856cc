import type { Db } from '../db';
import type { StockObjectType } from '../db/tables';
import type { StockRef } from './changeLog';
import type { SearchEntry } from './fuzzyIndex';
import { chemicalSearchEntry, glasswareSearchEntry, instrumentSearchEntry } from './searchEntries';

function idsByType(refs: readonly StockRef[]): Record<StockObjectType, number[]> {
  const ids: Record<StockObjectType, number[]> = { CHEMICAL: [], INSTRUMENT: [], GLASSWARE: [] };
  for (const ref of refs) ids[ref.object_type].push(ref.object_id);
  return ids;
}

/** Bounded so an IN list stays far below SQLite's and PostgreSQL's parameter limits. */
const IDS_PER_QUERY = 1000;

/** Runs `read` over `ids` in bounded chunks (no query at all for no ids). */
async function inChunks<T>(ids: readonly number[], read: (ids: number[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY) {
    rows.push(...(await read(ids.slice(start, start + IDS_PER_QUERY))));
  }
  return rows;
}

/**
 * The searchable texts of the given stock records, or of every stock record when `refs` is omitted.
 * A ref whose record no longer exists yields nothing.
 */
export async function readSearchEntries(db: Db, refs?: readonly StockRef[]): Promise<SearchEntry[]> {
  const ids = refs && idsByType(refs);
  /** Every row in one query, or the rows of the given ids. */
  const rowsOf = <T>(type: StockObjectType, read: (ids?: number[]) => Promise<T[]>): Promise<T[]> =>
    ids ? inChunks(ids[type], read) : read();

  const chemicals = await rowsOf('CHEMICAL', (chunk) => {
    const query = db
      .selectFrom('chemical_stock as s')
      .innerJoin('chemicals as c', 'c.id', 's.chemical_id')
      .select(['s.id', 'c.name', 'c.cas_rn', 'c.molecular_formula']);
    return (chunk ? query.where('s.id', 'in', chunk) : query).execute();
  });
  const instruments = await rowsOf('INSTRUMENT', (chunk) => {
    const query = db
      .selectFrom('instrument_stock as s')
      .innerJoin('instruments as i', 'i.id', 's.instrument_id')
      .select(['s.id', 'i.name']);
    return (chunk ? query.where('s.id', 'in', chunk) : query).execute();
  });
  const glassware = await rowsOf('GLASSWARE', (chunk) => {
    const query = db
      .selectFrom('glassware_stock as s')
      .innerJoin('glasswares as g', 'g.id', 's.glassware_id')
      .select(['s.id', 'g.name', 's.material_type', 's.size']);
    return (chunk ? query.where('s.id', 'in', chunk) : query).execute();
  });
  return [
    ...chemicals.map((row) =>
      chemicalSearchEntry(row.id, {
        name: row.name,
        CAS_RN: row.cas_rn,
        molecular_formula: row.molecular_formula,
      }),
    ),
    ...instruments.map((row) => instrumentSearchEntry(row.id, row)),
    ...glassware.map((row) => glasswareSearchEntry(row.id, row)),
  ];
}
