import { type RawBuilder, sql } from 'kysely';
import { hasExpiry } from '../../domain/stockKindHelpers';
import { type PickFact, specOf, type StockKind } from '../../domain/stockKinds';
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

/** A record a request line may be fulfilled from, with what the pick list names of it (the kind's `pick` view). */
export interface PickCandidate extends Record<PickFact, string | null> {
  id: number;
  catalog_id: number;
  name: string;
  /** Base units, > 0. */
  quantity: number;
}

/**
 * The kind's records of these catalog entries that hold something and have not expired by `today`, in the order a
 * store takes them: by catalog entry, opened ones first, then the earliest expiry (none last), then id; of each
 * entry only as many as cover `needed` (base units, by catalog id), the record that completes it included. One
 * query for all the entries, over the stock table's (catalog id, id) index; the running total (a window function,
 * on both engines) keeps an entry's other records out of the answer.
 */
export async function pickCandidates(
  db: Executor,
  kind: StockKind,
  needed: ReadonlyMap<number, number>,
  today: string,
): Promise<PickCandidate[]> {
  if (needed.size === 0) return [];
  const { stockTable, catalog, views } = specOf(kind);
  // What the pick list names of a record (the kind's `pick` view), null where the kind has none; only kinds that say
  // when a record was opened take their opened records first.
  const fact = (name: PickFact) => (views.pick.includes(name) ? sql.ref(`s.${name}`) : sql`null`);
  const expires = hasExpiry(kind);
  const opens = views.pick.includes('opened_on');
  const entry = sql.ref(`s.${catalog.foreignKey}`);
  const expiry = fact('expiry_date');
  const openedOn = fact('opened_on');
  const takingOrder = (
    opened: RawBuilder<unknown>,
    expiryDate: RawBuilder<unknown>,
    id: RawBuilder<unknown>,
  ) =>
    sql.join(
      [
        ...(opens ? [sql`case when ${opened} is null then 1 else 0 end`] : []),
        ...(expires ? [sql`case when ${expiryDate} is null then 1 else 0 end`, expiryDate] : []),
        id,
      ],
      sql`, `,
    );
  const amounts = sql.join(
    [...needed].map(
      ([catalogId, quantity]) => sql`(cast(${catalogId} as integer), cast(${quantity} as bigint))`,
    ),
  );
  const { rows } = await sql<PickCandidate>`
    with needed (catalog_id, quantity) as (values ${amounts})
    select id, catalog_id, name, quantity, expiry_date, opened_on, storage_place from (
      select s.id, ${entry} as catalog_id, c.name, s.quantity, ${expiry} as expiry_date, ${openedOn} as opened_on,
        ${fact('storage_place')} as storage_place, n.quantity as needed,
        coalesce(sum(s.quantity) over (partition by ${entry}
          order by ${takingOrder(openedOn, expiry, sql.ref('s.id'))}
          rows between unbounded preceding and 1 preceding), 0) as before
      from ${sql.table(stockTable)} s
        join needed n on n.catalog_id = ${entry}
        join ${sql.table(catalog.table)} c on c.id = ${entry}
      where s.quantity > 0 ${expires ? sql`and (s.expiry_date is null or s.expiry_date >= ${today})` : sql``}
    ) candidates
    where before < needed
    order by catalog_id, ${takingOrder(sql.ref('opened_on'), sql.ref('expiry_date'), sql.ref('id'))}`.execute(
    db,
  );
  return rows.map((row) => ({
    ...row,
    id: Number(row.id),
    catalog_id: Number(row.catalog_id),
    quantity: Number(row.quantity),
  }));
}
