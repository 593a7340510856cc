import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { calendarApi, useLabToday } from '../../api/calendar';
import { errorMessage } from '../../api/errorMessage';
import {
  amountText,
  useExportStatementMutation,
  useStatementQuery,
  type Statement,
  type StatementFormat,
  type StatementFund,
  type StatementLine,
} from '../../api/statements';
import { stockKindOf } from '../../api/stock';
import { amountText as quantityText } from '../../api/stockKinds';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { ColumnTable } from '../../components/ColumnTable';
import type { Column } from '../../components/columns';
import { DownloadIcon } from '../../components/icons';
import { dateIn } from '../../components/labCalendar';
import { unitPriceText } from './requestMoney';

/** 'YYYY-MM' moved by `months`. */
function shiftMonth(month: string, months: number): string {
  const [year, number] = month.split('-').map(Number);
  const index = year * 12 + (number - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** 'November 2026'. */
const monthText = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));

const NO_FUND = 'No fund (cart issues)';
const fundHeading = ({ fund }: StatementFund) => (fund === null ? NO_FUND : `${fund.code} ${fund.name}`);

const kindLabels: Record<StatementLine['kind'], string> = { ISSUE: 'Issue', RETURN: 'Return' };

function lineColumns(statement: Statement, timeZone: string): Column<StatementLine>[] {
  const money = (amount: number) => `${amountText(amount, statement.minor_digits)} ${statement.currency}`;
  return [
    // The month is the lab's, so its days are too.
    { header: 'Date', value: (line) => dateIn(timeZone, new Date(line.created_at)) },
    { header: 'Kind', value: (line) => kindLabels[line.kind] },
    { header: 'Item', value: (line) => line.name },
    { header: 'Quantity', value: (line) => quantityText(stockKindOf(line.object_type), line.quantity) },
    { header: 'Unit price', value: (line) => unitPriceText(line.unit_price, statement.currency, line.unit) },
    { header: 'Amount', value: (line) => money(line.amount) },
  ];
}

function FundStatement({
  fund,
  statement,
  timeZone,
}: {
  fund: StatementFund;
  statement: Statement;
  timeZone: string;
}) {
  const headingId = useId();
  const heading = fundHeading(fund);
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h3">
        {heading}
      </Typography>
      <ColumnTable
        label={`Charges to ${heading}`}
        columns={lineColumns(statement, timeZone)}
        rows={fund.lines}
        rowKey={(line) => line.id}
      />
      <Typography sx={{ mt: 1, textAlign: 'right', fontWeight: 700 }}>
        Fund total: {amountText(fund.total, statement.minor_digits)} {statement.currency}
      </Typography>
    </Paper>
  );
}

/** A month's charges to the lab, per fund, for its managers, on screen and as CSV or .xlsx from the server. */
export function LabStatement({ locationId, labName }: { locationId: number; labName: string }) {
  const today = useLabToday();
  const timeZone = calendarApi.useLabCalendarQuery().data?.time_zone;
  const [chosenMonth, setMonth] = useState<string>();
  // Until one is chosen, the lab's current month.
  const month = chosenMonth ?? today?.slice(0, 7);
  if (month === undefined || timeZone === undefined) return <CenteredSpinner label="Loading statement" />;
  return (
    <MonthStatement
      locationId={locationId}
      labName={labName}
      month={month}
      timeZone={timeZone}
      onMonthChange={setMonth}
    />
  );
}

function MonthStatement({
  locationId,
  labName,
  month,
  timeZone,
  onMonthChange,
}: {
  locationId: number;
  labName: string;
  month: string;
  timeZone: string;
  onMonthChange: (month: string) => void;
}) {
  const { currentData: statement, isFetching, isError, error } = useStatementQuery({ month, locationId });
  const [exportStatement, exporting] = useExportStatementMutation();
  const lab = statement?.labs.find((entry) => entry.location === locationId);
  const download = (format: StatementFormat) => exportStatement({ month, format, locationId });

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <IconButton aria-label="Previous month" onClick={() => onMonthChange(shiftMonth(month, -1))}>
          ‹
        </IconButton>
        <TextField
          type="month"
          size="small"
          label="Month"
          value={month}
          onChange={(event) => {
            if (/^\d{4}-\d{2}$/.test(event.target.value)) onMonthChange(event.target.value);
          }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <IconButton aria-label="Next month" onClick={() => onMonthChange(shiftMonth(month, 1))}>
          ›
        </IconButton>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="outlined"
          size="small"
          startIcon={<DownloadIcon />}
          loading={exporting.isLoading && exporting.originalArgs?.format === 'csv'}
          onClick={() => download('csv')}
        >
          Download CSV
        </Button>
        <Button
          variant="outlined"
          size="small"
          startIcon={<DownloadIcon />}
          loading={exporting.isLoading && exporting.originalArgs?.format === 'xlsx'}
          onClick={() => download('xlsx')}
        >
          Download .xlsx
        </Button>
      </Stack>
      {exporting.error && <Alert severity="error">{errorMessage(exporting.error)}</Alert>}
      {isError ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : statement === undefined || isFetching ? (
        <CenteredSpinner label="Loading statement" />
      ) : lab === undefined || lab.funds.length === 0 ? (
        <Alert severity="info">
          {labName} was charged nothing in {monthText(month)}.
        </Alert>
      ) : (
        <>
          {lab.funds.map((fund) => (
            <FundStatement
              key={fund.fund?.id ?? 'none'}
              fund={fund}
              statement={statement}
              timeZone={timeZone}
            />
          ))}
          <Typography variant="h6" component="p" sx={{ textAlign: 'right' }}>
            Total for {monthText(month)}: {amountText(lab.total, statement.minor_digits)} {statement.currency}
          </Typography>
        </>
      )}
    </Stack>
  );
}
