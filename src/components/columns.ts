import type { ReactNode } from 'react';

// How a table's columns are described: once, for the cells on screen and for the file an export writes.

/** A cell as a file holds it: text, or a number in full precision; null is an empty cell. */
export type CellValue = string | number | null;

interface ColumnBase {
  header: string;
  /** The field a server orders this column by (docs/api.md §5); without it the column cannot be sorted. */
  sortField?: string;
  /** The unit of the column's values, which an export names in its header ('Amount (ml)'). */
  unit?: string;
  /**
   * A column of long texts (a catalog name): a wide table shows the start of each, the whole text on hover, so the
   * columns after it (a record's amount) stay in view (VirtualTable).
   */
  clipped?: boolean;
}

/**
 * A column of a table. `position` is the row's place in the whole list the table shows, from 0. `value` is what an
 * export holds (csvColumns): the full-precision number or plain text; columns without one (actions) are not
 * exported. A column whose cell is its value needs only `value`, which the table then shows.
 */
export type Column<Row> = ColumnBase &
  (
    | { cell: (row: Row, position: number) => ReactNode; value?: (row: Row, position: number) => CellValue }
    | { cell?: undefined; value: (row: Row, position: number) => CellValue }
  );

/** What a table shows in a column for a row. */
export function cellOf<Row>(column: Column<Row>, row: Row, position: number): ReactNode {
  return column.cell ? column.cell(row, position) : column.value(row, position);
}
