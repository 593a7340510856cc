import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { fieldHelperText } from '../../api/fieldMessages';
import type { ColumnMapping, ImportPreview, PreviewRow } from '../../api/imports';
import { count } from './count';

const ROWS_PER_PAGE = 100;

const outcomeText = (row: PreviewRow) =>
  row.outcome === 'new' ? 'New record' : row.outcome === 'add' ? `Adds to #${row.stock_id}` : 'Error';

/**
 * The server's messages for a cell (in a person's words, as the forms say them) or a row, under its value: the
 * highlight is never the only sign.
 */
function Messages({ field, messages }: { field?: string; messages: readonly string[] }) {
  return (
    <Typography variant="body2" sx={{ color: 'error.main', fontWeight: 500 }}>
      {messages
        .map((message) => `⚠ ${field === undefined ? message : fieldHelperText(field, message)}`)
        .join(' ')}
    </Typography>
  );
}

interface PreviewStepProps {
  preview: ImportPreview;
  fields: readonly string[];
  mapping: ColumnMapping;
  skipErrors: boolean;
  onSkipErrorsChange: (skip: boolean) => void;
}

/**
 * Step 3: every row with its outcome and, for a row with errors, each message under the cell it is about. Shown
 * a page at a time: a file may hold 20,000 rows.
 */
export function PreviewStep({ preview, fields, mapping, skipErrors, onSkipErrorsChange }: PreviewStepProps) {
  const [errorsOnly, setErrorsOnly] = useState(false);
  const [page, setPage] = useState(0);
  const columns = fields.filter((field) => mapping[field] !== null && mapping[field] !== undefined);
  const rows = useMemo(
    () => (errorsOnly ? preview.rows.filter((row) => row.outcome === 'error') : preview.rows),
    [errorsOnly, preview.rows],
  );
  const { counts } = preview;
  return (
    <Stack spacing={2}>
      <Typography role="status">
        {count(counts.new, 'new record')}, {count(counts.add, 'row adds', 'rows add')} to existing records,{' '}
        {count(counts.error, 'row has errors', 'rows have errors').replace(/^0 rows have/, 'no row has')}.
      </Typography>
      <Stack direction="row" spacing={3}>
        {counts.error > 0 && (
          <FormControlLabel
            control={
              <Checkbox checked={skipErrors} onChange={(event) => onSkipErrorsChange(event.target.checked)} />
            }
            label="Skip rows with errors"
          />
        )}
        {counts.error > 0 && (
          <FormControlLabel
            control={
              <Switch
                checked={errorsOnly}
                onChange={(event) => {
                  setErrorsOnly(event.target.checked);
                  setPage(0);
                }}
              />
            }
            label="Show only rows with errors"
          />
        )}
      </Stack>
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label="Preview">
            <TableHead>
              <TableRow>
                <TableCell>Row</TableCell>
                <TableCell>Outcome</TableCell>
                {columns.map((field) => (
                  <TableCell key={field}>{field}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.slice(page * ROWS_PER_PAGE, (page + 1) * ROWS_PER_PAGE).map((row) => (
                <TableRow key={row.row}>
                  <TableCell>{row.row}</TableCell>
                  <TableCell>
                    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                      {outcomeText(row)}
                    </Box>
                    {row.errors.non_field_errors && <Messages messages={row.errors.non_field_errors} />}
                  </TableCell>
                  {columns.map((field) => {
                    const messages = row.errors[field];
                    return (
                      <TableCell
                        key={field}
                        aria-invalid={messages ? true : undefined}
                        sx={messages ? { bgcolor: 'rgba(211, 47, 47, 0.08)' } : undefined}
                      >
                        <Box component="span">{row.values[field] ?? ''}</Box>
                        {messages && <Messages field={field} messages={messages} />}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {rows.length > ROWS_PER_PAGE && (
          <TablePagination
            component="div"
            count={rows.length}
            page={page}
            rowsPerPage={ROWS_PER_PAGE}
            rowsPerPageOptions={[ROWS_PER_PAGE]}
            onPageChange={(_event, next) => setPage(next)}
          />
        )}
      </Paper>
    </Stack>
  );
}
