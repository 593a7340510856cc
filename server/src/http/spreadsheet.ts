import { isUtf8 } from 'node:buffer';
import { once } from 'node:events';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import zlib from 'node:zlib';
import { parse, type Options as CsvOptions } from 'csv-parse';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import JSZip from 'jszip';
import { ValidationError } from '../validation/errors';
import { restoreFormula } from '../domain/csvFormat';
import type { CsvColumn } from './csv';
import { yieldToOtherRequests } from './eventLoop';

// Spreadsheets in and out: uploaded CSV (comma, semicolon or tab; UTF-8 with or without BOM; quoted fields) and
// Excel .xlsx files read into rows of text by csv-parse and exceljs, and .xlsx downloads streamed by exceljs.
//
// An upload is at most 10 MB, but what it expands to is not: a zip inflates a thousandfold, one cell in column XFD
// makes a row 16,384 cells wide, a shared string is repeated in every cell that names it. So every limit below is
// checked while the file is read, before the work or memory it guards is spent, and reading stops at the first
// one passed.

/** A sheet as text: its first row (the column names) and the rows under it, every cell as the text it shows. */
export interface SheetText {
  headers: string[];
  rows: string[][];
}

/** Columns a row may have, empty ones included: more than any stock kind has fields, with room for notes. */
export const MAX_COLUMNS = 200;

/**
 * Characters a cell is read with: more than any field takes (300 for a name, 490 for every GHS code). A longer
 * cell is kept cut to one character more, so it still reads as too long (isOverlongCell) wherever it is used.
 */
export const MAX_CELL_LENGTH = 1000;

/** Characters of a column name kept (longer ones are cut, with '…'): the names are listed with every import. */
export const MAX_HEADER_LENGTH = 100;

/**
 * Characters a sheet's cells may hold in all: what the largest CSV upload can hold. Only a workbook can hold
 * more, since one shared string can fill any number of cells.
 */
export const MAX_SHEET_CHARACTERS = 10 * 1024 * 1024;

/**
 * Cells a sheet may hold in all (blank ones at the end of a row not counted): 20,000 rows of 50 columns. Each
 * costs memory of its own however short its text, and 20,000 rows of 200 one-letter cells fit in a 10 MB CSV.
 */
export const MAX_SHEET_CELLS = 1_000_000;

/** Bytes a workbook's parts may inflate to in all, however small their declared sizes. */
export const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

/** Parts a workbook may have: a workbook has a few dozen (sheets, pictures, themes…). */
export const MAX_WORKBOOK_PARTS = 1000;

export const spreadsheetMessages = {
  empty: 'The submitted file is empty.',
  notSpreadsheet: 'The file is neither a CSV text file (UTF-8) nor an Excel .xlsx workbook.',
  oldExcel: 'Excel 97–2003 workbooks (.xls) are not read: save the sheet as .xlsx or CSV.',
  noRows: 'The file has a header row but no rows under it.',
  tooManyRows: (max: number) => `The file holds more than ${max} rows: split it into several files.`,
  tooManyColumns: (max: number) =>
    `The file has more than ${max} columns (empty ones count too): delete the columns that are not imported ` +
    'and save it again.',
  tooMuchText: (max: number) =>
    `The cells hold more than ${max.toLocaleString('en')} characters in all: split the file into several files.`,
  tooLongRow: (max: number) =>
    `A row of the file holds more than ${max.toLocaleString('en')} characters: no row of stock records is that ` +
    'long. Check the file is the right one.',
  tooManyCells: (max: number) =>
    `The file holds more than ${max.toLocaleString('en')} cells: split it into several files.`,
  unpackedTooLarge: (unpacks: string, megabytes: number) =>
    `${unpacks} to more than ${megabytes} MB: save the sheet to import on its own, as .xlsx or CSV.`,
  textTooLong: (max: number) =>
    `The workbook holds a text of more than ${max.toLocaleString('en')} characters, more than a cell can hold: ` +
    'save the sheet again as .xlsx or CSV.',
  tooManyParts: (max: number) =>
    `The workbook holds more than ${max} parts (sheets, pictures…): save the sheet to import on its own, as ` +
    '.xlsx or CSV.',
  unreadableCsv: (reason: string) => `The file could not be read as CSV: ${reason}`,
  unreadableXlsx: 'The workbook could not be read; save it again as .xlsx or CSV.',
};

const fileError = (message: string) => ValidationError.field('file', message);

/** Whether a cell was cut at MAX_CELL_LENGTH: it held more than any field takes. */
export const isOverlongCell = (cell: string): boolean => cell.length > MAX_CELL_LENGTH;

const cutCell = (cell: string) => (isOverlongCell(cell) ? cell.slice(0, MAX_CELL_LENGTH + 1) : cell);

function headerText(cell: string): string {
  const text = cell.trim();
  return text.length > MAX_HEADER_LENGTH ? `${text.slice(0, MAX_HEADER_LENGTH)}…` : text;
}

const isBlank = (cell: string) => cell.trim() === '';

/**
 * The rows of a sheet as they are read, held to the limits every spreadsheet shares: blank rows skipped, the first
 * other row taken as the header row, cells cut at MAX_CELL_LENGTH, and a 400 keyed `file` thrown as soon as a row
 * passes MAX_COLUMNS, the rows pass `maxRows`, the cells MAX_SHEET_CELLS or their text MAX_SHEET_CHARACTERS, so
 * the reader stops there.
 */
class SheetRows {
  private headers: string[] | undefined;
  private readonly rows: string[][] = [];
  private characters = 0;
  private cells = 0;

  constructor(private readonly maxRows: number) {}

  add(cells: readonly string[]): void {
    if (cells.every(isBlank)) return;
    if (cells.length > MAX_COLUMNS) throw fileError(spreadsheetMessages.tooManyColumns(MAX_COLUMNS));
    if (this.headers !== undefined && this.rows.length === this.maxRows) {
      throw fileError(spreadsheetMessages.tooManyRows(this.maxRows));
    }
    // A row's blank cells at its end are the same as none (a header row keeps them: its columns can be mapped).
    let end = cells.length;
    while (this.headers !== undefined && isBlank(cells[end - 1])) end -= 1;
    const row = cells.slice(0, end).map(cutCell);
    this.cells += row.length;
    if (this.cells > MAX_SHEET_CELLS) throw fileError(spreadsheetMessages.tooManyCells(MAX_SHEET_CELLS));
    for (const cell of row) this.characters += cell.length;
    if (this.characters > MAX_SHEET_CHARACTERS) {
      throw fileError(spreadsheetMessages.tooMuchText(MAX_SHEET_CHARACTERS));
    }
    if (this.headers === undefined) this.headers = row.map(headerText);
    else this.rows.push(row);
  }

  sheet(): SheetText {
    if (this.headers === undefined) throw fileError(spreadsheetMessages.empty);
    if (this.rows.length === 0) throw fileError(spreadsheetMessages.noRows);
    return { headers: this.headers, rows: this.rows };
  }
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

// ---- CSV ----

/**
 * The delimiter of a CSV file: whichever of `;`, tab and `,` its first line holds most of (`,` on a tie), counted
 * in its first 64 KB (a line of 3,000,000 columns is not split three times to count them).
 */
function csvDelimiter(bytes: Buffer): string {
  const start = bytes.subarray(0, 64 * 1024).toString('utf8');
  const end = start.indexOf('\n');
  const firstLine = end === -1 ? start : start.slice(0, end);
  const count = (character: string) => firstLine.split(character).length - 1;
  const [best] = [',', ';', '\t'].sort((a, b) => count(b) - count(a));
  return best;
}

/**
 * Bytes handed to csv-parse between two yields to the event loop: csv-parse reads 1–3 MB a second on a busy
 * machine, so a slice is a few milliseconds of parsing where a 10 MB upload would hold the loop for seconds.
 * Slices of bytes, not of text: csv-parse carries a character cut in two over to the next slice.
 */
const CSV_BYTES_PER_SLICE = 16 * 1024;

/**
 * csv-parse's stream API fed a slice at a time, so a large file never holds the event loop in one go; it stops at
 * the first error, whether csv-parse's own or a limit thrown by its `cast` or `on_record` hooks.
 */
async function parseCsvInSlices(bytes: Buffer, options: CsvOptions): Promise<void> {
  const parser = parse(options);
  // Rows go to on_record, so nothing is read from the stream; flowing, it still ends.
  parser.resume();
  // Settles without rejecting, so an error met while slices are still being written waits for the await below.
  const parsed = finished(parser).then(
    () => undefined,
    (error: unknown) => error,
  );
  for (let start = 0; start < bytes.length && !parser.destroyed; start += CSV_BYTES_PER_SLICE) {
    await yieldToOtherRequests();
    parser.write(bytes.subarray(start, start + CSV_BYTES_PER_SLICE));
  }
  if (!parser.destroyed) parser.end();
  const error = await parsed;
  if (error !== undefined) throw error;
}

/**
 * Characters a CSV row may hold: far more than 200 cells of any field, and csv-parse stops at them rather than
 * reading a 10 MB line to its end (its cells are cut at MAX_CELL_LENGTH anyway).
 */
export const MAX_CSV_ROW_CHARACTERS = 1024 * 1024;

/** Bytes checked for control characters between two yields to the event loop. */
const CONTROL_CHECK_BYTES_PER_SLICE = 1024 * 1024;

/**
 * Whether the bytes are a text file: UTF-8 (checked natively), without NUL and almost no other control
 * character, which a binary file renamed .csv holds. In UTF-8 those bytes stand for nothing else, so they are
 * looked for in the bytes (read as latin1, a character a byte), a slice at a time.
 */
async function isTextFile(bytes: Buffer): Promise<boolean> {
  if (!isUtf8(bytes)) return false;
  for (let start = 0; start < bytes.length; start += CONTROL_CHECK_BYTES_PER_SLICE) {
    await yieldToOtherRequests();
    const slice = bytes.toString('latin1', start, start + CONTROL_CHECK_BYTES_PER_SLICE);
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    if (/[\0-\x08\x0e-\x1f]/.test(slice)) return false;
  }
  return true;
}

async function readCsv(bytes: Buffer, sheet: SheetRows): Promise<void> {
  if (!(await isTextFile(bytes))) throw fileError(spreadsheetMessages.notSpreadsheet);
  try {
    await parseCsvInSlices(bytes, {
      bom: true,
      delimiter: csvDelimiter(bytes),
      relax_column_count: true,
      skip_empty_lines: true,
      // csv-parse splits no more fields once a row has 201: the rest of a line of 3,000,000 columns stays one
      // text, never becoming 3,000,000 cells, and stops at MAX_CSV_ROW_CHARACTERS; the row is refused as one of
      // 201 columns. (Its per-field `cast` hook would see each field first, but makes every file 25 times slower.)
      ignore_last_delimiters: MAX_COLUMNS + 1,
      max_record_size: MAX_CSV_ROW_CHARACTERS,
      // A cell one of our CSV exports escaped against formula injection (`'=SUM(A1)`) reads back as the value it
      // was written from; .xlsx exports escape nothing, so their cells are read as they are.
      on_record: (row: string[]) => {
        sheet.add(row.map(restoreFormula));
        return undefined;
      },
    });
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    const { code, index } = error as { code?: string; index?: number };
    // Past the 200th field commas are no longer separators: whatever csv-parse found wrong there (a quote before
    // a comma, a long rest of the line), the row has too many columns.
    if (index === MAX_COLUMNS) throw fileError(spreadsheetMessages.tooManyColumns(MAX_COLUMNS));
    if (code === 'CSV_MAX_RECORD_SIZE')
      throw fileError(spreadsheetMessages.tooLongRow(MAX_CSV_ROW_CHARACTERS));
    throw fileError(spreadsheetMessages.unreadableCsv((error as Error).message));
  }
}

// ---- .xlsx ----

/**
 * What a cell shows as text. A formula is kept as its text (`=HYPERLINK(…)`), never evaluated and never replaced
 * by the result a spreadsheet program cached: what was imported is what the file says.
 */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  if (typeof value !== 'object') return String(value);
  if ('formula' in value && typeof value.formula === 'string') return `=${value.formula}`;
  if ('sharedFormula' in value && typeof value.sharedFormula === 'string') return `=${value.sharedFormula}`;
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('text' in value) return String(value.text);
  if ('error' in value) return String(value.error);
  return '';
}

/**
 * A date cell as the calendar date it shows (`2027-03-31`), or with its time of day when it has one
 * (`2027-03-31T14:30:00`). Excel dates carry no zone: exceljs gives the date and time the sheet shows as that
 * instant in UTC, so reading it in UTC (never in the server's zone) gives them back unshifted.
 */
function dateText(date: Date): string {
  // Excel keeps times as fractions of a day, which exceljs rounds to the millisecond: round them to the second.
  const time = Math.round(date.getTime() / 1000) * 1000;
  if (Number.isNaN(time)) return '';
  const iso = new Date(time).toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, -14) : iso.slice(0, -5);
}

/** The first sheet's rows of text (exceljs numbers columns from 1: values[0] is always empty). */
function rowText(row: ExcelJS.Row): string[] {
  const values = row.values as ExcelJS.CellValue[];
  return Array.from({ length: Math.max(values.length - 1, 0) }, (_, index) => {
    const text = cellText(values[index + 1]);
    return isBlank(text) ? '' : text;
  });
}

/**
 * Counts the central directory records of a zip (each starts with this signature) up to `limit + 1`. jszip reads
 * every record in one synchronous pass (10 µs each: a 10 MB zip of empty parts holds 130,000 of them, over a
 * second); counting them first lets a file with more parts than any workbook be refused before jszip starts.
 */
function zipRecordsUpTo(bytes: Buffer, limit: number): number {
  const signature = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
  let count = 0;
  for (
    let at = bytes.indexOf(signature);
    at !== -1 && count <= limit;
    at = bytes.indexOf(signature, at + 4)
  ) {
    count += 1;
  }
  return count;
}

/**
 * What jszip knows of a part from the central directory, on a property it does not type: the size the part
 * declares, its bytes as stored and how they are compressed.
 */
interface StoredPart {
  _data?: { uncompressedSize?: number; compressedContent?: Uint8Array; compression?: { magic?: string } };
}

const storedPart = (part: JSZip.JSZipObject) => (part as unknown as StoredPart)._data;

/**
 * The size a part declares. jszip reads the field as a signed 32-bit number (a zip64 size as its low 32 bits):
 * taken unsigned, 2 GB does not read as negative. What a size hides, the count of bytes inflated finds.
 */
const declaredSize = (part: JSZip.JSZipObject): number => (storedPart(part)?.uncompressedSize ?? 0) >>> 0;

/** jszip's compression magic (the zip's method number as two bytes) of a part stored without compression. */
const STORED = '\x00\x00';

/**
 * A part's bytes as stored, inflated by Node's zlib rather than jszip's own inflater: zlib works in its thread
 * pool and hands out 16 KB at a time as they are read, where jszip turns 16 KB of a bomb into 16 MB in one go
 * (300 ms of the event loop). jszip read the zip's directory and refused any other compression method.
 */
function inflatedBytes(part: JSZip.JSZipObject): Readable {
  const stored = storedPart(part);
  const bytes = stored?.compressedContent;
  if (!(bytes instanceof Uint8Array)) throw fileError(spreadsheetMessages.unreadableXlsx);
  if (stored?.compression?.magic === STORED) return Readable.from([bytes]);
  const inflater = zlib.createInflateRaw();
  inflater.end(bytes);
  return inflater;
}

/** Inflated bytes handed to exceljs' XML parser between two yields to the event loop (a few milliseconds each). */
const XML_BYTES_PER_SLICE = 16 * 1024;

/** Characters a cell of Excel holds at most. */
const EXCEL_CELL_CHARACTERS = 32_767;

/**
 * Characters of XML text between two tags: a cell of Excel's most characters, each written as the longest
 * entity (`&#x10FFFF;`). exceljs builds each text whole and runs a pattern over it, so a longer one (60 MB of one
 * cell) is refused as it streams by.
 */
const MAX_TEXT_RUN = EXCEL_CELL_CHARACTERS * 10;

/** What may still be inflated of the whole workbook. */
interface Allowance {
  bytes: number;
}

/** A part of a workbook and the most it may inflate to, with the words naming it in the refusal. */
interface WorkbookPart {
  path: string;
  limit: number;
  unpacks: string;
}

const unpackedTooLarge = ({ unpacks, limit }: Pick<WorkbookPart, 'unpacks' | 'limit'>) =>
  fileError(spreadsheetMessages.unpackedTooLarge(unpacks, Math.round(limit / 2 ** 20)));

const WHOLE_WORKBOOK = { unpacks: 'The workbook unpacks', limit: MAX_UNPACKED_BYTES };

/**
 * A part's text, a slice at a time with a yield before each: 400 as soon as it inflates past its limit or the
 * workbook past its allowance, whatever the zip declared, or a text passes MAX_TEXT_RUN. Decoded here, as a
 * stream, since exceljs decodes each chunk on its own and would break a character cut in two.
 */
async function* partText(
  zipPart: JSZip.JSZipObject,
  part: WorkbookPart,
  allowance: Allowance,
): AsyncGenerator<string> {
  const bytes = inflatedBytes(zipPart);
  const decoder = new TextDecoder('utf-8');
  let inflated = 0;
  // Characters since the last '<'.
  let textRun = 0;
  try {
    for await (const chunk of bytes as AsyncIterable<Uint8Array>) {
      inflated += chunk.length;
      allowance.bytes -= chunk.length;
      if (inflated > part.limit) throw unpackedTooLarge(part);
      if (allowance.bytes < 0) throw unpackedTooLarge(WHOLE_WORKBOOK);
      for (let start = 0; start < chunk.length; start += XML_BYTES_PER_SLICE) {
        await yieldToOtherRequests();
        const text = decoder.decode(chunk.subarray(start, start + XML_BYTES_PER_SLICE), { stream: true });
        const firstTag = text.indexOf('<');
        if (textRun + (firstTag === -1 ? text.length : firstTag) > MAX_TEXT_RUN) {
          throw fileError(spreadsheetMessages.textTooLong(EXCEL_CELL_CHARACTERS));
        }
        textRun = firstTag === -1 ? textRun + text.length : text.length - text.lastIndexOf('<') - 1;
        yield text;
      }
    }
    const rest = decoder.decode();
    if (rest !== '') yield rest;
  } finally {
    bytes.destroy();
  }
}

/**
 * The parts of a workbook read, in the order exceljs needs them: the sheets' relationships and the workbook (to
 * find the first sheet and its date system), the styles (to tell dates from numbers), the shared strings, then
 * the sheet. The parts read whole have limits of their own, since exceljs keeps an object for every element of
 * them: about 190 bytes for a 5-byte `<xf/>` style, 45 for a shared string of two letters.
 */
const WORKBOOK_PARTS = {
  relationships: {
    path: 'xl/_rels/workbook.xml.rels',
    limit: 2 ** 20,
    unpacks: "The workbook's list of sheets unpacks",
  },
  workbook: { path: 'xl/workbook.xml', limit: 2 ** 20, unpacks: "The workbook's list of sheets unpacks" },
  styles: { path: 'xl/styles.xml', limit: 2 * 2 ** 20, unpacks: "The workbook's cell styles unpack" },
  sharedStrings: {
    path: 'xl/sharedStrings.xml',
    limit: 32 * 2 ** 20,
    unpacks: "The workbook's shared texts unpack",
  },
} satisfies Record<string, WorkbookPart>;

/**
 * What exceljs' streaming WorkbookReader reads each part with. Its own `parse` reads the zip's parts in the order
 * they are stored, and by that order either reads a sheet before its styles (dates then arrive as numbers) or
 * writes it to a temporary file; it also inflates without limit. So the parts are taken here, in the order
 * above, and handed to these (exceljs 4.4.0, pinned).
 */
interface WorkbookPartReaders {
  model?: { sheets?: { rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseStyles(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(
    part: Readable,
    sheetNumber: string,
  ): Generator<{ value: ExcelJS.stream.xlsx.WorksheetReader }>;
}

/** The path of the workbook's first sheet (in its tab order), from its relationship; undefined without sheets. */
function firstSheetPath(reader: WorkbookPartReaders): string | undefined {
  const [first] = reader.model?.sheets ?? [];
  if (first === undefined) return undefined;
  const target = reader.workbookRels?.find((relationship) => relationship.Id === first.rId)?.Target;
  if (target === undefined) throw fileError(spreadsheetMessages.unreadableXlsx);
  return target.startsWith('/') ? target.slice(1) : path.posix.join('xl', target);
}

async function readXlsx(bytes: Buffer, sheet: SheetRows): Promise<void> {
  if (zipRecordsUpTo(bytes, MAX_WORKBOOK_PARTS) > MAX_WORKBOOK_PARTS) {
    throw fileError(spreadsheetMessages.tooManyParts(MAX_WORKBOOK_PARTS));
  }
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw fileError(spreadsheetMessages.unreadableXlsx);
  }
  if (Object.values(zip.files).some((part) => declaredSize(part) > MAX_UNPACKED_BYTES)) {
    throw unpackedTooLarge(WHOLE_WORKBOOK);
  }
  const allowance: Allowance = { bytes: MAX_UNPACKED_BYTES };
  const partStream = (part: WorkbookPart): Readable | undefined => {
    const zipPart = zip.file(part.path);
    if (zipPart === null) return undefined;
    if (declaredSize(zipPart) > part.limit) throw unpackedTooLarge(part);
    return Readable.from(partText(zipPart, part, allowance));
  };
  // Its own zip reading is not used (WorkbookPartReaders): the input is never read.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as WorkbookPartReaders;
  try {
    const relationshipsPart = partStream(WORKBOOK_PARTS.relationships);
    const workbookPart = partStream(WORKBOOK_PARTS.workbook);
    if (relationshipsPart === undefined || workbookPart === undefined) {
      throw fileError(spreadsheetMessages.unreadableXlsx);
    }
    await reader._parseRels(relationshipsPart);
    await reader._parseWorkbook(workbookPart);
    const sheetPath = firstSheetPath(reader);
    if (sheetPath === undefined) return;
    const stylesPart = partStream(WORKBOOK_PARTS.styles);
    if (stylesPart !== undefined) await reader._parseStyles(stylesPart);
    const sharedStringsPart = partStream(WORKBOOK_PARTS.sharedStrings);
    // With sharedStrings 'cache' the parser keeps the strings on the reader and yields nothing: run to its end.
    if (sharedStringsPart !== undefined) for await (const _ of reader._parseSharedStrings(sharedStringsPart));
    const sheetPart = partStream({ path: sheetPath, ...WHOLE_WORKBOOK });
    if (sheetPart === undefined) throw fileError(spreadsheetMessages.unreadableXlsx);
    const [{ value: worksheet }] = reader._parseWorksheet(sheetPart, '1');
    // exceljs creates a cell's column (and every column before it) through getColumn: refused there, a cell in
    // column XFD never becomes a row of 16,384 cells.
    const getColumn = worksheet.getColumn.bind(worksheet);
    worksheet.getColumn = (column: number) => {
      if (column > MAX_COLUMNS) throw fileError(spreadsheetMessages.tooManyColumns(MAX_COLUMNS));
      return getColumn(column);
    };
    // Leaving the loop early (a limit passed) destroys the sheet's stream, which stops jszip.
    for await (const row of worksheet) sheet.add(rowText(row));
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    throw fileError(spreadsheetMessages.unreadableXlsx);
  }
}

/**
 * The header row and data rows of an uploaded CSV or .xlsx file (told apart by their bytes, not their names);
 * 400 keyed `file` when it is empty, not a spreadsheet, has no header row, no rows, more than `maxRows` rows or
 * passes another limit above.
 */
export async function readSpreadsheet(bytes: Buffer, maxRows: number): Promise<SheetText> {
  if (bytes.length === 0) throw fileError(spreadsheetMessages.empty);
  if (bytes.subarray(0, 4).equals(OLE_MAGIC)) throw fileError(spreadsheetMessages.oldExcel);
  const sheet = new SheetRows(maxRows);
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) await readXlsx(bytes, sheet);
  else await readCsv(bytes, sheet);
  return sheet.sheet();
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
