import type { ReactNode } from 'react';
import type { StockKind, StockRecord } from '../../api/stock';
import { fieldLabel, readField, specOf, stockField } from '../../api/stockKinds';
import { fieldDisplay } from '../../components/stockColumns';

export interface RecordField {
  label: string;
  value: ReactNode;
}

/**
 * A record's fields as its page lists them after its name (its heading), as SPEC names and shows them; a field the
 * record may leave unset (docs/api.md §11) only when it is set.
 */
export function recordFields(kind: StockKind, record: StockRecord): RecordField[] {
  return specOf(kind).views.recordPage.flatMap((name) => {
    const field = stockField(kind, name);
    const value = readField(kind, field, record);
    if (field.nullable && value === null) return [];
    return [{ label: fieldLabel(field, 'recordPage'), value: fieldDisplay(kind, field, value) }];
  });
}
