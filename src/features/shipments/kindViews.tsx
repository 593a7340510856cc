import type { NewStockItem, ShipmentLine } from '../../api/shipments';
import type { StockKind, StockRecord } from '../../api/stock';
import {
  fieldLabel,
  fieldText,
  hasExpiry,
  readField,
  specOf,
  stockField,
  viewItemText,
  type StockField,
} from '../../api/stockKinds';
import { writtenValues, type FormValues } from '../../components/StockFormDialog';
import { stockName } from '../../components/stockColumns';
import type { Column } from '../../components/VirtualTable';

// How each kind reads on the Add Shipment page (SPEC §2 Shipment entry pages): the kind's staging views of the
// stock-kind table.

/** The search box's placeholder: 'Chemical...'. */
export const searchPlaceholder = (kind: StockKind) => `${specOf(kind).label}...`;

/** One search suggestion: the `suggestion` view's parts, joined by ' - '. */
export function describe(kind: StockKind, record: StockRecord): string {
  return specOf(kind)
    .views.suggestion.map((item) => viewItemText(kind, item, record))
    .join(' - ');
}

/** A field of a record as the staging views show it: a choice by its label, a quantity with its unit. */
function shownValue(kind: StockKind, field: StockField, record: StockRecord): string | number {
  const value = readField(kind, field, record);
  if (field.input.type === 'choice' || field.home.on === 'quantity') return fieldText(kind, field, value);
  return (value ?? '') as string | number;
}

/** The read-only fields of an existing item (its `stagingDetails` view). */
export function details(kind: StockKind, record: StockRecord): { label: string; value: string | number }[] {
  return specOf(kind).views.stagingDetails.map((name) => {
    const field = stockField(kind, name);
    return { label: fieldLabel(field, 'stagingDetails'), value: shownValue(kind, field, record) };
  });
}

/** The staging table's columns before New Quantity: #, Name, then the `stagingTable` view. */
export function stagingColumns<K extends StockKind>(kind: K): Column<ShipmentLine<K>>[] {
  return [
    { header: '#', cell: (_line, index) => index + 1 },
    { header: 'Name', cell: (line) => stockName(line.item) },
    ...specOf(kind).views.stagingTable.map((name): Column<ShipmentLine<K>> => {
      const field = stockField(kind, name);
      return {
        header: fieldLabel(field, 'stagingTable'),
        cell: (line) => shownValue(kind, field, line.item),
      };
    }),
  ];
}

/** The expiry date a staged line may carry for what arrives (docs/api.md §11), labelled as the record's. */
export function lineExpiryField(kind: StockKind): StockField | undefined {
  return hasExpiry(kind) ? stockField(kind, 'expiry_date') : undefined;
}

const itemFields = (kind: StockKind) => specOf(kind).views.stagingForm.map((name) => stockField(kind, name));

/** The unit price a staged line may carry for what arrives (docs/api.md §23.2), labelled as the record's. */
export const linePriceField = (kind: StockKind): StockField => stockField(kind, 'unit_price');

/**
 * The brand-new item form: the item's fields (the `stagingForm` view), then the staged quantity, for a kind that
 * expires the line's expiry date, and the line's unit price.
 */
export function newItemFields(kind: StockKind): StockField[] {
  const expiry = lineExpiryField(kind);
  return [
    ...itemFields(kind),
    { ...stockField(kind, 'quantity'), label: 'New Quantity' },
    ...(expiry ? [expiry] : []),
    linePriceField(kind),
  ];
}

/** The create request the new-item form's item fields make; `more` joins them (a chemical's hazard data). */
export function newItemRequest(kind: StockKind, values: FormValues, more: object): NewStockItem {
  return { kind, fields: { ...writtenValues(itemFields(kind), values), ...more } } as NewStockItem;
}
