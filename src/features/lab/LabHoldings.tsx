import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLabToday } from '../../api/calendar';
import { GENERIC_ERROR } from '../../api/errorMessage';
import { useLabHoldingsPageQuery, useLazyLabHoldingsQuery, type Holding } from '../../api/labs';
import { stockKindOf } from '../../api/stock';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ColumnTable } from '../../components/ColumnTable';
import type { Column } from '../../components/columns';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { GhsPictogram } from '../../components/GhsPictogram';
import { PageControls, rowsPerPageOptions, type Paging } from '../../components/PagedTable';
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

/**
 * What the lab holds: each record issued to it and not all returned, with what is still there; a page at a time (a
 * lab may hold thousands of records), the export writing all of them.
 */
export function LabHoldings({ locationId, labName }: { locationId: number; labName: string }) {
  const [paging, setPaging] = useState<Paging>({ limit: rowsPerPageOptions[0], page: 0 });
  // currentData: another page, or another lab, shows the spinner, not the rows it replaces.
  const {
    currentData: holdings,
    isFetching,
    isError,
  } = useLabHoldingsPageQuery({ locationId, limit: paging.limit, offset: paging.limit * paging.page });
  const [readAllHoldings] = useLazyLabHoldingsQuery();
  const today = useLabToday();
  const count = holdings?.count;
  // A page emptied by returns (the last one, its records all back) gives way to the page now last: set while
  // rendering, as React advises for state that follows what was read.
  const lastPage = Math.max(0, Math.ceil((count ?? 0) / paging.limit) - 1);
  if (count !== undefined && paging.page > lastPage) setPaging({ ...paging, page: lastPage });

  const body = isError ? (
    <Alert severity="error">{GENERIC_ERROR}</Alert>
  ) : holdings === undefined && isFetching ? (
    <CenteredSpinner label="Loading holdings" />
  ) : !holdings || holdings.count === 0 ? (
    <Typography sx={{ py: 2 }}>{labName} holds nothing from the store now.</Typography>
  ) : (
    <Paper>
      <ColumnTable
        label={`Holdings of ${labName}`}
        columns={shownColumns}
        rows={holdings.results}
        rowKey={(holding) => `${holding.object_type}-${holding.object_id}`}
      />
      <PageControls
        count={holdings.count}
        paging={paging}
        onPagingChange={setPaging}
        rowsLabel="Holdings per page:"
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
          {holdings && holdings.count > 0 && (
            <ExportCsvButton
              subject={`${labName} holdings`}
              columns={holdingColumns}
              loadRows={() => readAllHoldings(locationId).unwrap()}
              label={`Export CSV of the holdings of ${labName}`}
            />
          )}
        </Stack>
        {body}
      </Stack>
    </LabTodayContext>
  );
}
