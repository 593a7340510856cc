import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { StockKind, StockRecord } from '../../api/stock';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { AddIcon, PrintIcon } from '../../components/icons';
import { notify } from '../../components/notify';
import { specOf } from '../../api/stockKinds';
import { stockName } from '../../components/stockColumns';
import { useCanChangeStore } from '../../app/hooks';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { VirtualTable, type Column, type Sorting } from '../../components/VirtualTable';
import { StockActions } from './StockActions';
import { HazardFilter } from './HazardFilter';
import { HazardRegisterButton } from './HazardRegisterButton';
import { StockExportLinks } from './StockExportLinks';
import { useStockPages, type RowRange } from './useStockPages';

// The QR code library comes with the print preview.
const PrintLabelsDialog = lazy(() =>
  import(/* webpackChunkName: "labels" */ './PrintLabelsDialog').then((m) => ({
    default: m.PrintLabelsDialog,
  })),
);

// The chart library comes with the drawer, when a record's history is first opened (here or from the dashboard).
export const StockHistoryDrawer = lazy(() =>
  import(/* webpackChunkName: "stock-history" */ './StockHistoryDrawer').then((m) => ({
    default: m.StockHistoryDrawer,
  })),
);

/** What the admin page adds to a kind's table: the form dialog and the delete call. */
export interface StockEditing<Row> {
  /** The kind's form dialog: New when `record` is undefined, Edit otherwise. */
  renderForm: (record: Row | undefined, onClose: () => void) => ReactNode;
  /** Deletes the record; resolves to whether it worked (the failure toast comes from errorToasts). */
  remove: (record: Row) => Promise<boolean>;
  removing: boolean;
}

interface StockPanelProps<K extends StockKind> {
  kind: K;
  columns: readonly Column<StockRecord<K>>[];
  /** Absent on the public page, which is read-only. */
  editing?: StockEditing<StockRecord<K>>;
}

type OpenDialog<Row> =
  | { kind: 'form'; record?: Row }
  | { kind: 'delete' | 'history'; record: Row }
  | { kind: 'labels'; records: Row[] }
  | null;

/** The server's default order, which needs no `ordering` parameter. */
const BY_ID: Sorting = { field: 'id', descending: false };
const TOP: RowRange = { first: 0, last: 0 };

/** Search-as-you-type sends one request per pause of this length. */
const FILTER_PAUSE_MS = 300;
/** Pages are asked for once scrolling rests this long, not for every page a fast scroll flies past. */
const SCROLL_PAUSE_MS = 100;

function orderingOf({ field, descending }: Sorting): string {
  if (field === BY_ID.field && !descending) return '';
  return `${descending ? '-' : ''}${field}`;
}

/**
 * One Store tab: a filter box over a windowed table of the kind's whole stock and, for admins, the write controls.
 * The server orders, searches and sends the list a page at a time as rows come into view (useStockPages).
 */
export function StockPanel<K extends StockKind>({ kind, columns, editing }: StockPanelProps<K>) {
  type Row = StockRecord<K>;
  const { label, filterHint, hazards } = specOf(kind);
  const [filter, setFilter] = useState('');
  const [hazard, setHazard] = useState('');
  const [sorting, setSorting] = useState(BY_ID);
  const [dialog, setDialog] = useState<OpenDialog<Row>>(null);
  const close = () => setDialog(null);
  const canChange = useCanChangeStore();
  // The rows ticked for printing labels, in the order they were ticked; kept across filters and scrolling.
  const [selection, setSelection] = useState<ReadonlyMap<number, Row>>(new Map());
  const toggle = useCallback((row: Row) => {
    setSelection((current) => {
      const next = new Map(current);
      if (!next.delete(row.id)) next.set(row.id, row);
      return next;
    });
  }, []);

  const search = useDebouncedValue(filter.trim(), FILTER_PAUSE_MS);
  const ordering = orderingOf(sorting);
  const queryKey = `${ordering}\n${search}\n${hazard}`;

  // The rows in view, stamped with the order and filter they were scrolled to: after either changes the table
  // goes back to its top, and rows seen under the old ones say nothing about which pages to load.
  const shownQuery = useRef(queryKey);
  useEffect(() => {
    shownQuery.current = queryKey;
  }, [queryKey]);
  const [view, setView] = useState({ queryKey, range: TOP });
  const onRangeChange = useCallback(
    (first: number, last: number) => setView({ queryKey: shownQuery.current, range: { first, last } }),
    [],
  );
  const settledView = useDebouncedValue(view, SCROLL_PAUSE_MS);
  const range = settledView.queryKey === queryKey ? settledView.range : TOP;

  const pages = useStockPages(kind, { ordering, search, hazard }, range);
  // While the first page under a new order or filter is on its way, the table keeps its length (its rows wait as
  // placeholders) instead of giving way to a spinner, so the header clicked keeps its focus.
  const [count, setCount] = useState(pages.count);
  if (pages.count !== undefined && pages.count !== count) setCount(pages.count);

  // Kept while scrolling, so that the table's rows keep their props and are not drawn again (VirtualTable).
  const tableColumns = useMemo(
    (): readonly Column<Row>[] =>
      editing
        ? [
            {
              header: 'Select',
              cell: (row) => (
                <Checkbox
                  size="small"
                  checked={selection.has(row.id)}
                  onChange={() => toggle(row)}
                  slotProps={{ input: { 'aria-label': `Select ${stockName(row)}` } }}
                />
              ),
            },
            ...columns,
            {
              header: 'Action',
              cell: (row) => (
                <StockActions
                  name={stockName(row)}
                  onHistory={() => setDialog({ kind: 'history', record: row })}
                  onPrintLabel={() => setDialog({ kind: 'labels', records: [row] })}
                  onEdit={canChange ? () => setDialog({ kind: 'form', record: row }) : undefined}
                  onDelete={canChange ? () => setDialog({ kind: 'delete', record: row }) : undefined}
                />
              ),
            },
          ]
        : columns,
    [columns, editing, selection, toggle, canChange],
  );

  const confirmDelete = async (record: Row) => {
    if (await editing?.remove(record)) notify(`${stockName(record)} deleted.`, 'success');
    close();
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          label="Filter"
          type="search"
          size="small"
          placeholder={filterHint}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          sx={{ flexGrow: 1, maxWidth: 420 }}
        />
        {hazards && <HazardFilter value={hazard} onChange={setHazard} />}
        {editing && canChange && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'form' })}>
            New
          </Button>
        )}
        {editing && (
          <Button
            variant="outlined"
            startIcon={<PrintIcon />}
            disabled={selection.size === 0}
            onClick={() => setDialog({ kind: 'labels', records: [...selection.values()] })}
          >
            Print labels{selection.size > 0 ? ` (${selection.size})` : ''}
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <StockExportLinks kind={kind} ordering={ordering} search={search} hazard={hazard} />
        {editing && hazards && <HazardRegisterButton />}
      </Stack>
      {pages.isError ? (
        <Alert severity="error">Something Went Wrong</Alert>
      ) : count === undefined ? (
        <CenteredSpinner label={`Loading ${label.toLowerCase()} stock`} />
      ) : count > 0 ? (
        <VirtualTable
          label={`${label} stock`}
          rowCount={count}
          rowAt={pages.rowAt}
          onRangeChange={onRangeChange}
          columns={tableColumns}
          sorting={sorting}
          onSortingChange={setSorting}
          scrollResetKey={queryKey}
          pinLastColumn={editing !== undefined}
        />
      ) : (
        <Typography sx={{ py: 4, textAlign: 'center' }}>Nothig Found</Typography>
      )}
      {editing && dialog?.kind === 'form' && editing.renderForm(dialog.record, close)}
      {editing && dialog?.kind === 'history' && (
        <Suspense fallback={null}>
          <StockHistoryDrawer
            kind={kind}
            recordId={dialog.record.id}
            name={stockName(dialog.record)}
            onClose={close}
          />
        </Suspense>
      )}
      {editing && dialog?.kind === 'labels' && (
        <Suspense fallback={null}>
          <PrintLabelsDialog kind={kind} records={dialog.records} onClose={close} />
        </Suspense>
      )}
      {editing && dialog?.kind === 'delete' && (
        <ConfirmDialog
          open
          title={`Delete ${stockName(dialog.record)}?`}
          confirmLabel="Delete"
          pending={editing.removing}
          onConfirm={() => confirmDelete(dialog.record)}
          onClose={close}
        >
          The stock record of {stockName(dialog.record)} from {dialog.record.manufacturer.name}, supplied by{' '}
          {dialog.record.supplier.name}, will be removed from the store.
        </ConfirmDialog>
      )}
    </Stack>
  );
}
