import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  REQUEST_TEXT_MAX_LENGTH,
  useApproveRequestMutation,
  useCancelOpenRequestMutation,
  useRejectRequestMutation,
  useReturnRequestMutation,
  type LabRequest,
} from '../../api/requests';
import { formErrors } from '../../api/fieldMessages';
import { stockKindOf } from '../../api/stock';
import { quantityWithUnit, specOf } from '../../api/stockKinds';
import { FormDialog } from '../../components/FormDialog';
import { notify } from '../../components/notify';

/** The label of a line that the store approves too, after the lab's manager. */
export const STORE_APPROVAL_LABEL = 'Needs store approval (CMR)';

/** The lab manager's approval: every line as asked, or some reduced (never to nothing: reject and ask again). */
export function ApproveDialog({ request, onClose }: { request: LabRequest; onClose: () => void }) {
  const [approveRequest, { isLoading, error }] = useApproveRequestMutation();
  const [quantities, setQuantities] = useState<Record<number, string>>(() =>
    Object.fromEntries(request.lines.map((line) => [line.id, String(line.quantity)])),
  );
  const errors = formErrors(error, [], { withRefusal: true });

  const submit = async () => {
    // Only the reduced lines are sent: the others are approved as asked.
    const reduced = request.lines.flatMap((line) => {
      const typed = quantities[line.id].trim();
      const quantity = typed === '' ? null : Number(typed);
      return quantity === line.quantity ? [] : [{ id: line.id, quantity }];
    });
    const result = await approveRequest({ id: request.id, lines: reduced.length > 0 ? reduced : undefined });
    if (result.error === undefined) {
      const waiting = result.data.status === 'awaiting_store_approval';
      notify(
        waiting
          ? `Request #${request.id} approved; the store approves its CMR lines too.`
          : `Request #${request.id} approved.`,
        'success',
      );
      onClose();
    }
  };

  return (
    <FormDialog
      open
      title={`Approve request #${request.id}`}
      submitLabel="Approve"
      pending={isLoading}
      onSubmit={submit}
      onClose={onClose}
      errors={errors.others}
    >
      <Typography>Approve each line as asked, or reduce its quantity.</Typography>
      {request.lines.map((line) => {
        const kind = stockKindOf(line.object_type);
        const { decimals } = specOf(kind);
        return (
          <Stack key={line.id} spacing={0.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 700 }}>{line.name}</Typography>
              {line.needs_store_approval && (
                <Chip size="small" color="warning" label={STORE_APPROVAL_LABEL} />
              )}
            </Stack>
            <TextField
              type="number"
              size="small"
              label={`Approved quantity of ${line.name}`}
              value={quantities[line.id]}
              onChange={(event) => setQuantities({ ...quantities, [line.id]: event.target.value })}
              helperText={`Asked: ${quantityWithUnit(kind, line.quantity)}`}
              slotProps={{
                htmlInput: { min: 0, max: line.quantity, step: decimals > 0 ? 10 ** -decimals : 1 },
                input: { endAdornment: <InputAdornment position="end">{line.unit}</InputAdornment> },
              }}
            />
          </Stack>
        );
      })}
    </FormDialog>
  );
}

export type ReasonDecision = 'reject' | 'return' | 'cancel_open';

const decisionWords: Record<ReasonDecision, { title: string; submit: string; done: string }> = {
  reject: { title: 'Reject request', submit: 'Reject', done: 'rejected' },
  return: { title: 'Return request for changes', submit: 'Return for changes', done: 'returned for changes' },
  cancel_open: { title: 'Cancel what is still open of request', submit: 'Cancel request', done: 'cancelled' },
};

/**
 * A rejection, a return for changes, or the cancelling of what is still open of an approved request: the requester
 * reads the reason on the request.
 */
export function ReasonDialog({
  request,
  decision,
  onClose,
}: {
  request: LabRequest;
  decision: ReasonDecision;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [rejectRequest, rejected] = useRejectRequestMutation();
  const [returnRequest, returned] = useReturnRequestMutation();
  const [cancelOpenRequest, cancelled] = useCancelOpenRequestMutation();
  const mutations = {
    reject: [rejectRequest, rejected],
    return: [returnRequest, returned],
    cancel_open: [cancelOpenRequest, cancelled],
  } as const;
  const [send, { isLoading, error }] = mutations[decision];
  const errors = formErrors(error, ['reason'], { withRefusal: true });
  const words = decisionWords[decision];

  const submit = async () => {
    const result = await send({ id: request.id, reason });
    if (result.error === undefined) {
      notify(`Request #${request.id} ${words.done}.`, 'success');
      onClose();
    }
  };

  return (
    <FormDialog
      open
      title={`${words.title} #${request.id}`}
      submitLabel={words.submit}
      pending={isLoading}
      onSubmit={submit}
      onClose={onClose}
      errors={errors.others}
    >
      {decision === 'cancel_open' && (
        <Typography>
          The store issues nothing more of it; what was issued stays issued and charged. This cannot be
          undone.
        </Typography>
      )}
      <TextField
        label="Reason"
        required
        multiline
        minRows={2}
        autoFocus
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={'reason' in errors.fields}
        helperText={errors.fields.reason ?? `${request.requester.email} reads it on the request.`}
        slotProps={{ htmlInput: { maxLength: REQUEST_TEXT_MAX_LENGTH } }}
      />
    </FormDialog>
  );
}
