import type { Selectable } from 'kysely';
import type { Dialect } from './dialect';
import type { Executor } from './executor';
import { lockRowsIfSupported } from './locking';
import type { Database } from './tables';

/** The tables read whole by their id, unlocked (find…) or locked by a transaction that is about to change them (lock…). */
type ReadByIdTable = 'store_consumers' | 'requests' | 'shipments' | 'imports';

/**
 * The row of `table` with this id, every column; with `lock` (the engine), locked until the transaction ends like
 * lockRowsIfSupported. The find and lock reads of a row by id are this one query instead of one pair per table.
 */
export async function rowById<T extends ReadByIdTable>(
  db: Executor,
  table: T,
  id: number,
  lock?: Dialect,
): Promise<Selectable<Database[T]> | undefined> {
  const query = db
    .selectFrom(table as ReadByIdTable)
    .selectAll()
    .where('id', '=', id);
  // Kysely types a read of a table chosen at run time as one of every table's rows; it is the one of `table`.
  return (await (lock ? lockRowsIfSupported(query, lock) : query).executeTakeFirst()) as
    Selectable<Database[T]> | undefined;
}
