import { Type } from '@fastify/type-provider-typebox';
import type { Db } from '../db';
import type { Dialect } from '../db/dialect';
import { isForeignKeyViolation } from '../db/errors';
import * as files from '../db/repositories/files';
import type { LinkList } from '../db/repositories/files';
import type { ChemicalFile, LibraryFile, Links } from '../contract/files';
import { stockRecordExists } from '../db/repositories/stock';
import type { Executor } from '../db/executor';
import { isSafetyDataSheetCategory } from '../domain/safetyDataSheets';
import { writeTransaction } from '../feed/changeLog';
import { notFound } from '../http/errors';
import type { IfMatch } from '../http/versions';
import type { FileStorage, SavedFile } from '../storage/fileStorage';
import { FieldErrorCollector, messages } from '../validation/errors';
import { idList } from '../validation/fields';
import { validateObject, type RequestSchema } from '../validation/validate';
import {
  fieldChanges,
  fileLinkLabels,
  fileSnapshot,
  fileTarget,
  hasChanges,
  recordAudit,
  type Actor,
  type Changes,
} from '../audit/entries';
import { checkVersion } from '../audit/versions';

export interface FilesContext {
  db: Db;
  dialect: Dialect;
  storage: FileStorage;
  now: () => Date;
}

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

export async function getFile({ db }: Pick<FilesContext, 'db'>, id: number): Promise<LibraryFile> {
  const [file] = await files.findFiles(db, [id]);
  if (!file) throw notFound();
  return file;
}

/**
 * The files of a chemical stock record's page: those linked to it, and the safety data sheets linked to any other
 * record of its substance (an SDS describes the substance, so every record of it offers the sheet: issue 33);
 * safety data sheets first, each group newest first, so the first file is the newest SDS when there is one. 404
 * for an unknown record.
 */
export async function chemicalFiles(
  { db }: Pick<FilesContext, 'db'>,
  stockId: number,
): Promise<ChemicalFile[]> {
  if (!(await stockRecordExists(db, 'chemical', stockId))) throw notFound();
  const own = new Set(await files.findFileIdsOfChemical(db, stockId));
  const siblings = await files.findFileIdsOfSiblings(db, stockId);
  const linked = await files.findFiles(db, [...new Set([...own, ...siblings])]);
  const marked = linked
    .map((file) => ({
      ...file,
      safety_data_sheet: file.categories.some((category) => isSafetyDataSheetCategory(category.name)),
    }))
    .filter((file) => own.has(file.id) || file.safety_data_sheet);
  // Stable: each group keeps findFiles' newest-first order.
  return marked.sort((a, b) => Number(b.safety_data_sheet) - Number(a.safety_data_sheet));
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
export async function createFile(
  { db, storage, now }: FilesContext,
  actor: Actor,
  form: UploadForm,
): Promise<LibraryFile> {
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
      writeTransaction(db, async (trx) => {
        const at = now();
        const row = { stored_name: name, size_bytes: size };
        const fileId = await files.insertFile(trx, { created_at: at.toISOString(), ...row });
        await writeLinks(trx, fileId, links);
        await recordAudit(trx, {
          at,
          actor,
          action: 'file.uploaded',
          target: fileTarget({ id: fileId, ...row }),
          changes: fieldChanges(
            null,
            fileSnapshot({ id: fileId, ...row }, await getFile({ db: trx }, fileId)),
          ),
        });
        return fileId;
      }),
    );
  } catch (error) {
    if (form.file) await storage.remove(form.file.name);
    throw error;
  }
  return getFile({ db }, id);
}

/** The links one list gained (`linked`) or lost (`unlinked`) between two readings of a file, as labels. */
function linkChanges(before: LibraryFile, after: LibraryFile): Record<'linked' | 'unlinked', Changes> {
  const [old, now] = [fileLinkLabels(before), fileLinkLabels(after)];
  const changes: Record<'linked' | 'unlinked', Changes> = { linked: {}, unlinked: {} };
  for (const list of LINK_LISTS) {
    const added = now[list].filter((label) => !old[list].includes(label));
    const removed = old[list].filter((label) => !now[list].includes(label));
    if (added.length > 0) changes.linked[list] = [null, added];
    if (removed.length > 0) changes.unlinked[list] = [removed, null];
  }
  return changes;
}

/**
 * The file a versioned write changes, as its row and its read: locked, 404 when it is gone, 412 when If-Match names
 * another version.
 */
async function lockFileAt(trx: Executor, dialect: Dialect, id: number, ifMatch: IfMatch | undefined) {
  const row = await files.lockFileRow(trx, dialect, id);
  if (!row) throw notFound();
  const file = await getFile({ db: trx }, id);
  await checkVersion(trx, ifMatch, { type: 'file', id }, row.version, file);
  return { row, file };
}

/** Whether the given lists link other targets than the file has. */
function linksDiffer(file: LibraryFile, links: Links): boolean {
  return LINK_LISTS.some((list) => {
    const given = links[list];
    if (given === undefined) return false;
    const now = new Set(file[list].map((target) => target.id));
    const wanted = new Set(given);
    return wanted.size !== now.size || [...wanted].some((target) => !now.has(target));
  });
}

/**
 * Each given list replaces the file's links (an empty list removes them); nothing changes when any is invalid.
 * Audited as `file.linked` with what was added and `file.unlinked` with what was removed: one entry each, when
 * there was any; a request that changes no link writes none and keeps the version. 412 when If-Match names another
 * version.
 */
export async function updateLinks(
  { db, dialect, now }: FilesContext,
  actor: Actor,
  id: number,
  links: Links,
  ifMatch?: IfMatch,
): Promise<LibraryFile> {
  await existingFile(db, id);
  const errors = new FieldErrorCollector();
  await checkLinkTargets(db, links, errors);
  errors.throwIfAny();
  return withLinkTargets(db, links, id, () =>
    writeTransaction(db, async (trx) => {
      const { row, file: before } = await lockFileAt(trx, dialect, id, ifMatch);
      if (!linksDiffer(before, links)) return before;
      await writeLinks(trx, id, links);
      await files.raiseFileVersions(trx, [id]);
      const after = await getFile({ db: trx }, id);
      const at = now();
      const { linked, unlinked } = linkChanges(before, after);
      for (const [action, changes] of [
        ['file.linked', linked],
        ['file.unlinked', unlinked],
      ] as const) {
        if (hasChanges(changes)) {
          await recordAudit(trx, { at, actor, action, target: fileTarget(row), changes });
        }
      }
      return after;
    }),
  );
}

/**
 * Removes the record, its links and the stored bytes; the bytes go before the row is committed as deleted. 412 when
 * If-Match names another version.
 */
export async function deleteFile(
  { db, dialect, storage, now }: FilesContext,
  actor: Actor,
  id: number,
  ifMatch?: IfMatch,
) {
  await writeTransaction(db, async (trx) => {
    const { row, file } = await lockFileAt(trx, dialect, id, ifMatch);
    await files.deleteFile(trx, id);
    await recordAudit(trx, {
      at: now(),
      actor,
      action: 'file.deleted',
      target: fileTarget(row),
      changes: fieldChanges(fileSnapshot(row, file), null),
    });
    await storage.remove(row.stored_name, trx);
  });
}
