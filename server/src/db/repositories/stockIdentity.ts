import { specOf, type StockField, type StockKind } from '../../domain/stockKinds';
import { byKind, identityFields } from '../../domain/stockKindHelpers';

// Where a stock row holds the fields that identify its record (SERVER.md §4.4): what imports match rows by, what
// the dashboard's reorder list finds an item's other records by, and what the ledger's search compares.

/**
 * The stock-row column a field is compared by (identity §4.4, searches): its entry's id for a catalog or trade
 * field, else its column, a text by its key column.
 */
export function keyColumn(kind: StockKind, field: StockField): string {
  const { home } = field;
  if (home.on === 'catalog') return specOf(kind).catalog.foreignKey;
  if (home.on === 'trade') return home.foreignKey;
  if (home.on === 'record') return home.key ?? home.column;
  throw new Error(`${kind} rows do not hold ${field.name}`);
}

/**
 * The columns of a stock row that make up its identity: the uniqueness constraints of migration 0002, the catalog
 * entry's column first (it leads each constraint).
 */
export const IDENTITY_COLUMNS: Readonly<Record<StockKind, readonly string[]>> = byKind((kind) =>
  identityFields(kind).map((field) => keyColumn(kind, field)),
);
