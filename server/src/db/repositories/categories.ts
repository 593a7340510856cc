import { lockRowsIfSupported } from '../locking';
import type { Dialect } from '../dialect';
import { nextVersion } from '../versions';
import { nameKey } from './stock';
import type { Executor } from '../executor';
import type { Category } from '../../contract/categories';

export type { Category, CategoryRef } from '../../contract/categories';

const columns = ['id', 'name', 'version'] as const;

export async function listCategories(db: Executor): Promise<Category[]> {
  return db.selectFrom('categories').select(columns).orderBy('id').execute();
}

export async function findCategory(db: Executor, id: number): Promise<Category | undefined> {
  return db.selectFrom('categories').select(columns).where('id', '=', id).executeTakeFirst();
}

/** The category, locked until the transaction ends where the engine has row locks. */
export async function lockCategory(
  trx: Executor,
  dialect: Dialect,
  id: number,
): Promise<Category | undefined> {
  const query = trx.selectFrom('categories').select(columns).where('id', '=', id);
  return lockRowsIfSupported(query, dialect).executeTakeFirst();
}

/** True when another category (not `exceptId`) has this name, compared case-insensitively. */
export async function categoryNameTaken(db: Executor, name: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('categories').select('id').where('name_key', '=', nameKey(name));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertCategory(db: Executor, name: string): Promise<Category> {
  return db
    .insertInto('categories')
    .values({ name, name_key: nameKey(name) })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export async function renameCategory(db: Executor, id: number, name: string): Promise<Category | undefined> {
  return db
    .updateTable('categories')
    .set({ name, name_key: nameKey(name), ...nextVersion(db, 'categories', [id]) })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
}

/** Its file links go with it (ON DELETE CASCADE); the files stay. */
export async function deleteCategory(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('categories').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
