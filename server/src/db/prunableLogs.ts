import type { Kysely } from 'kysely';
import type { Executor } from './executor';
import type { Database } from './tables';

/**
 * The append-only logs that housekeeping prunes (the change feed's `change_events`, the search index's
 * `search_changes`), each with its one-row watermark table: every row with a seq up to its `through_seq` may have
 * been pruned, so a reader that is behind it reloads instead of missing rows. Pruning is written once here for both.
 */
const WATERMARKS = {
  change_events: 'change_events_pruned',
  search_changes: 'search_changes_pruned',
} as const;

export type PrunableLog = keyof typeof WATERMARKS;

/**
 * Deletes the rows of `log` written before `olderThan` and raises its watermark to the highest seq deleted.
 * Returns how many rows were deleted.
 */
export async function pruneLog(db: Kysely<Database>, log: PrunableLog, olderThan: Date): Promise<number> {
  const watermark = WATERMARKS[log];
  const cutoff = olderThan.toISOString();
  return db.transaction().execute(async (trx) => {
    const newestOldSeq = trx
      .selectFrom(log)
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('created_at', '<', cutoff);
    // The watermark is written first, so the transaction holds the write lock (SQLite) or the row lock
    // (PostgreSQL) before it reads, and it commits with the deletion: no row disappears unannounced.
    await trx
      .updateTable(watermark)
      .set({ through_seq: newestOldSeq })
      .where('through_seq', '<', newestOldSeq)
      .execute();
    const { numDeletedRows } = await trx
      .deleteFrom(log)
      .where('created_at', '<', cutoff)
      .where('seq', '<=', (eb) => eb.selectFrom(watermark).select('through_seq'))
      .executeTakeFirst();
    return Number(numDeletedRows);
  });
}

/** Every row of `log` with a seq up to this one may have been pruned. */
export async function prunedThrough(db: Executor, log: PrunableLog): Promise<number> {
  const { through_seq } = await db
    .selectFrom(WATERMARKS[log])
    .select('through_seq')
    .executeTakeFirstOrThrow();
  return Number(through_seq);
}
