import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useReorderListQuery, type ReorderRow } from '../../api/dashboard';
import { errorMessage } from '../../api/errorMessage';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ColumnTable } from '../../components/ColumnTable';
import { localDateTime, longUsCalendarDate } from '../../components/dates';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { kindLabels, units } from '../../components/stockColumns';
import { kindOf, quantityColumn, type CardColumn } from './cardColumns';

// What purchasing needs on paper: every column in text (no links), so the print and the file read alike.
const columns: CardColumn<ReorderRow>[] = [
  { header: 'Item', value: (row) => row.item.name },
  { header: 'Kind', value: (row) => kindLabels[kindOf(row)] },
  { header: 'Manufacturer', value: (row) => row.item.manufacturer },
  { header: 'Supplier', value: (row) => row.item.supplier },
  quantityColumn('In stock'),
  quantityColumn('Minimum', (row) => row.minimum_quantity),
  quantityColumn('Shortfall', (row) => row.shortfall),
  { header: 'Last supplier', value: (row) => row.last_supplier ?? 'Never shipped' },
  quantityColumn('Last shipped quantity', (row) => row.last_shipped_quantity),
  {
    header: 'Last shipped',
    value: (row) => (row.last_shipped_at === null ? '' : localDateTime(row.last_shipped_at)),
  },
];

// The file holds the quantities as numbers, their unit beside them (kinds of different units mix in the list).
const fileColumns: CardColumn<ReorderRow>[] = [
  ...columns.slice(0, 4),
  { header: 'Unit', value: (row) => units[kindOf(row)] },
  ...columns.slice(4),
];

// On paper only the list, across as many pages as it takes: the app behind the dialog, the backdrop, the dialog's
// frame and its buttons are left out. `!important` because the components' own styles load after these.
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '#root, .MuiBackdrop-root': { display: 'none !important' },
        '.MuiDialog-root, .MuiDialog-container': { position: 'static !important', height: 'auto !important' },
        '.MuiDialog-paper': {
          boxShadow: 'none !important',
          margin: '0 !important',
          maxHeight: 'none !important',
          overflow: 'visible !important',
        },
      },
    }}
  />
);

/** Issue 13: every record below its minimum with its last supplier, to print or export for purchasing. */
export function ReorderListDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const { data, isLoading, isError, error } = useReorderListQuery();
  return (
    <Dialog open fullScreen onClose={onClose} aria-labelledby={titleId}>
      {printStyles}
      <DialogTitle id={titleId}>Reorder list</DialogTitle>
      <DialogContent>
        {isLoading ? (
          <CenteredSpinner label="Loading the reorder list" />
        ) : isError || !data ? (
          <Alert severity="error">{errorMessage(error)}</Alert>
        ) : (
          <>
            <Typography sx={{ mb: 2 }}>
              {`${data.count} ${data.count === 1 ? 'item is' : 'items are'} below minimum on ${longUsCalendarDate(data.today)}.`}
            </Typography>
            <ColumnTable
              label="Reorder list"
              columns={columns}
              rows={data.results}
              rowKey={(row) => `${row.object_type}-${row.object_id}`}
            />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ displayPrint: 'none' }}>
        <Button variant="outlined" disabled={!data} onClick={() => window.print()}>
          Print
        </Button>
        <ExportCsvButton
          subject="reorder-list"
          columns={fileColumns}
          rows={data?.results ?? []}
          label="Export CSV of the reorder list"
        />
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
