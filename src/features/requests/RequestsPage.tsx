import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLabToday } from '../../api/calendar';
import { useConsumersTreeQuery } from '../../api/locations';
import {
  allows,
  REQUEST_STATUSES,
  requestStatusLabels,
  useStoreRequestsQuery,
  type LabRequest,
  type RequestAction,
  type RequestStatus,
} from '../../api/requests';
import { useCanChangeStore } from '../../app/hooks';
import type { Column } from '../../components/columns';
import { longUsCalendarDate, longUsDate } from '../../components/dates';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { ChoiceFilter } from '../../components/FilterFields';
import { fundHeading } from '../../components/money';
import { PageHeader } from '../../components/PageHeader';
import { FilterBar, PagedTable, usePagedFilters } from '../../components/PagedTable';
import { FulfilDialog } from './FulfilDialog';
import { WAITING_FOR_THE_STORE } from './RequestsBadge';
import { estimatedTotalNumber, estimatedTotalText, labNames, lineSummary } from './requestText';
import { StoreApproveDialog, StoreCancelDialog, StoreRejectDialog } from './StoreDecisionDialogs';

/**
 * The status filter's choices; the first, where the page opens, is what the sidebar's badge counts (what waits for
 * the store: to issue, or to approve), so the page shows every request the badge announced.
 */
const statusFilters = [
  {
    value: 'waiting',
    label: 'Waiting for the store (to fulfil, to approve)',
    statuses: WAITING_FOR_THE_STORE,
  },
  {
    value: 'open',
    label: 'To fulfil (approved, partly fulfilled)',
    statuses: ['approved', 'partly_fulfilled'],
  },
  { value: 'store', label: 'Waiting for store approval', statuses: ['awaiting_store_approval'] },
  { value: 'lab', label: 'At the lab (submitted, returned)', statuses: ['submitted', 'returned'] },
  { value: 'fulfilled', label: 'Fulfilled', statuses: ['fulfilled'] },
  { value: 'rejected', label: 'Rejected', statuses: ['rejected'] },
  { value: 'cancelled', label: 'Cancelled', statuses: ['cancelled'] },
  { value: 'all', label: 'All', statuses: REQUEST_STATUSES },
] as const satisfies readonly { value: string; label: string; statuses?: readonly RequestStatus[] }[];

type StatusFilter = (typeof statusFilters)[number]['value'];

/** A request the store has still to act on whose needed-by day has passed in the lab. */
function isOverdue(request: LabRequest, today: string | undefined): boolean {
  return (
    today !== undefined &&
    request.needed_by !== null &&
    request.needed_by < today &&
    WAITING_FOR_THE_STORE.includes(request.status)
  );
}

function NeededBy({ request, today }: { request: LabRequest; today: string | undefined }) {
  if (request.needed_by === null) return '';
  const date = longUsCalendarDate(request.needed_by);
  if (!isOverdue(request, today)) return date;
  return (
    <Typography variant="body2" color="error" sx={{ fontWeight: 700 }}>
      {`${date} · overdue`}
    </Typography>
  );
}

/** Each line on its own row; during the store's approval, those that need it are marked. */
function Lines({ request }: { request: LabRequest }) {
  const marking = request.status === 'awaiting_store_approval';
  return (
    <Stack spacing={0.5}>
      {request.lines.map((line) => (
        <Stack key={line.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2">{lineSummary(line)}</Typography>
          {marking && line.needs_store_approval && (
            <Chip size="small" color="warning" variant="outlined" label="CMR · needs store approval" />
          )}
        </Stack>
      ))}
    </Stack>
  );
}

const linesText = (request: LabRequest) =>
  request.lines.map((line) => `${lineSummary(line)}${line.needs_store_approval ? ' (CMR)' : ''}`).join('; ');

type Decision = { kind: 'fulfil' | 'approve' | 'reject' | 'cancel'; request: LabRequest };

/** The store's steps on a request, each a button in its row where the request's status allows the step. */
const decisionButtons: readonly {
  kind: Decision['kind'];
  step: RequestAction;
  label: string;
  variant?: 'contained' | 'outlined';
  color?: 'error';
}[] = [
  { kind: 'fulfil', step: 'fulfil', label: 'Fulfil', variant: 'contained' },
  { kind: 'approve', step: 'store_approve', label: 'Approve', variant: 'outlined' },
  { kind: 'reject', step: 'store_reject', label: 'Reject', color: 'error' },
  { kind: 'cancel', step: 'cancel_open', label: 'Cancel', color: 'error' },
];

/** The store's queue of the labs' requests (issue 24): fulfil approved ones, decide on CMR lines. */
export function RequestsPage() {
  const canChange = useCanChangeStore();
  const today = useLabToday();
  const labs = labNames(useConsumersTreeQuery().data);
  const labName = (request: LabRequest) => labs.get(request.location) ?? `Lab #${request.location}`;
  const { inputs, field, pages, request } = usePagedFilters<{ status: StatusFilter }>({
    status: 'waiting',
  });
  const { statuses } = statusFilters.find((filter) => filter.value === inputs.status) ?? statusFilters[0];
  const list = useStoreRequestsQuery({ statuses, ...request });
  const [decision, setDecision] = useState<Decision | null>(null);

  const actions = (row: LabRequest) => (
    <Stack direction="row" spacing={1}>
      {decisionButtons
        .filter((button) => allows(button.step, row.status))
        .map(({ kind, label, color, variant }) => (
          <Button
            key={kind}
            size="small"
            variant={variant}
            color={color}
            aria-label={`${label} request ${row.id}`}
            onClick={() => setDecision({ kind, request: row })}
          >
            {label}
          </Button>
        ))}
    </Stack>
  );

  const columns: Column<LabRequest>[] = [
    { header: 'Request', cell: (row) => `#${row.id}`, value: (row) => row.id },
    { header: 'Lab', value: labName },
    { header: 'Requester', value: (row) => row.requester.email },
    { header: 'Fund', value: (request) => fundHeading(request.fund) },
    {
      header: 'Needed by',
      cell: (row) => <NeededBy request={row} today={today} />,
      value: (row) => row.needed_by,
    },
    { header: 'Submitted', cell: (row) => longUsDate(row.submitted_at), value: (row) => row.submitted_at },
    { header: 'Lines', cell: (row) => <Lines request={row} />, value: linesText },
    { header: 'Estimated total', cell: estimatedTotalText, value: estimatedTotalNumber },
    { header: 'Status', value: (row) => requestStatusLabels[row.status] },
    ...(canChange ? [{ header: 'Actions', cell: actions }] : []),
  ];

  const shown = list.data?.results ?? [];
  const chosen = decision && { request: decision.request, labName: labName(decision.request) };
  const close = () => setDecision(null);
  return (
    <Stack spacing={2}>
      <PageHeader title="Requests">
        <ExportCsvButton subject="requests" columns={columns} rows={shown} />
      </PageHeader>
      <FilterBar label="Request filters">
        <ChoiceFilter label="Status" choices={statusFilters} minWidth={280} {...field('status')} />
      </FilterBar>
      <PagedTable label="requests" columns={columns} list={list} {...pages} />
      {chosen && decision.kind === 'fulfil' && <FulfilDialog {...chosen} onClose={close} />}
      {chosen && decision.kind === 'approve' && <StoreApproveDialog {...chosen} onClose={close} />}
      {chosen && decision.kind === 'reject' && <StoreRejectDialog {...chosen} onClose={close} />}
      {chosen && decision.kind === 'cancel' && <StoreCancelDialog {...chosen} onClose={close} />}
    </Stack>
  );
}
