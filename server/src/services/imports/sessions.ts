import type { Db } from '../../db';
import type { ImportRow } from '../../db/repositories/imports';
import { lockUser } from '../../db/repositories/users';
import type { ImportPreview, ImportSummary, PreviewRow, RowOutcome } from '../../contract/imports';
import { KIND_OF_TYPE, OBJECT_TYPES } from '../../domain/stockKindHelpers';
import type { StockKind } from '../../domain/stockKinds';
import { conflict, notFound } from '../../http/errors';
import { yieldToOtherRequests } from '../../http/eventLoop';
import { readSpreadsheet } from '../../http/spreadsheet';
import { ValidationError } from '../../validation/errors';
import { recordChange, writeTransaction } from '../../feed/changeLog';
import type { Actor } from '../../audit/entries';
import { type ImportsContext, MAX_IMPORT_ROWS, MAX_PENDING_IMPORTS } from './context';
import { autoMapping, checkMapping, importFields } from './mapping';
import { checkRows, existingRecords } from './rows';
import * as imports from '../../db/repositories/imports';

// An import session: the uploaded file's cells kept until the import is committed, read back for a preview.

/** Characters of cells written as JSON (or read back) between two yields to the event loop: a few milliseconds. */
const CELL_CHARACTERS_PER_SLICE = 64 * 1024;

/**
 * The rows as the JSON array a session keeps, one row a line, written a slice of rows at a time with a yield
 * between: JSON.stringify of 20,000 rows of 200 cells at once holds the event loop for a third of a second.
 */
async function encodeCells(rows: readonly string[][]): Promise<string> {
  const lines: string[] = [];
  let sliceCharacters = 0;
  for (const row of rows) {
    if (sliceCharacters > CELL_CHARACTERS_PER_SLICE) {
      await yieldToOtherRequests();
      sliceCharacters = 0;
    }
    const line = JSON.stringify(row);
    sliceCharacters += line.length;
    lines.push(line);
  }
  return `[${lines.join(',\n')}]`;
}

/**
 * The rows encodeCells wrote, read back a slice of lines at a time (JSON.parse of all of them at once holds the
 * loop for half a second). JSON writes no line break inside a string, so each line is one row.
 */
async function decodeCells(text: string): Promise<string[][]> {
  // Sessions stored before rows had lines of their own hold one line.
  if (!text.includes('\n')) return JSON.parse(text) as string[][];
  const rows: string[][] = [];
  let sliceCharacters = 0;
  for (const line of text.slice(1, -1).split('\n')) {
    if (sliceCharacters > CELL_CHARACTERS_PER_SLICE) {
      await yieldToOtherRequests();
      sliceCharacters = 0;
    }
    sliceCharacters += line.length;
    rows.push(JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line) as string[]);
  }
  return rows;
}

function summary(row: Omit<ImportRow, 'cells' | 'user_id'>): ImportSummary {
  const kind = KIND_OF_TYPE[row.object_type];
  const headers = JSON.parse(row.headers) as string[];
  return {
    id: row.id,
    type: kind,
    file_name: row.file_name,
    created_at: row.created_at,
    user_email: row.user_email,
    status: row.status,
    headers,
    fields: importFields(kind),
    mapping: autoMapping(kind, headers),
    row_count: row.row_count,
    committed_at: row.committed_at,
    created_count: row.created_count,
    added_count: row.added_count,
    skipped_count: row.skipped_count,
    reverted_at: row.reverted_at,
    reverted_by: row.reverted_by,
  };
}

/**
 * Opens an import session from an uploaded file: reads it, matches its header names with the kind's fields and
 * keeps its cells. A file none of whose columns names a field is refused: its first row is no header row.
 */
export async function createImport(
  context: ImportsContext,
  actor: Actor,
  kind: StockKind,
  file: { name: string; bytes: Buffer },
): Promise<ImportSummary> {
  const sheet = await readSpreadsheet(file.bytes, MAX_IMPORT_ROWS);
  const mapping = autoMapping(kind, sheet.headers);
  if (Object.values(mapping).every((column) => column === null)) {
    throw ValidationError.field(
      'file',
      `No column of the first row names a field of a ${kind} record (${importFields(kind).join(', ')}): the first row must ` +
        'name the columns, as in the template.',
    );
  }
  const cells = await encodeCells(sheet.rows);
  const id = await writeTransaction(context.db, async (trx) => {
    // Two uploads of one user at once take turns here, so neither keeps more sessions than the cap.
    await lockUser(trx, context.dialect, actor.id);
    const inserted = await imports.insertImport(trx, {
      object_type: OBJECT_TYPES[kind],
      file_name: file.name.slice(0, 255),
      created_at: context.now().toISOString(),
      user_id: actor.id,
      user_email: actor.email,
      status: 'PENDING',
      headers: JSON.stringify(sheet.headers),
      cells,
      row_count: sheet.rows.length,
    });
    const discarded = await imports.discardOlderPendingImports(trx, actor.id, MAX_PENDING_IMPORTS);
    recordChange(trx, { topic: 'import', action: 'created', ids: [inserted], actor });
    recordChange(trx, { topic: 'import', action: 'deleted', ids: discarded, actor });
    return inserted;
  });
  return getImport(context, id);
}

/**
 * Housekeeping's: removes the sessions nobody committed before `before` (abandoned; their cells can be large), with
 * their change event, so an imports list open in a store manager's tab drops them. Answers how many.
 */
export async function prunePendingImports(db: Db, before: Date): Promise<number> {
  return writeTransaction(db, async (trx) => {
    const ids = await imports.deletePendingImportsBefore(trx, before);
    recordChange(trx, { topic: 'import', action: 'deleted', ids });
    return ids.length;
  });
}

export async function getImport(context: ImportsContext, id: number): Promise<ImportSummary> {
  const row = await imports.findImportSummary(context.db, id);
  if (!row) throw notFound();
  return summary(row);
}

export async function listImports(context: ImportsContext, kind?: StockKind): Promise<ImportSummary[]> {
  const rows = await imports.listImports(context.db, kind && OBJECT_TYPES[kind]);
  return rows.map(summary);
}

/** One page of listImports' list, with the count of the whole. */
export async function pageImports(
  context: ImportsContext,
  kind: StockKind | undefined,
  page: { limit: number; offset: number },
): Promise<{ count: number; results: ImportSummary[] }> {
  const objectType = kind && OBJECT_TYPES[kind];
  const count = await imports.countImports(context.db, objectType);
  const rows = page.offset < count ? await imports.listImports(context.db, objectType, page) : [];
  return { count, results: rows.map(summary) };
}

/** The session's cells and the mapping to read them with (the automatic one unless the client sends its own). */
export async function sessionRows(context: ImportsContext, row: ImportRow, mapping: unknown) {
  const kind = KIND_OF_TYPE[row.object_type];
  if (row.status !== 'PENDING' || row.cells === null) throw alreadyDone(row);
  const headers = JSON.parse(row.headers) as string[];
  const checkedMapping =
    mapping === undefined ? autoMapping(kind, headers) : checkMapping(importFields(kind), headers, mapping);
  const cells = await decodeCells(row.cells);
  return { kind, checked: await checkRows(context, kind, checkedMapping, cells) };
}

export function alreadyDone(row: ImportRow) {
  if (row.status === 'REVERTED') {
    return conflict(`This import was undone on ${row.reverted_at!.slice(0, 10)} by ${row.reverted_by}.`);
  }
  return conflict(`This import was committed on ${row.committed_at!.slice(0, 10)} by ${row.user_email}.`);
}

/** Every row's outcome under the mapping; nothing is written. */
export async function previewImport(
  context: ImportsContext,
  id: number,
  mapping: unknown,
): Promise<ImportPreview> {
  const row = await imports.findImport(context.db, id);
  if (!row) throw notFound();
  const { kind, checked } = await sessionRows(context, row, mapping);
  const existing = await existingRecords(context.db, kind, checked);
  const counts = { new: 0, add: 0, error: 0 };
  const rows = checked.map((line): PreviewRow => {
    const stockId = existing.get(line.row) ?? null;
    const outcome: RowOutcome = line.write === undefined ? 'error' : stockId === null ? 'new' : 'add';
    counts[outcome] += 1;
    return {
      row: line.row,
      outcome,
      stock_id: stockId,
      duplicate_of: line.duplicateOf,
      values: line.values,
      errors: line.errors,
    };
  });
  return { counts, rows };
}
