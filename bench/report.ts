/** The benchmarks' report: one table of figures, each beside the one from before and its target. */

/** One line of the report; `pass` is undefined for figures without a target. */
export interface Measurement {
  name: string;
  /** The figure issue 10 reported before this work, where it gave one. */
  before?: string;
  measured: string;
  target?: string;
  pass?: boolean;
}

export const ms = (value: number): string => `${value.toFixed(value < 100 ? 2 : 0)} ms`;

export function printTable(rows: Measurement[]): void {
  const header: Measurement = { name: 'benchmark', before: 'before', measured: 'measured', target: 'target' };
  const cells = (row: Measurement) => [
    row.name,
    row.before ?? '',
    row.measured,
    row.target ?? '',
    row.pass === undefined ? (row === header ? 'result' : '') : row.pass ? 'PASS' : 'FAIL',
  ];
  const widths = [0, 1, 2, 3, 4].map((column) =>
    Math.max(...[header, ...rows].map((row) => cells(row)[column].length)),
  );
  const line = (row: Measurement) =>
    cells(row)
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  rows.forEach((row) => console.log(line(row)));
}

/** Runs a benchmark's `main` and exits with its code (1 when it throws). */
export function exitWith(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
