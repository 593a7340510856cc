import type { Insertable, Selectable } from 'kysely';
import { slicesOf } from '../slices';
import type { StockLedgerTable, StockObjectType } from '../tables';
import type { Executor } from '../executor';

// The stock ledger (SERVER.md §10): one entry per change of a stock quantity, in base units.

export type LedgerEntryRow = Selectable<StockLedgerTable>;
export type NewLedgerEntry = Insertable<StockLedgerTable>;

/**
 * Ledger entries, in few statements. Call it in the transaction that changes the quantities (a stock movement), so
 * both commit or neither does.
 */
/** Answers the new entries' ids. */
export async function addLedgerEntries(
  trx: Executor,
  entries: readonly Omit<NewLedgerEntry, 'id'>[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const slice of slicesOf(entries)) {
    const rows = await trx.insertInto('stock_ledger').values(slice).returning('id').execute();
    for (const row of rows) ids.push(row.id);
  }
  return ids;
}

/** Removes a deleted record's manual adjustments (§4.7); its shipment and issue history blocks the delete instead. */
export async function deleteAdjustments(
  trx: Executor,
  objectType: StockObjectType,
  objectId: number,
): Promise<void> {
  await trx
    .deleteFrom('stock_ledger')
    .where('object_type', '=', objectType)
    .where('object_id', '=', objectId)
    .where('kind', '=', 'ADJUSTMENT')
    .execute();
}
