import type { Insertable, Selectable } from 'kysely';
import type { StockKind } from '../../domain/stockKinds';
import { lockRowsIfSupported } from '../locking';
import { rowById } from '../rowById';
import { slicesOf } from '../slices';
import type { Dialect } from '../dialect';
import type {
  Database,
  ExpiringTempShipmentTable,
  ShipmentLinesTable,
  ShipmentRecordValuesTable,
  ShipmentsTable,
  StockObjectType,
  TempShipmentTable,
} from '../tables';
import type { Executor } from '../executor';

// Shipment staging lists (SERVER.md §6) and the shipments merged from them (§7), in base units.

/** `expiry_date` is null for instrument lines, whose table has no such column. */
export type StagingLineRow = Selectable<ExpiringTempShipmentTable>;
export type ShipmentRow = Selectable<ShipmentsTable>;
export type ShipmentLineRow = Selectable<ShipmentLinesTable>;
export type ShipmentRecordValuesRow = Selectable<ShipmentRecordValuesTable>;

export const STAGING_TABLES = {
  chemical: 'chemical_temp_shipment',
  instrument: 'instrument_temp_shipment',
  glassware: 'glassware_temp_shipment',
} as const satisfies Record<StockKind, keyof Database>;

const KINDS_BY_OBJECT_TYPE: Record<StockObjectType, StockKind> = {
  CHEMICAL: 'chemical',
  INSTRUMENT: 'instrument',
  GLASSWARE: 'glassware',
};

// Kysely cannot follow a table name that depends on a type parameter; the three staging tables share their columns
// (but for the expiry date, which instrument staging lacks and is never written or read for), so one name stands
// for all of them.
const stagingTable = (kind: StockKind) => STAGING_TABLES[kind] as 'chemical_temp_shipment';

const toStagingLine = (
  row: Selectable<TempShipmentTable> & { expiry_date?: string | null },
): StagingLineRow => ({
  ...row,
  quantity: Number(row.quantity),
  expiry_date: row.expiry_date ?? null,
  // PostgreSQL returns bigint columns as strings.
  unit_price_e4: row.unit_price_e4 === null ? null : Number(row.unit_price_e4),
});

// ---- Staging lines ----

/** The user's lines of one kind, id ascending; with `lock`, locked until the transaction ends (lockRowsIfSupported). */
export async function listStagingLines(
  db: Executor,
  kind: StockKind,
  userId: number,
  lock?: Dialect,
): Promise<StagingLineRow[]> {
  const query = db.selectFrom(stagingTable(kind)).selectAll().where('user_id', '=', userId).orderBy('id');
  const rows = await (lock ? lockRowsIfSupported(query, lock) : query).execute();
  return rows.map(toStagingLine);
}

/** One of the user's lines (another user's line is not found); with `lock`, locked like listStagingLines. */
export async function findStagingLine(
  db: Executor,
  kind: StockKind,
  userId: number,
  id: number,
  lock?: Dialect,
): Promise<StagingLineRow | undefined> {
  const query = db
    .selectFrom(stagingTable(kind))
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId);
  const row = await (lock ? lockRowsIfSupported(query, lock) : query).executeTakeFirst();
  return row && toStagingLine(row);
}

export async function insertStagingLine(
  trx: Executor,
  kind: StockKind,
  values: Insertable<ExpiringTempShipmentTable>,
): Promise<number> {
  const row = await trx
    .insertInto(stagingTable(kind))
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateStagingLine(
  trx: Executor,
  kind: StockKind,
  id: number,
  changes: Partial<Pick<StagingLineRow, 'stock_id' | 'quantity' | 'expiry_date' | 'unit_price_e4'>>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await trx.updateTable(stagingTable(kind)).set(changes).where('id', '=', id).execute();
}

/** Deletes one of the user's lines; false when the user has no such line. */
export async function deleteStagingLine(
  db: Executor,
  kind: StockKind,
  userId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom(stagingTable(kind))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function deleteStagingLines(
  trx: Executor,
  kind: StockKind,
  ids: readonly number[],
): Promise<void> {
  for (const chunk of slicesOf(ids)) {
    await trx.deleteFrom(stagingTable(kind)).where('id', 'in', chunk).execute();
  }
}

// ---- Shipments ----

export async function insertShipment(trx: Executor, values: Insertable<ShipmentsTable>): Promise<number> {
  const row = await trx.insertInto('shipments').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertShipmentLines(
  trx: Executor,
  lines: readonly Insertable<ShipmentLinesTable>[],
): Promise<void> {
  for (const chunk of slicesOf(lines)) await trx.insertInto('shipment_lines').values(chunk).execute();
}

/** The shipment, locked until the transaction ends (lockRowsIfSupported): undo takes it before its stock rows. */
export const lockShipment = (trx: Executor, dialect: Dialect, id: number) =>
  rowById(trx, 'shipments', id, dialect);

export async function markShipmentReverted(
  trx: Executor,
  id: number,
  reverted: { reverted_at: string; reverted_by: string },
): Promise<void> {
  await trx.updateTable('shipments').set(reverted).where('id', '=', id).execute();
}

/** Shipments of one type, newest first (by date_time, then id); or only the one with `shipmentId`. */
export async function listShipments(
  db: Executor,
  type: StockObjectType,
  shipmentId?: number,
): Promise<ShipmentRow[]> {
  let query = db
    .selectFrom('shipments')
    .selectAll()
    .where('type', '=', type)
    .orderBy('date_time', 'desc')
    .orderBy('id', 'desc');
  if (shipmentId !== undefined) query = query.where('id', '=', shipmentId);
  return query.execute();
}

/** The lines of the shipments of one type (or of one shipment), in shipment and merge order. */
export async function listShipmentLines(
  db: Executor,
  type: StockObjectType,
  shipmentId?: number,
): Promise<ShipmentLineRow[]> {
  let query = db
    .selectFrom('shipment_lines as l')
    .innerJoin('shipments as s', 's.id', 'l.shipment_id')
    .selectAll('l')
    .where('s.type', '=', type)
    .orderBy('l.shipment_id')
    .orderBy('l.position');
  if (shipmentId !== undefined) query = query.where('l.shipment_id', '=', shipmentId);
  const rows = await query.execute();
  return rows.map((row) => ({
    ...row,
    old_total: Number(row.old_total),
    added_quantity: Number(row.added_quantity),
  }));
}

/** The dates and prices a merge changed (migration 0018), for its undo. */
export async function insertShipmentRecordValues(
  trx: Executor,
  rows: readonly ShipmentRecordValuesRow[],
): Promise<void> {
  for (const chunk of slicesOf(rows)) await trx.insertInto('shipment_record_values').values(chunk).execute();
}

export async function listShipmentRecordValues(
  db: Executor,
  shipmentId: number,
): Promise<ShipmentRecordValuesRow[]> {
  const rows = await db
    .selectFrom('shipment_record_values')
    .selectAll()
    .where('shipment_id', '=', shipmentId)
    .orderBy('stock_id')
    .execute();
  // PostgreSQL's bigint arrives as text.
  const price = (value: number | string | null) => (value === null ? null : Number(value));
  return rows.map((row) => ({
    ...row,
    unit_price_e4_before: price(row.unit_price_e4_before),
    unit_price_e4_after: price(row.unit_price_e4_after),
  }));
}

// ---- References to stock records (stockReferences) ----

export async function isStaged(db: Executor, type: StockObjectType, stockId: number): Promise<boolean> {
  const row = await db
    .selectFrom(stagingTable(KINDS_BY_OBJECT_TYPE[type]))
    .select('id')
    .where('stock_id', '=', stockId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function isInShipmentHistory(
  db: Executor,
  type: StockObjectType,
  stockId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('shipment_lines as l')
    .innerJoin('shipments as s', 's.id', 'l.shipment_id')
    .select('l.id')
    .where('l.stock_id', '=', stockId)
    .where('s.type', '=', type)
    .executeTakeFirst();
  return row !== undefined;
}
