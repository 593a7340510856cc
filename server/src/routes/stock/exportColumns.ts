import type { StockRecords } from '../../db/repositories/stock';
import { specOf, type StockKind } from '../../domain/stockKinds';
import { headerWithUnit, readField, stockField, byKindAs } from '../../domain/stockKindHelpers';
import type { HazardLabel } from '../../domain/stockRecords';
import type { CsvColumn } from '../../http/csv';

// What a Store tab's "Export CSV" holds: the columns the tab shows (SPEC.md "Store stock tabs", the table's `store`
// view), in its order, with the unit in the header and numbers in full precision; a choice as its code, manufacturer
// and supplier by name.

/** The tab numbers its rows in the list's order (not by id), and so does the file. */
const POSITION: CsvColumn<unknown> = { header: '#', cell: (_record, position) => position + 1 };

/** A list of codes as one text cell, `H225, H319`; none: an empty cell. */
const codesCell = (codes: readonly string[]): string | null => (codes.length > 0 ? codes.join(', ') : null);

/**
 * A chemical's hazards, where the tab shows them, after the amount (issue 33, item 6): its H-codes, under the header
 * the import reads them by, and its label's pictograms (GHS01…), each as text.
 */
const HAZARD_COLUMNS: CsvColumn<HazardLabel>[] = [
  {
    header: stockField('chemical', 'hazard_statements').label,
    cell: (record) => codesCell(record.hazard_statements),
  },
  { header: 'Pictograms', cell: (record) => codesCell(record.pictograms) },
];

function exportColumns<K extends StockKind>(kind: K): CsvColumn<StockRecords[K]>[] {
  const spec = specOf(kind);
  const columns = spec.views.store.flatMap((name): CsvColumn<StockRecords[K]>[] => {
    const field = stockField(kind, name);
    const column: CsvColumn<StockRecords[K]> = {
      header: headerWithUnit(field, 'store'),
      cell: (record) => readField(kind, field, record) as string | number | null,
    };
    // Where the tab shows its Hazards column.
    const hazards = spec.hazards && field.home.on === 'quantity';
    return hazards ? [column, ...(HAZARD_COLUMNS as CsvColumn<StockRecords[K]>[])] : [column];
  });
  return spec.numbered ? [POSITION, ...columns] : columns;
}

export const STOCK_EXPORT_COLUMNS = byKindAs<{ [K in StockKind]: CsvColumn<StockRecords[K]>[] }>((kind) =>
  exportColumns(kind),
);
