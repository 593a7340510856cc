import { sql, type Insertable } from 'kysely';
import { specOf, type StockKind } from '../../domain/stockKinds';
import type { Executor } from '../executor';
import { slicesOf } from '../slices';
import type { ChargesTable, StockObjectType } from '../tables';
import { catalogNameOf } from './issues';

// Charges (issue 24): append-only, like the ledger. Nothing here updates or deletes a charge.

/** The unit prices (ten-thousandths of the major unit; null: none) of these records of a kind, by id. */
export async function findUnitPrices(
  trx: Executor,
  kind: StockKind,
  ids: readonly number[],
): Promise<Map<number, number | null>> {
  const { stockTable } = specOf(kind);
  const prices = new Map<number, number | null>();
  for (const slice of slicesOf(ids)) {
    const rows = await trx
      .selectFrom(stockTable as 'chemical_stock')
      .select(['id', 'unit_price_e4'])
      .where('id', 'in', slice)
      .execute();
    // PostgreSQL returns bigint columns as strings.
    for (const row of rows) prices.set(row.id, row.unit_price_e4 === null ? null : Number(row.unit_price_e4));
  }
  return prices;
}

/** Answers the new charges' ids. */
export async function insertCharges(trx: Executor, charges: Insertable<ChargesTable>[]): Promise<number[]> {
  const ids: number[] = [];
  for (const slice of slicesOf(charges)) {
    const rows = await trx.insertInto('charges').values(slice).returning('id').execute();
    for (const row of rows) ids.push(row.id);
  }
  return ids;
}

// ---- Reading charges: the charge list and the statements ----

/** Which charges: a lab, a lab's fund, a half-open time range [start, end) of ISO timestamps. */
export interface ChargeFilter {
  locationId?: number;
  fundId?: number;
  start?: string;
  end?: string;
}

/** A charge with what the lists show of it: its lab, fund, request and item, in stored units. */
export interface ChargeRow {
  id: number;
  created_at: string;
  kind: 'ISSUE' | 'RETURN';
  location_id: number;
  location_name: string;
  fund_id: number | null;
  fund_code: string | null;
  fund_name: string | null;
  issue_id: number;
  request_id: number | null;
  object_type: StockObjectType;
  object_id: number;
  /** The catalog name of the record (records with issue history are never deleted). */
  name: string;
  quantity: number;
  unit_price_e4: number | null;
  amount: number;
  currency: string;
  user_email: string;
}

function filtered(db: Executor, filter: ChargeFilter) {
  let query = db.selectFrom('charges as ch');
  if (filter.locationId !== undefined) query = query.where('ch.location_id', '=', filter.locationId);
  if (filter.fundId !== undefined) query = query.where('ch.fund_id', '=', filter.fundId);
  if (filter.start !== undefined) query = query.where('ch.created_at', '>=', filter.start);
  if (filter.end !== undefined) query = query.where('ch.created_at', '<', filter.end);
  return query;
}

function withNames(db: Executor, filter: ChargeFilter) {
  return filtered(db, filter)
    .innerJoin('store_consumers as c', 'c.id', 'ch.location_id')
    .innerJoin('issues as i', 'i.id', 'ch.issue_id')
    .leftJoin('lab_funds as f', 'f.id', 'ch.fund_id')
    .select([
      'ch.id',
      'ch.created_at',
      'ch.kind',
      'ch.location_id',
      'c.name as location_name',
      'ch.fund_id',
      'f.code as fund_code',
      'f.name as fund_name',
      'ch.issue_id',
      'i.request_id',
      'ch.object_type',
      'ch.object_id',
      catalogNameOf('ch.object_type', 'ch.object_id').as('name'),
      'ch.quantity',
      'ch.unit_price_e4',
      'ch.amount',
      'ch.currency',
      'ch.user_email',
    ]);
}

// PostgreSQL returns bigint columns as strings.
const toChargeRow = (row: Omit<ChargeRow, 'name'> & { name: string | null }): ChargeRow => ({
  ...row,
  name: row.name ?? '',
  quantity: Number(row.quantity),
  unit_price_e4: row.unit_price_e4 === null ? null : Number(row.unit_price_e4),
  amount: Number(row.amount),
});

export async function countCharges(db: Executor, filter: ChargeFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A page of the charges, newest first (created_at, then id). */
export async function findChargePage(
  db: Executor,
  filter: ChargeFilter,
  page: { limit: number; offset: number },
): Promise<ChargeRow[]> {
  const rows = await withNames(db, filter)
    .orderBy('ch.created_at', 'desc')
    .orderBy('ch.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map(toChargeRow);
}

/**
 * Every charge of the range, as a statement lists them: by lab (name, then id), then fund (a cart issue's, without
 * one, first; then by code), then oldest first.
 */
export async function findStatementCharges(db: Executor, filter: ChargeFilter): Promise<ChargeRow[]> {
  const rows = await withNames(db, filter)
    .orderBy('c.name')
    .orderBy('ch.location_id')
    .orderBy(sql`f.code is not null`)
    .orderBy('f.code')
    .orderBy('ch.fund_id')
    .orderBy('ch.created_at')
    .orderBy('ch.id')
    .execute();
  return rows.map(toChargeRow);
}
