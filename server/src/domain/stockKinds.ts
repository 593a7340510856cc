import { CHEMICAL } from './chemicalKind';
import { GLASSWARE, INSTRUMENT } from './labwareKinds';
import type { StockKind, StockKindSpec } from './stockKindSpec';

// The stock-kind table: one entry per kind, each in its own file (chemicalKind.ts, labwareKinds.ts), built from the
// shared field shapes and the types of stockKindSpec.ts, which says what the table is for. The lookups and
// conversions built on it are in stockKindHelpers.ts.

export { CHEMICAL_STATE_LABELS, CHEMICAL_STATES, STOCK_KINDS } from './stockKindSpec';
export type {
  ChemicalState,
  FieldHome,
  FieldInput,
  LabelledView,
  PickFact,
  StockField,
  StockKind,
  StockKindSpec,
  StockObjectType,
  StockViews,
  ViewItem,
} from './stockKindSpec';

/** The one table: every kind's spec. */
export const STOCK_KIND_SPECS = {
  chemical: CHEMICAL,
  instrument: INSTRUMENT,
  glassware: GLASSWARE,
} as const satisfies { readonly [K in StockKind]: StockKindSpec<K> };

/** A kind's spec as the code reads it generically (the literal types of the table widened). */
export const specOf = <K extends StockKind>(kind: K): StockKindSpec<K> =>
  STOCK_KIND_SPECS[kind] as unknown as StockKindSpec<K>;

/** The table's literal type of a kind's spec: its fields' names, inputs and homes, for the record types. */
export type SpecTable = typeof STOCK_KIND_SPECS;
