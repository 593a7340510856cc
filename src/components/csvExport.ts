// The library's browser build: its Node build reads the global `Buffer` when loaded, which browsers lack, so the
// chunk holding it would fail to load (and every page sharing that chunk with it).
import { stringify } from 'csv-stringify/browser/esm/sync';
// The export format and its formula rule are the server's, shared so a file reads the same wherever it is made.
import { exportCsvOptions } from '../../server/src/domain/csvFormat';
import type { CellValue, Column } from './columns';

/** One column of a table's export, in the order the screen shows it: its header and the cell of a row. */
export interface CsvColumn<T> {
  header: string;
  /** `position` is the row's place in the list, from 0. */
  cell: (row: T, position: number) => CellValue | undefined;
}

/**
 * A table's columns as its export writes them: those with a `value` (not the actions), in the table's order, the
 * unit named in the header ('Amount (ml)').
 */
export function csvColumns<T>(columns: readonly Column<T>[]): CsvColumn<T>[] {
  return columns.flatMap(({ header, unit, value }) =>
    value ? [{ header: unit ? `${header} (${unit})` : header, cell: value }] : [],
  );
}

/** The CSV file of rows already on screen: one line per row, the columns in the order given. */
export function csvFile<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): Blob {
  const records = rows.map((row, position) => columns.map((column) => column.cell(row, position) ?? null));
  const text = stringify(records, exportCsvOptions(columns.map((column) => column.header)));
  return new Blob([text], { type: 'text/csv;charset=utf-8' });
}

/**
 * An export's file name, `labstore-<subject>-<date>.<extension>`, dated with the viewer's calendar day; the subject
 * in lower case with anything but letters and digits as single dashes ('Physical Lab 1 issues' → physical-lab-1-issues).
 */
export function exportFileName(subject: string, extension = 'csv', now = new Date()): string {
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
  const name = subject
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
  return `labstore-${name}-${day}.${extension}`;
}

/** Hands a file to the browser, which saves it under `fileName`. */
export function saveFile(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(href);
}
