import { lazy, Suspense, type ReactNode } from 'react';
import type { StockKind, StockRecord } from '../api/stock';
import {
  quantityWithUnit,
  byKind,
  CHEMICAL_STATE_LABELS,
  fieldLabel,
  readField,
  specOf,
  STOCK_KINDS,
  STOCK_UNITS,
  stockField,
  type LabelledView,
  type StockField,
} from '../api/stockKinds';
import type { CellValue, Column } from './columns';
import { HazardCodes, hazardCodesText } from './HazardCodes';
import { RecordLink } from './RecordLink';
import { ExpiryCell, MinimumCell } from './stockAlerts';

// How stock records read on screen, shared by the Store tables, the search results, record pages and the lines that
// name records (SPEC §2): a page's columns are the fields the stock-kind table lists for it, in its order.

export const stateLabels = CHEMICAL_STATE_LABELS;

/** Chemicals are counted in ml, instruments and glassware in pieces (SPEC §1). */
export const units: Record<StockKind, string> = STOCK_UNITS;

export const kindLabels = byKind((kind) => specOf(kind).label);

/** A quantity of the kind in its unit: '12.5 ml', '1 piece', '3 pieces'. */
export const amount = quantityWithUnit;

/** A change of stock in the kind's unit, signed: '+12.5 ml', '-2 pieces'. */
export function signedAmount(kind: StockKind, change: number): string {
  const sign = change > 0 ? '+' : change < 0 ? '-' : '';
  return `${sign}${amount(kind, Math.abs(change))}`;
}

/** The kind of a record, told by the catalog entry it nests. */
function kindOfRecord(record: StockRecord): StockKind {
  return STOCK_KINDS.find((kind) => specOf(kind).catalog.key in record) as StockKind;
}

/** The field holding the name of a kind's catalog entry. */
const nameField = (kind: StockKind) =>
  specOf(kind).fields.find((field) => field.home.on === 'catalog') as StockField;

/** The catalog name of any kind's record. */
export function stockName(record: StockRecord): string {
  const kind = kindOfRecord(record);
  return readField(kind, nameField(kind), record) as string;
}

/** A field's value as a reader takes it from a row: a record's (readField) or a line's (readLineField). */
type FieldReader = (kind: StockKind, field: StockField, row: object) => unknown;

/** A number in the kind's unit (a quantity, a minimum) reads with the unit. */
const inKindUnit = (kind: StockKind, field: StockField) => field.unit === specOf(kind).unit;

/**
 * A field's value as the screen shows it: a choice by its label, a quantity with its unit, the rest as it is. Files
 * hold the value itself (the choice's code, which the stock API and the import read: docs/api.md §14).
 */
export function fieldDisplay(kind: StockKind, field: StockField, value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (field.input.type === 'choice') return field.input.labels[String(value)] ?? String(value);
  if (inKindUnit(kind, field)) return amount(kind, value as number);
  return value as CellValue;
}

/**
 * A field as a column of a page: its label there, its unit (named in the export's header), the value a file holds,
 * how the screen shows it and, where the list can be ordered by it, the field the server orders by.
 */
export function fieldColumn<Row extends object>(
  kind: StockKind,
  field: StockField,
  view: LabelledView,
  read: FieldReader = readField,
  cell?: (row: Row) => ReactNode,
): Column<Row> {
  const value = (row: Row) => read(kind, field, row) as CellValue;
  const column = {
    header: fieldLabel(field, view),
    ...(field.unit && { unit: field.unit }),
    ...(field.sortable && { sortField: field.name }),
    value,
  };
  const readsOtherwise = field.input.type === 'choice' || inKindUnit(kind, field);
  const shown = cell ?? (readsOtherwise ? (row: Row) => fieldDisplay(kind, field, value(row)) : undefined);
  return shown ? { ...column, cell: shown } : column;
}

/**
 * The cells of the Store and the Search page that are more than the value's text: the name opens the record's page
 * (or, in the admin area, its drawer); the expiry date and the minimum carry their badges (docs/api.md §11),
 * rendered inside a LabTodayContext so they know the lab's day.
 */
function pageCell(kind: StockKind, field: StockField): ((row: StockRecord) => ReactNode) | undefined {
  const read = (row: StockRecord) => readField(kind, field, row);
  if (field.home.on === 'catalog')
    return (row) => <RecordLink record={{ kind, id: row.id }}>{read(row) as string}</RecordLink>;
  if (field.name === 'expiry_date') return (row) => <ExpiryCell date={read(row) as string | null} />;
  if (field.name === 'minimum_quantity')
    return (row) => <MinimumCell kind={kind} quantity={row.quantity} minimum={read(row) as number | null} />;
  return undefined;
}

/** The row's place in the whole list (SPEC: the chemical table's `#`), ordered as the records were added. */
const positionColumn: Column<StockRecord> = {
  header: '#',
  value: (_row, position) => position + 1,
  sortField: 'id',
};

// The pictograms and the GHS table they are named from come in their own chunk, when hazards are first shown (see
// HazardCodes.tsx); the codes show meanwhile.
const HazardCell = lazy(() =>
  import(/* webpackChunkName: "hazard-cell" */ './HazardCell').then((m) => ({ default: m.HazardCell })),
);

/**
 * A chemical's hazards (issue 33, item 6): its pictograms and H-codes on screen, the codes in a file. Right after
 * the amount, so the Store's columns up to the amount keep their places at 1,280 px.
 */
const hazardColumn: Column<StockRecord> = {
  header: 'Hazards',
  value: (row) => ('hazard_statements' in row ? hazardCodesText(row) : null),
  cell: (row) =>
    'hazard_statements' in row && row.hazard_statements.length > 0 ? (
      <Suspense fallback={<HazardCodes hazards={row} />}>
        <HazardCell hazards={row} />
      </Suspense>
    ) : null,
};

function pageColumns<K extends StockKind>(kind: K, view: 'store' | 'search'): Column<StockRecord<K>>[] {
  const spec = specOf(kind);
  const columns = spec.views[view].flatMap((name) => {
    const field = stockField(kind, name);
    const column = fieldColumn<StockRecord>(kind, field, view, readField, pageCell(kind, field));
    // A catalog name can be long (2,2,2-Trifluoroethyl trifluoromethanesulfonate): clipped, so the amount stays in view.
    if (field.home.on === 'catalog') return [{ ...column, clipped: true }];
    return spec.hazards && field.home.on === 'quantity' ? [column, hazardColumn] : [column];
  });
  return (view === 'store' && spec.numbered ? [positionColumn, ...columns] : columns) as Column<
    StockRecord<K>
  >[];
}

const STORE_COLUMNS = byKind((kind) => pageColumns(kind, 'store'));
const SEARCH_COLUMNS = byKind((kind) => pageColumns(kind, 'search'));

/** The Store's columns of a kind (public and admin). */
export const storeColumns = <K extends StockKind>(kind: K) => STORE_COLUMNS[kind] as Column<StockRecord<K>>[];

/** The Search page's result columns of a kind. */
export const searchColumns = <K extends StockKind>(kind: K) =>
  SEARCH_COLUMNS[kind] as Column<StockRecord<K>>[];
