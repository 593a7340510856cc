import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLabToday } from '../../api/calendar';
import { GENERIC_ERROR } from '../../api/errorMessage';
import { useLabHoldingsQuery, type Holding } from '../../api/labs';
import { stockKindOf } from '../../api/stock';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ColumnTable } from '../../components/ColumnTable';
import type { Column } from '../../components/columns';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { GhsPictogram } from '../../components/GhsPictogram';
import { RecordLink } from '../../components/RecordLink';
import { ExpiryCell, LabTodayContext } from '../../components/stockAlerts';
import { amount, kindLabels, stockName, units } from '../../components/stockColumns';
import { SafetyDataSheetButton } from './SafetyDataSheetButton';

const kindOf = (holding: Holding) => stockKindOf(holding.object_type);
const nameOf = (holding: Holding) => stockName(holding.object);
const expiryOf = ({ object }: Holding) => ('expiry_date' in object ? object.expiry_date : null);
const pictogramsOf = ({ object }: Holding) => ('pictograms' in object ? object.pictograms : []);

/** What the table shows of a holding, and its export writes; kinds mix, so the unit is a column of the file. */
const holdingColumns: Column<Holding>[] = [
  {
    header: 'Name',
    value: nameOf,
    // Opens the record's public page: its fields, hazards and every file.
    cell: (holding) => (
      <RecordLink record={{ kind: kindOf(holding), id: holding.object_id }}>{nameOf(holding)}</RecordLink>
    ),
  },
  { header: 'Kind', value: (holding) => kindLabels[kindOf(holding)] },
  {
    header: 'Quantity',
    value: (holding) => holding.quantity,
    cell: (holding) => amount(kindOf(holding), holding.quantity),
  },
  { header: 'Unit', value: (holding) => units[kindOf(holding)] },
  { header: 'Expires', value: expiryOf, cell: (holding) => <ExpiryCell date={expiryOf(holding)} /> },
  {
    header: 'Hazards',
    value: (holding) => pictogramsOf(holding).join(' '),
    cell: (holding) => pictogramsOf(holding).map((code) => <GhsPictogram key={code} code={code} size={32} />),
  },
  {
    header: 'Safety data sheet',
    cell: (holding) =>
      kindOf(holding) === 'chemical' ? (
        <SafetyDataSheetButton recordId={holding.object_id} name={nameOf(holding)} />
      ) : null,
  },
];

/** On screen the unit goes with the quantity; the file keeps the number and its unit apart. */
const shownColumns = holdingColumns.filter((column) => column.header !== 'Unit');

/** What the lab holds: each record issued to it and not all returned, with what is still there. */
export function LabHoldings({ locationId, labName }: { locationId: number; labName: string }) {
  // currentData: switching labs shows the spinner, not the previous lab's holdings.
  const { currentData: holdings, isFetching, isError } = useLabHoldingsQuery(locationId);
  const today = useLabToday();

  const body = isError ? (
    <Alert severity="error">{GENERIC_ERROR}</Alert>
  ) : holdings === undefined && isFetching ? (
    <CenteredSpinner label="Loading holdings" />
  ) : !holdings || holdings.length === 0 ? (
    <Typography sx={{ py: 2 }}>{labName} holds nothing from the store now.</Typography>
  ) : (
    <Paper>
      <ColumnTable
        label={`Holdings of ${labName}`}
        columns={shownColumns}
        rows={holdings}
        rowKey={(holding) => `${holding.object_type}-${holding.object_id}`}
      />
    </Paper>
  );
  return (
    <LabTodayContext value={today}>
      <Stack spacing={1}>
        {/* The heading and the file's button on one line, as the issue history's below. */}
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h5" component="h2">
            Holdings
          </Typography>
          {holdings && holdings.length > 0 && (
            <ExportCsvButton
              subject={`${labName} holdings`}
              columns={holdingColumns}
              rows={holdings}
              label={`Export CSV of the holdings of ${labName}`}
            />
          )}
        </Stack>
        {body}
      </Stack>
    </LabTodayContext>
  );
}
