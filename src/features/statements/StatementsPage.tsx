import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { calendarApi, useLabToday } from '../../api/calendar';
import { errorMessage } from '../../api/errorMessage';
import {
  useExportStatementMutation,
  useStatementQuery,
  type Statement,
  type StatementFormat,
  type StatementLab,
} from '../../api/statements';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { PageHeader } from '../../components/PageHeader';
import {
  FundSection,
  monthText,
  statementLineColumns,
  StatementToolbar,
  type StatementMoney,
} from '../../components/statements';
import { moneyText } from '../../components/money';

function LabStatement({ lab, money, zone }: { lab: StatementLab; money: StatementMoney; zone: string }) {
  const headingId = `statement-lab-${lab.location}`;
  // The store looks a line up by the issue or request it came from.
  const columns = statementLineColumns(money, zone, { withIds: true });
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography id={headingId} variant="h5" component="h2">
          {lab.name}
        </Typography>
        {lab.funds.map((fund) => (
          <FundSection key={fund.fund?.id ?? 'none'} fund={fund} columns={columns} money={money} />
        ))}
        <Typography
          sx={{ fontWeight: 700 }}
        >{`Lab total: ${moneyText(lab.total, money.digits, money.currency)}`}</Typography>
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
        {`Total for ${monthText(statement.month)}: ${moneyText(statement.total, money.digits, money.currency)}`}
      </Typography>
    </Stack>
  );
}

function MonthStatement({ month, onMonthChange }: { month: string; onMonthChange: (month: string) => void }) {
  const zone = calendarApi.useLabCalendarQuery().data?.time_zone;
  const statement = useStatementQuery({ month });
  const [exportStatement, exporting] = useExportStatementMutation();
  const download = async (format: StatementFormat) => (await exportStatement({ month, format })).data;
  return (
    <Stack spacing={2}>
      <PageHeader title="Statements" />
      <StatementToolbar
        month={month}
        onMonthChange={onMonthChange}
        onDownload={download}
        exporting={exporting}
      />
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
