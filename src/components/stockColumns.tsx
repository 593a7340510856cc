import type {
  ChemicalState,
  ChemicalStock,
  GlasswareStock,
  InstrumentStock,
  StockKind,
  StockRecord,
} from '../api/stock';
import { RecordLink } from './RecordLink';
import type { Column } from './columns';

// How stock records read on screen, shared by the Store tables and the search results (SPEC §2).

export const stateLabels: Record<ChemicalState, string> = { SOLID: 'Solid', LIQUID: 'Liquid', GAS: 'Gas' };

/** Chemicals are counted in ml, instruments and glassware in pieces (SPEC §1). */
export const units: Record<StockKind, string> = { chemical: 'ml', instrument: 'pieces', glassware: 'pieces' };

export function millilitres(quantity: number): string {
  return `${quantity} ${units.chemical}`;
}

export function pieces(quantity: number): string {
  return `${quantity} ${quantity === 1 ? 'piece' : units.glassware}`;
}

export const kindLabels: Record<StockKind, string> = {
  chemical: 'Chemical',
  instrument: 'Instrument',
  glassware: 'Glassware',
};

/** A quantity of the kind in its unit. */
export function amount(kind: StockKind, quantity: number): string {
  return kind === 'chemical' ? millilitres(quantity) : pieces(quantity);
}

/** A sum or difference of quantities, exact to the 3 decimals quantities have, which binary floats are not. */
export function exactQuantity(quantity: number): number {
  return Math.round(quantity * 1000) / 1000;
}

/** The catalog name of any kind's record. */
export function stockName(record: StockRecord): string {
  if ('chemical' in record) return record.chemical.name;
  return 'instrument' in record ? record.instrument.name : record.glassware.name;
}

export const chemicalName = (row: ChemicalStock) => row.chemical.name;
export const instrumentName = (row: InstrumentStock) => row.instrument.name;
export const glasswareName = (row: GlasswareStock) => row.glassware.name;

/** The name cell of every table of records: it opens the record's page (or, in the admin area, its drawer). */
function nameColumn<K extends StockKind>(
  kind: K,
  nameOf: (row: StockRecord<K>) => string,
): Column<StockRecord<K>> {
  return {
    header: 'Name',
    cell: (row) => <RecordLink record={{ kind, id: row.id }}>{nameOf(row)}</RecordLink>,
    value: nameOf,
    sortField: 'name',
  };
}

// Every kind has a manufacturer and a supplier, ordered by name under the same fields.
const tradeColumns = {
  manufacturer: {
    header: 'Manufacturer',
    value: (row: StockRecord) => row.manufacturer.name,
    sortField: 'manufacturer',
  },
  supplier: { header: 'Supplier', value: (row: StockRecord) => row.supplier.name, sortField: 'supplier' },
} satisfies Record<string, Column<StockRecord>>;

const chemical = {
  position: { header: '#', value: (_row, position) => position + 1, sortField: 'id' },
  name: nameColumn('chemical', chemicalName),
  casRn: { header: 'CAS RN', value: (row) => row.chemical.CAS_RN, sortField: 'CAS_RN' },
  formula: {
    header: 'Molecular Formula',
    value: (row) => row.chemical.molecular_formula,
    sortField: 'molecular_formula',
  },
  weight: {
    header: 'Molecular Weight',
    unit: 'g/mol',
    value: (row) => row.chemical.molecular_weight,
    sortField: 'molecular_weight',
  },
  purity: { header: 'Purity', unit: '%', value: (row) => row.purity, sortField: 'purity' },
  amount: {
    header: 'Amount',
    unit: units.chemical,
    cell: (row) => millilitres(row.quantity),
    value: (row) => row.quantity,
    sortField: 'quantity',
  },
  // Files hold the code, which the stock API and the import read (docs/api.md §14).
  state: {
    header: 'State',
    cell: (row) => stateLabels[row.state],
    value: (row) => row.state,
    sortField: 'state',
  },
  manufacturer: tradeColumns.manufacturer,
  supplier: tradeColumns.supplier,
} satisfies Record<string, Column<ChemicalStock>>;

export const chemicalStoreColumns: Column<ChemicalStock>[] = [
  chemical.position,
  chemical.name,
  chemical.casRn,
  chemical.formula,
  chemical.weight,
  chemical.purity,
  chemical.amount,
  chemical.state,
  chemical.manufacturer,
  chemical.supplier,
];

export const chemicalSearchColumns: Column<ChemicalStock>[] = [
  chemical.name,
  chemical.formula,
  chemical.weight,
  chemical.purity,
  chemical.amount,
  chemical.state,
  chemical.manufacturer,
  chemical.supplier,
];

const piecesColumn = {
  header: 'Quantity',
  unit: units.instrument,
  cell: (row: InstrumentStock | GlasswareStock) => pieces(row.quantity),
  value: (row: InstrumentStock | GlasswareStock) => row.quantity,
  sortField: 'quantity',
};

export const instrumentColumns: Column<InstrumentStock>[] = [
  nameColumn('instrument', instrumentName),
  piecesColumn,
  tradeColumns.manufacturer,
  tradeColumns.supplier,
];

export const glasswareColumns: Column<GlasswareStock>[] = [
  nameColumn('glassware', glasswareName),
  piecesColumn,
  { header: 'Size', value: (row) => row.size, sortField: 'size' },
  { header: 'Type', value: (row) => row.material_type, sortField: 'material_type' },
  tradeColumns.manufacturer,
  tradeColumns.supplier,
];

/** A change of stock in the kind's unit, signed: '+12.5 ml', '-2 pieces'. */
export function signedAmount(kind: StockKind, change: number): string {
  const sign = change > 0 ? '+' : change < 0 ? '-' : '';
  return `${sign}${amount(kind, Math.abs(change))}`;
}
