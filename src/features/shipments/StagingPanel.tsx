import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { GENERIC_ERROR } from '../../api/errorMessage';
import {
  useDeleteShipmentLineMutation,
  useListShipmentLinesQuery,
  useMergeShipmentMutation,
  type ShipmentLine,
} from '../../api/shipments';
import type { StockKind, StockRecord } from '../../api/stock';
import { quantityWithUnit, specOf } from '../../api/stockKinds';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DeleteIcon, EditIcon } from '../../components/icons';
import { notify } from '../../components/notify';
import { stockName } from '../../components/stockColumns';
import { VirtualTable, type Column } from '../../components/VirtualTable';
import { ItemSearchBox } from './ItemSearchBox';
import { lineExpiryField, stagingColumns } from './kindViews';
import { LineForm } from './LineForm';
import { mergeSummary, unitPriceText } from './mergeSummary';
import { NewItemDialog } from './NewItemDialog';

type Form<K extends StockKind> = { item: StockRecord<K>; line?: ShipmentLine<K> } | null;

function linesLabel(count: number) {
  return `${count} ${count === 1 ? 'line' : 'lines'}`;
}

export interface PickedRecord {
  kind: StockKind;
  record: StockRecord;
}

interface StagingPanelProps<K extends StockKind> {
  kind: K;
  /** A record picked outside the tab (a scanned label): it opens in the form when it is of this kind. */
  picked?: PickedRecord | null;
}

/** One Add Shipment tab: find or create an item, stage its quantity, and merge the staged list into stock. */
export function StagingPanel<K extends StockKind>({ kind, picked = null }: StagingPanelProps<K>) {
  const label = specOf(kind).label.toLowerCase();
  const expiry = lineExpiryField(kind);
  const list = useListShipmentLinesQuery(kind);
  const lines = list.data as ShipmentLine<K>[] | undefined;
  const [form, setForm] = useState<Form<K>>(null);
  // Each newly picked record opens once (React's adjust-state-on-prop-change pattern, no effect needed).
  const [shownPick, setShownPick] = useState<PickedRecord | null>(null);
  if (picked !== shownPick) {
    setShownPick(picked);
    if (picked?.kind === kind) setForm({ item: picked.record as StockRecord<K> });
  }
  const [newItemName, setNewItemName] = useState<string | null>(null);
  const [confirmingMerge, setConfirmingMerge] = useState(false);
  const [remove] = useDeleteShipmentLineMutation();
  const [merge, merging] = useMergeShipmentMutation();

  const removeLine = async (line: ShipmentLine<K>) => {
    const result = await remove({ kind, id: line.id });
    if (result.error === undefined) {
      notify(`${stockName(line.item)} removed from the shipment.`, 'success');
      if (form?.line?.id === line.id) setForm(null);
    }
  };

  const submitMerge = async () => {
    const result = await merge(kind);
    setConfirmingMerge(false);
    if (result.error === undefined) notify('Shipment merged into stock.', 'success');
  };

  const columns: Column<ShipmentLine<K>>[] = [
    ...stagingColumns(kind),
    { header: 'New Quantity', cell: (line) => quantityWithUnit(kind, line.quantity) },
    ...(expiry ? [{ header: expiry.label, cell: (line: ShipmentLine<K>) => line.expiry_date ?? '' }] : []),
    { header: 'Unit price', cell: (line) => unitPriceText(kind, line.unit_price) },
    {
      header: 'Action',
      cell: (line) => (
        <Stack direction="row" spacing={0.5}>
          <IconButton
            size="small"
            aria-label={`Edit ${stockName(line.item)}`}
            onClick={() => setForm({ item: line.item, line })}
          >
            <EditIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            color="error"
            aria-label={`Delete ${stockName(line.item)}`}
            onClick={() => removeLine(line)}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <ItemSearchBox
        kind={kind}
        onPick={(item) => setForm({ item })}
        onCreate={(name) => setNewItemName(name)}
      />
      {form && (
        <LineForm
          key={form.line ? `line-${form.line.id}` : `item-${form.item.id}`}
          kind={kind}
          item={form.item}
          line={form.line}
          onDone={() => setForm(null)}
        />
      )}
      {list.isLoading ? (
        <CenteredSpinner label={`Loading staged ${label} lines`} />
      ) : list.isError ? (
        <Alert severity="error">{GENERIC_ERROR}</Alert>
      ) : lines && lines.length > 0 ? (
        <VirtualTable
          label={`Staged ${label} lines`}
          rows={lines}
          columns={columns}
          rowKey={(line) => line.id}
        />
      ) : (
        <Typography sx={{ py: 4, textAlign: 'center' }}>Nothing staged yet.</Typography>
      )}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          size="large"
          disabled={!lines || lines.length === 0}
          onClick={() => setConfirmingMerge(true)}
        >
          Submit
        </Button>
      </Stack>
      {newItemName !== null && (
        <NewItemDialog kind={kind} name={newItemName} onClose={() => setNewItemName(null)} />
      )}
      {confirmingMerge && lines && (
        <ConfirmDialog
          open
          title={`Merge ${linesLabel(lines.length)} into stock?`}
          confirmLabel="Merge"
          pending={merging.isLoading}
          onConfirm={submitMerge}
          onClose={() => setConfirmingMerge(false)}
        >
          The staged quantities are added to the {label} stock and recorded as one shipment. Each record keeps
          the earliest expiry date of what it holds, and its unit price becomes the average of what it holds
          and what arrives, by quantity:
          <Box component="ul" aria-label="What the merge changes" sx={{ mb: 0 }}>
            {mergeSummary(kind, lines).map((change) => (
              <li key={change.id}>{change.text}</li>
            ))}
          </Box>
        </ConfirmDialog>
      )}
    </Stack>
  );
}
