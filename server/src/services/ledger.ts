import { findStockRecordsOf, stockRecordExists } from '../db/repositories/stock';
import {
  fromBaseQuantity,
  KIND_OF_TYPE,
  OBJECT_TYPES,
  STOCK_UNITS,
  stockKey,
} from '../domain/stockKindHelpers';
import type { Db } from '../db';
import type { Dialect } from '../db/dialect';
import type { LedgerFilter } from '../db/repositories/ledgerListing';
import { everyRow, keysetBatches } from '../db/slices';
import type { LedgerEntryRow } from '../db/repositories/stockLedger';
import { searchTerms } from '../domain/ledger';
import { type StockKind } from '../domain/stockKinds';
import { describeStockRecord } from '../domain/stockRecords';
import { timeRange } from '../domain/timeRange';
import { notFound } from '../http/errors';
import { ValidationError } from '../validation/errors';
import type { LedgerEntry, LedgerListEntry, LedgerQuery } from '../contract/ledger';
import * as listing from '../db/repositories/ledgerListing';

export interface LedgerContext {
  db: Db;
  dialect: Dialect;
}

function toLedgerEntry(row: LedgerEntryRow): LedgerEntry {
  const kind = KIND_OF_TYPE[row.object_type];
  return {
    id: row.id,
    created_at: row.created_at,
    kind: row.kind,
    object_type: row.object_type,
    object_id: row.object_id,
    change: fromBaseQuantity(kind, row.change),
    balance: fromBaseQuantity(kind, row.balance),
    shipment_id: row.shipment_id,
    issue_id: row.issue_id,
    import_id: row.import_id,
    user_email: row.user_email,
  };
}

function ledgerFilter(query: LedgerQuery): LedgerFilter {
  if (query.object_id !== undefined && query.type === undefined) {
    // A stock-record id is only unique within its kind.
    throw ValidationError.field('type', 'This field is required when object_id is given.');
  }
  const user = query.user?.trim();
  const { start, end } = timeRange(query.from, query.to);
  return {
    objectType: query.type && OBJECT_TYPES[query.type],
    objectId: query.object_id,
    kinds: query.kind ?? [],
    userEmail: user ? user.toLowerCase() : undefined,
    start,
    end,
    terms: searchTerms(query.search ?? ''),
  };
}

/** The entries with their unit and record, reading each kind's records in one query. */
async function withItems(db: Db, rows: readonly LedgerEntryRow[]): Promise<LedgerListEntry[]> {
  const records = await findStockRecordsOf(db, rows);
  return rows.map((row) => {
    const kind = KIND_OF_TYPE[row.object_type];
    const record = records.get(stockKey(row));
    return {
      ...toLedgerEntry(row),
      unit: STOCK_UNITS[kind],
      item: record ? { ...describeStockRecord[kind](record as never), quantity: record.quantity } : null,
    };
  });
}

/** One page of the filtered entries, newest first, and how many there are in all. */
export async function listLedger(
  { db, dialect }: LedgerContext,
  query: LedgerQuery,
  page: { limit: number; offset: number },
): Promise<{ count: number; results: LedgerListEntry[] }> {
  const filter = ledgerFilter(query);
  const count = await listing.countLedgerEntries(db, dialect, filter);
  const rows = count > page.offset ? await listing.findLedgerPage(db, dialect, filter, page) : [];
  return { count, results: await withItems(db, rows) };
}

/** Entries per database read of an export. */
export const LEDGER_EXPORT_BATCH_SIZE = 500;

/**
 * Every filtered entry, newest first, in keyset batches (db/slices' keysetBatches) read one after another as the
 * consumer asks for them, so an export of the whole ledger never holds more than one batch. The filters are checked
 * before the first read.
 */
export function ledgerBatches(
  { db, dialect }: LedgerContext,
  query: LedgerQuery,
): AsyncGenerator<LedgerListEntry[]> {
  const filter = ledgerFilter(query);
  return (async function* batches() {
    const rows = keysetBatches<LedgerEntryRow>(
      (after, size) => listing.findLedgerBatch(db, dialect, filter, after, size),
      LEDGER_EXPORT_BATCH_SIZE,
    );
    for await (const batch of rows) yield await withItems(db, batch);
  })();
}

// ---- One record's ledger (§10) ----

/** Entries per read of a record's ledger: a record moved every day for years has thousands. */
export const STOCK_LEDGER_BATCH_SIZE = 2000;

/**
 * A record's ledger entries, newest first (created_at, then id), read in keyset batches of `batchSize` with a turn
 * for other requests between them.
 */
export async function stockLedger(
  { db, dialect }: LedgerContext,
  kind: StockKind,
  id: number,
  batchSize = STOCK_LEDGER_BATCH_SIZE,
): Promise<LedgerEntry[]> {
  if (!(await stockRecordExists(db, kind, id))) throw notFound();
  const filter: LedgerFilter = { objectType: OBJECT_TYPES[kind], objectId: id, kinds: [], terms: [] };
  const entries = await everyRow(
    keysetBatches<LedgerEntryRow>(
      (after, size) => listing.findLedgerBatch(db, dialect, filter, after, size),
      batchSize,
    ),
  );
  return entries.map(toLedgerEntry);
}
