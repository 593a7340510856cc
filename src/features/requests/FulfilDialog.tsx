import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { useFulfilRequestMutation, usePickSuggestionQuery, type LabRequest } from '../../api/requests';
import { CenteredSpinner } from '../../components/CenteredSpinner';
import { FulfilForm } from './FulfilForm';

interface FulfilDialogProps {
  request: LabRequest;
  labName: string;
  onClose: () => void;
}

/** Issues an approved request's open lines to its lab from the records the store picks (docs/api.md §26.7–26.8). */
export function FulfilDialog({ request, labName, onClose }: FulfilDialogProps) {
  const suggestion = usePickSuggestionQuery(request.id, { refetchOnMountOrArgChange: true });
  // A suggestion cached from an earlier opening may be stale: the form starts from one read since this one opened,
  // and keeps what the store typed when a later change of stock refetches it.
  const [openedAt] = useState(Date.now);
  // Held here so that the dialog cannot be dismissed while the issue is being written.
  const fulfilment = useFulfilRequestMutation();
  const fresh =
    suggestion.data && (suggestion.fulfilledTimeStamp ?? 0) >= openedAt ? suggestion.data : undefined;
  return (
    <Dialog open onClose={fulfilment[1].isLoading ? undefined : onClose} maxWidth="lg" fullWidth>
      <DialogTitle>{`Fulfil request #${request.id} of ${labName}`}</DialogTitle>
      {suggestion.isError ? (
        <DialogContent>
          <Alert severity="error">{errorMessage(suggestion.error)}</Alert>
        </DialogContent>
      ) : !fresh ? (
        <DialogContent>
          <CenteredSpinner label="Loading the pick suggestion" />
        </DialogContent>
      ) : fresh.lines.length === 0 ? (
        <>
          <DialogContent>
            <Typography>Nothing of this request is open.</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      ) : (
        <FulfilForm
          request={request}
          labName={labName}
          suggestion={fresh}
          fulfilment={fulfilment}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}
