import { sql } from 'kysely';
import { hasExpiry, specOf, type StockKind } from '../../domain/stockKinds';
import type { Executor } from '../executor';

// What requests read of stock records besides their §4.1 shape: the catalog entry a record belongs to (a request is
// fulfilled from any record of it) and its expiry, and the records a line may be picked from.

export interface RecordFacts {
  id: number;
  /** The record's catalog entry (chemical_id, instrument_id or glassware_id). */
  catalog_id: number;
  /** A calendar date; null for none, and for kinds that do not expire. */
  expiry_date: string | null;
}

/** The facts of the kind's records with these ids (those that exist). */
export async function recordFacts(
  db: Executor,
  kind: StockKind,
  ids: readonly number[],
): Promise<Map<number, RecordFacts>> {
  if (ids.length === 0) return new Map();
  const { stockTable, catalog } = specOf(kind);
  const expiry = hasExpiry(kind) ? sql.ref('expiry_date') : sql`null`;
  const { rows } = await sql<RecordFacts>`
    select id, ${sql.ref(catalog.foreignKey)} as catalog_id, ${expiry} as expiry_date
    from ${sql.table(stockTable)} where id in (${sql.join([...new Set(ids)])})`.execute(db);
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        catalog_id: Number(row.catalog_id),
        expiry_date: row.expiry_date,
      },
    ]),
  );
}

/** A record a request line may be fulfilled from. */
export interface PickCandidate {
  id: number;
  catalog_id: number;
  name: string;
  /** Base units, > 0. */
  quantity: number;
  expiry_date: string | null;
  opened_on: string | null;
  storage_place: string | null;
}

/** The field that says a record was opened: only kinds with it order their opened records first. */
const OPENED_ON = 'opened_on';

/**
 * The kind's records of these catalog entries that hold something and have not expired by `today`, in the order a
 * store takes them: by catalog entry, opened ones first, then the earliest expiry (none last), then id. One query
 * for all the entries, over the stock table's (catalog id, id) index.
 */
export async function pickCandidates(
  db: Executor,
  kind: StockKind,
  catalogIds: readonly number[],
  today: string,
): Promise<PickCandidate[]> {
  if (catalogIds.length === 0) return [];
  const { stockTable, catalog, fields } = specOf(kind);
  const expires = hasExpiry(kind);
  const opens = fields.some((field) => field.name === OPENED_ON);
  const expiry = expires ? sql.ref('s.expiry_date') : sql`null`;
  const openedOn = opens ? sql.ref(`s.${OPENED_ON}`) : sql`null`;
  const { rows } = await sql<PickCandidate>`
    select s.id, ${sql.ref(`s.${catalog.foreignKey}`)} as catalog_id, c.name, s.quantity,
      ${expiry} as expiry_date, ${openedOn} as opened_on, s.storage_place
    from ${sql.table(stockTable)} s join ${sql.table(catalog.table)} c on c.id = ${sql.ref(`s.${catalog.foreignKey}`)}
    where ${sql.ref(`s.${catalog.foreignKey}`)} in (${sql.join([...new Set(catalogIds)])}) and s.quantity > 0
      ${expires ? sql`and (s.expiry_date is null or s.expiry_date >= ${today})` : sql``}
    order by ${sql.ref(`s.${catalog.foreignKey}`)},
      ${opens ? sql`case when ${openedOn} is null then 1 else 0 end,` : sql``}
      ${expires ? sql`case when s.expiry_date is null then 1 else 0 end, s.expiry_date,` : sql``}
      s.id`.execute(db);
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    catalog_id: Number(row.catalog_id),
    quantity: Number(row.quantity),
  }));
}
