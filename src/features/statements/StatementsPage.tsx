import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { calendarApi, useLabToday } from '../../api/calendar';
import { errorMessage } from '../../api/errorMessage';
import { stockKindOf } from '../../api/stock';
import {
  amountText,
  useExportStatementMutation,
  useStatementQuery,
  type Statement,
  type StatementFormat,
  type StatementFund,
  type StatementLab,
  type StatementLine,
} from '../../api/statements';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { longUsCalendarDate } from '../../components/dates';
import { DownloadIcon } from '../../components/icons';
import { dateIn } from '../../components/labCalendar';
import { notify } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { amount } from '../../components/stockColumns';
import { monthText, shiftMonth } from './month';

const kindLabels: Record<StatementLine['kind'], string> = { ISSUE: 'Issue', RETURN: 'Return' };

/** As the export names a fund: 'ERC-17 ERC grant 17', or the lab's issues made without a request. */
const fundName = ({ fund }: StatementFund) => (fund ? `${fund.code} ${fund.name}` : 'No fund (cart issues)');

interface Money {
  currency: string;
  digits: number;
}

const moneyText = (value: number, { currency, digits }: Money) => `${amountText(value, digits)} ${currency}`;

function unitPriceText(line: StatementLine, { currency }: Money): string {
  if (line.unit_price === null) return 'No price';
  return `${line.unit_price} ${currency} per ${stockKindOf(line.object_type) === 'chemical' ? 'ml' : 'piece'}`;
}

// Footer cells are smaller and greyer by default; a fund's total reads as its lines do, in bold.
const totalRow = (theme: Theme) => ({
  '& .MuiTableCell-root': { ...theme.typography.body2, color: theme.palette.text.primary, fontWeight: 700 },
});

function FundTable({
  lab,
  fund,
  money,
  zone,
}: {
  lab: StatementLab;
  fund: StatementFund;
  money: Money;
  zone: string;
}) {
  const name = fundName(fund);
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h3">
        {name}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={`${lab.name}, ${name}`}>
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>Kind</TableCell>
              <TableCell>Issue</TableCell>
              <TableCell>Request</TableCell>
              <TableCell>Item</TableCell>
              <TableCell align="right">Quantity</TableCell>
              <TableCell align="right">Unit price</TableCell>
              <TableCell align="right">Amount</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {fund.lines.map((line) => (
              <TableRow key={line.id}>
                <TableCell>{longUsCalendarDate(dateIn(zone, new Date(line.created_at)))}</TableCell>
                <TableCell>{kindLabels[line.kind]}</TableCell>
                <TableCell>{`#${line.issue_id}`}</TableCell>
                <TableCell>{line.request_id === null ? '' : `#${line.request_id}`}</TableCell>
                <TableCell>{line.name}</TableCell>
                <TableCell align="right">{amount(stockKindOf(line.object_type), line.quantity)}</TableCell>
                <TableCell align="right">{unitPriceText(line, money)}</TableCell>
                <TableCell align="right">{moneyText(line.amount, money)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter sx={totalRow}>
            <TableRow>
              <TableCell colSpan={7}>Fund total</TableCell>
              <TableCell align="right">{moneyText(fund.total, money)}</TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
    </Stack>
  );
}

function LabStatement({ lab, money, zone }: { lab: StatementLab; money: Money; zone: string }) {
  const headingId = `statement-lab-${lab.location}`;
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography id={headingId} variant="h5" component="h2">
          {lab.name}
        </Typography>
        {lab.funds.map((fund) => (
          <FundTable key={fund.fund?.id ?? 'none'} lab={lab} fund={fund} money={money} zone={zone} />
        ))}
        <Typography sx={{ fontWeight: 700 }}>{`Lab total: ${moneyText(lab.total, money)}`}</Typography>
      </Stack>
    </Paper>
  );
}

function StatementView({ statement, zone }: { statement: Statement; zone: string }) {
  const money = { currency: statement.currency, digits: statement.minor_digits };
  if (statement.labs.length === 0)
    return (
      <Typography sx={{ py: 4, textAlign: 'center' }}>
        {`No lab was charged anything in ${monthText(statement.month)}.`}
      </Typography>
    );
  return (
    <Stack spacing={2}>
      {statement.labs.map((lab) => (
        <LabStatement key={lab.location} lab={lab} money={money} zone={zone} />
      ))}
      <Typography variant="h6" component="p">
        {`Total for ${monthText(statement.month)}: ${moneyText(statement.total, money)}`}
      </Typography>
    </Stack>
  );
}

/** Download CSV and Download .xlsx of the month, written by the server as the statement reads on screen. */
function DownloadButtons({ month }: { month: string }) {
  const [exportStatement, { isLoading, error, originalArgs }] = useExportStatementMutation();
  const download = (format: StatementFormat) => async () => {
    const result = await exportStatement({ month, format });
    if (result.data) notify(`Saved ${result.data}.`, 'success');
  };
  const button = (format: StatementFormat, label: string) => (
    <Button
      variant="outlined"
      size="small"
      startIcon={<DownloadIcon />}
      loading={isLoading && originalArgs?.format === format}
      disabled={isLoading}
      onClick={download(format)}
    >
      {label}
    </Button>
  );
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-end' }}>
      <Stack direction="row" spacing={1}>
        {button('csv', 'Download CSV')}
        {button('xlsx', 'Download .xlsx')}
      </Stack>
      {error && <Alert severity="error">{`The download failed: ${errorMessage(error)}`}</Alert>}
    </Stack>
  );
}

function MonthStatement({ month, onMonthChange }: { month: string; onMonthChange: (month: string) => void }) {
  const zone = calendarApi.useLabCalendarQuery().data?.time_zone;
  const statement = useStatementQuery({ month });
  return (
    <Stack spacing={2}>
      <PageHeader title="Statements">
        <DownloadButtons month={month} />
      </PageHeader>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button variant="outlined" onClick={() => onMonthChange(shiftMonth(month, -1))}>
          Previous month
        </Button>
        <TextField
          type="month"
          label="Month"
          size="small"
          value={month}
          // A cleared field keeps the month shown: a statement is always of one month.
          onChange={(event) => event.target.value && onMonthChange(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button variant="outlined" onClick={() => onMonthChange(shiftMonth(month, 1))}>
          Next month
        </Button>
      </Stack>
      {statement.isError ? (
        <Alert severity="error">{errorMessage(statement.error)}</Alert>
      ) : !statement.data || zone === undefined ? (
        <CenteredSpinner label="Loading the statement" />
      ) : (
        <StatementView statement={statement.data} zone={zone} />
      )}
    </Stack>
  );
}

/** Issue 24: what each lab was charged in a month, per fund, for the store's managers and auditors. */
export function StatementsPage() {
  const today = useLabToday();
  const [chosen, setChosen] = useState<string>();
  const month = chosen ?? today?.slice(0, 7);
  if (month === undefined) return <CenteredSpinner label="Loading the statement" />;
  return <MonthStatement month={month} onMonthChange={setChosen} />;
}
