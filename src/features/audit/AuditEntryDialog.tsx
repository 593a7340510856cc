import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '../../api/audit';
import { ComparisonTable } from '../../components/ComparisonTable';
import { localDateTime } from '../../components/dates';

/** A value before or after a change as it reads: none as a dash, link lists one per line. */
function fieldValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.map(fieldValue).join('\n');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

interface AuditEntryDialogProps {
  entry: AuditEntry;
  /** The action in words ('Stock record edited'). */
  actionLabel: string;
  /** How the actor reads ('ann@lab.org', or the e-mail a failed sign-in tried). */
  actorLabel: string;
  onClose: () => void;
}

/** One audit entry in full, its changed fields old → new. Read-only: entries are never changed. */
export function AuditEntryDialog({ entry, actionLabel, actorLabel, onClose }: AuditEntryDialogProps) {
  const changes = Object.entries(entry.changes ?? {});
  const facts: [string, string][] = [
    ['When', localDateTime(entry.created_at)],
    ['Who', actorLabel],
    ['Target', entry.target_label],
    ['From address', entry.ip],
  ];
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{`${actionLabel} (entry #${entry.id})`}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Table size="small" aria-label="Entry">
            <TableBody>
              {facts.map(([label, value]) => (
                <TableRow key={label}>
                  <TableCell component="th" scope="row" sx={{ width: 160 }}>
                    {label}
                  </TableCell>
                  <TableCell>{value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {changes.length === 0 ? (
            <Typography color="text.secondary">This action has no fields to list.</Typography>
          ) : (
            <ComparisonTable
              label="Changes"
              headings={['Before', 'After']}
              fields={changes.map(([field, [before, after]]) => ({
                field,
                first: fieldValue(before),
                second: fieldValue(after),
              }))}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
