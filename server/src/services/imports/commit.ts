import type { Db } from '../../db';
import { isUniqueViolation } from '../../db/errors';
import type { ImportRow } from '../../db/repositories/imports';
import type { StockRowChanges } from '../../db/repositories/stock';
import { inSlices } from '../../db/slices';
import type { ImportSummary } from '../../contract/imports';
import { KIND_OF_TYPE, OBJECT_TYPES, toBaseQuantity } from '../../domain/stockKindHelpers';
import { specOf, type StockKind } from '../../domain/stockKinds';
import { badRequest, conflict, notFound } from '../../http/errors';
import { yieldEvery } from '../../http/eventLoop';
import { recordChange, writeTransaction } from '../../feed/changeLog';
import { type Actor, type AuditTarget, recordAudit } from '../../audit/entries';
import { revertAdditions } from '../shipments';
import {
  type CatalogLookup,
  type ChemicalWrite,
  DATABASE_CATALOG,
  newStockColumns,
  type StockWrites,
  substanceValues,
} from '../stock';
import { aboveMaximum, lockStock, moveStock, outOfBounds, stockKey } from '../stockMovement';
import type { ImportsContext } from './context';
import { stockIdsByIdentity, writeValue, type Yield } from './rows';
import { alreadyDone, getImport, sessionRows } from './sessions';
import * as imports from '../../db/repositories/imports';
import * as stock from '../../db/repositories/stock';

// Committing an import in one transaction, and undoing it.

/**
 * How long a commit works between two turns of other requests. It holds the writer throughout (on SQLite every
 * other write waits for it), so it takes turns by time rather than after every slice: under load each turn costs
 * it the requests that arrived meanwhile. Its steps (a slice of lookups or writes, one row resolved) take 15 ms at
 * most, so the event loop is held for about twice this at most.
 */
const COMMIT_SLICE_MS = 15;

/** Records, ledger entries or search-change notes a commit writes in one step (about 15 ms on SQLite). */
export const WRITES_PER_SLICE = 250;

/**
 * The first item naming each name (compared as §4.4 compares them), by ascending name key: entries are created in
 * that order, so concurrent writers creating several wait for each other in one order.
 */
function firstOfEachName<T>(items: readonly T[], nameOf: (item: T) => string): T[] {
  const first = new Map<string, T>();
  for (const item of items) {
    const key = stock.nameKey(nameOf(item));
    if (!first.has(key)) first.set(key, item);
  }
  return [...first.keys()].sort().map((key) => first.get(key)!);
}

/**
 * The catalogs as one commit sees them: every entry the file names found or created before its rows are resolved,
 * in a few multi-row statements instead of a few statements per row (the commit holds the writer meanwhile), in
 * the order a POST creates them (manufacturers, suppliers, the kind's own entries: tradeColumns). New chemicals
 * are created with the values of the first row naming them, as that row's POST would; a later row setting other
 * values saves them through the database as a POST does, and the lookup keeps what it saved for the rows after it.
 */
async function fileCatalog<K extends StockKind>(
  trx: Db,
  kind: K,
  writes: readonly StockWrites[K][],
  yieldTurn: Yield,
): Promise<CatalogLookup> {
  const entries = new Map<string, stock.NamedEntry>();
  const entryKey = (table: stock.NamedEntryTable, name: string) => `${table}:${stock.nameKey(name)}`;
  const createEntries = (table: stock.NamedEntryTable, names: string[]) =>
    inSlices(
      firstOfEachName(names, (name) => name),
      async (slice) => {
        for (const [key, entry] of await imports.findOrCreateNamedEntries(trx, table, slice)) {
          entries.set(`${table}:${key}`, entry);
        }
      },
      { size: WRITES_PER_SLICE, yieldTurn },
    );
  for (const field of specOf(kind).fields) {
    if (field.home.on !== 'trade') continue;
    await createEntries(
      field.home.table,
      writes.map((write) => writeValue(write, field) as string),
    );
  }
  if (kind !== 'chemical') {
    await createEntries(
      specOf(kind).catalog.table as stock.NamedEntryTable,
      writes.map((write) => write.name),
    );
  }
  const chemicals = new Map<string, stock.ChemicalRow>();
  if (kind === 'chemical') {
    await inSlices(
      firstOfEachName(writes as readonly ChemicalWrite[], (write) => write.name),
      async (slice) => {
        const named = slice.map((write) => ({ name: write.name, values: substanceValues(write, undefined) }));
        for (const [key, row] of await imports.findOrCreateChemicals(trx, named)) chemicals.set(key, row);
      },
      { size: WRITES_PER_SLICE, yieldTurn },
    );
  }
  return {
    entry: async (db, table, name) =>
      entries.get(entryKey(table, name)) ?? DATABASE_CATALOG.entry(db, table, name),
    chemicalByName: async (db, name) =>
      chemicals.get(stock.nameKey(name)) ?? DATABASE_CATALOG.chemicalByName(db, name),
    saveChemical: async (db, name, values, known) => {
      const saved = await DATABASE_CATALOG.saveChemical(db, name, values, known);
      const found = chemicals.get(stock.nameKey(name));
      if (found !== undefined) chemicals.set(stock.nameKey(name), { ...found, ...values });
      return saved;
    },
  };
}

const importTarget = (row: Pick<ImportRow, 'id' | 'file_name'>): AuditTarget => ({
  type: 'import',
  id: row.id,
  label: `${row.file_name} (import #${row.id})`,
});

/**
 * Commits the valid rows in one transaction, all or nothing: rows with errors refuse the commit (400) unless
 * `skipErrors`. Each row creates its record or adds to the existing one with the same identifying fields; every
 * quantity arrives through an IMPORT ledger entry carrying the import's id. Existing records are locked in
 * ascending id order, as merges and issues lock them.
 */
export async function commitImport(
  context: ImportsContext,
  actor: Actor,
  id: number,
  { mapping, skipErrors }: { mapping?: unknown; skipErrors: boolean },
): Promise<ImportSummary> {
  const { db, dialect, now } = context;
  // The rows are checked before the transaction, which then holds the writer (on SQLite every other write waits
  // for it) only for what it writes: a session's cells never change while it is pending, and the transaction
  // checks again that it is.
  const session = await imports.findImport(db, id);
  if (!session) throw notFound();
  const { kind, checked } = await sessionRows(context, session, mapping);
  const valid = checked.filter((line) => line.write !== undefined);
  const failing = checked.length - valid.length;
  if (failing > 0 && !skipErrors) {
    throw badRequest(
      `${failing} row${failing === 1 ? ' has' : 's have'} errors: fix the file, or skip them (skip_errors).`,
    );
  }
  if (valid.length === 0) throw badRequest('No row can be imported.');
  const writes = valid.map((line) => line.write!);

  await writeTransaction(db, async (trx) => {
    const row = await imports.findImport(trx, id, dialect);
    if (!row) throw notFound();
    if (row.status !== 'PENDING') throw alreadyDone(row);

    const yieldTurn = yieldEvery(COMMIT_SLICE_MS);
    const catalog = await fileCatalog(trx, kind, writes, yieldTurn);
    const resolved: { columns: StockRowChanges<typeof kind>; quantity: number }[] = [];
    const alsoChanged = new Set<number>();
    for (const write of writes) {
      await yieldTurn();
      const { columns, alsoChanged: others } = await newStockColumns(trx, kind, write, catalog);
      others.forEach((other) => alsoChanged.add(other));
      resolved.push({ columns, quantity: toBaseQuantity(kind, write.quantity ?? 0) });
    }
    const existing = await stockIdsByIdentity(
      trx,
      kind,
      resolved.map((line) => line.columns),
      yieldTurn,
    );
    const type = OBJECT_TYPES[kind];
    const before = await lockStock(
      trx,
      dialect,
      [...existing.values()].map((object_id) => ({ object_type: type, object_id })),
    );

    const created_at = now().toISOString();
    // New records in multi-row inserts, which answer their ids.
    const fresh = resolved.filter((line) => !existing.has(imports.identityOf(kind, line.columns)));
    const created = new Map<string, number>();
    await inSlices(
      fresh,
      async (slice) => {
        const ids = await insertImportedRows(
          trx,
          kind,
          slice.map((line) => ({ ...line.columns, quantity: line.quantity })),
        );
        for (const [identity, stockId] of ids) created.set(identity, stockId);
      },
      { size: WRITES_PER_SLICE, yieldTurn },
    );
    const inserted = new Set<string>();
    const changes = resolved.map((line) => {
      const identity = imports.identityOf(kind, line.columns);
      const ref = { object_type: type, object_id: existing.get(identity) ?? created.get(identity)! };
      if (!existing.has(identity)) {
        before.set(stockKey(ref), 0);
        inserted.add(stockKey(ref));
      }
      return { ...ref, change: line.quantity };
    });
    // Created in bulk, audited once as the import: their events are written here.
    recordChange(trx, { topic: kind, action: 'created', ids: created.values(), actor });
    const createdCount = fresh.length;
    const movement = { changes, before, inserted };
    const [tooMuch] = outOfBounds(movement);
    if (tooMuch) throw await aboveMaximum(trx, tooMuch);
    await moveStock(trx, movement, {
      ledger: { kind: 'IMPORT', import_id: id },
      at: created_at,
      actor,
      alsoChanged: [...alsoChanged].map((object_id) => ({ object_type: type, object_id })),
      slicing: { size: WRITES_PER_SLICE, yieldTurn },
    });
    const counts = {
      created_count: createdCount,
      added_count: valid.length - createdCount,
      skipped_count: failing,
    };
    await imports.updateImport(trx, id, {
      status: 'COMMITTED',
      cells: null,
      committed_at: created_at,
      ...counts,
    });
    await recordAudit(trx, {
      at: new Date(created_at),
      actor,
      action: 'import.committed',
      target: importTarget(row),
      changes: {
        type: [null, kind],
        created: [null, counts.created_count],
        added_to: [null, counts.added_count],
        skipped: [null, counts.skipped_count],
      },
    });
  });
  return getImport(context, id);
}

/** The import's new records; one that a concurrent write created meanwhile is a 409 (commit again to add to it). */
async function insertImportedRows<K extends StockKind>(
  trx: Db,
  kind: K,
  rows: readonly StockRowChanges<K>[],
): Promise<Map<string, number>> {
  try {
    return await imports.insertStockRows(trx, kind, rows);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw conflict('A record of this file was created by someone else meanwhile; commit again to add to it.');
  }
}

/**
 * Undoes a committed import under the shipments' undo rule (revertAdditions): its IMPORT entries taken back by
 * REVERSAL entries carrying the import's id, refused while a record holds less than the import added to it. The
 * records it created stay (with what remains in them), like everything in the history.
 */
export async function revertImport(
  context: ImportsContext,
  actor: Actor,
  id: number,
): Promise<ImportSummary> {
  await writeTransaction(context.db, async (trx) => {
    const row = await imports.findImport(trx, id, context.dialect);
    if (!row) throw notFound();
    if (row.status === 'PENDING') throw conflict('This import was not committed: there is nothing to undo.');
    if (row.status === 'REVERTED') throw alreadyDone(row);
    const kind = KIND_OF_TYPE[row.object_type];
    const revertedAt = await revertAdditions(trx, context, actor, {
      kind,
      what: 'import',
      addedAt: row.committed_at!,
      additions: await imports.importAdditions(trx, id),
      link: { shipment_id: null, import_id: id },
    });
    await imports.updateImport(trx, id, {
      status: 'REVERTED',
      reverted_at: revertedAt,
      reverted_by: actor.email,
    });
    await recordAudit(trx, {
      at: new Date(revertedAt),
      actor,
      action: 'import.reverted',
      target: importTarget(row),
      changes: null,
    });
  });
  return getImport(context, id);
}
