import type { StockKind } from '../api/stock';
import { units } from './stockColumns';
import type { FormField } from './StockFormDialog';

// The optional fields of docs/api.md §11 as every stock form shows them, below the SPEC fields: an expiry date
// (chemicals and glassware), the day a chemical was opened, and the minimum below which a record is low.

export const expiryDateField: FormField<'expiry_date'> = {
  name: 'expiry_date',
  label: 'Expiry date',
  type: 'date',
  optional: true,
};

export const openedOnField: FormField<'opened_on'> = {
  name: 'opened_on',
  label: 'Opened on',
  type: 'date',
  optional: true,
};

export function minimumQuantityField(kind: StockKind): FormField<'minimum_quantity'> {
  return {
    name: 'minimum_quantity',
    label: 'Minimum quantity',
    type: 'number',
    optional: true,
    helperText: `In ${units[kind]}. Below it, the Store shows the record as low.`,
  };
}
