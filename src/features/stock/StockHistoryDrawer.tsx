import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import { useId } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { ledgerKindLabels, useStockLedgerQuery, type StockLedgerEntry } from '../../api/ledger';
import type { StockKind } from '../../api/stock';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { localDateTime } from '../../components/dates';
import { CloseIcon } from '../../components/icons';
import { amount, signedAmount } from '../../components/stockColumns';

const CHART_WIDTH = 540;

const tickTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const CHART_HEIGHT = 200;

interface BalanceChartProps {
  kind: StockKind;
  name: string;
  /** Oldest first. */
  entries: StockLedgerEntry[];
  /** When the entries were read (ms since the epoch): the last balance holds until then. */
  asOf: number;
}

/** The running balance as a step chart: the quantity holds from one change to the next, the last one until now. */
function BalanceChart({ kind, name, entries, asOf }: BalanceChartProps) {
  const id = useId();
  const balances = entries.map((entry) => amount(kind, entry.balance)).join(', ');
  const times = entries.map((entry) => new Date(entry.created_at));
  const last = entries[entries.length - 1];
  const now = new Date(Math.max(asOf, times[times.length - 1].getTime()));
  return (
    <Box component="figure" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} sx={{ m: 0 }}>
      <Typography id={`${id}-title`} component="figcaption" variant="subtitle2">
        {`Balance of ${name}`}
      </Typography>
      <Typography id={`${id}-desc`} variant="caption" color="text.secondary">
        {`Stock after each change, oldest first: ${balances}.`}
      </Typography>
      <LineChart
        width={CHART_WIDTH}
        height={CHART_HEIGHT}
        skipAnimation
        hideLegend
        xAxis={[
          {
            scaleType: 'time',
            data: [...times, now],
            tickNumber: 4,
            valueFormatter: (date: Date, context) =>
              context.location === 'tick' ? tickTime.format(date) : localDateTime(date.toISOString()),
          },
        ]}
        yAxis={[{ min: 0 }]}
        series={[
          {
            label: 'Balance',
            curve: 'stepAfter',
            data: [...entries.map((entry) => entry.balance), last.balance],
            valueFormatter: (balance) => (balance === null ? '' : amount(kind, balance)),
          },
        ]}
      />
    </Box>
  );
}

function EntriesTable({ kind, entries }: { kind: StockKind; entries: StockLedgerEntry[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Changes">
        <TableHead>
          <TableRow>
            <TableCell>Date and time</TableCell>
            <TableCell>Kind</TableCell>
            <TableCell>Change</TableCell>
            <TableCell>Balance after</TableCell>
            <TableCell>User</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell>{localDateTime(entry.created_at)}</TableCell>
              <TableCell>{ledgerKindLabels[entry.kind]}</TableCell>
              <TableCell>{signedAmount(kind, entry.change)}</TableCell>
              <TableCell>{amount(kind, entry.balance)}</TableCell>
              <TableCell>{entry.user_email}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function RecordHistory({ kind, recordId, name }: { kind: StockKind; recordId: number; name: string }) {
  const {
    data: entries,
    isLoading,
    isError,
    error,
    fulfilledTimeStamp = 0,
  } = useStockLedgerQuery({ kind, id: recordId });
  if (isLoading) return <CenteredSpinner label={`Loading the history of ${name}`} />;
  if (isError || !entries) return <Alert severity="error">{errorMessage(error)}</Alert>;
  // The server sends newest first; a record that never held stock has no entries and holds 0.
  const current = entries[0]?.balance ?? 0;
  return (
    <Stack spacing={2}>
      <Typography>
        {`Current quantity: ${amount(kind, current)}`}
        <Typography component="span" variant="body2" color="text.secondary">
          {entries.length > 0 ? ' (the balance after the newest change)' : ' (no changes recorded)'}
        </Typography>
      </Typography>
      {entries.length > 0 && (
        <>
          <BalanceChart kind={kind} name={name} entries={[...entries].reverse()} asOf={fulfilledTimeStamp} />
          <EntriesTable kind={kind} entries={entries} />
        </>
      )}
    </Stack>
  );
}

interface StockHistoryDrawerProps {
  kind: StockKind;
  recordId: number;
  /** The record's catalog name. */
  name: string;
  onClose: () => void;
}

/** Issue 11: a stock record's ledger entries, its running balance and its current quantity. */
export function StockHistoryDrawer({ kind, recordId, name, onClose }: StockHistoryDrawerProps) {
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{
        paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: 620 } } },
      }}
    >
      <Stack spacing={2} sx={{ p: 3 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id={titleId} variant="h5" component="h2">
            {`History of ${name}`}
          </Typography>
          <IconButton aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Stack>
        <RecordHistory kind={kind} recordId={recordId} name={name} />
      </Stack>
    </Drawer>
  );
}
