import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { formErrors } from '../../api/fieldMessages';
import {
  useAddToIssueCartMutation,
  useUpdateIssueCartLineMutation,
  type CartLine,
  type CartLineFields,
} from '../../api/issueCart';
import { objectTypes, type StockKind, type StockRecord } from '../../api/stock';
import { byKind, specOf } from '../../api/stockKinds';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notify } from '../../components/notify';
import { expiredOn } from '../../components/stockAlerts';
import { amount, kindLabels, stockName, units } from '../../components/stockColumns';
import { expiredQuestion } from './expiredStock';
import { FormErrorList } from '../../components/FormErrorList';

/** The item the form works on: picked from the search (add mode) or a cart line (edit mode). */
export interface CartItem {
  kind: StockKind;
  record: StockRecord;
  line?: CartLine;
}

// What a quantity input lets through: the kind's decimals (ml to the thousandth, whole pieces; SERVER.md §1.2).
const quantityPatterns = byKind((kind) => {
  const { decimals } = specOf(kind);
  return decimals === 0 ? /^\d*$/ : new RegExp(`^\\d*(\\.\\d{0,${decimals}})?$`);
});

interface CartItemFormProps {
  item: CartItem;
  /** Today in the lab, to tell an expired record; undefined while unknown. */
  today: string | undefined;
  onDone: () => void;
}

/**
 * Adds the item to the cart, or changes its line. An expired record stays issuable, but adding it asks first
 * (docs/api.md §11); Cancel sends nothing.
 */
export function CartItemForm({ item, today, onDone }: CartItemFormProps) {
  const { kind, record, line } = item;
  const [quantity, setQuantity] = useState(line ? String(line.quantity) : '');
  const [confirmingExpired, setConfirmingExpired] = useState(false);
  const [add, adding] = useAddToIssueCartMutation();
  const [update, updating] = useUpdateIssueCartLineMutation();
  const name = stockName(record);
  const refused = formErrors((line ? updating : adding).error, ['quantity']);
  const quantityError = refused.fields.quantity;

  const expired = expiredOn(today, record);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (expired !== null && !line) setConfirmingExpired(true);
    else void save();
  };

  const save = async () => {
    setConfirmingExpired(false);
    const fields: CartLineFields = {
      object_id: record.id,
      object_type: objectTypes[kind],
      quantity: quantity === '' ? null : Number(quantity),
    };
    const result = line ? await update({ id: line.id, ...fields }) : await add(fields);
    if (result.data) {
      notify(line ? `${name} changed in the cart.` : `${name} added to the cart.`, 'success');
      onDone();
    }
  };

  return (
    <Paper component="form" noValidate onSubmit={submit} aria-label="Chosen item" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {name} ({kindLabels[kind]})
        </Typography>
        <Typography>Available: {amount(kind, record.quantity)}</Typography>
        {expired !== null && <Alert severity="error">Expired on {expired}.</Alert>}
        <FormErrorList messages={refused.others} />
        <TextField
          label="Quantity"
          required
          autoFocus
          autoComplete="off"
          value={quantity}
          onChange={(event) => {
            if (quantityPatterns[kind].test(event.target.value)) setQuantity(event.target.value);
          }}
          error={Boolean(quantityError)}
          helperText={
            quantityError ?? (specOf(kind).decimals > 0 ? `In ${units[kind]}.` : 'In whole pieces.')
          }
          slotProps={{ htmlInput: { inputMode: specOf(kind).decimals > 0 ? 'decimal' : 'numeric' } }}
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" loading={adding.isLoading || updating.isLoading}>
            {line ? 'Edit' : 'Add'}
          </Button>
          <Button onClick={onDone}>Cancel</Button>
        </Stack>
      </Stack>
      {confirmingExpired && (
        <ConfirmDialog
          open
          title={expiredQuestion([{ name, expired: expired! }])}
          confirmLabel="Add anyway"
          onConfirm={save}
          onClose={() => setConfirmingExpired(false)}
        >
          Expired stock can still be issued; check it before it leaves the store.
        </ConfirmDialog>
      )}
    </Paper>
  );
}
