import type { StockRecords } from '../../db/repositories/stock';
import type { StockKind } from '../../domain/stockKinds';
import type { CsvColumn } from '../../http/csv';

// What a Store tab's "Export CSV" holds: the columns the tab shows (SPEC.md "Store stock tabs"), in its order, with
// the unit in the header and numbers in full precision.

// The Store shows a record's expiry date after its name and its minimum after its quantity (the SPA's stockAlerts.tsx).
const minimum = <T extends StockRecords[StockKind]>(unit: string): CsvColumn<T> => ({
  header: `Minimum (${unit})`,
  cell: (record) => record.minimum_quantity,
});
const expires = <T extends StockRecords['chemical' | 'glassware']>(): CsvColumn<T> => ({
  header: 'Expires',
  cell: (record) => record.expiry_date,
});

const trade = <T extends StockRecords[StockKind]>(): CsvColumn<T>[] => [
  { header: 'Manufacturer', cell: (record) => record.manufacturer.name },
  { header: 'Supplier', cell: (record) => record.supplier.name },
];

export const STOCK_EXPORT_COLUMNS: { [K in StockKind]: CsvColumn<StockRecords[K]>[] } = {
  chemical: [
    // The tab numbers its rows in the list's order (not by id), and so does the file.
    { header: '#', cell: (_record, position) => position + 1 },
    { header: 'Name', cell: (record) => record.chemical.name },
    expires<StockRecords['chemical']>(),
    { header: 'CAS RN', cell: (record) => record.chemical.CAS_RN },
    { header: 'Molecular Formula', cell: (record) => record.chemical.molecular_formula },
    { header: 'Molecular Weight (g/mol)', cell: (record) => record.chemical.molecular_weight },
    { header: 'Purity (%)', cell: (record) => record.purity },
    { header: 'Amount (ml)', cell: (record) => record.quantity },
    minimum<StockRecords['chemical']>('ml'),
    { header: 'State', cell: (record) => record.state },
    ...trade<StockRecords['chemical']>(),
  ],
  instrument: [
    { header: 'Name', cell: (record) => record.instrument.name },
    { header: 'Quantity (pieces)', cell: (record) => record.quantity },
    minimum<StockRecords['instrument']>('pieces'),
    ...trade<StockRecords['instrument']>(),
  ],
  glassware: [
    { header: 'Name', cell: (record) => record.glassware.name },
    expires<StockRecords['glassware']>(),
    { header: 'Quantity (pieces)', cell: (record) => record.quantity },
    minimum<StockRecords['glassware']>('pieces'),
    { header: 'Size', cell: (record) => record.size },
    { header: 'Type', cell: (record) => record.material_type },
    ...trade<StockRecords['glassware']>(),
  ],
};
