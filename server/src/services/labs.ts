import type { Holding, LabMember } from '../contract/labs';
import type { Db } from '../db';
import type { Dialect } from '../db/dialect';
import { countRecordsHeldAt, findRecordsHeldAt, type HeldRecordRow } from '../db/repositories/issues';
import { listLabMembers } from '../db/repositories/labMemberships';
import { findLocation } from '../db/repositories/locations';
import { findStockRecords, type StockRecords } from '../db/repositories/stock';
import { keysetBatches } from '../db/slices';
import { fromBaseQuantity, KIND_OF_TYPE, OBJECT_TYPES } from '../domain/stockKindHelpers';
import { STOCK_KINDS, type StockKind } from '../domain/stockKinds';
import { notFound } from '../http/errors';

// A lab's own pages (docs/api.md, 'Labs'): what it holds and its members (its issues are services/locations.ts'). Who may read them is the
// routes' access class (`lab`, `labManager`); these answer as for any caller that passed it.

export interface LabsContext {
  db: Db;
  dialect: Dialect;
  now: () => Date;
}

async function requireLocation(db: Db, locationId: number): Promise<void> {
  if (!(await findLocation(db, locationId))) throw notFound();
}

/** Records per read of a lab's whole holdings (with their stock records): the stock lists' batch. */
export const HOLDINGS_BATCH_SIZE = 2000;

/**
 * The records the lab holds some of, chemicals first, then instruments and glassware, each by record id: read in
 * keyset batches of `batchSize`, so that a lab holding thousands of records holds the event loop for one batch.
 */
export async function labHoldings(
  { db }: LabsContext,
  locationId: number,
  batchSize = HOLDINGS_BATCH_SIZE,
): Promise<Holding[]> {
  await requireLocation(db, locationId);
  const batches = keysetBatches<HeldRecordRow>(
    (after, limit) => findRecordsHeldAt(db, locationId, { after, limit }),
    batchSize,
  );
  const holdings: Holding[] = [];
  for await (const rows of batches) holdings.push(...(await holdingsOf(db, rows)));
  return holdings;
}

/** One page of labHoldings' list, with the count of the whole. */
export async function pageLabHoldings(
  { db }: LabsContext,
  locationId: number,
  page: { limit: number; offset: number },
): Promise<{ count: number; results: Holding[] }> {
  await requireLocation(db, locationId);
  const count = await countRecordsHeldAt(db, locationId);
  const rows = page.offset < count ? await findRecordsHeldAt(db, locationId, { page }) : [];
  return { count, results: await holdingsOf(db, rows) };
}

/** The rows with their records (read per kind), in the rows' order. */
async function holdingsOf(db: Db, rows: HeldRecordRow[]): Promise<Holding[]> {
  const records = new Map<string, StockRecords[StockKind]>();
  for (const kind of STOCK_KINDS) {
    const ids = rows.filter((row) => row.object_type === OBJECT_TYPES[kind]).map((row) => row.stock_id);
    for (const record of await findStockRecords(db, kind, ids)) records.set(`${kind} ${record.id}`, record);
  }
  return rows.map((row) => {
    const kind = KIND_OF_TYPE[row.object_type];
    const record = records.get(`${kind} ${row.stock_id}`);
    // Stock records named by issue lines cannot be deleted (stockReferences).
    if (!record) throw new Error(`an issue line names a missing ${row.object_type} ${row.stock_id}`);
    const inUnits = (base: number) => fromBaseQuantity(kind, base);
    return {
      object_type: row.object_type,
      object_id: row.stock_id,
      issued_quantity: inUnits(row.quantity),
      returned_quantity: inUnits(row.returned_quantity),
      quantity: inUnits(row.quantity - row.returned_quantity),
      object: record,
    };
  });
}

/** The lab's members and managers, by user id. */
export async function labMembers({ db }: LabsContext, locationId: number): Promise<LabMember[]> {
  await requireLocation(db, locationId);
  return listLabMembers(db, locationId);
}
