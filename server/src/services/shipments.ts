import type { Db } from '../db';
import type { Dialect } from '../db/dialect';
import * as shipments from '../db/repositories/shipments';
import type { ShipmentLineRow, ShipmentRow, StagingLineRow } from '../db/repositories/shipments';
import { slicesOf } from '../db/slices';
import * as stock from '../db/repositories/stock';
import type { StockRowChanges } from '../db/repositories/stock';
import type { User } from '../db/repositories/users';
import { specOf, STOCK_KINDS, type StockKind } from '../domain/stockKinds';
import {
  fromBaseQuantity,
  hasExpiry,
  KIND_OF_TYPE,
  OBJECT_TYPES,
  quantityText,
  toBaseQuantity,
  type ExpiringKind,
} from '../domain/stockKindHelpers';
import { mergedExpiryDate, mergedUnitPriceE4, type Lot } from '../domain/shipmentMerge';
import { describeStockRecord, type StockRecords } from '../domain/stockRecords';
import type { Shipment, ShipmentLine, StagingLine } from '../contract/shipments';
import { fromUnitPriceE4, toUnitPriceE4 } from '../domain/unitPrice';
import { recordChange, writeTransaction } from '../feed/changeLog';
import { badRequest, conflict, notFound } from '../http/errors';
import { messages, ValidationError } from '../validation/errors';
import { recordAudit, stockSnapshot, stockTarget, type Actor, type Changes } from '../audit/entries';
import { refuseUnchargeablePrice } from './requests';
import { aboveMaximum, lockStock, moveStock, outOfBounds, recordName, stockKey } from './stockMovement';

export interface ShipmentsContext {
  db: Db;
  dialect: Dialect;
  /** The clock of shipment and ledger timestamps. */
  now: () => Date;
  /** How many days after its merge a shipment can still be undone (SHIPMENT_UNDO_DAYS). */
  undoDays: number;
}

/** §7: `type` is required and compared case-insensitively; anything else is answered with one fixed message. */
export function shipmentKind(type: unknown): StockKind {
  const kind = STOCK_KINDS.find((candidate) => typeof type === 'string' && type.toLowerCase() === candidate);
  if (kind === undefined) throw ValidationError.field('type', `Expected one of: ${STOCK_KINDS.join(', ')}.`);
  return kind;
}

/** The §4.1 records with these ids, by id. */
async function recordsById<K extends StockKind>(
  db: Db,
  kind: K,
  ids: Iterable<number>,
): Promise<Map<number, StockRecords[K]>> {
  const records = new Map<number, StockRecords[K]>();
  for (const chunk of slicesOf([...new Set(ids)])) {
    for (const record of await stock.findStockRecords(db, kind, chunk)) records.set(record.id, record);
  }
  return records;
}

function recordOf<K extends StockKind>(records: Map<number, StockRecords[K]>, kind: K, id: number) {
  const record = records.get(id);
  // Stock records that are staged or in a shipment cannot be deleted (stockReferences).
  if (!record) throw new Error(`${kind} stock record ${id} is referenced but does not exist`);
  return record;
}

async function stagingLines<K extends StockKind>(
  db: Db,
  kind: K,
  rows: readonly StagingLineRow[],
): Promise<StagingLine<K>[]> {
  const records = await recordsById(
    db,
    kind,
    rows.map((row) => row.stock_id),
  );
  return rows.map(
    (row) =>
      ({
        id: row.id,
        [kind]: recordOf(records, kind, row.stock_id),
        quantity: fromBaseQuantity(kind, row.quantity),
        ...(hasExpiry(kind) && { expiry_date: row.expiry_date }),
        unit_price: fromUnitPriceE4(row.unit_price_e4),
      }) as StagingLine<K>,
  );
}

const DAY_MS = 86_400_000;

/** The last moment a shipment merged at `dateTime` can be undone. */
function undoDeadline(dateTime: string, undoDays: number): number {
  return Date.parse(dateTime) + undoDays * DAY_MS;
}

async function shipmentsWithLines<K extends StockKind>(
  db: Db,
  undoDays: number,
  kind: K,
  rows: readonly ShipmentRow[],
  lineRows: readonly Omit<ShipmentLineRow, 'id'>[],
  /** The lines' records when the caller has read them already. */
  known?: Map<number, StockRecords[K]>,
): Promise<Shipment<K>[]> {
  const records =
    known ??
    (await recordsById(
      db,
      kind,
      lineRows.map((line) => line.stock_id),
    ));
  const linesByShipment = new Map<number, ShipmentLine<K>[]>();
  for (const line of lineRows) {
    const lines = linesByShipment.get(line.shipment_id) ?? [];
    lines.push({
      ...describeStockRecord[kind](recordOf(records, kind, line.stock_id)),
      old_total: fromBaseQuantity(kind, line.old_total),
      added_quantity: fromBaseQuantity(kind, line.added_quantity),
    });
    linesByShipment.set(line.shipment_id, lines);
  }
  return rows.map(
    (row) =>
      ({
        id: row.id,
        date_time: row.date_time,
        reverted_at: row.reverted_at,
        reverted_by: row.reverted_by,
        undo_until:
          row.reverted_at === null ? new Date(undoDeadline(row.date_time, undoDays)).toISOString() : null,
        [specOf(kind).shipmentLinesKey]: linesByShipment.get(row.id) ?? [],
      }) as Shipment<K>,
  );
}

// ---- Staging (§6) ----

export interface StagingLineInput {
  /** The stock-record id sent under the kind's key. */
  stockId: number;
  /** API units. */
  quantity: number;
  /** Chemical and glassware lines: when what arrives expires (the merge keeps the earliest, §11); null: none. */
  expiryDate?: string | null;
  /** The price of what arrives (major units, validated), averaged into the record's by the merge; null: none. */
  unitPrice?: number | null;
}

/** The stock record a line names, locked so it cannot be deleted before the line is saved; else the §6 400. */
async function requireStagedRecord(
  trx: Db,
  dialect: Dialect,
  kind: StockKind,
  stockId: number,
): Promise<void> {
  if (!(await stock.lockStockRow(trx, dialect, kind, stockId))) {
    throw ValidationError.field(kind, messages.pkMissing(stockId));
  }
}

export async function listStagingLines<K extends StockKind>(
  { db }: ShipmentsContext,
  actor: User,
  kind: K,
): Promise<StagingLine<K>[]> {
  return stagingLines(db, kind, await shipments.listStagingLines(db, kind, actor.id));
}

/** 404 unless the line is the caller's: the lookup of `{id}` routes, before their body is validated. */
export async function requireOwnStagingLine(
  { db }: ShipmentsContext,
  actor: User,
  kind: StockKind,
  id: number,
): Promise<void> {
  if (!(await shipments.findStagingLine(db, kind, actor.id, id))) throw notFound();
}

export async function getStagingLine<K extends StockKind>(
  { db }: ShipmentsContext,
  actor: User,
  kind: K,
  id: number,
): Promise<StagingLine<K>> {
  const row = await shipments.findStagingLine(db, kind, actor.id, id);
  if (!row) throw notFound();
  return (await stagingLines(db, kind, [row]))[0];
}

export async function createStagingLine<K extends StockKind>(
  { db, dialect }: ShipmentsContext,
  actor: Actor,
  kind: K,
  input: StagingLineInput,
): Promise<StagingLine<K>> {
  return writeTransaction(db, async (trx) => {
    await requireStagedRecord(trx, dialect, kind, input.stockId);
    const id = await shipments.insertStagingLine(trx, kind, {
      user_id: actor.id,
      stock_id: input.stockId,
      quantity: toBaseQuantity(kind, input.quantity),
      ...(hasExpiry(kind) && input.expiryDate != null && { expiry_date: input.expiryDate }),
      unit_price_e4: toUnitPriceE4(input.unitPrice ?? null),
    });
    stagingChanged(trx, actor, kind, 'created', [id]);
    const row = await shipments.findStagingLine(trx, kind, actor.id, id);
    return (await stagingLines(trx, kind, [row!]))[0];
  });
}

/** PUT (the schema requires the record and the quantity) and PATCH (any); a field left out keeps its value. */
export async function updateStagingLine<K extends StockKind>(
  { db, dialect }: ShipmentsContext,
  actor: Actor,
  kind: K,
  id: number,
  input: Partial<StagingLineInput>,
): Promise<StagingLine<K>> {
  return writeTransaction(db, async (trx) => {
    // The line first, then the stock record: the order a merge locks them in, so the two cannot deadlock.
    if (!(await shipments.findStagingLine(trx, kind, actor.id, id, dialect))) throw notFound();
    if (input.stockId !== undefined) await requireStagedRecord(trx, dialect, kind, input.stockId);
    await shipments.updateStagingLine(trx, kind, id, {
      ...(input.stockId !== undefined && { stock_id: input.stockId }),
      ...(input.quantity !== undefined && { quantity: toBaseQuantity(kind, input.quantity) }),
      ...(hasExpiry(kind) && input.expiryDate !== undefined && { expiry_date: input.expiryDate }),
      ...(input.unitPrice !== undefined && { unit_price_e4: toUnitPriceE4(input.unitPrice) }),
    });
    stagingChanged(trx, actor, kind, 'updated', [id]);
    const row = await shipments.findStagingLine(trx, kind, actor.id, id);
    return (await stagingLines(trx, kind, [row!]))[0];
  });
}

export async function deleteStagingLine(
  { db }: ShipmentsContext,
  actor: Actor,
  kind: StockKind,
  id: number,
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    if (!(await shipments.deleteStagingLine(trx, kind, actor.id, id))) throw notFound();
    stagingChanged(trx, actor, kind, 'deleted', [id]);
  });
}

/** A staging list's events reach its owner alone (docs/api.md §27). */
function stagingChanged(
  trx: Db,
  actor: Actor,
  kind: StockKind,
  action: 'created' | 'updated' | 'deleted',
  ids: readonly number[],
): void {
  recordChange(trx, { topic: `${kind}_staging`, action, ids, userId: actor.id, actor });
}

// ---- Merge (§6) ----

/**
 * Merges the caller's staging list into stock in one transaction: one shipment, one line per staged line in id
 * order (old_total accumulating per record), stock increased, one SHIPMENT ledger entry per line, the merged
 * lines deleted. The caller's lines and then the stock records are locked first, so a concurrent merge of the
 * same list finds nothing left, and quantities are read after locking.
 */
export async function mergeStaging<K extends StockKind>(
  { db, dialect, now, undoDays }: ShipmentsContext,
  actor: Actor,
  kind: K,
): Promise<Shipment<K>> {
  const type = OBJECT_TYPES[kind];
  return writeTransaction(db, async (trx) => {
    const staged = await shipments.listStagingLines(trx, kind, actor.id, dialect);
    if (staged.length === 0) throw badRequest('Nothing to merge.');
    const changes = staged.map((line) => ({
      object_type: type,
      object_id: line.stock_id,
      change: line.quantity,
    }));
    const movement = { changes, before: await lockStock(trx, dialect, changes) };

    const date_time = now().toISOString();
    const shipmentId = await shipments.insertShipment(trx, {
      type,
      date_time,
      user_id: actor.id,
      user_email: actor.email,
    });
    // Of several records, the one with the lowest id is named.
    const [tooMuch] = outOfBounds(movement).sort((a, b) => a.object_id - b.object_id);
    if (tooMuch) throw await aboveMaximum(trx, tooMuch);
    const balances = await moveStock(trx, movement, {
      ledger: { kind: 'SHIPMENT', shipment_id: shipmentId },
      at: date_time,
      actor,
    });
    const lines = staged.map((line, position) => ({
      shipment_id: shipmentId,
      stock_id: line.stock_id,
      old_total: balances[position] - line.quantity,
      added_quantity: line.quantity,
      position,
    }));
    await shipments.insertShipmentLines(trx, lines);
    // Read once the quantities have moved, for the answer's lines (which show no quantity) and the merged values.
    const records = await recordsById(
      trx,
      kind,
      staged.map((line) => line.stock_id),
    );
    const replaced = await setMergedValues(
      trx,
      actor,
      new Date(date_time),
      kind,
      staged,
      movement.before,
      records,
    );
    await shipments.insertShipmentRecordValues(
      trx,
      replaced.map((values) => ({ shipment_id: shipmentId, ...values })),
    );
    await shipments.deleteStagingLines(
      trx,
      kind,
      staged.map((line) => line.id),
    );
    stagingChanged(
      trx,
      actor,
      kind,
      'deleted',
      staged.map((line) => line.id),
    );
    recordChange(trx, { topic: 'shipment', action: 'created', ids: [shipmentId], actor });

    const [shipment] = await shipments.listShipments(trx, type, shipmentId);
    return (
      await shipmentsWithLines(
        trx,
        undoDays,
        kind,
        [shipment],
        lines.map((line, id) => ({ ...line, id })),
        records,
      )
    )[0];
  });
}

/** A record's expiry date; null for a kind that has none. */
const expiryOf = <K extends StockKind>(kind: K, record: StockRecords[K]): string | null =>
  hasExpiry(kind) ? (record as StockRecords[ExpiringKind]).expiry_date : null;

/**
 * Writes the expiry date and unit price a merge, or its undo, gives a record (each absent one stays): a new price is
 * first checked against the record's open request lines (refuseUnchargeablePrice), and the write is audited as
 * `stock.updated` with each changed field's [before, after], like an edit through the API. Answers whether anything
 * was written.
 */
async function writeDateAndPrice<K extends StockKind>(
  trx: Db,
  actor: Actor,
  at: Date,
  kind: K,
  id: number,
  record: StockRecords[K],
  values: { expiryDate?: string | null; unitPriceE4?: number | null },
): Promise<boolean> {
  const changes: Changes = {};
  const columns: Record<string, unknown> = {};
  if (values.expiryDate !== undefined) {
    changes.expiry_date = [expiryOf(kind, record), values.expiryDate];
    columns.expiry_date = values.expiryDate;
  }
  if (values.unitPriceE4 !== undefined) {
    changes.unit_price = [record.unit_price, fromUnitPriceE4(values.unitPriceE4)];
    columns.unit_price_e4 = values.unitPriceE4;
    await refuseUnchargeablePrice(trx, kind, id, values.unitPriceE4);
  }
  if (Object.keys(changes).length === 0) return false;
  await stock.updateStockRow(trx, kind, id, columns as StockRowChanges<K>);
  await recordAudit(trx, {
    at,
    actor,
    action: 'stock.updated',
    target: stockTarget(kind, id, stockSnapshot(kind, record)),
    changes,
  });
  return true;
}

/**
 * Gives each record the expiry date and unit price of everything it now holds (domain/shipmentMerge: the earliest
 * date, the quantity-weighted average price), from what it held before the merge (`before`, base units, as locked)
 * and its staged lots. A record whose date or price changes is written once and audited as `stock.updated` with
 * each changed field's [before, after], like an edit through the API (docs/api.md §11, §23.2); the quantity the merge
 * adds is its SHIPMENT ledger entry. A record whose values stay is neither written nor audited. Answers what it
 * replaced on each record it wrote, which the shipment keeps for its undo (restoreReplacedValues).
 */
async function setMergedValues<K extends StockKind>(
  trx: Db,
  actor: Actor,
  at: Date,
  kind: K,
  staged: readonly StagingLineRow[],
  before: ReadonlyMap<string, number>,
  records: Map<number, StockRecords[K]>,
): Promise<Omit<shipments.ShipmentRecordValuesRow, 'shipment_id'>[]> {
  const lotsByRecord = new Map<number, Lot[]>();
  for (const line of staged) {
    const lots = lotsByRecord.get(line.stock_id) ?? [];
    lots.push({
      quantity: line.quantity,
      expiryDate: hasExpiry(kind) ? line.expiry_date : null,
      unitPriceE4: line.unit_price_e4,
    });
    lotsByRecord.set(line.stock_id, lots);
  }
  const replaced: Omit<shipments.ShipmentRecordValuesRow, 'shipment_id'>[] = [];
  for (const [id, lots] of lotsByRecord) {
    const record = recordOf(records, kind, id);
    const expiryDate = expiryOf(kind, record);
    const held: Lot = {
      quantity: before.get(stockKey({ object_type: OBJECT_TYPES[kind], object_id: id }))!,
      expiryDate,
      unitPriceE4: toUnitPriceE4(record.unit_price),
    };
    const merged = { expiryDate: mergedExpiryDate(held, lots), unitPriceE4: mergedUnitPriceE4(held, lots) };
    const written = await writeDateAndPrice(trx, actor, at, kind, id, record, {
      ...(merged.expiryDate !== held.expiryDate && { expiryDate: merged.expiryDate }),
      ...(merged.unitPriceE4 !== held.unitPriceE4 && { unitPriceE4: merged.unitPriceE4 }),
    });
    if (!written) continue;
    replaced.push({
      stock_id: id,
      expiry_before: held.expiryDate,
      expiry_after: merged.expiryDate,
      unit_price_e4_before: held.unitPriceE4,
      unit_price_e4_after: merged.unitPriceE4,
    });
  }
  recordChange(trx, {
    topic: kind,
    action: 'updated',
    ids: replaced.map((values) => values.stock_id),
    actor,
  });
  return replaced;
}

/**
 * An undo gives each record the expiry date and price its shipment replaced, field by field, where the record still
 * has the value the merge gave it: a value changed since (an edit, a later merge) is someone's newer word and
 * stays. Written and audited as the merge wrote them (`stock.updated`, [now, restored]). Runs in the undo's
 * transaction, which holds the records' locks.
 */
async function restoreReplacedValues(
  trx: Db,
  actor: Actor,
  at: Date,
  kind: StockKind,
  shipmentId: number,
): Promise<void> {
  const rows = await shipments.listShipmentRecordValues(trx, shipmentId);
  const records = await recordsById(
    trx,
    kind,
    rows.map((row) => row.stock_id),
  );
  const restored: number[] = [];
  for (const row of rows) {
    const record = recordOf(records, kind, row.stock_id);
    const expiryDate = expiryOf(kind, record);
    const priceE4 = toUnitPriceE4(record.unit_price);
    const written = await writeDateAndPrice(trx, actor, at, kind, row.stock_id, record, {
      ...(row.expiry_before !== row.expiry_after &&
        expiryDate === row.expiry_after && { expiryDate: row.expiry_before }),
      ...(row.unit_price_e4_before !== row.unit_price_e4_after &&
        priceE4 === row.unit_price_e4_after && { unitPriceE4: row.unit_price_e4_before }),
    });
    if (!written) continue;
    restored.push(row.stock_id);
  }
  recordChange(trx, { topic: kind, action: 'updated', ids: restored, actor });
}

// ---- History (§7) ----

/** Every shipment of the kind, newest first, each with its lines in merge order. */
export async function listShipments<K extends StockKind>(
  { db, undoDays }: ShipmentsContext,
  kind: K,
): Promise<Shipment<K>[]> {
  const type = OBJECT_TYPES[kind];
  const rows = await shipments.listShipments(db, type);
  return shipmentsWithLines(db, undoDays, kind, rows, await shipments.listShipmentLines(db, type));
}

// ---- Undo (docs/api.md §8, §13.6) ----

/** One addition an undo takes back: the stock record and the amount (base units) that was added to it. */
export interface Addition {
  stock_id: number;
  added_quantity: number;
}

/** What was added to stock and is being undone: a merged shipment or a committed import. */
export interface AdditionsToUndo {
  kind: StockKind;
  /** How messages name it: `shipment` or `import`. */
  what: 'shipment' | 'import';
  /** When it was added (ISO), for the undo window. */
  addedAt: string;
  /** In the order they were added, so the first short record named is the first one listed. */
  additions: readonly Addition[];
  /** What the REVERSAL entries point to. */
  link: { shipment_id: number | null; import_id: number | null };
}

/**
 * The undo rule of shipments and imports: within the undo window, and only while every record still holds what
 * was added to it (summed over its additions); else 409, nothing changed. Then one REVERSAL ledger entry per
 * addition, in order, takes it back. The stock records are locked in ascending id order, as merges and issues lock
 * them, so concurrent undos, merges, issues and edits of those records run one after another. Runs inside the
 * caller's transaction, which has locked (and checked) the shipment or import first; answers the undo's time.
 */
export async function revertAdditions(
  trx: Db,
  { dialect, now, undoDays }: Pick<ShipmentsContext, 'dialect' | 'now' | 'undoDays'>,
  actor: Pick<Actor, 'id' | 'email' | 'origin'>,
  { kind, what, addedAt, additions, link }: AdditionsToUndo,
): Promise<string> {
  const type = OBJECT_TYPES[kind];
  const changes = additions.map((line) => ({
    object_type: type,
    object_id: line.stock_id,
    change: -line.added_quantity,
  }));
  const movement = { changes, before: await lockStock(trx, dialect, changes) };

  // Read once the locks are held: a change that committed while this undo waited for them is dated earlier, so
  // the newest entry of a record is always the one that left its quantity.
  const revertedAt = now();
  if (revertedAt.getTime() > undoDeadline(addedAt, undoDays)) {
    const plural = `${what[0].toUpperCase()}${what.slice(1)}s`;
    throw conflict(`${plural} older than ${undoDays} day${undoDays === 1 ? '' : 's'} cannot be undone.`);
  }
  const [short] = outOfBounds(movement);
  if (short) {
    const [available, amount] = [quantityText(kind, short.before), quantityText(kind, -short.change)];
    const name = await recordName(trx, short);
    throw conflict(`${name}: only ${available} in stock; the ${what} added ${amount}.`);
  }

  const created_at = revertedAt.toISOString();
  await moveStock(trx, movement, { ledger: { kind: 'REVERSAL', ...link }, at: created_at, actor });
  return created_at;
}

/**
 * Undoes a merged shipment in one transaction (revertAdditions), giving back the dates and prices it replaced
 * (restoreReplacedValues); the shipment is marked reverted and stays in the history. The shipment is locked before its stock records, and an already reverted one is refused (409).
 */
export async function revertShipment(
  context: ShipmentsContext,
  actor: Actor,
  shipmentId: number,
): Promise<Shipment<StockKind>> {
  return writeTransaction(context.db, async (trx) => {
    const shipment = await shipments.lockShipment(trx, context.dialect, shipmentId);
    if (!shipment) throw notFound();
    if (shipment.reverted_at !== null) {
      throw conflict(
        `This shipment was already reverted on ${shipment.reverted_at.slice(0, 10)} by ${shipment.reverted_by}.`,
      );
    }
    const kind = KIND_OF_TYPE[shipment.type];
    const lines = await shipments.listShipmentLines(trx, shipment.type, shipmentId);
    const revertedAt = await revertAdditions(trx, context, actor, {
      kind,
      what: 'shipment',
      addedAt: shipment.date_time,
      additions: lines,
      link: { shipment_id: shipmentId, import_id: null },
    });
    await restoreReplacedValues(trx, actor, new Date(revertedAt), kind, shipmentId);
    await shipments.markShipmentReverted(trx, shipmentId, {
      reverted_at: revertedAt,
      reverted_by: actor.email,
    });
    recordChange(trx, { topic: 'shipment', action: 'updated', ids: [shipmentId], actor });

    const [row] = await shipments.listShipments(trx, shipment.type, shipmentId);
    return (await shipmentsWithLines(trx, context.undoDays, kind, [row], lines))[0];
  });
}
