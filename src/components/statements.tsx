import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { useId } from 'react';
import { errorMessage, type ApiError } from '../api/errorMessage';
import type { StatementFormat, StatementFund, StatementLine } from '../api/statements';
import { stockKindOf } from '../api/stock';
import { quantityWithUnit } from '../api/stockKinds';
import { ColumnTable } from './ColumnTable';
import type { Column } from './columns';
import { longUsCalendarDate } from './dates';
import { fundHeading, moneyText } from './money';
import { DownloadIcon } from './icons';
import { dateIn } from './labCalendar';
import { notify } from './notify';

// A month's statement as the store's Statements page (all labs) and a lab's Statement tab (its own) both show it.
// Months are 'YYYY-MM', counted in the lab's calendar.

/** The month `delta` months after `month`: ('2026-01', -1) → '2025-12'. */
export function shiftMonth(month: string, delta: number): string {
  const [year, monthNumber] = month.split('-').map(Number);
  const index = year * 12 + (monthNumber - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'November 2026' */
export function monthText(month: string): string {
  return monthName.format(new Date(`${month}-01T00:00:00Z`));
}

/** The Month field between the Previous month and Next month buttons. */
function MonthPicker({ month, onMonthChange }: { month: string; onMonthChange: (month: string) => void }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Button variant="outlined" onClick={() => onMonthChange(shiftMonth(month, -1))}>
        Previous month
      </Button>
      <TextField
        type="month"
        label="Month"
        size="small"
        value={month}
        // A cleared or half-typed field keeps the month shown: a statement is always of one month.
        onChange={(event) => /^\d{4}-\d{2}$/.test(event.target.value) && onMonthChange(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button variant="outlined" onClick={() => onMonthChange(shiftMonth(month, 1))}>
        Next month
      </Button>
    </Stack>
  );
}

interface Downloads {
  /** Asks the server for the month's statement as a file, written as it reads on screen; resolves to its name once saved. */
  onDownload: (format: StatementFormat) => Promise<string | undefined>;
  /** The state of the export mutation: which format is being written, and the last one's error. */
  exporting: { isLoading: boolean; originalArgs?: { format: StatementFormat }; error?: ApiError };
}

/** The Download CSV and Download .xlsx buttons, with the last download's error under them. */
function StatementDownloads({ onDownload, exporting }: Downloads) {
  const downloading = exporting.isLoading ? exporting.originalArgs?.format : undefined;
  const download = async (format: StatementFormat) => {
    const saved = await onDownload(format);
    if (saved) notify(`Saved ${saved}.`, 'success');
  };
  const button = (format: StatementFormat, label: string) => (
    <Button
      variant="outlined"
      size="small"
      startIcon={<DownloadIcon />}
      loading={downloading === format}
      disabled={downloading !== undefined}
      onClick={() => void download(format)}
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
      {exporting.error && (
        <Alert severity="error">{`The download failed: ${errorMessage(exporting.error)}`}</Alert>
      )}
    </Stack>
  );
}

/** Which month a statement is of, and its downloads. */
export function StatementToolbar({
  month,
  onMonthChange,
  ...downloads
}: { month: string; onMonthChange: (month: string) => void } & Downloads) {
  return (
    <Stack
      direction="row"
      useFlexGap
      sx={{ gap: 1, alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap' }}
    >
      <MonthPicker month={month} onMonthChange={onMonthChange} />
      <StatementDownloads {...downloads} />
    </Stack>
  );
}

export const kindLabels: Record<StatementLine['kind'], string> = { ISSUE: 'Issue', RETURN: 'Return' };

/** A statement's currency: its code and how many minor digits its amounts have. */
export interface StatementMoney {
  currency: string;
  digits: number;
}

/** A unit price as the API gives it (major units per ml or piece), with its currency and unit: '0.0452 EUR per ml'. */
export function unitPriceText(unitPrice: number | null, currency: string | undefined, unit: string): string {
  if (unitPrice === null) return 'No price';
  const perUnit = unit === 'pieces' ? 'piece' : unit;
  return `${unitPrice}${currency === undefined ? '' : ` ${currency}`} per ${perUnit}`;
}

/**
 * The columns of a statement's lines. Their days are the lab's, as its months are. `withIds` adds the Issue and
 * Request a line came from, which the store looks up.
 */
export function statementLineColumns(
  money: StatementMoney,
  timeZone: string,
  { withIds = false } = {},
): Column<StatementLine>[] {
  const ids: Column<StatementLine>[] = [
    { header: 'Issue', value: (line) => `#${line.issue_id}` },
    { header: 'Request', value: (line) => (line.request_id === null ? '' : `#${line.request_id}`) },
  ];
  return [
    { header: 'Date', value: (line) => longUsCalendarDate(dateIn(timeZone, new Date(line.created_at))) },
    { header: 'Kind', value: (line) => kindLabels[line.kind] },
    ...(withIds ? ids : []),
    { header: 'Item', value: (line) => line.name },
    { header: 'Quantity', value: (line) => quantityWithUnit(stockKindOf(line.object_type), line.quantity) },
    { header: 'Unit price', value: (line) => unitPriceText(line.unit_price, money.currency, line.unit) },
    { header: 'Amount', value: (line) => moneyText(line.amount, money.digits, money.currency) },
  ];
}

// Footer cells are smaller and greyer by default; a fund's total reads as its lines do, in bold.
const totalRow = (theme: Theme) => ({
  '& .MuiTableCell-root': { ...theme.typography.body2, color: theme.palette.text.primary, fontWeight: 700 },
});

/** One fund's lines under its heading, a region named after the fund, with the fund's total as the table's last row. */
export function FundSection({
  fund,
  columns,
  money,
}: {
  fund: StatementFund;
  columns: readonly Column<StatementLine>[];
  money: StatementMoney;
}) {
  const headingId = useId();
  const heading = fundHeading(fund.fund);
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1}>
      <Typography id={headingId} variant="h6" component="h3">
        {heading}
      </Typography>
      <ColumnTable
        label={`Charges to ${heading}`}
        columns={columns}
        rows={fund.lines}
        rowKey={(line) => line.id}
        footer={
          <TableRow sx={totalRow}>
            <TableCell colSpan={columns.length - 1}>Fund total</TableCell>
            <TableCell>{moneyText(fund.total, money.digits, money.currency)}</TableCell>
          </TableRow>
        }
      />
    </Stack>
  );
}
