import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../api/errorMessage';
import {
  REQUEST_STATUSES,
  requestStatusLabels,
  useLabFundsQuery,
  useLabRequestsQuery,
  type LabRequest,
  type RequestLine,
  type RequestStatus,
} from '../../api/requests';
import { amountNumber, useCurrencyQuery } from '../../api/statements';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import type { Column } from '../../components/columns';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { ChoiceFilter, labelledChoices } from '../../components/FilterFields';
import { AddIcon } from '../../components/icons';
import { FilterBar, PageControls, usePagedFilters } from '../../components/PagedTable';
import { RequestCard } from './RequestCard';
import { RequestFormDialog } from './RequestFormDialog';
import { digitsOf, fundHeading } from '../../components/money';

const statusChoices = labelledChoices(REQUEST_STATUSES, requestStatusLabels);

/** A row of the export: one line of a request, with the request's own details beside it. */
interface ExportedLine {
  request: LabRequest;
  line: RequestLine;
}

/** An amount as a number of major units (a spreadsheet adds it up); none without a price. */
const money = (request: LabRequest, amount: number | null) =>
  amount === null ? null : amountNumber(amount, digitsOf(request.currency));

const exportColumns: Column<ExportedLine>[] = [
  { header: 'Request', value: ({ request }) => request.id },
  { header: 'Status', value: ({ request }) => requestStatusLabels[request.status] },
  { header: 'Submitted', value: ({ request }) => request.submitted_at },
  { header: 'Requester', value: ({ request }) => request.requester.email },
  { header: 'Fund', value: ({ request }) => fundHeading(request.fund) },
  { header: 'Needed by', value: ({ request }) => request.needed_by },
  { header: 'Note', value: ({ request }) => request.note },
  { header: 'Reason', value: ({ request }) => request.reason },
  { header: 'Item', value: ({ line }) => line.name },
  { header: 'Asked', value: ({ line }) => line.quantity },
  { header: 'Approved', value: ({ line }) => line.approved_quantity },
  { header: 'Issued', value: ({ line }) => line.issued_quantity },
  { header: 'Unit', value: ({ line }) => line.unit },
  { header: 'Unit price', value: ({ line }) => line.unit_price },
  { header: 'Estimated cost', value: ({ request, line }) => money(request, line.estimated_cost) },
  { header: 'Currency', value: ({ request }) => request.currency },
];

interface LabRequestsProps {
  locationId: number;
  labName: string;
  meId: number;
  isManager: boolean;
}

/** The lab's requests to the store, newest first, with a new request and the steps each person may take. */
export function LabRequests({ locationId, labName, meId, isManager }: LabRequestsProps) {
  const [writing, setWriting] = useState(false);
  const { inputs, field, pages, request } = usePagedFilters<{ status: RequestStatus | '' }>({
    status: '',
  });
  const list = useLabRequestsQuery({
    locationId,
    statuses: inputs.status === '' ? undefined : [inputs.status],
    ...request,
  });
  const requests = list.currentData?.results;
  // For the estimates of a request being written, before the lab has any request that names it.
  const currency = useCurrencyQuery().data?.code;
  const exported = (requests ?? []).flatMap((shown) => shown.lines.map((line) => ({ request: shown, line })));
  // A request needs an active fund: a lab without one is told before anyone fills a request in vain.
  const funds = useLabFundsQuery(locationId).data;
  const noActiveFund = funds !== undefined && !funds.some((fund) => fund.active);

  return (
    <Stack spacing={2}>
      {noActiveFund && (
        <Alert severity="warning">
          {labName} has no active fund, so it cannot send the store a request yet.{' '}
          {isManager
            ? 'As a manager of the lab, add one under Funds.'
            : 'A manager of the lab (or a store manager) can add one; ask them.'}
        </Alert>
      )}
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          disabled={noActiveFund}
          onClick={() => setWriting(true)}
        >
          New request
        </Button>
        <FilterBar label="Filter requests">
          <ChoiceFilter
            label="Status"
            all="All statuses"
            choices={statusChoices}
            minWidth={220}
            {...field('status')}
          />
        </FilterBar>
        <Box sx={{ flexGrow: 1 }} />
        <ExportCsvButton
          subject={`${labName} requests`}
          columns={exportColumns}
          rows={exported}
          label="Export CSV of requests"
        />
      </Stack>
      {list.isError ? (
        <Alert severity="error">{errorMessage(list.error)}</Alert>
      ) : list.currentData === undefined ? (
        <CenteredSpinner label="Loading requests" />
      ) : (
        <Stack spacing={2}>
          {list.isFetching ? <LinearProgress aria-label="Loading requests" /> : <Box sx={{ height: 4 }} />}
          {requests?.length === 0 ? (
            <Typography sx={{ py: 2 }} color="text.secondary">
              {inputs.status === ''
                ? `${labName} has asked the store for nothing yet.`
                : `No request of ${labName} is ${requestStatusLabels[inputs.status].toLowerCase()}.`}
            </Typography>
          ) : (
            requests?.map((shown) => (
              <RequestCard
                key={shown.id}
                request={shown}
                labName={labName}
                meId={meId}
                isManager={isManager}
              />
            ))
          )}
          <PageControls count={list.currentData.count} rowsLabel="Requests per page:" {...pages} />
        </Stack>
      )}
      {writing && (
        <RequestFormDialog
          locationId={locationId}
          labName={labName}
          currency={currency}
          onClose={() => setWriting(false)}
        />
      )}
    </Stack>
  );
}
