import { specOf, STOCK_KINDS, type SpecTable, type StockKind } from './stockKinds';
import { stockField } from './stockKindHelpers';

/** What a stock list may be ordered by: `id`, the default order, and the Store's sortable columns by API name. */
export type StockOrderingField<K extends StockKind> =
  'id' | Extract<SpecTable[K]['fields'][number], { sortable: true }>['name'];

/** The ordering fields of each kind: `id`, then the sortable columns in the Store's order (SPEC "Store stock tabs"). */
export const STOCK_ORDERING_FIELDS = Object.fromEntries(
  STOCK_KINDS.map((kind) => [
    kind,
    ['id', ...specOf(kind).views.store.filter((name) => stockField(kind, name).sortable)],
  ]),
) as unknown as { [K in StockKind]: readonly StockOrderingField<K>[] };

/** One field of an `ordering` value (`name`, or `-name` for descending). */
export interface OrderingTerm<F extends string = string> {
  field: F;
  descending: boolean;
}

/** Which records of a kind a list holds, and in what order. */
export interface StockListing<K extends StockKind> {
  /** Lower-cased terms (see searchTerms); a record must contain each of them in one of its searched columns. */
  terms: string[];
  /** Empty: id ascending. */
  ordering: OrderingTerm<StockOrderingField<K>>[];
  /**
   * Chemicals only: the H-codes a record must carry one of (`hazard=`, chemistry/hazardGroups.ts); absent: any
   * record, with hazards or without.
   */
  hazardCodes?: readonly string[];
}

/** Whether a listing keeps only some of the records, or every one of them. */
export const isFiltered = (listing: { terms: readonly string[]; hazardCodes?: readonly string[] }): boolean =>
  listing.terms.length > 0 || listing.hazardCodes !== undefined;

/** The longest `search` value: it bounds the terms, and so the conditions, of one statement. */
export const MAX_SEARCH_LENGTH = 200;

/**
 * The terms of a `search` value: its words (split at whitespace), lower-cased with String.toLowerCase as the
 * Store's filter and the catalogs' name keys are. Commas stay inside a term, since chemical names hold them
 * (`2,4-Dinitrophenol`).
 */
export function searchTerms(search: string): string[] {
  // No NUL gets here: no text field takes one (validation/validate.ts), as PostgreSQL could not compare it.
  const words = search.toLowerCase().split(/\s+/);
  return [...new Set(words.filter((word) => word !== ''))];
}
