import type { StockRecords } from '../../db/repositories/stock';
import {
  headerWithUnit,
  readField,
  specOf,
  stockField,
  type StockKind,
  byKindAs,
} from '../../domain/stockKinds';
import type { CsvColumn } from '../../http/csv';

// What a Store tab's "Export CSV" holds: the columns the tab shows (SPEC.md "Store stock tabs", the table's `store`
// view), in its order, with the unit in the header and numbers in full precision; a choice as its code, manufacturer
// and supplier by name.

/** The tab numbers its rows in the list's order (not by id), and so does the file. */
const POSITION: CsvColumn<unknown> = { header: '#', cell: (_record, position) => position + 1 };

function exportColumns<K extends StockKind>(kind: K): CsvColumn<StockRecords[K]>[] {
  const spec = specOf(kind);
  const columns = spec.views.store.map((name): CsvColumn<StockRecords[K]> => {
    const field = stockField(kind, name);
    return {
      header: headerWithUnit(field, 'store'),
      cell: (record) => readField(kind, field, record) as string | number | null,
    };
  });
  return spec.numbered ? [POSITION, ...columns] : columns;
}

export const STOCK_EXPORT_COLUMNS = byKindAs<{ [K in StockKind]: CsvColumn<StockRecords[K]>[] }>((kind) =>
  exportColumns(kind),
);
