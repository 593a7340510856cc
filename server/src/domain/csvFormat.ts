import type { Options } from 'csv-stringify';

// The CSV that every 'Export CSV' writes, on the server (streamed lists) and in the browser (tables already on
// screen). Both import this module, so a file reads the same wherever it was made and the formula rule is kept once.

// OWASP's list of characters that make a spreadsheet read a cell as a formula (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell that a spreadsheet would run as a formula (`=HYPERLINK(…)`, `+1+1`, `-2+3`, `@SUM(…)`) is written
 * with a leading `'`, which makes it plain text there. Only text is escaped: numbers reach csv-stringify as
 * numbers, so a negative quantity (`-12.5`) stays a number that spreadsheets can add up.
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * The text a cell held before neutralizeFormula escaped it: an imported file that one of our exports wrote reads
 * back as the values it was written from (`'=HYPERLINK(…)` → `=HYPERLINK(…)`), so export → import changes nothing.
 */
export function restoreFormula(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/**
 * csv-stringify's settings for an export with these headers: a UTF-8 byte order mark (so spreadsheets read the text
 * as UTF-8), the header line, CRLF line ends (RFC 4180), text cells neutralised against formula injection.
 */
export function exportCsvOptions(headers: readonly string[]): Options {
  return {
    bom: true,
    header: true,
    columns: [...headers],
    record_delimiter: 'windows',
    cast: { string: (value, context) => (context.header ? value : neutralizeFormula(value)) },
  };
}
