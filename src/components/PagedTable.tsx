import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import { useState, type ReactNode } from 'react';
import { errorMessage, type ApiError } from '../api/errorMessage';
import type { Page } from '../api/paging';
import { CenteredSpinner } from './CenteredSpinner';
import { ColumnTable } from './ColumnTable';
import type { Column } from './VirtualTable';

export const rowsPerPageOptions = [25, 50, 100];

/** Where a server-paged list stands: rows per page and the page shown, from 0. */
export interface Paging {
  limit: number;
  page: number;
}

/**
 * A server-paged list's filters as typed and the page shown: `change` sets some filters and goes back to the first
 * page, since the one shown may no longer exist; `field('actor')` is one filter's value and change, for a filter
 * field (`<TextFilter {...field('actor')} />`).
 */
export function usePagedFilters<Inputs>(initial: Inputs) {
  const [inputs, setInputs] = useState(initial);
  const [paging, setPaging] = useState<Paging>({ limit: rowsPerPageOptions[1], page: 0 });
  const change = (next: Partial<Inputs>) => {
    setInputs((current) => ({ ...current, ...next }));
    setPaging((current) => ({ ...current, page: 0 }));
  };
  return {
    inputs,
    change,
    field: <Key extends keyof Inputs>(key: Key) => ({
      value: inputs[key],
      onChange: (value: Inputs[Key]) => change({ [key]: value } as unknown as Partial<Inputs>),
    }),
    /** Where the list stands and how it moves, for its table or page controls (`<PagedTable {...pages} />`). */
    pages: { paging, onPagingChange: setPaging },
    /** The `limit`/`offset` the server pages by (DRF LimitOffsetPagination). */
    request: { limit: paging.limit, offset: paging.limit * paging.page },
  };
}

/**
 * The page controls under a server-paged list, written once for every such list (tables and cards alike): a new
 * number of rows per page goes back to the first page.
 */
export function PageControls({
  count,
  paging,
  onPagingChange,
  rowsLabel,
}: {
  count: number;
  paging: Paging;
  onPagingChange: (paging: Paging) => void;
  /** 'Holdings per page:'; MUI's 'Rows per page:' without it. */
  rowsLabel?: string;
}) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={paging.page}
      rowsPerPage={paging.limit}
      rowsPerPageOptions={rowsPerPageOptions}
      labelRowsPerPage={rowsLabel}
      onPageChange={(_event, page) => onPagingChange({ ...paging, page })}
      onRowsPerPageChange={(event) => onPagingChange({ limit: Number(event.target.value), page: 0 })}
    />
  );
}

/** The row of filter controls above a list, a form by its name. */
export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack
      direction="row"
      component="form"
      aria-label={label}
      useFlexGap
      sx={{ flexWrap: 'wrap', gap: 2 }}
      onSubmit={(event) => event.preventDefault()}
    >
      {children}
    </Stack>
  );
}

interface PagedTableProps<Row> {
  /** The table's accessible name, also the loading spinner's ("Loading <label>"). */
  label: string;
  columns: readonly Column<Row>[];
  /** The list query: its last page stays on screen while the next one loads; a failure shows in its place. */
  list: { data?: Page<Row>; isFetching: boolean; isError: boolean; error?: ApiError };
  paging: Paging;
  onPagingChange: (paging: Paging) => void;
}

/**
 * One page of a server-paged list with the page controls, or its loading, empty or failed state; a row is known by
 * its id, as every server list's rows are.
 */
export function PagedTable<Row extends { id: number }>({
  label,
  columns,
  list: { data, isFetching, isError, error },
  paging,
  onPagingChange,
}: PagedTableProps<Row>) {
  if (isError) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!data) return <CenteredSpinner label={`Loading ${label}`} />;
  return (
    <Paper>
      {/* The bar keeps its place while idle, so the table does not jump when a page loads. */}
      {isFetching ? <LinearProgress aria-label={`Loading ${label}`} /> : <Box sx={{ height: 4 }} />}
      {data.results.length === 0 ? (
        <Typography sx={{ py: 4, textAlign: 'center' }}>Nothing Found</Typography>
      ) : (
        <ColumnTable label={label} columns={columns} rows={data.results} rowKey={(row) => row.id} />
      )}
      <PageControls count={data.count} paging={paging} onPagingChange={onPagingChange} />
    </Paper>
  );
}
