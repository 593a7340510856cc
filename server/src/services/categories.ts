import type { Db } from '../db';
import type { Dialect } from '../db/dialect';
import type { Executor } from '../db/executor';
import * as categories from '../db/repositories/categories';
import type { Category } from '../contract/categories';
import { findFileIdsOfCategory, raiseFileVersions } from '../db/repositories/files';
import { recordChange, writeTransaction } from '../feed/changeLog';
import { notFound } from '../http/errors';
import type { IfMatch } from '../http/versions';
import { ValidationError } from '../validation/errors';
import { refusingDuplicates } from '../validation/duplicates';
import { categoryTarget, fieldChanges, recordAudit, recordEdit, type Actor } from '../audit/entries';
import { lockVersioned } from '../audit/versions';

export interface CategoriesContext {
  db: Db;
  dialect: Dialect;
  /** The clock of audit entries. */
  now: () => Date;
}

const duplicateName = () => ValidationError.field('name', 'category with this name already exists.');

/** The files filed under a category show its name: they change with it (and lose it with its deletion). */
async function filesOfCategoryChanged(trx: Executor, categoryId: number, actor: Actor): Promise<number[]> {
  const ids = await findFileIdsOfCategory(trx, categoryId);
  recordChange(trx, { topic: 'file', action: 'updated', ids, actor });
  return ids;
}

export async function listCategories(db: Db): Promise<Category[]> {
  return categories.listCategories(db);
}

export async function getCategory(db: Db, id: number): Promise<Category> {
  const category = await categories.findCategory(db, id);
  if (!category) throw notFound();
  return category;
}

export async function createCategory(
  { db, now }: CategoriesContext,
  actor: Actor,
  name: string,
): Promise<Category> {
  if (await categories.categoryNameTaken(db, name)) throw duplicateName();
  return refusingDuplicates(duplicateName, () =>
    writeTransaction(db, async (trx) => {
      const category = await categories.insertCategory(trx, name);
      await recordAudit(trx, {
        at: now(),
        actor,
        action: 'category.created',
        target: categoryTarget(category),
        changes: fieldChanges(null, { name: category.name }),
      });
      return category;
    }),
  );
}

/**
 * Names are unique regardless of case, but a category may be renamed to its own name in another case. Audited
 * when the name changes (a change of case included); the same name again writes no entry and keeps the version.
 * 412 when If-Match names another version.
 */
export async function renameCategory(
  { db, dialect, now }: CategoriesContext,
  actor: Actor,
  id: number,
  name: string | undefined,
  ifMatch?: IfMatch,
): Promise<Category> {
  return refusingDuplicates(duplicateName, () =>
    writeTransaction(db, async (trx) => {
      const category = await lockVersioned(trx, ifMatch, 'category', () =>
        categories.lockCategory(trx, dialect, id),
      );
      if (name === undefined || name === category.name) return category;
      if (await categories.categoryNameTaken(trx, name, id)) throw duplicateName();
      const renamed = await categories.renameCategory(trx, id, name);
      if (!renamed) throw notFound();
      if (renamed.name !== category.name) await filesOfCategoryChanged(trx, id, actor);
      await recordEdit(trx, {
        at: now(),
        actor,
        action: 'category.renamed',
        target: categoryTarget(renamed),
        before: { name: category.name },
        after: { name: renamed.name },
      });
      return renamed;
    }),
  );
}

/** The category's file links are removed with it (a new version for each file); the files stay. */
export async function deleteCategory(
  { db, dialect, now }: CategoriesContext,
  actor: Actor,
  id: number,
  ifMatch?: IfMatch,
) {
  await writeTransaction(db, async (trx) => {
    const category = await lockVersioned(trx, ifMatch, 'category', () =>
      categories.lockCategory(trx, dialect, id),
    );
    await raiseFileVersions(trx, await filesOfCategoryChanged(trx, id, actor));
    if (!(await categories.deleteCategory(trx, id))) throw notFound();
    await recordAudit(trx, {
      at: now(),
      actor,
      action: 'category.deleted',
      target: categoryTarget(category),
      changes: fieldChanges({ name: category.name }, null),
    });
  });
}
