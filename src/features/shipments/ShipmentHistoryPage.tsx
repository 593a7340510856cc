import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { GENERIC_ERROR } from '../../api/errorMessage';
import { useCanChangeStore } from '../../app/hooks';
import {
  useListShipmentsQuery,
  type HistoryLine,
  type Shipment,
  type ShipmentHistory,
} from '../../api/shipments';
import type { StockKind } from '../../api/stock';
import { readLineField, specOf, STOCK_KINDS, stockField } from '../../api/stockKinds';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ColumnTable } from '../../components/ColumnTable';
import { longUsDate } from '../../components/dates';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { KindTabs } from '../../components/KindTabs';
import { exactQuantity } from '../../components/quantities';
import { byKind } from '../../api/stockKinds';
import { amount, fieldColumn, units } from '../../components/stockColumns';
import type { Column } from '../../components/VirtualTable';
import { UndoShipmentDialog } from './UndoShipmentDialog';

/** The stock after the line. */
function newTotal(line: HistoryLine): number {
  return exactQuantity(line.old_total + line.added_quantity);
}

/** A card line's own quantities: the stock before it, what it added, the stock after it. */
const lineQuantities: Record<string, { header: string; quantity: (line: HistoryLine) => number }> = {
  old_total: { header: 'Old Quantity', quantity: (line) => line.old_total },
  added_quantity: { header: 'Added Quantity', quantity: (line) => line.added_quantity },
  new_total: { header: 'New Quantity', quantity: newTotal },
};

/** A card's columns: the record's fields as SPEC's history lists them, the line's own quantities among them. */
function historyColumns(kind: StockKind): Column<HistoryLine>[] {
  return specOf(kind).views.history.map((name) => {
    if (!(name in lineQuantities))
      return fieldColumn<HistoryLine>(kind, stockField(kind, name), 'history', readLineField);
    const { header, quantity } = lineQuantities[name];
    return { header, unit: units[kind], cell: (line) => amount(kind, quantity(line)), value: quantity };
  });
}

const HISTORY_COLUMNS = byKind(historyColumns);

/** A line of the export, which lists every card's lines, each with its shipment. */
interface ShipmentLineRow<Line> {
  shipment: Shipment;
  line: Line;
}

/** What a card's header shows, before its lines' columns in the export; times as ISO instants (UTC). */
const shipmentColumns: Column<ShipmentLineRow<unknown>>[] = [
  { header: 'Shipment Date', unit: 'UTC', value: ({ shipment }) => shipment.date_time },
  { header: 'Reverted on', unit: 'UTC', value: ({ shipment }) => shipment.reverted_at },
  { header: 'Reverted by', value: ({ shipment }) => shipment.reverted_by },
];

/**
 * 'Export CSV' of a tab: the history is one list the server sends whole and the page shows whole, so the file is
 * written in the browser from it, one line per card line, in the cards' order.
 */
function ExportShipments<K extends StockKind>({
  kind,
  shipments,
  columns,
}: {
  kind: K;
  shipments: readonly Shipment<K>[];
  columns: readonly Column<Shipment<K>['lines'][number]>[];
}) {
  const rows = shipments.flatMap((shipment) => shipment.lines.map((line) => ({ shipment, line })));
  const lineColumns = columns.flatMap(
    ({ header, unit, value }): Column<ShipmentLineRow<Shipment<K>['lines'][number]>>[] =>
      value ? [{ header, unit, value: (row, position) => value(row.line, position) }] : [],
  );
  return (
    <ExportCsvButton
      subject={`${kind} shipments`}
      columns={[...shipmentColumns, ...lineColumns]}
      rows={rows}
    />
  );
}

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
  const canChange = useCanChangeStore();
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
          canChange && canUndo(shipment) ? (
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
  const shipments: readonly Shipment[] = history.shipments;
  return shipments.map((shipment) => (
    <ShipmentCard
      key={shipment.id}
      kind={history.type}
      shipment={shipment}
      columns={HISTORY_COLUMNS[history.type]}
    />
  ));
}

function ExportHistory({ history }: { history: ShipmentHistory }) {
  return (
    <ExportShipments
      kind={history.type}
      shipments={history.shipments}
      columns={HISTORY_COLUMNS[history.type]}
    />
  );
}

function HistoryPanel({ kind }: { kind: StockKind }) {
  const { data, isLoading, isError } = useListShipmentsQuery(kind);
  if (isLoading) return <CenteredSpinner label={`Loading ${kind} shipments`} />;
  if (isError || !data) return <Alert severity="error">{GENERIC_ERROR}</Alert>;
  if (data.shipments.length === 0)
    return <Typography sx={{ py: 4, textAlign: 'center' }}>Nothing Found</Typography>;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <ExportHistory history={data} />
      </Stack>
      <ShipmentCards history={data} />
    </Stack>
  );
}

/** SPEC §2 Shipment history: every merged shipment of the chosen kind, newest first. */
export function ShipmentHistoryPage() {
  const [kind, setKind] = useState<StockKind>(STOCK_KINDS[0]);
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Shipment History
      </Typography>
      <KindTabs label="Shipment kind" kind={kind} onChange={setKind}>
        <HistoryPanel key={kind} kind={kind} />
      </KindTabs>
    </Stack>
  );
}
