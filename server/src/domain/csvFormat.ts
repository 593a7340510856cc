import type { Options } from 'csv-stringify';

// The CSV that every 'Export CSV' writes, on the server (streamed lists) and in the browser (tables already on
// screen). Both import this module, so a file reads the same wherever it was made and the formula rule is kept once.

/**
 * OWASP's CSV Injection guidance: a cell must not start with `=`, `+`, `-`, `@`, a tab or a carriage return, nor
 * may one follow a character some reader takes for the end of a cell (`,`, `;` in a semicolon locale, a tab, a line
 * break), where it would start a cell of its own. The full-width forms count too: Apple Numbers reads `＝` as `=`.
 * One character class after an optional one: linear, whatever the text.
 */
const FORMULA_TRIGGER = /(?:^|[,;\t\r\n])[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * Whether an export writes the text with a leading `'`: when it holds a formula trigger, or when it is such a text
 * behind leading quotes of its own (`'=1`), so that restoreFormula can tell an escape from a quote that was there.
 */
function needsEscape(text: string): boolean {
  return FORMULA_TRIGGER.test(text.replace(/^'+/, ''));
}

/**
 * A text cell that a spreadsheet would run as a formula (`=HYPERLINK(…)`, `+1+1`, `-2+3`, `@SUM(…)`,
 * `Acme;=1+2`) is written with a leading `'`, which makes it plain text there. Only text is escaped: numbers reach
 * csv-stringify as numbers, so a negative quantity (`-12.5`) stays a number that spreadsheets can add up.
 */
export function neutralizeFormula(text: string): string {
  return needsEscape(text) ? `'${text}` : text;
}

/**
 * The text a cell held before neutralizeFormula escaped it: an imported file that one of our exports wrote reads
 * back as the values it was written from (`'=HYPERLINK(…)` → `=HYPERLINK(…)`), so export → import changes nothing.
 */
export function restoreFormula(text: string): string {
  return text.startsWith("'") && needsEscape(text.slice(1)) ? text.slice(1) : text;
}

/**
 * csv-stringify's settings for an export with these headers: a UTF-8 byte order mark (so spreadsheets read the text
 * as UTF-8), the header line, CRLF line ends (RFC 4180), text cells neutralised against formula injection and
 * every one of them quoted (OWASP's guidance), so no separator inside a text, whatever the reader's locale takes
 * for one, splits its cell. Numbers stay unquoted, so spreadsheets read them as numbers.
 */
export function exportCsvOptions(headers: readonly string[]): Options {
  return {
    bom: true,
    header: true,
    columns: [...headers],
    record_delimiter: 'windows',
    quoted_string: true,
    cast: { string: (value, context) => (context.header ? value : neutralizeFormula(value)) },
  };
}
