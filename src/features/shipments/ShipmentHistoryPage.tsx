import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { GENERIC_ERROR } from '../../api/errorMessage';
import {
  useListShipmentsQuery,
  type ChemicalHistoryLine,
  type GlasswareHistoryLine,
  type InstrumentHistoryLine,
  type Shipment,
  type ShipmentHistory,
} from '../../api/shipments';
import type { StockKind } from '../../api/stock';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ColumnTable } from '../../components/ColumnTable';
import { longUsDate } from '../../components/dates';
import { amount, exactQuantity, stateLabels } from '../../components/stockColumns';
import type { Column } from '../../components/VirtualTable';
import { kindViews, shipmentKinds } from './kindViews';
import { UndoShipmentDialog } from './UndoShipmentDialog';

/** The stock after the line. */
function newTotal(line: { old_total: number; added_quantity: number }): number {
  return exactQuantity(line.old_total + line.added_quantity);
}

const chemicalColumns: Column<ChemicalHistoryLine>[] = [
  { header: 'CAS_RN', cell: (line) => line.CAS_RN },
  { header: 'Name', cell: (line) => line.name },
  { header: 'Molecular Formula', cell: (line) => line.molecular_formula },
  { header: 'Molecular Weight', cell: (line) => line.molecular_weight },
  { header: 'Purity', cell: (line) => line.purity },
  { header: 'Old Quantity', cell: (line) => amount('chemical', line.old_total) },
  { header: 'State', cell: (line) => stateLabels[line.state] },
  { header: 'Manufacturer', cell: (line) => line.manufacturer },
  { header: 'Supplier', cell: (line) => line.supplier },
  { header: 'Added Quantity', cell: (line) => amount('chemical', line.added_quantity) },
];

const instrumentColumns: Column<InstrumentHistoryLine>[] = [
  { header: 'Name', cell: (line) => line.name },
  { header: 'Manufacturer', cell: (line) => line.manufacturer },
  { header: 'Supplier', cell: (line) => line.supplier },
  { header: 'Old Quantity', cell: (line) => amount('instrument', line.old_total) },
  { header: 'New Quantity', cell: (line) => amount('instrument', newTotal(line)) },
];

const glasswareColumns: Column<GlasswareHistoryLine>[] = [
  { header: 'Name', cell: (line) => line.name },
  { header: 'Size', cell: (line) => line.size },
  { header: 'Material Type', cell: (line) => line.material_type },
  { header: 'Manufacturer', cell: (line) => line.manufacturer },
  { header: 'Supplier', cell: (line) => line.supplier },
  { header: 'Old Quantity', cell: (line) => amount('glassware', line.old_total) },
  { header: 'New Quantity', cell: (line) => amount('glassware', newTotal(line)) },
];

interface ShipmentCardProps<K extends StockKind> {
  kind: K;
  shipment: Shipment<K>;
  columns: readonly Column<Shipment<K>['lines'][number]>[];
}

/** The server says until when it accepts an undo (docs/api.md §10); the window is its setting, not ours. */
function canUndo(shipment: Shipment): boolean {
  return shipment.undo_until !== null && Date.parse(shipment.undo_until) > Date.now();
}

function ShipmentCard<K extends StockKind>({ kind, shipment, columns }: ShipmentCardProps<K>) {
  const [confirming, setConfirming] = useState(false);
  const date = shipment.date_time.slice(0, 10);
  const title = `Shipment Date: ${date}`;
  return (
    <Card component="section" aria-label={title}>
      <CardHeader
        title={title}
        subheader={
          shipment.reverted_at === null
            ? undefined
            : `Reverted on ${longUsDate(shipment.reverted_at)} by ${shipment.reverted_by}`
        }
        action={
          canUndo(shipment) ? (
            <Button color="error" aria-label={`Undo shipment of ${date}`} onClick={() => setConfirming(true)}>
              Undo shipment
            </Button>
          ) : undefined
        }
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent>
        <ColumnTable
          label={title}
          columns={columns}
          rows={shipment.lines}
          rowKey={(_line, position) => position}
        />
      </CardContent>
      {confirming && (
        <UndoShipmentDialog
          kind={kind}
          shipment={shipment}
          title={title}
          onClose={() => setConfirming(false)}
        />
      )}
    </Card>
  );
}

function ShipmentCards({ history }: { history: ShipmentHistory }) {
  switch (history.type) {
    case 'chemical':
      return history.shipments.map((shipment) => (
        <ShipmentCard key={shipment.id} kind="chemical" shipment={shipment} columns={chemicalColumns} />
      ));
    case 'instrument':
      return history.shipments.map((shipment) => (
        <ShipmentCard key={shipment.id} kind="instrument" shipment={shipment} columns={instrumentColumns} />
      ));
    case 'glassware':
      return history.shipments.map((shipment) => (
        <ShipmentCard key={shipment.id} kind="glassware" shipment={shipment} columns={glasswareColumns} />
      ));
  }
}

function HistoryPanel({ kind }: { kind: StockKind }) {
  const { data, isLoading, isError } = useListShipmentsQuery(kind);
  if (isLoading) return <CenteredSpinner label={`Loading ${kind} shipments`} />;
  if (isError || !data) return <Alert severity="error">{GENERIC_ERROR}</Alert>;
  if (data.shipments.length === 0)
    return <Typography sx={{ py: 4, textAlign: 'center' }}>Nothing Found</Typography>;
  return (
    <Stack spacing={2}>
      <ShipmentCards history={data} />
    </Stack>
  );
}

/** SPEC §2 Shipment history: every merged shipment of the chosen kind, newest first. */
export function ShipmentHistoryPage() {
  const [selected, setSelected] = useState(0);
  const id = useId();
  const kind = shipmentKinds[selected];
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Shipment History
      </Typography>
      <Tabs
        value={selected}
        onChange={(_event, index: number) => setSelected(index)}
        aria-label="Shipment kind"
      >
        {shipmentKinds.map((tabKind, index) => (
          <Tab
            key={tabKind}
            label={kindViews[tabKind].label}
            id={`${id}-tab-${index}`}
            aria-controls={`${id}-panel-${index}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel-${selected}`} aria-labelledby={`${id}-tab-${selected}`}>
        <HistoryPanel key={kind} kind={kind} />
      </Box>
    </Stack>
  );
}
