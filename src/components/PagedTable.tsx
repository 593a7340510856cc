import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CenteredSpinner } from './CenteredSpinner';
import type { Column } from './VirtualTable';

export const rowsPerPageOptions = [25, 50, 100];

/** Where a server-paged list stands: rows per page and the page shown, from 0. */
export interface Paging {
  limit: number;
  page: number;
}

/** The paging of a list that starts on its first page; `restart` goes back there (after a filter changed). */
export function usePaging() {
  const [paging, setPaging] = useState<Paging>({ limit: rowsPerPageOptions[1], page: 0 });
  return {
    paging,
    setPaging,
    /** The `limit`/`offset` the server pages by (DRF LimitOffsetPagination). */
    request: { limit: paging.limit, offset: paging.limit * paging.page },
    restart: () => setPaging((current) => ({ ...current, page: 0 })),
  };
}

interface PagedTableProps<Row> {
  /** The table's accessible name, also the loading spinner's ("Loading <label>"). */
  label: string;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => number;
  /** The last page received: kept on screen while the next one loads. */
  data: { count: number; results: Row[] } | undefined;
  isFetching: boolean;
  /** The failure to show in place of the table, if the last load failed. */
  error?: string;
  paging: Paging;
  onPagingChange: (paging: Paging) => void;
}

/** One page of a server-paged list with the page controls, or its loading, empty or failed state. */
export function PagedTable<Row>({
  label,
  columns,
  rowKey,
  data,
  isFetching,
  error,
  paging,
  onPagingChange,
}: PagedTableProps<Row>) {
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!data) return <CenteredSpinner label={`Loading ${label}`} />;
  return (
    <Paper>
      {/* The bar keeps its place while idle, so the table does not jump when a page loads. */}
      {isFetching ? <LinearProgress aria-label={`Loading ${label}`} /> : <Box sx={{ height: 4 }} />}
      {data.results.length === 0 ? (
        <Typography sx={{ py: 4, textAlign: 'center' }}>Nothing Found</Typography>
      ) : (
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
              {data.results.map((row, position) => (
                <TableRow key={rowKey(row)}>
                  {columns.map((column) => (
                    <TableCell key={column.header}>{column.cell(row, position)}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <TablePagination
        component="div"
        count={data.count}
        page={paging.page}
        rowsPerPage={paging.limit}
        rowsPerPageOptions={rowsPerPageOptions}
        onPageChange={(_event, page) => onPagingChange({ ...paging, page })}
        onRowsPerPageChange={(event) => onPagingChange({ limit: Number(event.target.value), page: 0 })}
      />
    </Paper>
  );
}
