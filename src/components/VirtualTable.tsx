import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';

export interface Column<Row> {
  header: string;
  /** `position` is the row's place in the rows given to the table, from 0. */
  cell: (row: Row, position: number) => ReactNode;
}

interface VirtualTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string | number;
}

// Every row has this height (cells do not wrap), so positions are known without measuring each row.
const ROW_HEIGHT = 48;

// An element without layout (not laid out yet, or in a DOM without one such as jsdom) measures 0 × 0, which
// would render no rows at all; a screenful is the better guess until a real size is reported.
const FALLBACK_HEIGHT = 600;
const observeSize: typeof observeElementRect = (instance, report) =>
  observeElementRect(instance, (rect) =>
    report(rect.height > 0 ? rect : { ...rect, height: FALLBACK_HEIGHT }),
  );

/**
 * A real <table> that renders only the rows in view (plus a margin), so lists of tens of thousands of rows stay
 * smooth. Spacer rows above and below keep the scroll height; they are hidden from assistive technology, and
 * aria-rowcount / aria-rowindex tell it where the rendered rows sit in the whole table.
 */
export function VirtualTable<Row>({ label, rows, columns, rowKey }: VirtualTableProps<Row>) {
  const scrollElement = useRef<HTMLDivElement>(null);
  // The virtualizer's results change while its object stays the same, so React Compiler must leave this alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement.current,
    estimateSize: () => ROW_HEIGHT,
    observeElementRect: observeSize,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const spaceAbove = items.length > 0 ? items[0].start : 0;
  const spaceBelow = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;

  return (
    <TableContainer component={Paper} ref={scrollElement} sx={{ maxHeight: '70vh' }}>
      <Table stickyHeader size="small" aria-label={label} aria-rowcount={rows.length + 1}>
        <TableHead>
          <TableRow aria-rowindex={1}>
            {columns.map((column) => (
              <TableCell key={column.header} sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {spaceAbove > 0 && <tr aria-hidden="true" style={{ height: spaceAbove }} />}
          {items.map(({ index }) => {
            const row = rows[index];
            return (
              <TableRow key={rowKey(row)} hover aria-rowindex={index + 2} sx={{ height: ROW_HEIGHT }}>
                {columns.map((column) => (
                  <TableCell key={column.header} sx={{ whiteSpace: 'nowrap', py: 0 }}>
                    {column.cell(row, index)}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
          {spaceBelow > 0 && <tr aria-hidden="true" style={{ height: spaceBelow }} />}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
