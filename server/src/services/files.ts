import { Type } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import { isForeignKeyViolation } from '../db/errors';
import * as files from '../db/repositories/files';
import type { LibraryFile, LinkList } from '../db/repositories/files';
import type { Executor } from '../db/repositories/users';
import { notFound } from '../http/errors';
import type { FileStorage, SavedFile } from '../storage/fileStorage';
import { FieldErrorCollector, messages } from '../validation/errors';
import { idList } from '../validation/fields';
import { validateObject, type RequestSchema } from '../validation/validate';

export interface FilesContext {
  db: Db;
  storage: FileStorage;
  now: () => Date;
}

/** The link lists of a file; a given list replaces the current set. */
export type Links = Partial<Record<LinkList, number[]>>;

const LINK_LISTS: readonly LinkList[] = ['categories', 'chemicals'];

export const fileMessages = {
  missing: 'No file was submitted.',
  notAFile: 'The submitted data was not a file. Check the encoding type on the form.',
  empty: 'The submitted file is empty.',
  several: 'Submit exactly one file.',
};

/** Adds `Invalid pk "99" - object does not exist.` for the first unknown id of each given list. */
async function checkLinkTargets(db: Executor, links: Links, errors: FieldErrorCollector): Promise<void> {
  for (const list of LINK_LISTS) {
    const ids = links[list];
    if (ids === undefined || errors.has(list)) continue;
    const missing = await files.firstMissingTarget(db, list, ids);
    if (missing !== undefined) errors.add(list, messages.pkMissing(missing));
  }
}

async function writeLinks(trx: Executor, fileId: number, links: Links): Promise<void> {
  for (const list of LINK_LISTS) {
    const ids = links[list];
    if (ids !== undefined) await files.replaceLinks(trx, fileId, list, ids);
  }
}

/**
 * Runs a write of links checked beforehand. A target (or the file) deleted by a concurrent request in between
 * fails the foreign key; that answers the same 400 (or 404) as if the deletion had come first.
 */
async function withLinkTargets<T>(db: Db, links: Links, fileId: number | null, write: () => Promise<T>) {
  try {
    return await write();
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    const errors = new FieldErrorCollector();
    await checkLinkTargets(db, links, errors);
    errors.throwIfAny();
    if (fileId !== null && !(await files.findFileRow(db, fileId))) throw notFound();
    throw error;
  }
}

export async function listFiles({ db }: FilesContext): Promise<LibraryFile[]> {
  return files.findFiles(db);
}

export async function getFile({ db }: FilesContext, id: number): Promise<LibraryFile> {
  const [file] = await files.findFiles(db, [id]);
  if (!file) throw notFound();
  return file;
}

/** 404 unless the file exists: the target lookup of the signed-in routes, before their body is validated. */
export async function existingFile(db: Db, id: number): Promise<void> {
  if (!(await files.findFileRow(db, id))) throw notFound();
}

/** A multipart upload as read from the request; the file part is already in the storage. */
export interface UploadForm {
  /** The `file` part, stored (a form holds at most one file part). */
  file: SavedFile | undefined;
  /** A `file` part came as a plain form value rather than as a file. */
  fileSentAsText: boolean;
  /** The repeated `categories` and `chemicals` values as sent. */
  values: Record<LinkList, string[]>;
}

const idListSchemas = Object.fromEntries(
  LINK_LISTS.map((list) => [list, Type.Object({ [list]: idList() }) as unknown as RequestSchema]),
) as Record<LinkList, RequestSchema>;

/** Each list on its own, so an unknown id in one list is reported together with a malformed other list. */
function parseLinks(values: UploadForm['values'], errors: FieldErrorCollector): Links {
  const links: Links = {};
  for (const list of LINK_LISTS) {
    try {
      links[list] = validateObject(idListSchemas[list], { [list]: values[list] }).value[list] as number[];
    } catch (error) {
      errors.merge(error);
    }
  }
  return links;
}

/**
 * Creates the file record and its links in one transaction. Whatever fails, the stored bytes are removed, so a
 * rejected upload leaves nothing behind.
 */
export async function createFile({ db, storage, now }: FilesContext, form: UploadForm): Promise<LibraryFile> {
  let id: number;
  try {
    const errors = new FieldErrorCollector();
    const { file } = form;
    if (!file) errors.add('file', form.fileSentAsText ? fileMessages.notAFile : fileMessages.missing);
    else if (file.size === 0) errors.add('file', fileMessages.empty);
    const links = parseLinks(form.values, errors);
    await checkLinkTargets(db, links, errors);
    errors.throwIfAny();
    // Present: its absence was reported above.
    const { name, size } = file!;
    id = await withLinkTargets(db, links, null, () =>
      db.transaction().execute(async (trx) => {
        const fileId = await files.insertFile(trx, {
          created_at: now().toISOString(),
          stored_name: name,
          size_bytes: size,
        });
        await writeLinks(trx, fileId, links);
        return fileId;
      }),
    );
  } catch (error) {
    if (form.file) await storage.remove(form.file.name);
    throw error;
  }
  return getFile({ db, storage, now }, id);
}

/** Each given list replaces the file's links (an empty list removes them); nothing changes when any is invalid. */
export async function updateLinks(context: FilesContext, id: number, links: Links): Promise<LibraryFile> {
  const { db } = context;
  await existingFile(db, id);
  const errors = new FieldErrorCollector();
  await checkLinkTargets(db, links, errors);
  errors.throwIfAny();
  await withLinkTargets(db, links, id, () => db.transaction().execute((trx) => writeLinks(trx, id, links)));
  return getFile(context, id);
}

/** Removes the record, its links and the stored bytes; the bytes go before the row is committed as deleted. */
export async function deleteFile({ db, storage }: FilesContext, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await files.deleteFile(trx, id);
    if (!row) throw notFound();
    await storage.remove(row.stored_name);
  });
}
