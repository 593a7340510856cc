import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Key, ReactNode } from 'react';
import { cellOf, type Column } from './columns';

interface ColumnTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, position: number) => Key;
  /** Rows under the list that sum it up (a total), as table rows. */
  footer?: ReactNode;
}

/** Every row of a short list in the columns given (long lists go in a VirtualTable, which draws only those in view). */
export function ColumnTable<Row>({ label, columns, rows, rowKey, footer }: ColumnTableProps<Row>) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header}>{column.header}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, position) => (
            <TableRow key={rowKey(row, position)}>
              {columns.map((column) => (
                <TableCell key={column.header}>{cellOf(column, row, position)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        {footer && <TableFooter>{footer}</TableFooter>}
      </Table>
    </TableContainer>
  );
}
