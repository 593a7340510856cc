import type { Kysely } from 'kysely';
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
  await trx
    .insertInto('search_changes')
    .values(refs.map(({ object_type, object_id }) => ({ object_type, object_id })))
    .execute();
}
