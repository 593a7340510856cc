import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { formErrors } from '../../api/fieldMessages';
import {
  useAddShipmentLineMutation,
  useUpdateShipmentLineMutation,
  type ShipmentLine,
} from '../../api/shipments';
import type { StockKind, StockRecord } from '../../api/stock';
import { quantityWithUnit, specOf } from '../../api/stockKinds';
import { notify } from '../../components/notify';
import { dateOrNull, numberOrNull, textOf } from '../../components/StockFormDialog';
import { stockName } from '../../components/stockColumns';
import { details, lineExpiryField, linePriceField } from './kindViews';
import { FormErrorList } from '../../components/FormErrorList';

interface LineFormProps<K extends StockKind> {
  kind: K;
  item: StockRecord<K>;
  /** The staged line being edited; absent when adding a line for `item`. */
  line?: ShipmentLine<K>;
  onDone: () => void;
}

/**
 * The add/edit form of an existing item: its description read-only; the new quantity is entered and, for chemicals
 * and glassware, the expiry date of what arrives (docs/api.md §11: the merge keeps the record's earliest), and its
 * unit price (§23.2: the merge averages it into the record's by quantity).
 */
export function LineForm<K extends StockKind>({ kind, item, line, onDone }: LineFormProps<K>) {
  const { label, unit, decimals } = specOf(kind);
  const [quantity, setQuantity] = useState(line ? String(line.quantity) : '');
  const [expiryDate, setExpiryDate] = useState(textOf(line?.expiry_date ?? null));
  const [unitPrice, setUnitPrice] = useState(textOf(line?.unit_price ?? null));
  const [add, adding] = useAddShipmentLineMutation();
  const [update, updating] = useUpdateShipmentLineMutation();
  const name = stockName(item);
  const expiry = lineExpiryField(kind);
  // Labelled as the record's own price field, whose helper text names its unit (per ml, per piece).
  const price = linePriceField(kind);
  const refused = formErrors((line ? updating : adding).error, [
    'quantity',
    price.name,
    ...(expiry ? [expiry.name] : []),
  ]);
  const errors: Partial<Record<string, string>> = refused.fields;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const written = {
      kind,
      quantity: numberOrNull(quantity),
      expiryDate: expiry ? dateOrNull(expiryDate) : undefined,
      unitPrice: numberOrNull(unitPrice),
    };
    const result = line
      ? await update({ id: line.id, ...written })
      : await add({ itemId: item.id, ...written });
    if (result.error === undefined) {
      notify(line ? `${name} updated.` : `${name} added to the shipment.`, 'success');
      onDone();
    }
  };

  return (
    <Paper component="form" noValidate onSubmit={submit} aria-label={`${label} line`} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {line ? `Edit ${name}` : `Add ${name}`}
      </Typography>
      <Box sx={{ mb: refused.others.length > 0 ? 2 : 0 }}>
        <FormErrorList messages={refused.others} />
      </Box>
      <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
        {details(kind, item).map((detail) => (
          <TextField
            key={detail.label}
            label={detail.label}
            value={detail.value}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
        ))}
        <TextField
          label="Current Quantity"
          value={quantityWithUnit(kind, item.quantity)}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <TextField
          label="New Quantity"
          type="number"
          required
          autoFocus
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
          error={Boolean(errors.quantity)}
          // A kind counted in whole pieces stages at least one.
          helperText={errors.quantity ?? (decimals > 0 ? `In ${unit}.` : `In whole ${unit}.`)}
          slotProps={{ htmlInput: decimals > 0 ? { step: 'any', min: 0 } : { step: 1, min: 1 } }}
        />
        {expiry && (
          <TextField
            label={expiry.label}
            type="date"
            value={expiryDate}
            onChange={(event) => setExpiryDate(event.target.value)}
            error={Boolean(errors[expiry.name])}
            helperText={errors[expiry.name] ?? 'Optional: the date on what arrives.'}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
        <TextField
          label={price.label}
          type="number"
          value={unitPrice}
          onChange={(event) => setUnitPrice(event.target.value)}
          error={Boolean(errors[price.name])}
          helperText={
            errors[price.name] ??
            `Optional. ${price.helperText ?? ''} The merge averages it into the record's price by quantity.`
          }
          slotProps={{ htmlInput: { step: 'any', min: 0 } }}
          sx={{ maxWidth: 320 }}
        />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" loading={adding.isLoading || updating.isLoading}>
          {line ? 'Edit' : 'Add'}
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </Stack>
    </Paper>
  );
}
