import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { formErrors } from '../../api/fieldMessages';
import { useReturnIssueLineMutation, type IssuedItem } from '../../api/locations';
import { stockKindOf } from '../../api/stock';
import { specOf } from '../../api/stockKinds';
import { FormDialog } from '../../components/FormDialog';
import { notify } from '../../components/notify';
import { numberOrNull } from '../../components/StockFormDialog';
import { exactQuantity } from '../../components/quantities';
import { amount, units } from '../../components/stockColumns';

interface ReturnItemDialogProps {
  locationId: number;
  issueId: number;
  item: IssuedItem;
  onClose: () => void;
}

/** What is still out on an issue line. */
export function outstanding(item: IssuedItem): number {
  return exactQuantity(item.quantity - item.returned_quantity);
}

/** Takes part or all of an issue line back into stock (docs/api.md §9); the server checks the quantity. */
export function ReturnItemDialog({ locationId, issueId, item, onClose }: ReturnItemDialogProps) {
  const kind = stockKindOf(item.object_type);
  const [quantity, setQuantity] = useState('');
  const [returnLine, { isLoading, error }] = useReturnIssueLineMutation();
  const refused = formErrors(error, ['quantity']);
  const message = refused.fields.quantity;
  const max = outstanding(item);

  const submit = async () => {
    const written = numberOrNull(quantity);
    const result = await returnLine({ locationId, issueId, item, quantity: written });
    if (result.error === undefined) {
      notify(`${amount(kind, written ?? 0)} of ${item.name} returned to stock.`, 'success');
      onClose();
    }
  };

  return (
    <FormDialog
      open
      title={`Return ${item.name}`}
      submitLabel="Return"
      pending={isLoading}
      onSubmit={submit}
      onClose={onClose}
      errors={refused.others}
    >
      <TextField
        label="Quantity"
        type="number"
        required
        autoFocus
        value={quantity}
        onChange={(event) => setQuantity(event.target.value)}
        error={Boolean(message)}
        helperText={message ?? `At most ${amount(kind, max)}.`}
        slotProps={{
          htmlInput: specOf(kind).decimals > 0 ? { step: 'any', min: 0, max } : { step: 1, min: 1, max },
          input: {
            endAdornment: <InputAdornment position="end">{units[kind]}</InputAdornment>,
          },
        }}
      />
    </FormDialog>
  );
}
