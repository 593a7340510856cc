import { mediaPathOf } from '../../storage/storedNames';
import { lockRowsIfSupported } from '../locking';
import { slicesOf } from '../slices';
import type { Dialect } from '../dialect';
import { raiseVersions } from '../versions';
import { findStockRecords, type ChemicalRecord } from './stock';
import type { Executor } from '../executor';
import type { FileChemical, LibraryFile } from '../../contract/files';

export type { FileChemical, LibraryFile } from '../../contract/files';

export interface FileRow {
  id: number;
  stored_name: string;
  size_bytes: number;
  version: number;
}

const fileRowColumns = ['id', 'stored_name', 'size_bytes', 'version'] as const;
const toFileRow = (row: FileRow): FileRow => ({ ...row, size_bytes: Number(row.size_bytes) });

/**
 * A file's link lists, by the API's name: the table it links to (`target`), the table of its links and their column
 * naming the linked row. Reads and writes of links take both lists from here.
 */
const LINKS = {
  categories: { target: 'categories', table: 'file_categories', column: 'category_id' },
  chemicals: { target: 'chemical_stock', table: 'file_chemicals', column: 'chemical_stock_id' },
} as const;
export type LinkList = keyof typeof LINKS;

function flatten(record: ChemicalRecord): FileChemical {
  return {
    id: record.id,
    CAS_RN: record.chemical.CAS_RN,
    name: record.chemical.name,
    molecular_formula: record.chemical.molecular_formula,
    molecular_weight: record.chemical.molecular_weight,
    purity: record.purity,
    quantity: record.quantity,
    state: record.state,
    manufacturer: record.manufacturer.name,
    supplier: record.supplier.name,
  };
}

/** Groups rows by file id, keeping their order. */
function byFile<T extends { file_id: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.file_id);
    if (group) group.push(row);
    else groups.set(row.file_id, [row]);
  }
  return groups;
}

/**
 * Files in the §12.1 shape, newest first: all of them, or those with the given ids. Links are read in one query
 * per list for all the files together (every link when `ids` is absent).
 */
export async function findFiles(db: Executor, ids?: readonly number[]): Promise<LibraryFile[]> {
  if (ids?.length === 0) return [];
  let files = db
    .selectFrom('files')
    .select(['id', 'created_at', 'stored_name', 'size_bytes', 'version'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (ids) files = files.where('id', 'in', ids);
  const rows = await files.execute();
  if (rows.length === 0) return [];

  let categoryLinks = db
    .selectFrom('file_categories as l')
    .innerJoin('categories as c', 'c.id', 'l.category_id')
    .select(['l.file_id', 'c.id', 'c.name'])
    .orderBy('c.id');
  let chemicalLinks = db
    .selectFrom('file_chemicals')
    .select(['file_id', 'chemical_stock_id'])
    .orderBy('chemical_stock_id');
  if (ids) {
    categoryLinks = categoryLinks.where('l.file_id', 'in', ids);
    chemicalLinks = chemicalLinks.where('file_id', 'in', ids);
  }
  const categories = byFile(await categoryLinks.execute());
  const chemicalRows = await chemicalLinks.execute();

  const records = new Map<number, FileChemical>();
  const stockIds = [...new Set(chemicalRows.map((row) => row.chemical_stock_id))];
  for (const chunk of slicesOf(stockIds)) {
    for (const record of await findStockRecords(db, 'chemical', chunk))
      records.set(record.id, flatten(record));
  }
  const chemicals = byFile(chemicalRows);

  return rows.map((row) => ({
    id: row.id,
    created_at: row.created_at,
    file: { path: mediaPathOf(row.stored_name), size: Number(row.size_bytes) / 1024 },
    categories: (categories.get(row.id) ?? []).map(({ id, name }) => ({ id, name })),
    chemicals: (chemicals.get(row.id) ?? []).map((link) => records.get(link.chemical_stock_id)!),
    version: row.version,
  }));
}

/** The ids of the files linked to the category or chemical stock record with this id. */
async function linkedFileIds(db: Executor, list: LinkList, id: number): Promise<number[]> {
  const { table, column } = LINKS[list];
  const rows = await db.selectFrom(table).select('file_id').where(column, '=', id).execute();
  return rows.map((row) => row.file_id);
}

/** The ids of the files linked to a chemical stock record. */
export const findFileIdsOfChemical = (db: Executor, chemicalStockId: number) =>
  linkedFileIds(db, 'chemicals', chemicalStockId);

/** The ids of the files filed under a category. */
export const findFileIdsOfCategory = (db: Executor, categoryId: number) =>
  linkedFileIds(db, 'categories', categoryId);

/**
 * The ids of the files linked to the other stock records of a chemical stock record's substance (its chemical
 * entry), not to the record itself.
 */
export async function findFileIdsOfSiblings(db: Executor, chemicalStockId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('file_chemicals as l')
    .innerJoin('chemical_stock as sibling', 'sibling.id', 'l.chemical_stock_id')
    .innerJoin('chemical_stock as record', 'record.chemical_id', 'sibling.chemical_id')
    .select('l.file_id')
    .distinct()
    .where('record.id', '=', chemicalStockId)
    .where('sibling.id', '<>', chemicalStockId)
    .execute();
  return rows.map((row) => row.file_id);
}

/** Files whose links changed (replaced, or gone with what they linked to): a new version each. */
export async function raiseFileVersions(db: Executor, ids: readonly number[]): Promise<void> {
  await raiseVersions(db, 'files', ids);
}

export async function findFileRow(db: Executor, id: number): Promise<FileRow | undefined> {
  const row = await db.selectFrom('files').select(fileRowColumns).where('id', '=', id).executeTakeFirst();
  return row && toFileRow(row);
}

/** The row, locked until the transaction ends where the engine has row locks: link changes run one at a time. */
export async function lockFileRow(trx: Executor, dialect: Dialect, id: number): Promise<FileRow | undefined> {
  const query = trx.selectFrom('files').select(fileRowColumns).where('id', '=', id);
  const row = await lockRowsIfSupported(query, dialect).executeTakeFirst();
  return row && toFileRow(row);
}

export interface NewFile {
  created_at: string;
  stored_name: string;
  size_bytes: number;
}

export async function insertFile(db: Executor, file: NewFile): Promise<number> {
  const row = await db.insertInto('files').values(file).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes the row (its links go with it, ON DELETE CASCADE) and returns it, or undefined when there was none. */
export async function deleteFile(db: Executor, id: number): Promise<FileRow | undefined> {
  const row = await db.deleteFrom('files').where('id', '=', id).returning(fileRowColumns).executeTakeFirst();
  return row && toFileRow(row);
}

/** Replaces the file's links of one list with the given targets (duplicates ignored; empty removes all). */
export async function replaceLinks(
  db: Executor,
  fileId: number,
  list: LinkList,
  targetIds: readonly number[],
) {
  const { table, column } = LINKS[list];
  await db.deleteFrom(table).where('file_id', '=', fileId).execute();
  for (const chunk of slicesOf([...new Set(targetIds)])) {
    // Kysely cannot follow a table chosen at run time; both link tables are a file id and the linked row's id.
    const links = chunk.map(
      (id) => ({ file_id: fileId, [column]: id }) as { file_id: number; category_id: number },
    );
    await db
      .insertInto(table as 'file_categories')
      .values(links)
      .execute();
  }
}

/** The first of `ids` (in the given order) that names no row of the list's target table. */
export async function firstMissingTarget(
  db: Executor,
  list: LinkList,
  ids: readonly number[],
): Promise<number | undefined> {
  const found = new Set<number>();
  for (const chunk of slicesOf([...new Set(ids)])) {
    // Both target tables have an integer id; Kysely cannot follow a table name chosen at run time.
    const rows = await db
      .selectFrom(LINKS[list].target as 'categories')
      .select('id')
      .where('id', 'in', chunk)
      .execute();
    for (const row of rows) found.add(row.id);
  }
  return ids.find((id) => !found.has(id));
}
