import Alert from '@mui/material/Alert';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import {
  requestStatusLabels,
  type FulfilPick,
  type LabRequest,
  type PickSuggestion,
  type useFulfilRequestMutation,
} from '../../api/requests';
import { FormDialogActions } from '../../components/FormDialog';
import { fundHeading } from '../../components/money';
import { notify } from '../../components/notify';
import { numberOrNull } from '../../components/StockFormDialog';
import { fulfilErrors, suggestedPicks, takenOf, type Picks } from './fulfilPicks';
import { LinePicks } from './LinePicks';

export type Fulfilment = ReturnType<typeof useFulfilRequestMutation>;

interface FulfilFormProps {
  request: LabRequest;
  labName: string;
  suggestion: PickSuggestion;
  fulfilment: Fulfilment;
  onClose: () => void;
}

export function FulfilForm({ request, labName, suggestion, fulfilment, onClose }: FulfilFormProps) {
  // The suggestion of the moment the dialog opened: the store edits it from there.
  const [picks, setPicks] = useState<Picks>(() => suggestedPicks(suggestion));
  const [nothingPicked, setNothingPicked] = useState(false);
  const [fulfil, { isLoading, error }] = fulfilment;
  const linesById = new Map(request.lines.map((line) => [line.id, line]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const lines: FulfilPick[] = Object.entries(picks).flatMap(([requestLine, linePicks]) =>
      linePicks
        .filter((pick) => takenOf(pick) > 0)
        .map((pick) => ({
          request_line: Number(requestLine),
          object_id: pick.object_id,
          quantity: numberOrNull(pick.quantity),
        })),
    );
    setNothingPicked(lines.length === 0);
    if (lines.length === 0) return;
    const result = await fulfil({ id: request.id, locationId: request.location, lines });
    if (result.data) {
      const { issue, request: after } = result.data;
      notify(
        `Issue #${issue.id} to ${labName} made: request #${request.id} is ${requestStatusLabels[after.status].toLowerCase()}.`,
        'success',
      );
      onClose();
    }
  };

  return (
    <form noValidate onSubmit={submit}>
      <DialogContent>
        <Stack spacing={3}>
          <Typography>
            {`For ${labName}, charged to ${fundHeading(request.fund)}. The suggestion takes opened records first, then the earliest expiry; change a quantity, remove a record or add another.`}
          </Typography>
          {suggestion.lines.map((suggested) => {
            const line = linesById.get(suggested.request_line);
            if (!line) return null;
            return (
              <LinePicks
                key={line.id}
                line={line}
                open={suggested.open_quantity}
                picks={picks[line.id] ?? []}
                onChange={(linePicks) => setPicks((all) => ({ ...all, [line.id]: linePicks }))}
              />
            );
          })}
          {nothingPicked && <Alert severity="error">Pick at least one record with a quantity above 0.</Alert>}
          {error && (
            <Alert severity="error">
              {fulfilErrors(error).map((message) => (
                <div key={message}>{message}</div>
              ))}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <FormDialogActions submitLabel="Fulfil" pending={isLoading} onCancel={onClose} />
    </form>
  );
}
