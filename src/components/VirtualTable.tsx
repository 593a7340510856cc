import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { Theme } from '@mui/material/styles';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef, type ReactNode } from 'react';
import { cellOf, type Column } from './columns';

// Columns are described in ./columns (which the small tables share without loading the virtualizer).
export type { Column } from './columns';

export interface Sorting {
  field: string;
  descending: boolean;
}

/** Rows the table holds all of. */
interface LoadedRows<Row> {
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
}

/** A list the table shows a window of while its rows arrive in parts (pages from a server). */
interface RowsByPlace<Row> {
  rowCount: number;
  /** The row at a place in the list; undefined draws a placeholder row until it arrives. */
  rowAt: (index: number) => Row | undefined;
  /** Called with the places of the first and last rows drawn (in view plus a margin) whenever they change. */
  onRangeChange: (first: number, last: number) => void;
}

type VirtualTableProps<Row> = (LoadedRows<Row> | RowsByPlace<Row>) & {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<Row>[];
  /** With `onSortingChange`, the headers of columns with a `sortField` sort on click. */
  sorting?: Sorting;
  onSortingChange?: (sorting: Sorting) => void;
  /** When this changes the table scrolls back to its first row (a new order or filter). */
  scrollResetKey?: string;
  /** The last column (a row's actions) stays at the table's right edge while the table scrolls sideways. */
  pinLastColumn?: boolean;
};

// Every row has this height (cells do not wrap), so positions are known without measuring each row.
const ROW_HEIGHT = 48;

/** How wide a clipped column's text gets (columns.ts). */
const CLIPPED_WIDTH = '10rem';

// An element without layout (not laid out yet, or in a DOM without one such as jsdom) measures 0 × 0, which
// would render no rows at all; a screenful is the better guess until a real size is reported.
const FALLBACK_HEIGHT = 600;
const observeSize: typeof observeElementRect = (instance, report) =>
  observeElementRect(instance, (rect) =>
    report(rect.height > 0 ? rect : { ...rect, height: FALLBACK_HEIGHT }),
  );

const ignoreRange = () => undefined;

// Body rows are plain <tr>/<td>, styled once here as MUI's small body cells: while scrolling, a screenful of rows
// comes into view at every step, and a styled component per cell (or per-cell `sx`) would cost emotion work for
// each of them, long enough to drop frames on a slow terminal.
// The Store's chemical table has fifteen columns: at 1,280 px (issue 33) its Amount and a row's actions stay in view
// because the cells are padded half as much as MUI's, the headers may wrap between words, long names are clipped
// (CLIPPED_WIDTH) and the actions column is pinned to the right edge (`pin-last`) over the columns scrolled under it.
const tableStyle = (theme: Theme) => ({
  '& th': { fontWeight: 700, padding: theme.spacing(0.75, 1) },
  '& tbody tr[aria-rowindex]': { height: ROW_HEIGHT },
  '& tbody tr[aria-rowindex]:not([aria-busy]):hover': { backgroundColor: theme.palette.action.hover },
  '& tbody td': {
    ...theme.typography.body2,
    color: theme.palette.text.primary,
    padding: theme.spacing(0, 1),
    borderBottom: `1px solid ${theme.palette.divider}`,
    whiteSpace: 'nowrap',
  },
  '& .clipped': {
    display: 'block',
    maxWidth: CLIPPED_WIDTH,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  // A link that is a button (the admin area's record links) is a box of its own: it clips itself.
  '& .clipped > button': {
    maxWidth: '100%',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    verticalAlign: 'bottom',
  },
  '&.pin-last tr > :last-child': {
    position: 'sticky',
    right: 0,
    boxShadow: `inset 1px 0 0 ${theme.palette.divider}`,
  },
  // Above the sticky header's other cells (MUI gives them z-index 2), which scroll under it sideways.
  '&.pin-last thead tr > :last-child': { zIndex: 3 },
  '&.pin-last tbody tr[aria-rowindex] > :last-child': {
    zIndex: 1,
    backgroundColor: theme.palette.background.paper,
  },
  // The row's hover shade, which the pinned cell's own background would hide.
  '&.pin-last tbody tr[aria-rowindex]:not([aria-busy]):hover > :last-child': {
    backgroundImage: `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover})`,
  },
  '& .placeholder-bar': {
    display: 'block',
    height: 12,
    minWidth: 24,
    borderRadius: `${theme.shape.borderRadius}px`,
    backgroundColor: theme.palette.action.hover,
  },
});

function SortableHeader({
  field,
  sorting,
  onSortingChange,
  children,
}: {
  field: string;
  sorting: Sorting | undefined;
  onSortingChange: (sorting: Sorting) => void;
  children: string;
}) {
  const active = sorting?.field === field;
  const descending = active && sorting.descending;
  return (
    <TableCell aria-sort={active ? (descending ? 'descending' : 'ascending') : undefined}>
      <TableSortLabel
        active={active}
        direction={descending ? 'desc' : 'asc'}
        onClick={() => onSortingChange({ field, descending: active && !descending })}
      >
        {children}
      </TableSortLabel>
    </TableCell>
  );
}

interface HeaderRowProps<Row> {
  columns: readonly Column<Row>[];
  sorting: Sorting | undefined;
  onSortingChange: ((sorting: Sorting) => void) | undefined;
}

/** The column headers; memoized, as the table draws again at every scroll step while they stay as they are. */
const HeaderRow = memo(function HeaderRow<Row>({ columns, sorting, onSortingChange }: HeaderRowProps<Row>) {
  return (
    <TableHead>
      <TableRow aria-rowindex={1}>
        {columns.map((column) =>
          column.sortField && onSortingChange ? (
            <SortableHeader
              key={column.header}
              field={column.sortField}
              sorting={sorting}
              onSortingChange={onSortingChange}
            >
              {column.header}
            </SortableHeader>
          ) : (
            <TableCell key={column.header}>{column.header}</TableCell>
          ),
        )}
      </TableRow>
    </TableHead>
  );
}) as <Row>(props: HeaderRowProps<Row>) => ReactNode;

// Rows are memoized: while scrolling, the rows that stay in view keep their props and are not drawn again, only
// those coming into view are.

interface DataRowProps<Row> {
  row: Row;
  index: number;
  columns: readonly Column<Row>[];
}

/** The whole text of a clipped cell, shown on hover. */
function clippedText<Row>(column: Column<Row>, row: Row, index: number): string | undefined {
  const value = column.value?.(row, index);
  return value === null || value === undefined ? undefined : String(value);
}

const DataRow = memo(function DataRow<Row>({ row, index, columns }: DataRowProps<Row>) {
  return (
    <tr aria-rowindex={index + 2}>
      {columns.map((column) => (
        <td key={column.header}>
          {column.clipped ? (
            <span className="clipped" title={clippedText(column, row, index)}>
              {cellOf(column, row, index)}
            </span>
          ) : (
            cellOf(column, row, index)
          )}
        </td>
      ))}
    </tr>
  );
}) as <Row>(props: DataRowProps<Row>) => ReactNode;

/** Stands for a row whose data has not arrived: a light bar per cell, announced as busy. */
const PlaceholderRow = memo(function PlaceholderRow({ columns, index }: { columns: number; index: number }) {
  return (
    <tr aria-rowindex={index + 2} aria-busy="true">
      {Array.from({ length: columns }, (_, column) => (
        <td key={column}>
          <span aria-hidden className="placeholder-bar" />
        </td>
      ))}
    </tr>
  );
});

/**
 * A real <table> that renders only the rows in view (plus a margin), so lists of tens of thousands of rows stay
 * smooth. Spacer rows above and below keep the scroll height; they are hidden from assistive technology, and
 * aria-rowcount / aria-rowindex tell it where the rendered rows sit in the whole table.
 */
export function VirtualTable<Row>(props: VirtualTableProps<Row>) {
  const { label, columns, sorting, onSortingChange, scrollResetKey, pinLastColumn = false } = props;
  const rowCount = 'rows' in props ? props.rows.length : props.rowCount;
  const rowAt = 'rows' in props ? (index: number) => props.rows[index] : props.rowAt;
  const onRangeChange = 'rows' in props ? ignoreRange : props.onRangeChange;
  // Rows arriving in pages are keyed by place: while pages refetch one by one after a delete, the same record
  // can briefly stand at two places.
  const keyOf = 'rows' in props ? (row: Row) => props.rowKey(row) : (_row: Row, index: number) => index;
  const scrollElement = useRef<HTMLDivElement>(null);
  // The virtualizer's results change while its object stays the same, so React Compiler must leave this alone.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollElement.current,
    estimateSize: () => ROW_HEIGHT,
    observeElementRect: observeSize,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const spaceAbove = items.length > 0 ? items[0].start : 0;
  const spaceBelow = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  const first = items.length > 0 ? items[0].index : 0;
  const last = items.length > 0 ? items[items.length - 1].index : 0;

  useEffect(() => {
    onRangeChange(first, last);
  }, [onRangeChange, first, last]);

  // Setting scrollTop (rather than the virtualizer's scrollToOffset, which needs Element.scrollTo) makes the
  // browser send the scroll event the virtualizer follows.
  useEffect(() => {
    if (scrollElement.current && scrollResetKey !== undefined) scrollElement.current.scrollTop = 0;
  }, [scrollResetKey]);

  return (
    <TableContainer component={Paper} ref={scrollElement} sx={{ maxHeight: '70vh' }}>
      <Table
        stickyHeader
        size="small"
        aria-label={label}
        aria-rowcount={rowCount + 1}
        className={pinLastColumn ? 'pin-last' : undefined}
        sx={tableStyle}
      >
        <HeaderRow columns={columns} sorting={sorting} onSortingChange={onSortingChange} />
        <TableBody>
          {spaceAbove > 0 && <tr aria-hidden="true" style={{ height: spaceAbove }} />}
          {items.map(({ index }) => {
            const row = rowAt(index);
            if (row === undefined)
              return <PlaceholderRow key={index} columns={columns.length} index={index} />;
            return <DataRow key={keyOf(row, index)} row={row} index={index} columns={columns} />;
          })}
          {spaceBelow > 0 && <tr aria-hidden="true" style={{ height: spaceBelow }} />}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
