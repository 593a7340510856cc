import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';

// Spreadsheets for tests and benchmarks of uploads: real .xlsx workbooks written by exceljs, and hostile ones made
// from them (a part inflating to hundreds of MB, a zip lying about its sizes).

/**
 * An .xlsx workbook whose first sheet holds these rows, written by exceljs' writer as a spreadsheet program saves
 * one (shared strings, styles); `shape` adds to the sheet (cell formats, a cell far to the right).
 */
export async function xlsxOf(
  rows: ExcelJS.CellValue[][],
  shape?: (sheet: ExcelJS.Worksheet) => void,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Stock');
  for (const row of rows) sheet.addRow(row);
  shape?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** `text` written `times` times, in chunks of about 64 KB. */
export function* repeated(text: string, times: number): Generator<string> {
  const perChunk = Math.max(1, Math.floor(65_536 / text.length));
  for (let written = 0; written < times; written += perChunk) {
    yield text.repeat(Math.min(perChunk, times - written));
  }
}

/**
 * The workbook with its part `name` replaced by (or added as) the text, deflated as it is produced: a part of
 * hundreds of MB fits in a file of a few hundred KB, a zip bomb.
 */
export async function withPart(workbook: Buffer, name: string, text: Iterable<string>): Promise<Buffer> {
  const zip = await JSZip.loadAsync(workbook);
  zip.file(name, Readable.from(text));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** A sheet part (xl/worksheets/sheet1.xml) whose sheetData holds `rows` (`<row>` elements as text). */
export function* sheetOf(rows: Iterable<string>): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>';
  yield '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  yield* rows;
  yield '</sheetData></worksheet>';
}

/** A row of text cells as a sheet part holds it, at row number `row`, each cell at its column (`A`, `XFD`). */
export function rowXml(row: number, cells: Record<string, string>): string {
  const xml = Object.entries(cells).map(
    ([column, text]) => `<c r="${column}${row}" t="inlineStr"><is><t>${text}</t></is></c>`,
  );
  return `<row r="${row}">${xml.join('')}</row>`;
}

/**
 * The zip with the size its central directory declares for part `name` replaced by `size` (the 4-byte
 * uncompressed size at offset 24 of the part's record): a zip that lies about what it inflates to.
 */
export function declaringSize(zip: Buffer, name: string, size: number): Buffer {
  const lying = Buffer.from(zip);
  const signature = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
  for (let at = lying.indexOf(signature); at !== -1; at = lying.indexOf(signature, at + 4)) {
    const nameLength = lying.readUInt16LE(at + 28);
    if (lying.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      lying.writeUInt32LE(size, at + 24);
      return lying;
    }
  }
  throw new Error(`no part ${name} in the zip`);
}
