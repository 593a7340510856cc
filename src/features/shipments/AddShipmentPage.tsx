import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLazyStockRecordQuery } from '../../api/records';
import type { StockKind } from '../../api/stock';
import { STOCK_KINDS } from '../../api/stockKinds';
import { KindTabs } from '../../components/KindTabs';
import { notify } from '../../components/notify';
import { useScanner } from '../../components/useScanner';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { newItemDialogClosed, selectNewItemDialog } from '../../app/uiSlice';
import { NewItemDialog } from './NewItemDialog';
import { StagingPanel, type PickedRecord } from './StagingPanel';

/** SPEC §2 Shipment entry: one tab per kind, only the chosen one mounted. */
export function AddShipmentPage() {
  const dispatch = useAppDispatch();
  // The sidebar's Add Chemical / Add Instrument / Add Glass Ware entries ask for a brand-new item dialog.
  const requested = useAppSelector(selectNewItemDialog);
  const [kind, setKind] = useState<StockKind>(requested ?? STOCK_KINDS[0]);
  // Show the requested kind's tab behind its dialog, so the staged line is in view once it closes.
  if (requested && requested !== kind) setKind(requested);
  const [readRecord] = useLazyStockRecordQuery();
  // A scanned label picks its record for staging in its kind's tab, as the tab's search would.
  const [scanned, setScanned] = useState<PickedRecord | null>(null);
  useScanner(async (label) => {
    const { data: record } = await readRecord(label);
    if (!record) {
      notify('No record in the store has that label.', 'error');
      return;
    }
    setKind(label.kind);
    setScanned({ kind: label.kind, record });
  });

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Add Shipment
      </Typography>
      <KindTabs
        label="Shipment kind"
        kind={kind}
        onChange={(chosen) => {
          setKind(chosen);
          setScanned(null);
        }}
      >
        <StagingPanel key={kind} kind={kind} picked={scanned} />
      </KindTabs>
      {requested && <NewItemDialog kind={requested} onClose={() => dispatch(newItemDialogClosed())} />}
    </Stack>
  );
}
