import type { Insertable, Selectable, Updateable } from 'kysely';
import { lockRowsIfSupported } from '../locking';
import type { Dialect } from '../dialect';
import type { IssueCartTable, StockObjectType } from '../tables';
import type { Executor } from '../executor';

// The issue cart (SERVER.md §9): each user's lines of stock records to issue, in base units.

export type CartLineRow = Selectable<IssueCartTable>;

const toLine = (row: CartLineRow): CartLineRow => ({ ...row, quantity: Number(row.quantity) });

export async function listCartLines(db: Executor, userId: number): Promise<CartLineRow[]> {
  const rows = await db
    .selectFrom('issue_cart')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map(toLine);
}

/** The caller's lines, id ascending, locked until the transaction ends where the engine has row locks. */
export async function lockCartLines(trx: Executor, dialect: Dialect, userId: number): Promise<CartLineRow[]> {
  const query = trx.selectFrom('issue_cart').selectAll().where('user_id', '=', userId).orderBy('id');
  return (await lockRowsIfSupported(query, dialect).execute()).map(toLine);
}

/** One of the user's lines (another user's line is not found), locked like lockCartLines when `dialect` is given. */
export async function findCartLine(
  db: Executor,
  userId: number,
  id: number,
  dialect?: Dialect,
): Promise<CartLineRow | undefined> {
  const query = db.selectFrom('issue_cart').selectAll().where('id', '=', id).where('user_id', '=', userId);
  const row = await (dialect ? lockRowsIfSupported(query, dialect) : query).executeTakeFirst();
  return row && toLine(row);
}

/** The sum of the user's lines for one stock record, leaving out line `exceptId` (the one being replaced). */
export async function cartQuantityOf(
  db: Executor,
  userId: number,
  objectType: StockObjectType,
  objectId: number,
  exceptId?: number,
): Promise<number> {
  let query = db
    .selectFrom('issue_cart')
    .select((eb) => eb.fn.sum<number | string | null>('quantity').as('total'))
    .where('user_id', '=', userId)
    .where('object_type', '=', objectType)
    .where('object_id', '=', objectId);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const row = await query.executeTakeFirst();
  return Number(row?.total ?? 0);
}

export async function insertCartLine(trx: Executor, line: Insertable<IssueCartTable>): Promise<CartLineRow> {
  return toLine(await trx.insertInto('issue_cart').values(line).returningAll().executeTakeFirstOrThrow());
}

export async function updateCartLine(
  trx: Executor,
  id: number,
  changes: Updateable<IssueCartTable>,
): Promise<CartLineRow | undefined> {
  const row = await trx
    .updateTable('issue_cart')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && toLine(row);
}

export async function deleteCartLines(trx: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await trx.deleteFrom('issue_cart').where('id', 'in', ids).execute();
}
