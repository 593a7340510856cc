import { stringify } from 'csv-stringify/sync';
// The export format and its formula rule are the server's, shared so a file reads the same wherever it is made.
import { exportCsvOptions } from '../../server/src/domain/csvFormat';

/** One column of a table's export, in the order the screen shows it: its header and the cell of a row. */
export interface CsvColumn<T> {
  header: string;
  cell: (row: T) => string | number | null | undefined;
}

/** The CSV file of rows already on screen: one line per row, the columns in the order given. */
export function csvFile<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): Blob {
  const records = rows.map((row) => columns.map((column) => column.cell(row) ?? null));
  const text = stringify(records, exportCsvOptions(columns.map((column) => column.header)));
  return new Blob([text], { type: 'text/csv;charset=utf-8' });
}

/** An export's file name, `labstore-<subject>-<date>.<extension>`, dated with the viewer's calendar day. */
export function exportFileName(subject: string, extension = 'csv', now = new Date()): string {
  const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
  return `labstore-${subject}-${day}.${extension}`;
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
