import type { Db } from '../db';
import { isUniqueViolation } from '../db/errors';
import * as categories from '../db/repositories/categories';
import type { Category } from '../db/repositories/categories';
import { notFound } from '../http/errors';
import { ValidationError } from '../validation/errors';

export const CATEGORY_NAME_MAX_LENGTH = 50;

const duplicateName = () => ValidationError.field('name', 'category with this name already exists.');

/** Writes, turning a unique-name race lost to another request into the same 400 as the pre-check. */
async function withUniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName();
    throw error;
  }
}

export async function listCategories(db: Db): Promise<Category[]> {
  return categories.listCategories(db);
}

export async function getCategory(db: Db, id: number): Promise<Category> {
  const category = await categories.findCategory(db, id);
  if (!category) throw notFound();
  return category;
}

export async function createCategory(db: Db, name: string): Promise<Category> {
  if (await categories.categoryNameTaken(db, name)) throw duplicateName();
  return withUniqueName(() => categories.insertCategory(db, name));
}

/** Names are unique regardless of case, but a category may be renamed to its own name in another case. */
export async function renameCategory(db: Db, id: number, name: string | undefined): Promise<Category> {
  const category = await getCategory(db, id);
  if (name === undefined) return category;
  if (await categories.categoryNameTaken(db, name, id)) throw duplicateName();
  const renamed = await withUniqueName(() => categories.renameCategory(db, id, name));
  if (!renamed) throw notFound();
  return renamed;
}

/** The category's file links are removed with it; the files stay. */
export async function deleteCategory(db: Db, id: number): Promise<void> {
  if (!(await categories.deleteCategory(db, id))) throw notFound();
}
