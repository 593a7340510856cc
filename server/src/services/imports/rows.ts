import type { Db } from '../../db';
import { keyColumn } from '../../db/repositories/stockIdentity';
import type { StockRowChanges } from '../../db/repositories/stock';
import { inSlices } from '../../db/slices';
import type { ColumnMapping } from '../../contract/imports';
import { importedNumber, importedQuantity } from '../../domain/importedQuantity';
import { identityFields, toStored } from '../../domain/stockKindHelpers';
import { specOf, type StockField, type StockKind } from '../../domain/stockKinds';
import { yieldToOtherRequests } from '../../http/eventLoop';
import { isOverlongCell, MAX_CELL_LENGTH } from '../../http/spreadsheet';
import { FieldErrorCollector, type FieldErrors, messages, ValidationError } from '../../validation/errors';
import { type RequestSchema, validateObject } from '../../validation/validate';
import type { StockWrites } from '../stock';
import type { ImportsContext } from './context';
import * as imports from '../../db/repositories/imports';
import * as stock from '../../db/repositories/stock';

// An import's rows: each checked by the kind's POST validator, and matched with the records they would add to.

/** Rows checked between two yields to the event loop. */
const ROWS_PER_SLICE = 100;

/** Names or identities looked up between two yields (a few multi-row queries). */
const LOOKUPS_PER_SLICE = 1000;

export interface CheckedRow<K extends StockKind> {
  row: number;
  values: Record<string, string>;
  errors: FieldErrors;
  write?: StockWrites[K];
  duplicateOf: number | null;
}

/** A write's value of a field (writes hold every field flat, under its API name). */
export const writeValue = (write: object, field: StockField): unknown =>
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
export async function checkRows<K extends StockKind>(
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
export async function existingRecords<K extends StockKind>(
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

/** Lets other requests run, at once (yieldToOtherRequests) or once a slice has used its time (yieldEvery). */
export type Yield = () => Promise<void>;

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

export const stockIdsByIdentity = <K extends StockKind>(
  db: Db,
  kind: K,
  identities: readonly StockRowChanges<K>[],
  yieldTurn?: Yield,
) => lookUpInSlices(identities, (slice) => imports.findStockIdsByIdentity(db, kind, slice), yieldTurn);
