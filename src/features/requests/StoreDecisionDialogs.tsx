import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { fieldErrors } from '../../api/fieldMessages';
import {
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

/** The store's refusal of a request waiting for it, with the reason the lab will read. */
export function StoreRejectDialog({ request, labName, onClose }: DecisionDialogProps) {
  const [reason, setReason] = useState('');
  const [reject, { isLoading, error }] = useStoreRejectRequestMutation();
  const reasonError = fieldErrors(error).reason;
  const submit = async () => {
    const result = await reject({ id: request.id, reason });
    if (result.error === undefined) {
      notify(`Request #${request.id} of ${labName} rejected.`, 'success');
      onClose();
    }
  };
  return (
    <FormDialog
      open
      title={`Reject request #${request.id} of ${labName}`}
      submitLabel="Reject"
      pending={isLoading}
      onSubmit={submit}
      onClose={onClose}
    >
      <CmrLines request={request} />
      <TextField
        label="Reason"
        required
        autoFocus
        multiline
        minRows={2}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={Boolean(reasonError)}
        helperText={reasonError ?? 'The lab reads it with the rejected request.'}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
      {error && !reasonError && <Alert severity="error">{errorMessage(error)}</Alert>}
    </FormDialog>
  );
}

/**
 * The store gives up what is still open of an approved request (it cannot get it, the lab ordered elsewhere), with
 * the reason the lab will read; what was issued stays issued and charged.
 */
export function StoreCancelDialog({ request, labName, onClose }: DecisionDialogProps) {
  const [reason, setReason] = useState('');
  const [cancelOpen, { isLoading, error }] = useCancelOpenRequestMutation();
  const reasonError = fieldErrors(error).reason;
  const submit = async () => {
    const result = await cancelOpen({ id: request.id, reason });
    if (result.error === undefined) {
      notify(`Request #${request.id} of ${labName} cancelled.`, 'success');
      onClose();
    }
  };
  return (
    <FormDialog
      open
      title={`Cancel request #${request.id} of ${labName}`}
      submitLabel="Cancel request"
      pending={isLoading}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography>
        The store issues nothing more of it; what was issued stays issued and charged. This cannot be undone.
      </Typography>
      <ul aria-label="Lines of the request">
        {request.lines.map((line) => (
          <li key={line.id}>{lineSummary(line)}</li>
        ))}
      </ul>
      <TextField
        label="Reason"
        required
        autoFocus
        multiline
        minRows={2}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={Boolean(reasonError)}
        helperText={reasonError ?? 'The lab reads it with the cancelled request.'}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
      {error && !reasonError && <Alert severity="error">{errorMessage(error)}</Alert>}
    </FormDialog>
  );
}
