import type { Kysely } from 'kysely';
import { prunedThrough, pruneLog } from '../db/prunableLogs';
import type { Database, StockObjectType } from '../db/tables';

export interface StockRef {
  object_type: StockObjectType;
  object_id: number;
}

/**
 * Notes that these stock records were created, changed or deleted, so every server process's fuzzy index
 * refreshes them. Call it inside the transaction that makes the change: the note commits or rolls back with it.
 */
export async function recordSearchChanges(trx: Kysely<Database>, refs: readonly StockRef[]): Promise<void> {
  if (refs.length === 0) return;
  // The wall clock, not a request's: the time only decides when the note is old enough to prune.
  const created_at = new Date().toISOString();
  await trx
    .insertInto('search_changes')
    .values(refs.map(({ object_type, object_id }) => ({ object_type, object_id, created_at })))
    .execute();
}

/**
 * Deletes the notes written before `olderThan` and raises the pruned watermark (`search_changes_pruned`) to
 * the highest seq deleted, so a process whose index is older than that reloads instead of missing notes.
 * Returns how many notes were deleted.
 */
export function pruneSearchChanges(db: Kysely<Database>, olderThan: Date): Promise<number> {
  return pruneLog(db, 'search_changes', olderThan);
}

/** Every note with a seq up to this one may have been pruned. */
export function prunedThroughSeq(db: Kysely<Database>): Promise<number> {
  return prunedThrough(db, 'search_changes');
}
