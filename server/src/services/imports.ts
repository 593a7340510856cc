import type { Db } from '../db';
import type { Dialect } from '../db/dialect';
import { isUniqueViolation } from '../db/errors';
import * as imports from '../db/repositories/imports';
import type { ImportRow } from '../db/repositories/imports';
import { keyColumn } from '../db/repositories/stockIdentity';
import * as stock from '../db/repositories/stock';
import type { StockRowChanges } from '../db/repositories/stock';
import { inSlices } from '../db/slices';
import { lockUser } from '../db/repositories/users';
import type { ImportStatus } from '../db/tables';
import { importedNumber, importedQuantity } from '../domain/importedQuantity';
import { specOf, type StockField, type StockKind } from '../domain/stockKinds';
import {
  identityFields,
  KIND_OF_TYPE,
  OBJECT_TYPES,
  stockField,
  toBaseQuantity,
  toStored,
  writeFields,
} from '../domain/stockKindHelpers';
import { badRequest, conflict, notFound } from '../http/errors';
import { yieldEvery, yieldToOtherRequests } from '../http/eventLoop';
import { isOverlongCell, MAX_CELL_LENGTH, readSpreadsheet } from '../http/spreadsheet';
import { FieldErrorCollector, messages, ValidationError, type FieldErrors } from '../validation/errors';
import { validateObject, type RequestSchema } from '../validation/validate';
import { recordChange, writeTransaction } from '../feed/changeLog';
import { recordAudit, type Actor, type AuditTarget } from './audit';
import { revertAdditions } from './shipments';
import {
  DATABASE_CATALOG,
  newStockColumns,
  substanceValues,
  type CatalogLookup,
  type ChemicalWrite,
  type StockWrites,
} from './stock';
import { aboveMaximum, lockStock, moveStock, outOfBounds, stockKey } from './stockMovement';

// Spreadsheet imports (docs/api.md §13): upload → column mapping → preview of every row → commit in one
// transaction → undo. Rows are checked by the stock POST's own validator, so they fail with its messages.

export interface ImportsContext {
  db: Db;
  dialect: Dialect;
  now: () => Date;
  /** SHIPMENT_UNDO_DAYS: imports are undone under the shipments' rule. */
  undoDays: number;
  /** Each kind's POST body (§4.3): its properties are the importable fields, and it checks every row. */
  rowSchemas: Record<StockKind, RequestSchema>;
}

/** Bounds the cells a session keeps (and the work of one preview or commit). */
export const MAX_IMPORT_ROWS = 20_000;

/**
 * Sessions a user keeps (uploads not committed, up to 10 MB of cells each, else kept a day): a sixth upload
 * discards the oldest, never refuses. The wizard works on the session it just opened and nothing resumes an
 * older one, so a user starting over with a corrected file is never asked to clean up first.
 */
export const MAX_PENDING_IMPORTS = 5;

/** A write field → the index of the column it is read from; a field left out (or null) is not imported. */
export type ColumnMapping = Record<string, number | null>;

export interface ImportSummary {
  id: number;
  type: StockKind;
  file_name: string;
  created_at: string;
  user_email: string;
  status: ImportStatus;
  /** The header row of the file. */
  headers: string[];
  /** The importable fields (§4.3 write fields) of the kind, in template order. */
  fields: string[];
  /** The mapping found by matching header names with the fields. */
  mapping: ColumnMapping;
  row_count: number;
  committed_at: string | null;
  created_count: number;
  added_count: number;
  skipped_count: number;
  reverted_at: string | null;
  reverted_by: string | null;
}

export type RowOutcome = 'new' | 'add' | 'error';

export interface PreviewRow {
  /** The row's number in the spreadsheet (the header is row 1). */
  row: number;
  outcome: RowOutcome;
  /** The existing record a row adds to. */
  stock_id: number | null;
  /** The row number of the earlier row with the same identifying fields. */
  duplicate_of: number | null;
  /** The mapped cells, by field, as read (quantities after unit conversion). */
  values: Record<string, string>;
  errors: FieldErrors;
}

export interface Preview {
  counts: Record<RowOutcome, number>;
  rows: PreviewRow[];
}

/** A kind's importable fields: its §4.3 write fields, in the table's order (the template's, quantity last). */
export const importFields = (kind: StockKind): string[] => writeFields(kind).map((field) => field.name);

// ---- Column mapping ----

/**
 * The header names that map to a field, as headerKey compares them: its API name, its labels on every page (the
 * Store's own columns, and so its exports: 'Amount (ml)', 'Type', 'Expires') and its other spellings ('CAS no.').
 */
function headerNames(kind: StockKind, name: string): string[] {
  const field = stockField(kind, name);
  return [field.name, field.label, ...Object.values(field.labels ?? {}), ...(field.aliases ?? [])].map(
    headerKey,
  );
}

/** A header or field name compared case- and spacing-insensitively, without a unit in brackets: 'CAS RN' = 'cas_rn'. */
const headerKey = (name: string) =>
  name
    .toLowerCase()
    // Brackets without brackets inside: a bracket left open is not searched to the end of the name at every start.
    .replace(/\([^()]*\)|\[[^[\]]*\]/g, '')
    .replace(/[\s_.-]+/g, '');

/** Each field matched with the first header that names it; a header serves one field at most. */
export function autoMapping(kind: StockKind, headers: readonly string[]): ColumnMapping {
  const keys = headers.map(headerKey);
  const used = new Set<number>();
  const mapping: ColumnMapping = {};
  for (const field of importFields(kind)) {
    const names = headerNames(kind, field);
    const index = keys.findIndex((key, position) => !used.has(position) && names.includes(key));
    mapping[field] = index === -1 ? null : index;
    if (index !== -1) used.add(index);
  }
  return mapping;
}

function checkMapping(
  fields: readonly string[],
  headers: readonly string[],
  mapping: unknown,
): ColumnMapping {
  const errors = new FieldErrorCollector();
  const checked: ColumnMapping = {};
  if (typeof mapping !== 'object' || mapping === null || Array.isArray(mapping)) {
    throw ValidationError.field('mapping', 'Expected an object of field → column number.');
  }
  for (const [field, column] of Object.entries(mapping)) {
    if (!fields.includes(field)) errors.add('mapping', `"${field}" is not a field of this kind.`);
    else if (column === null) checked[field] = null;
    else if (!Number.isInteger(column) || (column as number) < 0 || (column as number) >= headers.length)
      errors.add(
        'mapping',
        `${field}: column ${String(column)} is not a column of the file (0–${headers.length - 1}).`,
      );
    else checked[field] = column as number;
  }
  errors.throwIfAny();
  return checked;
}

// ---- Rows ----

interface CheckedRow<K extends StockKind> {
  row: number;
  values: Record<string, string>;
  errors: FieldErrors;
  write?: StockWrites[K];
  duplicateOf: number | null;
}

/** A write's value of a field (writes hold every field flat, under its API name). */
const writeValue = (write: object, field: StockField): unknown =>
  (write as Record<string, unknown>)[field.name];

/** A field's value as a record's identity compares it (§4.4): names and keyed texts by their key, the rest as stored. */
function identityValue(kind: StockKind, field: StockField, value: unknown): unknown {
  const { home } = field;
  const byKey =
    home.on === 'catalog' || home.on === 'trade' || (home.on === 'record' && home.key !== undefined);
  return byKey ? stock.nameKey(value as string) : toStored(kind, field, value);
}

/** The identifying fields of a write as §4.4 compares them, as one text. */
function identityKey<K extends StockKind>(kind: K, write: StockWrites[K]): string {
  return JSON.stringify(
    identityFields(kind).map((field) => identityValue(kind, field, writeValue(write, field))),
  );
}

/**
 * Every row checked: its mapped cells through the unit conversion and the kind's POST validator, then rows that
 * repeat an earlier row's identifying fields marked (a record once per file: two rows for one record are more
 * likely a slip than two deliveries).
 */
async function checkRows<K extends StockKind>(
  context: ImportsContext,
  kind: K,
  mapping: ColumnMapping,
  cells: readonly string[][],
): Promise<CheckedRow<K>[]> {
  const checked: CheckedRow<K>[] = [];
  // The first row of each identity seen so far, by identityKey.
  const seen = new Map<string, number>();
  for (let start = 0; start < cells.length; start += ROWS_PER_SLICE) {
    await yieldToOtherRequests();
    checked.push(
      ...checkSlice(context, kind, mapping, cells.slice(start, start + ROWS_PER_SLICE), start, seen),
    );
  }
  return checked;
}

/** Whether a field takes a number (or null): its cells are held to the length of a number before validation. */
const isNumeric = (schema: RequestSchema | undefined): boolean =>
  schema?.type === 'number' || schema?.type === 'integer' || (schema?.anyOf ?? []).some(isNumeric);

/** A row schema's numeric fields other than quantity (which importedQuantity reads). */
const numericFieldsOf = (schema: RequestSchema): Set<string> =>
  new Set(
    Object.entries(schema.properties ?? {})
      .filter(([field, property]) => field !== 'quantity' && isNumeric(property))
      .map(([field]) => field),
  );

function checkSlice<K extends StockKind>(
  context: ImportsContext,
  kind: K,
  mapping: ColumnMapping,
  slice: readonly string[][],
  start: number,
  seen: Map<string, number>,
): CheckedRow<K>[] {
  const schema = context.rowSchemas[kind];
  const numericFields = numericFieldsOf(schema);
  return slice.map((rowCells, offset): CheckedRow<K> => {
    // The spreadsheet's row number: the header is row 1.
    const row = start + offset + 2;
    const values: Record<string, string> = {};
    const input: Record<string, string> = {};
    const errors = new FieldErrorCollector();
    for (const [field, column] of Object.entries(mapping)) {
      if (column === null) continue;
      const cell = rowCells[column] ?? '';
      // Refused before any pattern reads it: no field takes that much text.
      if (isOverlongCell(cell)) {
        values[field] = cell;
        errors.add(field, messages.maxLength(MAX_CELL_LENGTH));
        continue;
      }
      let text = cell.trim();
      const number =
        field === 'quantity'
          ? importedQuantity(kind, text)
          : numericFields.has(field)
            ? importedNumber(text)
            : undefined;
      if (number?.ok === false) errors.add(field, number.message);
      if (number?.ok) text = number.value;
      values[field] = text;
      // A blank cell is a missing field: required ones say so, optional ones take their default.
      if (text !== '' && !errors.has(field)) input[field] = text;
    }
    // A cell refused above is missing from the input: its own message says why, not "This field is required."
    const refused = new Set(Object.keys(errors.fields));
    let write: StockWrites[K] | undefined;
    try {
      write = validateObject(schema, input).value as unknown as StockWrites[K];
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      for (const [field, fieldMessages] of Object.entries(error.fields)) {
        if (!refused.has(field)) fieldMessages.forEach((message) => errors.add(field, message));
      }
    }
    if (write === undefined || Object.keys(errors.fields).length > 0) {
      return { row, values, errors: errors.fields, duplicateOf: null };
    }
    const identity = identityKey(kind, write);
    const duplicateOf = seen.get(identity);
    if (duplicateOf !== undefined) {
      const message = `Row ${duplicateOf} has the same identifying fields: list each record once per file.`;
      return { row, values, errors: { non_field_errors: [message] }, duplicateOf };
    }
    seen.set(identity, row);
    return { row, values, errors: {}, write, duplicateOf: null };
  });
}

/** The catalog or trade table of the entry a field names (found by name); none for a field the row holds. */
function entryTable(kind: StockKind, field: StockField): stock.NamedEntryTable | 'chemicals' | undefined {
  if (field.home.on === 'catalog') return specOf(kind).catalog.table;
  return field.home.on === 'trade' ? field.home.table : undefined;
}

/**
 * The existing records the valid rows add to, by row number: their catalog and trade entries looked up by name
 * without creating any, then the records by identifying fields (the same columns a commit resolves).
 */
async function existingRecords<K extends StockKind>(
  db: Db,
  kind: K,
  rows: readonly CheckedRow<K>[],
): Promise<Map<number, number>> {
  const writes = rows.flatMap((row) => (row.write ? [{ row: row.row, write: row.write }] : []));
  // By field: the ids of the entries the rows name, by name key.
  const entryIds = new Map<string, Map<string, number>>();
  for (const field of identityFields(kind)) {
    const table = entryTable(kind, field);
    if (table === undefined) continue;
    const names = writes.map(({ write }) => writeValue(write, field) as string);
    entryIds.set(
      field.name,
      await lookUpInSlices(names, (slice) => imports.findNamedEntryIds(db, table, slice)),
    );
  }
  const identities: { row: number; columns: StockRowChanges<K> }[] = [];
  for (const { row, write } of writes) {
    const columns = identityColumns(kind, write, (field, name) =>
      entryIds.get(field.name)!.get(stock.nameKey(name)),
    );
    if (columns !== undefined) identities.push({ row, columns });
  }
  const found = await stockIdsByIdentity(
    db,
    kind,
    identities.map(({ columns }) => columns),
  );
  const byRow = new Map<number, number>();
  for (const { row, columns } of identities) {
    const id = found.get(imports.identityOf(kind, columns));
    if (id !== undefined) byRow.set(row, id);
  }
  return byRow;
}

/** A write's identity as its stock row holds it; none while an entry it names does not exist. */
function identityColumns<K extends StockKind>(
  kind: K,
  write: StockWrites[K],
  entryId: (field: StockField, name: string) => number | undefined,
): StockRowChanges<K> | undefined {
  const columns: Record<string, unknown> = {};
  for (const field of identityFields(kind)) {
    const value = entryTable(kind, field)
      ? entryId(field, writeValue(write, field) as string)
      : identityValue(kind, field, writeValue(write, field));
    if (value === undefined) return undefined;
    columns[keyColumn(kind, field)] = value;
  }
  return columns as StockRowChanges<K>;
}

// ---- Sessions ----

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
async function sessionRows(context: ImportsContext, row: ImportRow, mapping: unknown) {
  const kind = KIND_OF_TYPE[row.object_type];
  if (row.status !== 'PENDING' || row.cells === null) throw alreadyDone(row);
  const headers = JSON.parse(row.headers) as string[];
  const checkedMapping =
    mapping === undefined ? autoMapping(kind, headers) : checkMapping(importFields(kind), headers, mapping);
  const cells = await decodeCells(row.cells);
  return { kind, checked: await checkRows(context, kind, checkedMapping, cells) };
}

function alreadyDone(row: ImportRow) {
  if (row.status === 'REVERTED') {
    return conflict(`This import was undone on ${row.reverted_at!.slice(0, 10)} by ${row.reverted_by}.`);
  }
  return conflict(`This import was committed on ${row.committed_at!.slice(0, 10)} by ${row.user_email}.`);
}

/** Every row's outcome under the mapping; nothing is written. */
export async function previewImport(context: ImportsContext, id: number, mapping: unknown): Promise<Preview> {
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

/**
 * The catalogs as one commit sees them: every entry the file names found or created before its rows are resolved,
 * in a few multi-row statements instead of a few statements per row (the commit holds the writer meanwhile), in
 * the order a POST creates them (manufacturers, suppliers, the kind's own entries: tradeColumns). New chemicals
 * are created with the values of the first row naming them, as that row's POST would; a later row setting other
 * values saves them through the database as a POST does, and the lookup keeps what it saved for the rows after it.
 */
async function fileCatalog<K extends StockKind>(
  trx: Db,
  kind: K,
  writes: readonly StockWrites[K][],
  yieldTurn: Yield,
): Promise<CatalogLookup> {
  const entries = new Map<string, stock.NamedEntry>();
  const entryKey = (table: stock.NamedEntryTable, name: string) => `${table}:${stock.nameKey(name)}`;
  const createEntries = (table: stock.NamedEntryTable, names: string[]) =>
    inSlices(
      firstOfEachName(names, (name) => name),
      async (slice) => {
        for (const [key, entry] of await imports.findOrCreateNamedEntries(trx, table, slice)) {
          entries.set(`${table}:${key}`, entry);
        }
      },
      { size: WRITES_PER_SLICE, yieldTurn },
    );
  for (const field of specOf(kind).fields) {
    if (field.home.on !== 'trade') continue;
    await createEntries(
      field.home.table,
      writes.map((write) => writeValue(write, field) as string),
    );
  }
  if (kind !== 'chemical') {
    await createEntries(
      specOf(kind).catalog.table as stock.NamedEntryTable,
      writes.map((write) => write.name),
    );
  }
  const chemicals = new Map<string, stock.ChemicalRow>();
  if (kind === 'chemical') {
    await inSlices(
      firstOfEachName(writes as readonly ChemicalWrite[], (write) => write.name),
      async (slice) => {
        const named = slice.map((write) => ({ name: write.name, values: substanceValues(write, undefined) }));
        for (const [key, row] of await imports.findOrCreateChemicals(trx, named)) chemicals.set(key, row);
      },
      { size: WRITES_PER_SLICE, yieldTurn },
    );
  }
  return {
    entry: async (db, table, name) =>
      entries.get(entryKey(table, name)) ?? DATABASE_CATALOG.entry(db, table, name),
    chemicalByName: async (db, name) =>
      chemicals.get(stock.nameKey(name)) ?? DATABASE_CATALOG.chemicalByName(db, name),
    saveChemical: async (db, name, values, known) => {
      const saved = await DATABASE_CATALOG.saveChemical(db, name, values, known);
      const found = chemicals.get(stock.nameKey(name));
      if (found !== undefined) chemicals.set(stock.nameKey(name), { ...found, ...values });
      return saved;
    },
  };
}

/** Rows checked between two yields to the event loop. */
const ROWS_PER_SLICE = 100;

/** Names or identities looked up between two yields (a few multi-row queries). */
const LOOKUPS_PER_SLICE = 1000;

/**
 * How long a commit works between two turns of other requests. It holds the writer throughout (on SQLite every
 * other write waits for it), so it takes turns by time rather than after every slice: under load each turn costs
 * it the requests that arrived meanwhile. Its steps (a slice of lookups or writes, one row resolved) take 15 ms at
 * most, so the event loop is held for about twice this at most.
 */
const COMMIT_SLICE_MS = 15;

/** Records, ledger entries or search-change notes a commit writes in one step (about 15 ms on SQLite). */
export const WRITES_PER_SLICE = 250;

/**
 * The first item naming each name (compared as §4.4 compares them), by ascending name key: entries are created in
 * that order, so concurrent writers creating several wait for each other in one order.
 */
function firstOfEachName<T>(items: readonly T[], nameOf: (item: T) => string): T[] {
  const first = new Map<string, T>();
  for (const item of items) {
    const key = stock.nameKey(nameOf(item));
    if (!first.has(key)) first.set(key, item);
  }
  return [...first.keys()].sort().map((key) => first.get(key)!);
}

/** Lets other requests run, at once (yieldToOtherRequests) or once a slice has used its time (yieldEvery). */
type Yield = () => Promise<void>;

/** A lookup of thousands of keys, a slice of them at a time with a yield to the event loop before each. */
async function lookUpInSlices<T, V>(
  keys: readonly T[],
  lookUp: (slice: T[]) => Promise<Map<string, V>>,
  yieldTurn: Yield = yieldToOtherRequests,
): Promise<Map<string, V>> {
  const found = new Map<string, V>();
  await inSlices(
    keys,
    async (slice) => {
      for (const [key, value] of await lookUp(slice)) found.set(key, value);
    },
    { size: LOOKUPS_PER_SLICE, yieldTurn },
  );
  return found;
}

const stockIdsByIdentity = <K extends StockKind>(
  db: Db,
  kind: K,
  identities: readonly StockRowChanges<K>[],
  yieldTurn?: Yield,
) => lookUpInSlices(identities, (slice) => imports.findStockIdsByIdentity(db, kind, slice), yieldTurn);

export const importTarget = (row: Pick<ImportRow, 'id' | 'file_name'>): AuditTarget => ({
  type: 'import',
  id: row.id,
  label: `${row.file_name} (import #${row.id})`,
});

/**
 * Commits the valid rows in one transaction, all or nothing: rows with errors refuse the commit (400) unless
 * `skipErrors`. Each row creates its record or adds to the existing one with the same identifying fields; every
 * quantity arrives through an IMPORT ledger entry carrying the import's id. Existing records are locked in
 * ascending id order, as merges and issues lock them.
 */
export async function commitImport(
  context: ImportsContext,
  actor: Actor,
  id: number,
  { mapping, skipErrors }: { mapping?: unknown; skipErrors: boolean },
): Promise<ImportSummary> {
  const { db, dialect, now } = context;
  // The rows are checked before the transaction, which then holds the writer (on SQLite every other write waits
  // for it) only for what it writes: a session's cells never change while it is pending, and the transaction
  // checks again that it is.
  const session = await imports.findImport(db, id);
  if (!session) throw notFound();
  const { kind, checked } = await sessionRows(context, session, mapping);
  const valid = checked.filter((line) => line.write !== undefined);
  const failing = checked.length - valid.length;
  if (failing > 0 && !skipErrors) {
    throw badRequest(
      `${failing} row${failing === 1 ? ' has' : 's have'} errors: fix the file, or skip them (skip_errors).`,
    );
  }
  if (valid.length === 0) throw badRequest('No row can be imported.');
  const writes = valid.map((line) => line.write!);

  await writeTransaction(db, async (trx) => {
    const row = await imports.findImport(trx, id, dialect);
    if (!row) throw notFound();
    if (row.status !== 'PENDING') throw alreadyDone(row);

    const yieldTurn = yieldEvery(COMMIT_SLICE_MS);
    const catalog = await fileCatalog(trx, kind, writes, yieldTurn);
    const resolved: { columns: StockRowChanges<typeof kind>; quantity: number }[] = [];
    const alsoChanged = new Set<number>();
    for (const write of writes) {
      await yieldTurn();
      const { columns, alsoChanged: others } = await newStockColumns(trx, kind, write, catalog);
      others.forEach((other) => alsoChanged.add(other));
      resolved.push({ columns, quantity: toBaseQuantity(kind, write.quantity ?? 0) });
    }
    const existing = await stockIdsByIdentity(
      trx,
      kind,
      resolved.map((line) => line.columns),
      yieldTurn,
    );
    const type = OBJECT_TYPES[kind];
    const before = await lockStock(
      trx,
      dialect,
      [...existing.values()].map((object_id) => ({ object_type: type, object_id })),
    );

    const created_at = now().toISOString();
    // New records in multi-row inserts, which answer their ids.
    const fresh = resolved.filter((line) => !existing.has(imports.identityOf(kind, line.columns)));
    const created = new Map<string, number>();
    await inSlices(
      fresh,
      async (slice) => {
        const ids = await insertImportedRows(
          trx,
          kind,
          slice.map((line) => ({ ...line.columns, quantity: line.quantity })),
        );
        for (const [identity, stockId] of ids) created.set(identity, stockId);
      },
      { size: WRITES_PER_SLICE, yieldTurn },
    );
    const inserted = new Set<string>();
    const changes = resolved.map((line) => {
      const identity = imports.identityOf(kind, line.columns);
      const ref = { object_type: type, object_id: existing.get(identity) ?? created.get(identity)! };
      if (!existing.has(identity)) {
        before.set(stockKey(ref), 0);
        inserted.add(stockKey(ref));
      }
      return { ...ref, change: line.quantity };
    });
    // Created in bulk, audited once as the import: their events are written here.
    recordChange(trx, { topic: kind, action: 'created', ids: created.values(), actor });
    const createdCount = fresh.length;
    const movement = { changes, before, inserted };
    const [tooMuch] = outOfBounds(movement);
    if (tooMuch) throw await aboveMaximum(trx, tooMuch);
    await moveStock(trx, movement, {
      ledger: { kind: 'IMPORT', import_id: id },
      at: created_at,
      actor,
      alsoChanged: [...alsoChanged].map((object_id) => ({ object_type: type, object_id })),
      slicing: { size: WRITES_PER_SLICE, yieldTurn },
    });
    const counts = {
      created_count: createdCount,
      added_count: valid.length - createdCount,
      skipped_count: failing,
    };
    await imports.updateImport(trx, id, {
      status: 'COMMITTED',
      cells: null,
      committed_at: created_at,
      ...counts,
    });
    await recordAudit(trx, {
      at: new Date(created_at),
      actor,
      action: 'import.committed',
      target: importTarget(row),
      changes: {
        type: [null, kind],
        created: [null, counts.created_count],
        added_to: [null, counts.added_count],
        skipped: [null, counts.skipped_count],
      },
    });
  });
  return getImport(context, id);
}

/** The import's new records; one that a concurrent write created meanwhile is a 409 (commit again to add to it). */
async function insertImportedRows<K extends StockKind>(
  trx: Db,
  kind: K,
  rows: readonly StockRowChanges<K>[],
): Promise<Map<string, number>> {
  try {
    return await imports.insertStockRows(trx, kind, rows);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw conflict('A record of this file was created by someone else meanwhile; commit again to add to it.');
  }
}

/**
 * Undoes a committed import under the shipments' undo rule (revertAdditions): its IMPORT entries taken back by
 * REVERSAL entries carrying the import's id, refused while a record holds less than the import added to it. The
 * records it created stay (with what remains in them), like everything in the history.
 */
export async function revertImport(
  context: ImportsContext,
  actor: Actor,
  id: number,
): Promise<ImportSummary> {
  await writeTransaction(context.db, async (trx) => {
    const row = await imports.findImport(trx, id, context.dialect);
    if (!row) throw notFound();
    if (row.status === 'PENDING') throw conflict('This import was not committed: there is nothing to undo.');
    if (row.status === 'REVERTED') throw alreadyDone(row);
    const kind = KIND_OF_TYPE[row.object_type];
    const revertedAt = await revertAdditions(trx, context, actor, {
      kind,
      what: 'import',
      addedAt: row.committed_at!,
      additions: await imports.importAdditions(trx, id),
      link: { shipment_id: null, import_id: id },
    });
    await imports.updateImport(trx, id, {
      status: 'REVERTED',
      reverted_at: revertedAt,
      reverted_by: actor.email,
    });
    await recordAudit(trx, {
      at: new Date(revertedAt),
      actor,
      action: 'import.reverted',
      target: importTarget(row),
      changes: null,
    });
  });
  return getImport(context, id);
}
