import type { Insertable, Selectable, Updateable } from 'kysely';
import { rowById } from '../rowById';
import type { Dialect } from '../dialect';
import type { Executor } from '../executor';
import type { RequestLinesTable, RequestsTable, RequestStatus, StockObjectType } from '../tables';

// Requests from the labs and their lines (issue 24). Quantities in base units, like every stored quantity.

export type RequestRow = Selectable<RequestsTable>;
export type RequestLineRow = Selectable<RequestLinesTable>;

// PostgreSQL returns bigint columns as text.
const toLine = (row: RequestLineRow): RequestLineRow => ({
  ...row,
  quantity: Number(row.quantity),
  approved_quantity: row.approved_quantity === null ? null : Number(row.approved_quantity),
  issued_quantity: Number(row.issued_quantity),
  // SQLite returns booleans as 0 and 1.
  store_approved: Boolean(row.store_approved),
});

/** The lab of a request: what the `request…` access classes check the caller's lab role in. */
export async function requestLocationId(db: Executor, id: number): Promise<number | undefined> {
  const row = await db.selectFrom('requests').select('location_id').where('id', '=', id).executeTakeFirst();
  return row?.location_id;
}

export const findRequest = (db: Executor, id: number) => rowById(db, 'requests', id);

/**
 * The request, locked until the transaction ends where the engine has row locks: every change of a request takes
 * it first, so of two changes at once (two approvals, an approval and a cancel, two fulfilments) the second sees
 * the first's status.
 */
export const lockRequest = (trx: Executor, dialect: Dialect, id: number) =>
  rowById(trx, 'requests', id, dialect);

/** The lines of the requests, each request's in their position order. */
export async function findRequestLines(
  db: Executor,
  requestIds: readonly number[],
): Promise<RequestLineRow[]> {
  if (requestIds.length === 0) return [];
  const rows = await db
    .selectFrom('request_lines')
    .selectAll()
    .where('request_id', 'in', [...requestIds])
    .orderBy('request_id')
    .orderBy('position')
    .execute();
  return rows.map(toLine);
}

export async function insertRequest(trx: Executor, request: Insertable<RequestsTable>): Promise<RequestRow> {
  return trx.insertInto('requests').values(request).returningAll().executeTakeFirstOrThrow();
}

export async function updateRequest(
  trx: Executor,
  id: number,
  changes: Updateable<RequestsTable>,
): Promise<RequestRow> {
  return trx
    .updateTable('requests')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Replaces the request's lines (a returned request edited: nothing was approved or issued of them). */
export async function replaceRequestLines(
  trx: Executor,
  requestId: number,
  lines: Omit<Insertable<RequestLinesTable>, 'request_id'>[],
): Promise<void> {
  await trx.deleteFrom('request_lines').where('request_id', '=', requestId).execute();
  await trx
    .insertInto('request_lines')
    .values(lines.map((line) => ({ ...line, request_id: requestId })))
    .execute();
}

/** Sets each line's approved quantity (id → base units). */
export async function setApprovedQuantities(
  trx: Executor,
  approved: ReadonlyMap<number, number>,
): Promise<void> {
  for (const [id, quantity] of approved) {
    await trx
      .updateTable('request_lines')
      .set({ approved_quantity: quantity })
      .where('id', '=', id)
      .execute();
  }
}

/** Marks the lines a store manager approved as CMR lines. */
export async function setStoreApproved(trx: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('request_lines')
    // better-sqlite3 binds no booleans; PostgreSQL reads 1 as true.
    .set({ store_approved: 1 as unknown as boolean })
    .where('id', 'in', [...ids])
    .execute();
}

/** Adds what a fulfilment issued to each line (id → base units). */
export async function addIssuedQuantities(trx: Executor, issued: ReadonlyMap<number, number>): Promise<void> {
  for (const [id, quantity] of issued) {
    await trx
      .updateTable('request_lines')
      .set((eb) => ({ issued_quantity: eb('issued_quantity', '+', quantity) }))
      .where('id', '=', id)
      .execute();
  }
}

export interface RequestFilter {
  locationId?: number;
  statuses?: readonly RequestStatus[];
}

/**
 * `newest`: the lab's list, newest first. `queue`: the store's, the oldest needed-by date first (none last), then the
 * oldest submitted.
 */
export type RequestOrder = 'newest' | 'queue';

export async function listRequests(
  db: Executor,
  filter: RequestFilter,
  order: RequestOrder,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: RequestRow[] }> {
  let query = db.selectFrom('requests');
  if (filter.locationId !== undefined) query = query.where('location_id', '=', filter.locationId);
  if (filter.statuses !== undefined && filter.statuses.length > 0)
    query = query.where('status', 'in', [...filter.statuses]);
  const counted = await query
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirst();
  let rows = query.selectAll();
  rows =
    order === 'newest'
      ? rows.orderBy('created_at', 'desc').orderBy('id', 'desc')
      : rows
          .orderBy((eb) => eb.case().when('needed_by', 'is', null).then(1).else(0).end())
          .orderBy('needed_by')
          .orderBy('submitted_at')
          .orderBy('id');
  return {
    count: Number(counted?.count ?? 0),
    rows: await rows.limit(page.limit).offset(page.offset).execute(),
  };
}

/** The lines naming this stock record on requests of these statuses, with their request's id (by request). */
export async function linesOfRecord(
  db: Executor,
  objectType: StockObjectType,
  objectId: number,
  statuses: readonly RequestStatus[],
): Promise<RequestLineRow[]> {
  const rows = await db
    .selectFrom('request_lines')
    .innerJoin('requests', 'requests.id', 'request_lines.request_id')
    .selectAll('request_lines')
    .where('request_lines.object_type', '=', objectType)
    .where('request_lines.object_id', '=', objectId)
    .where('requests.status', 'in', [...statuses])
    .orderBy('request_lines.request_id')
    .execute();
  return rows.map(toLine);
}
