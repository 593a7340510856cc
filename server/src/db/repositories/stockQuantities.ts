import { sql } from 'kysely';
import { specOf, type StockKind } from '../../domain/stockKinds';
import { lockRowsIfSupported } from '../locking';
import type { Dialect } from '../dialect';
import { slicesOf } from '../slices';
import { nextVersion } from '../versions';
import type { Executor } from '../executor';

// The quantities of stock records as a stock movement (services/stockMovement.ts) locks and changes them, in base
// units. The records themselves are read and written in ./stock.

// Kysely cannot follow a table name that depends on a type parameter; the three stock tables share the columns
// used here (id, quantity), so one name stands for all of them.
const stockTable = (kind: StockKind) => specOf(kind).stockTable as 'chemical_stock';

/**
 * The quantities of these records, locked in ascending id order (so concurrent writers over the same records wait
 * for each other instead of deadlocking) and read after the lock, i.e. the latest committed values. A record that
 * does not exist is left out.
 */
export async function lockStockQuantities(
  trx: Executor,
  dialect: Dialect,
  kind: StockKind,
  ids: readonly number[],
): Promise<Map<number, number>> {
  const quantities = new Map<number, number>();
  for (const chunk of slicesOf([...ids].sort((a, b) => a - b))) {
    const query = trx
      .selectFrom(stockTable(kind))
      .select(['id', 'quantity'])
      .where('id', 'in', chunk)
      .orderBy('id');
    for (const row of await lockRowsIfSupported(query, dialect).execute()) {
      quantities.set(row.id, Number(row.quantity));
    }
  }
  return quantities;
}

/**
 * Adds each amount (negative to take away) to its record's quantity, locked by lockStockQuantities, and raises the
 * record's version (db/versions.ts); one statement per chunk.
 */
export async function addToStockQuantities(
  trx: Executor,
  kind: StockKind,
  amounts: ReadonlyMap<number, number>,
): Promise<void> {
  for (const chunk of slicesOf([...amounts])) {
    const cases = chunk.map(([id, amount]) => sql`when ${id} then ${amount}`);
    const ids = chunk.map(([id]) => id);
    await trx
      .updateTable(stockTable(kind))
      .set({
        quantity: sql<number>`quantity + cast(case id ${sql.join(cases, sql` `)} end as bigint)`,
        ...nextVersion(trx, stockTable(kind), ids),
      })
      .where('id', 'in', ids)
      .execute();
  }
}
