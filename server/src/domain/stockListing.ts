import type { StockKind } from './stockKinds';

/**
 * What a stock list may be ordered by: the columns the Store shows (SPEC "Store stock tabs") under their API
 * field names, and `id`, the default order.
 */
export const STOCK_ORDERING_FIELDS = {
  chemical: [
    'id',
    'name',
    'CAS_RN',
    'molecular_formula',
    'molecular_weight',
    'purity',
    'quantity',
    'state',
    'manufacturer',
    'supplier',
  ],
  instrument: ['id', 'name', 'quantity', 'manufacturer', 'supplier'],
  glassware: ['id', 'name', 'quantity', 'size', 'material_type', 'manufacturer', 'supplier'],
} as const satisfies Record<StockKind, readonly string[]>;

export type StockOrderingField<K extends StockKind> = (typeof STOCK_ORDERING_FIELDS)[K][number];

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
}

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
