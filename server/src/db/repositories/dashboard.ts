import { sql, type ExpressionBuilder } from 'kysely';
import { type StockKind } from '../../domain/stockKinds';
import {
  hasExpiry,
  identityFields,
  OBJECT_TYPES,
  type ExpiringKind,
  byKind,
} from '../../domain/stockKindHelpers';
import { STAGING_TABLES } from './shipments';
import { STOCK_TABLES } from './stock';
import { keyColumn } from './stockIdentity';
import type { Executor } from '../executor';
import type { Database } from '../tables';

// The dashboard's cards (docs/api.md §12), each a count and its first rows, read through the indexes of migration
// 0011 so no query loads every record. Quantities and minimums are in base units.

/** A stock row a card lists: what it needs to be described and ranked. */
export interface AttentionRow {
  id: number;
  quantity: number;
  minimum_quantity: number | null;
  expiry_date: string | null;
}

export interface CardRows<Row> {
  count: number;
  rows: Row[];
}

// Kysely cannot follow a table name that depends on a type parameter; the columns read here exist in every table
// they are read from (expiry dates only in the expiring kinds').
const table = (kind: StockKind) => STOCK_TABLES[kind] as 'chemical_stock';

const toAttentionRow = (row: {
  id: number;
  quantity: number | string;
  minimum_quantity: number | string | null;
  expiry_date?: string | null;
}): AttentionRow => ({
  id: row.id,
  quantity: Number(row.quantity),
  minimum_quantity: row.minimum_quantity === null ? null : Number(row.minimum_quantity),
  expiry_date: row.expiry_date ?? null,
});

const countOf = (row: { count: number | string | bigint } | undefined) => Number(row?.count ?? 0);

/**
 * Records whose quantity is below their minimum, the largest shortfall first. The conditions and the order are
 * those of the partial index `<table>_below_minimum` (migration 0011), written the same way so both engines use it.
 */
export async function belowMinimum(
  db: Executor,
  kind: StockKind,
  limit: number,
): Promise<CardRows<AttentionRow>> {
  const low = db
    .selectFrom(table(kind))
    .where('minimum_quantity', 'is not', null)
    .whereRef('quantity', '<', 'minimum_quantity');
  const [counted, rows] = await Promise.all([
    low.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
    low
      .select(['id', 'quantity', 'minimum_quantity', ...(hasExpiry(kind) ? (['expiry_date'] as const) : [])])
      .orderBy(sql`(minimum_quantity - quantity)`, 'desc')
      .orderBy('id')
      .limit(limit)
      .execute(),
  ]);
  return { count: countOf(counted), rows: rows.map(toAttentionRow) };
}

/**
 * Records in stock whose expiry date lies in [from, to] (either end open when null), soonest first. Records with
 * nothing left are no concern and are left out.
 */
export async function expiringBetween(
  db: Executor,
  kind: ExpiringKind,
  from: string | null,
  to: string | null,
  limit: number,
): Promise<CardRows<AttentionRow>> {
  // The conditions of the partial index `<table>_expiry` (migration 0011).
  let dated = db.selectFrom(table(kind)).where('expiry_date', 'is not', null).where('quantity', '>', 0);
  if (from !== null) dated = dated.where('expiry_date', '>=', from);
  if (to !== null) dated = dated.where('expiry_date', '<=', to);
  const [counted, rows] = await Promise.all([
    dated.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
    dated
      .select(['id', 'quantity', 'minimum_quantity', 'expiry_date'])
      .orderBy('expiry_date')
      .orderBy('id')
      .limit(limit)
      .execute(),
  ]);
  return { count: countOf(counted), rows: rows.map(toAttentionRow) };
}

/**
 * Records in stock since at least `since` (an ISO timestamp) with no ISSUE ledger entry after it, the largest
 * quantity first: the ISSUE entries come from their index by kind and record, the order from the quantity index of
 * migration 0008. A record's idle time counts from its first receipt, its first ledger entry (every quantity it
 * ever held arrived through one): a record that first received stock after `since` (created today by an import,
 * or created empty and first shipped last month) has not been idle for the whole window. A record without any
 * entry (one loaded before the ledger existed) is taken as old.
 */
export async function deadStock(
  db: Executor,
  kind: StockKind,
  since: string,
  limit: number,
): Promise<CardRows<AttentionRow>> {
  const type = OBJECT_TYPES[kind];
  const issuedSince = db
    .selectFrom('stock_ledger')
    .select('object_id')
    .where('object_type', '=', type)
    .where('kind', '=', 'ISSUE')
    .where('created_at', '>=', since);
  // Correlated on the ledger's (object_type, object_id, id) index: a record's few entries, oldest first.
  const entriesOf = (eb: ExpressionBuilder<Database, 'chemical_stock'>) =>
    eb
      .selectFrom('stock_ledger as entry')
      .select('entry.id')
      .where('entry.object_type', '=', type)
      .where('entry.object_id', '=', sql.ref<number>(`${STOCK_TABLES[kind]}.id`));
  const idle = db
    .selectFrom(table(kind))
    .where('quantity', '>', 0)
    .where('id', 'not in', issuedSince)
    .where((eb) =>
      eb.or([
        eb.exists(entriesOf(eb).where('entry.created_at', '<=', since)),
        eb.not(eb.exists(entriesOf(eb))),
      ]),
    );
  const [counted, rows] = await Promise.all([
    idle.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
    idle
      .select(['id', 'quantity', 'minimum_quantity', ...(hasExpiry(kind) ? (['expiry_date'] as const) : [])])
      .orderBy('quantity', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return { count: countOf(counted), rows: rows.map(toAttentionRow) };
}

export interface RecentShipmentRow {
  id: number;
  type: string;
  date_time: string;
  user_email: string;
  reverted_at: string | null;
  lines: number;
}

/** The newest shipments of any kind, with how many lines each has, and how many there are. */
export async function recentShipments(db: Executor, limit: number): Promise<CardRows<RecentShipmentRow>> {
  const [counted, rows] = await Promise.all([
    db
      .selectFrom('shipments')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst(),
    db
      .selectFrom('shipments as s')
      .select((eb) => [
        's.id',
        's.type',
        's.date_time',
        's.user_email',
        's.reverted_at',
        eb
          .selectFrom('shipment_lines as l')
          .select((inner) => inner.fn.countAll().as('n'))
          .whereRef('l.shipment_id', '=', 's.id')
          .as('lines'),
      ])
      .orderBy('s.date_time', 'desc')
      .orderBy('s.id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return {
    count: countOf(counted),
    rows: rows.map((row) => ({ ...row, lines: Number(row.lines ?? 0) })),
  };
}

export interface RecentIssueRow {
  id: number;
  created_at: string;
  user_email: string;
  location_id: number;
  location_name: string;
  room_number: string;
  building_name: string;
  lines: number;
}

/** The newest issues to any location, with the location and how many lines each has, and how many there are. */
export async function recentIssues(db: Executor, limit: number): Promise<CardRows<RecentIssueRow>> {
  const [counted, rows] = await Promise.all([
    db
      .selectFrom('issues')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirst(),
    db
      .selectFrom('issues as i')
      .innerJoin('store_consumers as c', 'c.id', 'i.consumer_id')
      .select((eb) => [
        'i.id',
        'i.created_at',
        'i.user_email',
        'c.id as location_id',
        'c.name as location_name',
        'c.room_number',
        'c.building_name',
        eb
          .selectFrom('issue_lines as l')
          .select((inner) => inner.fn.countAll().as('n'))
          .whereRef('l.issue_id', '=', 'i.id')
          .as('lines'),
      ])
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return {
    count: countOf(counted),
    rows: rows.map((row) => ({ ...row, lines: Number(row.lines ?? 0) })),
  };
}

export interface OwnLineRow {
  id: number;
  stock_id: number;
  quantity: number;
  expiry_date: string | null;
}

/** The user's staging lines of a kind not merged yet, id ascending, and how many there are. */
export async function ownStagingLines(
  db: Executor,
  kind: StockKind,
  userId: number,
  limit: number,
): Promise<CardRows<OwnLineRow>> {
  const lines = db.selectFrom(STAGING_TABLES[kind] as 'chemical_temp_shipment').where('user_id', '=', userId);
  const [counted, rows] = await Promise.all([
    lines.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
    lines
      .select(['id', 'stock_id', 'quantity', ...(hasExpiry(kind) ? (['expiry_date'] as const) : [])])
      .orderBy('id')
      .limit(limit)
      .execute(),
  ]);
  return {
    count: countOf(counted),
    rows: rows.map((row) => ({
      id: row.id,
      stock_id: row.stock_id,
      quantity: Number(row.quantity),
      expiry_date: row.expiry_date ?? null,
    })),
  };
}

export interface OwnCartRow {
  id: number;
  object_type: string;
  object_id: number;
  quantity: number;
}

/** The user's cart lines not issued yet, id ascending, and how many there are. */
export async function ownCartLines(
  db: Executor,
  userId: number,
  limit: number,
): Promise<CardRows<OwnCartRow>> {
  const lines = db.selectFrom('issue_cart').where('user_id', '=', userId);
  const [counted, rows] = await Promise.all([
    lines.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
    lines.select(['id', 'object_type', 'object_id', 'quantity']).orderBy('id').limit(limit).execute(),
  ]);
  return { count: countOf(counted), rows: rows.map((row) => ({ ...row, quantity: Number(row.quantity) })) };
}

/**
 * What makes two records of a kind the same item bought from different suppliers: every identifying column but
 * the supplier (SERVER.md §4.3). Each list starts with the prefix of the kind's identity index (migration 0002), so
 * finding a record's siblings reads that index.
 */
const SAME_ITEM_COLUMNS = byKind((kind) =>
  identityFields(kind)
    .filter((field) => !(field.home.on === 'trade' && field.home.table === 'suppliers'))
    .map((field) => keyColumn(kind, field)),
);

/** A record below its minimum and the newest shipment line (not undone) of the same item, if it was ever shipped. */
export interface ReorderRow extends AttentionRow {
  last_line_id: number | null;
}

/**
 * Every record below its minimum, the largest shortfall first (the partial index `<table>_below_minimum`), each
 * with the id of the newest shipment line, not undone, of the same item from any supplier: the siblings come from
 * the identity index, their lines from `shipment_lines_stock`, the shipments by their key.
 */
export async function reorderRows(db: Executor, kind: StockKind): Promise<ReorderRow[]> {
  const rows = await db
    .selectFrom(`${table(kind)} as r`)
    .where('r.minimum_quantity', 'is not', null)
    .whereRef('r.quantity', '<', 'r.minimum_quantity')
    .select((eb) => [
      'r.id',
      'r.quantity',
      'r.minimum_quantity',
      ...(hasExpiry(kind) ? (['r.expiry_date'] as const) : []),
      SAME_ITEM_COLUMNS[kind]
        .reduce(
          (siblings, column) => siblings.whereRef(`o.${column}` as 'o.id', '=', `r.${column}` as 'r.id'),
          eb
            .selectFrom('shipment_lines as l')
            .innerJoin('shipments as s', 's.id', 'l.shipment_id')
            .innerJoin(`${table(kind)} as o`, 'o.id', 'l.stock_id')
            .where('s.type', '=', OBJECT_TYPES[kind])
            .where('s.reverted_at', 'is', null),
        )
        .select('l.id')
        .orderBy('s.date_time', 'desc')
        .orderBy('l.id', 'desc')
        .limit(1)
        .as('last_line_id'),
    ])
    .orderBy(sql`(r.minimum_quantity - r.quantity)`, 'desc')
    .orderBy('r.id')
    .execute();
  return rows.map((row) => ({
    ...toAttentionRow(row),
    last_line_id: row.last_line_id === null ? null : Number(row.last_line_id),
  }));
}

export interface ShippedLine {
  id: number;
  supplier: string;
  /** Base units. */
  added_quantity: number;
  date_time: string;
}

/** Shipment lines of a kind by id, with the supplier of the record each went to and the shipment's time. */
export async function shippedLines(db: Executor, kind: StockKind, ids: number[]): Promise<ShippedLine[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('shipment_lines as l')
    .innerJoin('shipments as s', 's.id', 'l.shipment_id')
    .innerJoin(`${table(kind)} as o`, 'o.id', 'l.stock_id')
    .innerJoin('suppliers as p', 'p.id', 'o.supplier_id')
    .where('l.id', 'in', ids)
    .select(['l.id', 'p.name as supplier', 'l.added_quantity', 's.date_time'])
    .execute();
  return rows.map((row) => ({ ...row, added_quantity: Number(row.added_quantity) }));
}
