import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { calendarApi, useLabToday } from '../../api/calendar';
import { errorMessage } from '../../api/errorMessage';
import { useExportStatementMutation, useStatementQuery, type StatementFormat } from '../../api/statements';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { FundSection, monthText, statementLineColumns, StatementToolbar } from '../../components/statements';
import { moneyText } from '../../components/money';

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
  const money = statement && { currency: statement.currency, digits: statement.minor_digits };
  const download = async (format: StatementFormat) =>
    (await exportStatement({ month, format, locationId })).data;

  return (
    <Stack spacing={2}>
      <StatementToolbar
        month={month}
        onMonthChange={onMonthChange}
        onDownload={download}
        exporting={exporting}
      />
      {isError ? (
        <Alert severity="error">{errorMessage(error)}</Alert>
      ) : money === undefined || isFetching ? (
        <CenteredSpinner label="Loading statement" />
      ) : lab === undefined || lab.funds.length === 0 ? (
        <Alert severity="info">
          {labName} was charged nothing in {monthText(month)}.
        </Alert>
      ) : (
        <>
          {lab.funds.map((fund) => (
            <Paper key={fund.fund?.id ?? 'none'} sx={{ p: 2 }}>
              <FundSection fund={fund} columns={statementLineColumns(money, timeZone)} money={money} />
            </Paper>
          ))}
          <Typography variant="h6" component="p" sx={{ textAlign: 'right' }}>
            {`Total for ${monthText(month)}: ${moneyText(lab.total, money.digits, money.currency)}`}
          </Typography>
        </>
      )}
    </Stack>
  );
}
