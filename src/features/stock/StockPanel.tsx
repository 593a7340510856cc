import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import type { CatalogEntry, StockKind } from '../../api/stock';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { AddIcon, DeleteIcon, EditIcon, HistoryIcon } from '../../components/icons';
import { notify } from '../../components/notify';
import { kindLabels } from '../../components/stockColumns';
import { VirtualTable, type Column } from '../../components/VirtualTable';

// The chart library comes with the drawer, when a record's history is first opened.
const StockHistoryDrawer = lazy(() =>
  import(/* webpackChunkName: "stock-history" */ './StockHistoryDrawer').then((m) => ({
    default: m.StockHistoryDrawer,
  })),
);

interface StockRow {
  id: number;
  manufacturer: CatalogEntry;
  supplier: CatalogEntry;
}

/** What the admin page adds to a kind's table: the form dialog and the delete call. */
export interface StockEditing<Row> {
  /** The kind's form dialog: New when `record` is undefined, Edit otherwise. */
  renderForm: (record: Row | undefined, onClose: () => void) => ReactNode;
  /** Deletes the record; resolves to whether it worked (the failure toast comes from errorToasts). */
  remove: (record: Row) => Promise<boolean>;
  removing: boolean;
}

interface StockPanelProps<Row extends StockRow> {
  /** 'Chemical', 'Instrument' or 'Glassware'. */
  kind: string;
  list: { data?: Row[]; isLoading: boolean; isError: boolean };
  columns: readonly Column<Row>[];
  nameOf: (row: Row) => string;
  /** Absent on the public page, which is read-only. */
  editing?: StockEditing<Row>;
}

type OpenDialog<Row> = { kind: 'form'; record?: Row } | { kind: 'delete' | 'history'; record: Row } | null;

/** The stock kind a tab's label names ('Chemical' → 'chemical'). */
function stockKindNamed(label: string): StockKind {
  return (Object.keys(kindLabels) as StockKind[]).find((kind) => kindLabels[kind] === label) ?? 'glassware';
}

/** One Store tab: a name filter over a virtualized table and, for admins, the write controls. */
export function StockPanel<Row extends StockRow>({
  kind,
  list,
  columns,
  nameOf,
  editing,
}: StockPanelProps<Row>) {
  const [filter, setFilter] = useState('');
  const [dialog, setDialog] = useState<OpenDialog<Row>>(null);
  const needle = useDeferredValue(filter.trim().toLowerCase());
  const close = () => setDialog(null);

  const rows = useMemo(
    () => (needle ? list.data?.filter((row) => nameOf(row).toLowerCase().includes(needle)) : list.data),
    [list.data, needle, nameOf],
  );

  const tableColumns: readonly Column<Row>[] = editing
    ? [
        ...columns,
        {
          header: 'Action',
          cell: (row) => (
            <Stack direction="row" spacing={0.5}>
              <IconButton
                size="small"
                aria-label={`History of ${nameOf(row)}`}
                onClick={() => setDialog({ kind: 'history', record: row })}
              >
                <HistoryIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={`Edit ${nameOf(row)}`}
                onClick={() => setDialog({ kind: 'form', record: row })}
              >
                <EditIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                color="error"
                aria-label={`Delete ${nameOf(row)}`}
                onClick={() => setDialog({ kind: 'delete', record: row })}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Stack>
          ),
        },
      ]
    : columns;

  const confirmDelete = async (record: Row) => {
    if (await editing?.remove(record)) notify(`${nameOf(record)} deleted.`, 'success');
    close();
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          label="Filter"
          type="search"
          size="small"
          placeholder="Name"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          sx={{ flexGrow: 1, maxWidth: 420 }}
        />
        {editing && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'form' })}>
            New
          </Button>
        )}
      </Stack>
      {list.isLoading ? (
        <CenteredSpinner label={`Loading ${kind.toLowerCase()} stock`} />
      ) : list.isError ? (
        <Alert severity="error">Something Went Wrong</Alert>
      ) : rows && rows.length > 0 ? (
        <VirtualTable label={`${kind} stock`} rows={rows} columns={tableColumns} rowKey={(row) => row.id} />
      ) : (
        <Typography sx={{ py: 4, textAlign: 'center' }}>Nothig Found</Typography>
      )}
      {editing && dialog?.kind === 'form' && editing.renderForm(dialog.record, close)}
      {editing && dialog?.kind === 'history' && (
        <Suspense fallback={null}>
          <StockHistoryDrawer
            kind={stockKindNamed(kind)}
            recordId={dialog.record.id}
            name={nameOf(dialog.record)}
            onClose={close}
          />
        </Suspense>
      )}
      {editing && dialog?.kind === 'delete' && (
        <ConfirmDialog
          open
          title={`Delete ${nameOf(dialog.record)}?`}
          confirmLabel="Delete"
          pending={editing.removing}
          onConfirm={() => confirmDelete(dialog.record)}
          onClose={close}
        >
          The stock record of {nameOf(dialog.record)} from {dialog.record.manufacturer.name}, supplied by{' '}
          {dialog.record.supplier.name}, will be removed from the store.
        </ConfirmDialog>
      )}
    </Stack>
  );
}
