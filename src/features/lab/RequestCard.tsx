import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { errorMessage } from '../../api/errorMessage';
import {
  allows,
  requestStatusLabels,
  useCancelRequestMutation,
  type LabRequest,
  type RequestLine,
  type RequestStatus,
} from '../../api/requests';
import { stockKindOf } from '../../api/stock';
import { quantityWithUnit } from '../../api/stockKinds';
import { ColumnTable } from '../../components/ColumnTable';
import type { Column } from '../../components/columns';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { longUsCalendarDate, longUsDate } from '../../components/dates';
import { notify } from '../../components/notify';
import { LineNote } from '../../components/LineNote';
import { unitPriceText } from '../../components/statements';
import {
  ApproveDialog,
  ReasonDialog,
  STORE_APPROVAL_LABEL,
  type ReasonDecision,
} from './RequestDecisionDialogs';
import { RequestFormDialog } from './RequestFormDialog';
import { digitsOf, fundHeading, moneyText } from '../../components/money';

type ChipColor = 'default' | 'info' | 'warning' | 'success' | 'error';

const statusColors: Record<RequestStatus, ChipColor> = {
  submitted: 'info',
  returned: 'warning',
  awaiting_store_approval: 'warning',
  approved: 'success',
  partly_fulfilled: 'info',
  fulfilled: 'success',
  rejected: 'error',
  cancelled: 'default',
};

export function StatusChip({ status }: { status: RequestStatus }) {
  return <Chip size="small" color={statusColors[status]} label={requestStatusLabels[status]} />;
}

/** A line's quantity in its kind's unit ('100 ml', '1 piece'), or a dash while there is none. */
export const lineQuantity = (line: RequestLine, quantity: number | null): string =>
  quantity === null ? '—' : quantityWithUnit(stockKindOf(line.object_type), quantity);

/** A line whose cost is more than one line may be charged (docs/api.md §26.1): lower its quantity to go on. */
const BEYOND_LIMIT_TEXT = 'More than one line may cost: approve less';

/** The money of a request, in its currency. */
export const requestMoney = (request: LabRequest, amount: number | null): string =>
  amount === null ? 'No price' : moneyText(amount, digitsOf(request.currency), request.currency);

function lineColumns(request: LabRequest): Column<RequestLine>[] {
  return [
    {
      header: 'Item',
      cell: (line) => (
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <span>{line.name}</span>
          {line.needs_store_approval && <Chip size="small" color="warning" label={STORE_APPROVAL_LABEL} />}
          {line.note !== '' && <LineNote note={line.note} />}
        </Stack>
      ),
    },
    { header: 'Asked', cell: (line) => lineQuantity(line, line.quantity) },
    { header: 'Approved', cell: (line) => lineQuantity(line, line.approved_quantity) },
    { header: 'Issued', cell: (line) => lineQuantity(line, line.issued_quantity) },
    { header: 'Unit price', cell: (line) => unitPriceText(line.unit_price, request.currency, line.unit) },
    {
      header: 'Estimated cost',
      cell: (line) =>
        line.cost_beyond_limit ? BEYOND_LIMIT_TEXT : requestMoney(request, line.estimated_cost),
    },
  ];
}

/** Why the request was last sent back or refused, as its status tells it. */
function ReasonNote({ request }: { request: LabRequest }) {
  if (request.reason === null) return null;
  const words =
    request.status === 'rejected'
      ? 'Rejected'
      : request.status === 'cancelled' && request.approved_at !== null
        ? 'Cancelled'
        : request.status === 'returned'
          ? 'Returned for changes'
          : 'Returned for changes earlier';
  return (
    <Alert severity={request.status === 'rejected' ? 'error' : 'warning'}>
      <strong>{words}:</strong> {request.reason}
    </Alert>
  );
}

type OpenDialog = 'edit' | 'cancel' | 'approve' | ReasonDecision;

interface RequestCardProps {
  request: LabRequest;
  labName: string;
  /** The signed-in person's id. */
  meId: number;
  /** The signed-in person manages the request's lab. */
  isManager: boolean;
}

/**
 * One request of the lab with the steps the signed-in person may take on it now: the status table (`allows`) says
 * which steps exist for the status, the person's part (requester, the lab's manager) which of them are theirs; the
 * server decides in the end.
 */
export function RequestCard({ request, labName, meId, isManager }: RequestCardProps) {
  const headingId = useId();
  const [open, setOpen] = useState<OpenDialog | null>(null);
  const [cancelRequest, cancelling] = useCancelRequestMutation();
  const isRequester = request.requester.id === meId;
  const close = () => setOpen(null);

  const can = {
    edit: isRequester && allows('resubmit', request.status),
    cancel: (isRequester || isManager) && allows('cancel', request.status),
    approve: isManager && allows('approve', request.status),
    reject: isManager && allows('reject', request.status),
    return: isManager && allows('return', request.status),
    cancelOpen: isManager && allows('cancel_open', request.status),
  };

  const cancel = async () => {
    const result = await cancelRequest({ id: request.id });
    if (result.error === undefined) {
      notify(`Request #${request.id} cancelled.`, 'success');
      close();
    }
  };

  return (
    <Paper component="article" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={headingId} variant="h6" component="h3">
            Request #{request.id}
          </Typography>
          <StatusChip status={request.status} />
          <Typography color="text.secondary">
            by {request.requester.email} on {longUsDate(request.submitted_at)}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }} component="dl">
          <Detail term="Fund" value={fundHeading(request.fund)} />
          <Detail
            term="Needed by"
            value={request.needed_by === null ? 'No date' : longUsCalendarDate(request.needed_by)}
          />
          <Detail
            term="Estimated total"
            value={
              request.lines.some((line) => line.cost_beyond_limit)
                ? BEYOND_LIMIT_TEXT
                : requestMoney(request, request.estimated_total)
            }
          />
          {request.approved_by !== null && <Detail term="Approved by" value={request.approved_by} />}
        </Stack>
        {request.note !== '' && <Typography sx={{ whiteSpace: 'pre-wrap' }}>Note: {request.note}</Typography>}
        <ReasonNote request={request} />
        <ColumnTable
          label={`Lines of request #${request.id}`}
          columns={lineColumns(request)}
          rows={request.lines}
          rowKey={(line) => line.id}
        />
        {Object.values(can).some(Boolean) && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {can.approve && (
              <Button variant="contained" onClick={() => setOpen('approve')}>
                Approve
              </Button>
            )}
            {can.return && (
              <Button variant="outlined" onClick={() => setOpen('return')}>
                Return for changes
              </Button>
            )}
            {can.reject && (
              <Button variant="outlined" color="error" onClick={() => setOpen('reject')}>
                Reject
              </Button>
            )}
            {can.edit && (
              <Button variant="contained" onClick={() => setOpen('edit')}>
                Edit and resubmit
              </Button>
            )}
            {can.cancel && (
              <Button color="error" onClick={() => setOpen('cancel')}>
                Cancel request
              </Button>
            )}
            {can.cancelOpen && (
              <Button color="error" onClick={() => setOpen('cancel_open')}>
                Cancel what is still open
              </Button>
            )}
          </Stack>
        )}
      </Stack>
      {open === 'approve' && <ApproveDialog request={request} onClose={close} />}
      {(open === 'reject' || open === 'return' || open === 'cancel_open') && (
        <ReasonDialog request={request} decision={open} onClose={close} />
      )}
      {open === 'edit' && (
        <RequestFormDialog
          locationId={request.location}
          labName={labName}
          currency={request.currency}
          request={request}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={open === 'cancel'}
        title={`Cancel request #${request.id}?`}
        confirmLabel="Cancel request"
        pending={cancelling.isLoading}
        onConfirm={cancel}
        onClose={() => {
          cancelling.reset();
          close();
        }}
      >
        {cancelling.error && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {errorMessage(cancelling.error)}
          </Alert>
        )}
        The request goes to no one any more; this cannot be undone.
      </ConfirmDialog>
    </Paper>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <Stack sx={{ m: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Stack>
  );
}
