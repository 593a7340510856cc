import type { ColumnMapping } from '../../contract/imports';
import { stockField, writeFields } from '../../domain/stockKindHelpers';
import type { StockKind } from '../../domain/stockKinds';
import { FieldErrorCollector, ValidationError } from '../../validation/errors';

// An import's column mapping: which column of the file each write field is read from.

/** A kind's importable fields: its §4.3 write fields, in the table's order (the template's, quantity last). */
export const importFields = (kind: StockKind): string[] => writeFields(kind).map((field) => field.name);

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

/** The client's mapping checked against the kind's fields and the file's columns (400 with every fault). */
export function checkMapping(
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
