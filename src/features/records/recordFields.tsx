import type { ReactNode } from 'react';
import type { StockKind, StockRecord } from '../../api/stock';
import {
  amount,
  chemicalStoreColumns,
  glasswareColumns,
  instrumentColumns,
} from '../../components/stockColumns';
import { cellOf, type Column } from '../../components/columns';

export interface RecordField {
  label: string;
  value: ReactNode;
}

// The Store's columns are how SPEC names and shows a record's fields; a record page shows the same, bar the row
// number and the name (its heading).
const storeColumns = {
  chemical: chemicalStoreColumns,
  instrument: instrumentColumns,
  glassware: glasswareColumns,
} as unknown as Record<StockKind, readonly Column<StockRecord>[]>;

const notOnThePage = new Set(['#', 'Name']);

/** A record's fields as its page lists them: SPEC's columns, then the alert fields that are set (docs/api.md §11). */
export function recordFields(kind: StockKind, record: StockRecord): RecordField[] {
  const fields = storeColumns[kind]
    .filter((column) => !notOnThePage.has(column.header))
    .map((column) => ({ label: column.header, value: cellOf(column, record, 0) }));
  // Instruments carry no dates; only chemicals an opened-on date.
  if ('expiry_date' in record && record.expiry_date)
    fields.push({ label: 'Expiry date', value: record.expiry_date });
  if ('opened_on' in record && record.opened_on) fields.push({ label: 'Opened on', value: record.opened_on });
  if (record.minimum_quantity !== null && record.minimum_quantity !== undefined)
    fields.push({ label: 'Minimum quantity', value: amount(kind, record.minimum_quantity) });
  return fields;
}
