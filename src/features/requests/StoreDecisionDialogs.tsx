import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { fieldErrors } from '../../api/fieldMessages';
import {
  REQUEST_TEXT_MAX_LENGTH,
  useCancelOpenRequestMutation,
  useStoreApproveRequestMutation,
  useStoreRejectRequestMutation,
  type LabRequest,
} from '../../api/requests';
import { FormDialog } from '../../components/FormDialog';
import { notify } from '../../components/notify';
import { lineSummary } from './requestText';

interface DecisionDialogProps {
  request: LabRequest;
  labName: string;
  onClose: () => void;
}

/** The lines the store approves: those whose chemical carries a CMR hazard statement. */
function CmrLines({ request }: { request: LabRequest }) {
  const lines = request.lines.filter((line) => line.needs_store_approval);
  return (
    <ul aria-label="Lines needing the store's approval">
      {lines.map((line) => (
        <li key={line.id}>{lineSummary(line)}</li>
      ))}
    </ul>
  );
}

/** The store's approval of a request's CMR lines, asked for once more since it lets a carcinogen leave the store. */
export function StoreApproveDialog({ request, labName, onClose }: DecisionDialogProps) {
  const [approve, { isLoading, error }] = useStoreApproveRequestMutation();
  const submit = async () => {
    const result = await approve({ id: request.id });
    if (result.error === undefined) {
      notify(`Request #${request.id} of ${labName} approved by the store.`, 'success');
      onClose();
    }
  };
  return (
    <FormDialog
      open
      title={`Approve request #${request.id} of ${labName}`}
      submitLabel="Approve"
      pending={isLoading}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography>
        These lines carry a CMR hazard statement (carcinogenic, mutagenic or toxic to reproduction) and need
        the store&apos;s approval before they are issued:
      </Typography>
      <CmrLines request={request} />
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
    </FormDialog>
  );
}

/** A decision the store gives with a reason the lab will read: a refusal, or the cancel of what is still open. */
type ReasonDecision = ReturnType<typeof useStoreRejectRequestMutation>;

interface ReasonDialogProps extends Omit<DecisionDialogProps, 'labName'> {
  decision: ReasonDecision;
  title: string;
  submitLabel: string;
  /** Said under the field until the server has something to say about the reason. */
  reasonHint: string;
  /** The notice once decided. */
  decided: string;
  /** What the dialog says above the reason. */
  children: ReactNode;
}

/** The reason field, its error in place (anything else below it), and the notice once the decision is made. */
function ReasonDialog({
  request,
  decision: [decide, { isLoading, error }],
  title,
  submitLabel,
  reasonHint,
  decided,
  onClose,
  children,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const reasonError = fieldErrors(error).reason;
  const submit = async () => {
    const result = await decide({ id: request.id, reason });
    if (result.error === undefined) {
      notify(decided, 'success');
      onClose();
    }
  };
  return (
    <FormDialog
      open
      title={title}
      submitLabel={submitLabel}
      pending={isLoading}
      onSubmit={submit}
      onClose={onClose}
    >
      {children}
      <TextField
        label="Reason"
        required
        autoFocus
        multiline
        minRows={2}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={Boolean(reasonError)}
        helperText={reasonError ?? reasonHint}
        slotProps={{ htmlInput: { maxLength: REQUEST_TEXT_MAX_LENGTH } }}
      />
      {error && !reasonError && <Alert severity="error">{errorMessage(error)}</Alert>}
    </FormDialog>
  );
}

/** The store's refusal of a request waiting for it, with the reason the lab will read. */
export function StoreRejectDialog({ request, labName, onClose }: DecisionDialogProps) {
  return (
    <ReasonDialog
      request={request}
      onClose={onClose}
      decision={useStoreRejectRequestMutation()}
      title={`Reject request #${request.id} of ${labName}`}
      submitLabel="Reject"
      reasonHint="The lab reads it with the rejected request."
      decided={`Request #${request.id} of ${labName} rejected.`}
    >
      <CmrLines request={request} />
    </ReasonDialog>
  );
}

/**
 * The store gives up what is still open of an approved request (it cannot get it, the lab ordered elsewhere), with
 * the reason the lab will read; what was issued stays issued and charged.
 */
export function StoreCancelDialog({ request, labName, onClose }: DecisionDialogProps) {
  return (
    <ReasonDialog
      request={request}
      onClose={onClose}
      decision={useCancelOpenRequestMutation()}
      title={`Cancel request #${request.id} of ${labName}`}
      submitLabel="Cancel request"
      reasonHint="The lab reads it with the cancelled request."
      decided={`Request #${request.id} of ${labName} cancelled.`}
    >
      <Typography>
        The store issues nothing more of it; what was issued stays issued and charged. This cannot be undone.
      </Typography>
      <ul aria-label="Lines of the request">
        {request.lines.map((line) => (
          <li key={line.id}>{lineSummary(line)}</li>
        ))}
      </ul>
    </ReasonDialog>
  );
}
