import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { useListImportsQuery, type ImportSummary } from '../../api/imports';
import type { StockKind } from '../../api/stock';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { PageControls, rowsPerPageOptions, type Paging } from '../../components/PagedTable';
import { localDateTime } from '../../components/dates';
import { UndoImportDialog } from './UndoImportDialog';

const statusText = (session: ImportSummary) =>
  session.status === 'PENDING'
    ? 'Not committed'
    : session.status === 'COMMITTED'
      ? 'Imported'
      : `Undone by ${session.reverted_by} on ${localDateTime(session.reverted_at!)}`;

/**
 * A kind's imports, newest first, a page at a time (a store that imports weekly has hundreds): who, when, which
 * file, what each did, and Undo for those that stand.
 */
export function PastImports({ kind }: { kind: StockKind }) {
  const [paging, setPaging] = useState<Paging>({ limit: rowsPerPageOptions[0], page: 0 });
  const { data, error, isLoading } = useListImportsQuery({
    kind,
    limit: paging.limit,
    offset: paging.limit * paging.page,
  });
  const imports = data?.results;
  const [undoing, setUndoing] = useState<ImportSummary>();
  if (isLoading) return <CenteredSpinner />;
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!data?.count || !imports) return <Typography>No imports yet.</Typography>;
  return (
    <>
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" aria-label="Past imports">
            <TableHead>
              <TableRow>
                {[
                  'File',
                  'Uploaded by',
                  'Uploaded',
                  'Status',
                  'Created',
                  'Added to',
                  'Skipped',
                  'Action',
                ].map((header) => (
                  <TableCell key={header}>{header}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {imports.map((session) => (
                <TableRow key={session.id}>
                  <TableCell>{session.file_name}</TableCell>
                  <TableCell>{session.user_email}</TableCell>
                  <TableCell>{localDateTime(session.created_at)}</TableCell>
                  <TableCell>{statusText(session)}</TableCell>
                  <TableCell>{session.created_count}</TableCell>
                  <TableCell>{session.added_count}</TableCell>
                  <TableCell>{session.skipped_count}</TableCell>
                  <TableCell>
                    {session.status === 'COMMITTED' && (
                      <Button
                        size="small"
                        color="error"
                        aria-label={`Undo import ${session.file_name}`}
                        onClick={() => setUndoing(session)}
                      >
                        Undo
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <PageControls count={data.count} paging={paging} onPagingChange={setPaging} />
      </Paper>
      {undoing && <UndoImportDialog session={undoing} onClose={() => setUndoing(undefined)} />}
    </>
  );
}
