import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parse, type Options as CsvOptions } from 'csv-parse';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { ValidationError } from '../validation/errors';
import { restoreFormula } from '../domain/csvFormat';
import type { CsvColumn } from './csv';
import { yieldToOtherRequests } from './eventLoop';

// Spreadsheets in and out: uploaded CSV (comma, semicolon or tab; UTF-8 with or without BOM; quoted fields) and
// Excel .xlsx files read into rows of text by csv-parse and exceljs, and .xlsx downloads streamed by exceljs.

/** A sheet as text: its first row (the column names) and the rows under it, every cell as the text it shows. */
export interface SheetText {
  headers: string[];
  rows: string[][];
}

export const spreadsheetMessages = {
  empty: 'The submitted file is empty.',
  notSpreadsheet: 'The file is neither a CSV text file (UTF-8) nor an Excel .xlsx workbook.',
  oldExcel: 'Excel 97–2003 workbooks (.xls) are not read: save the sheet as .xlsx or CSV.',
  noRows: 'The file has a header row but no rows under it.',
  noHeader: 'The file has no header row: its first row must name the columns.',
  tooManyRows: (max: number) => `The file holds more than ${max} rows: split it into several files.`,
  unreadableCsv: (reason: string) => `The file could not be read as CSV: ${reason}`,
  unreadableXlsx: 'The workbook could not be read; save it again as .xlsx or CSV.',
};

const fileError = (message: string) => ValidationError.field('file', message);

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/** The delimiter of a CSV text: whichever of `;`, tab and `,` its first line holds most of (`,` on a tie). */
function csvDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (character: string) => firstLine.split(character).length - 1;
  const [best] = [',', ';', '\t'].sort((a, b) => count(b) - count(a));
  return best;
}

/**
 * Bytes handed to csv-parse between two yields to the event loop: a few milliseconds of parsing, where the whole of a
 * 10 MB upload would hold the loop for a quarter of a second. Slices of bytes, not of text: csv-parse carries a
 * character cut in two over to the next slice.
 */
const CSV_BYTES_PER_SLICE = 64 * 1024;

/**
 * csv-parse's stream API fed a slice at a time, so a large file never holds the event loop in one go. A cell one of
 * our CSV exports escaped against formula injection (`'=SUM(A1)`) reads back as the value it was written from.
 */
async function parseCsvInSlices(bytes: Buffer, options: CsvOptions): Promise<string[][]> {
  const rows: string[][] = [];
  const parser = parse(options);
  parser.on('data', (row: string[]) => rows.push(row.map(restoreFormula)));
  const parsed = finished(parser);
  for (let start = 0; start < bytes.length && !parser.destroyed; start += CSV_BYTES_PER_SLICE) {
    await yieldToOtherRequests();
    parser.write(bytes.subarray(start, start + CSV_BYTES_PER_SLICE));
  }
  parser.end();
  await parsed;
  return rows;
}

async function readCsv(bytes: Buffer): Promise<string[][]> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw fileError(spreadsheetMessages.notSpreadsheet);
  }
  // Text files hold no NUL and almost no other control characters; a binary file renamed .csv does.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\0-\x08\x0e-\x1f]/.test(text)) throw fileError(spreadsheetMessages.notSpreadsheet);
  try {
    return await parseCsvInSlices(bytes, {
      bom: true,
      delimiter: csvDelimiter(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      skip_empty_lines: true,
    });
  } catch (error) {
    throw fileError(spreadsheetMessages.unreadableCsv((error as Error).message));
  }
}

/**
 * What a cell shows as text. A formula is kept as its text (`=HYPERLINK(…)`), never evaluated and never replaced
 * by the result a spreadsheet program cached: what was imported is what the file says.
 */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'object') return String(value);
  if ('formula' in value && typeof value.formula === 'string') return `=${value.formula}`;
  if ('sharedFormula' in value && typeof value.sharedFormula === 'string') return `=${value.sharedFormula}`;
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('text' in value) return String(value.text);
  if ('error' in value) return String(value.error);
  return '';
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw fileError(spreadsheetMessages.unreadableXlsx);
  }
  const sheet = workbook.worksheets[0];
  if (sheet === undefined) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = row.values as ExcelJS.CellValue[];
    // exceljs numbers columns from 1: values[0] is always empty.
    rows.push(values.slice(1).map((value) => (cellText(value).trim() === '' ? '' : cellText(value))));
  });
  return rows;
}

const isBlankRow = (row: readonly string[]) => row.every((cell) => cell.trim() === '');

/**
 * The header row and data rows of an uploaded CSV or .xlsx file (told apart by their bytes, not their names);
 * 400 keyed `file` when it is empty, not a spreadsheet, has no header row, no rows or more than `maxRows`.
 */
export async function readSpreadsheet(bytes: Buffer, maxRows: number): Promise<SheetText> {
  if (bytes.length === 0) throw fileError(spreadsheetMessages.empty);
  if (bytes.subarray(0, 4).equals(OLE_MAGIC)) throw fileError(spreadsheetMessages.oldExcel);
  const rows = (bytes.subarray(0, 4).equals(ZIP_MAGIC) ? await readXlsx(bytes) : await readCsv(bytes)).filter(
    (row) => !isBlankRow(row),
  );
  if (rows.length === 0) throw fileError(spreadsheetMessages.empty);
  const [headers, ...data] = rows;
  if (headers.every((cell) => cell.trim() === '')) throw fileError(spreadsheetMessages.noHeader);
  if (data.length === 0) throw fileError(spreadsheetMessages.noRows);
  if (data.length > maxRows) throw fileError(spreadsheetMessages.tooManyRows(maxRows));
  return { headers: headers.map((cell) => cell.trim()), rows: data };
}

// ---- .xlsx downloads ----

/**
 * The rows as an .xlsx workbook of one sheet, streamed: exceljs' streaming writer commits each row as it is
 * written, and batches are read only as the download takes the bytes. Cells go in as they are: a text cell of a
 * workbook is never run as a formula, so it needs no escape (a `'` would become part of the value), and numbers
 * stay numbers.
 */
export function xlsxStream<T>(
  columns: readonly CsvColumn<T>[],
  batches: AsyncIterable<readonly T[]>,
  sheetName: string,
): Readable {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  // Fastify destroys the answer's stream when the client goes away: the download is gone.
  const downloadGone = new AbortController();
  output.once('close', () => downloadGone.abort());
  void (async () => {
    sheet.addRow(columns.map((column) => column.header)).commit();
    let position = 0;
    for await (const batch of batches) {
      batch.forEach((row, index) => {
        sheet.addRow(columns.map((column) => column.cell(row, position + index))).commit();
      });
      position += batch.length;
      // exceljs' writer never pushes back (its write() always says "go on"), so the loop paces itself: a turn of the
      // event loop lets the workbook's compression and the download take what this batch made (and other requests
      // run), and a full download waits for 'drain'. Leaving the loop ends the batches, so nothing more is read.
      await yieldToOtherRequests();
      if (output.writableNeedDrain) await once(output, 'drain', { signal: downloadGone.signal });
      if (output.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error as Error));
  return output;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Answers with an .xlsx download named `filename`. */
export function sendXlsx(reply: FastifyReply, filename: string, xlsx: Readable): FastifyReply {
  return reply
    .type(XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(xlsx);
}

/** The OpenAPI description of an .xlsx answer. */
export const XLSX_RESPONSE = {
  description: 'An Excel workbook (.xlsx), sent as an attachment',
  content: { [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } } },
};
