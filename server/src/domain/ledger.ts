import { specOf, type StockField, type StockKind } from './stockKinds';
import { stockField } from './stockKindHelpers';

/**
 * What a stock-ledger entry records (SERVER.md §10 and docs/api.md): SHIPMENT, ISSUE and ADJUSTMENT as the contract
 * defines them; REVERSAL takes a shipment's quantities back (its undo); RETURN brings issued quantities back from a
 * location; IMPORT is a quantity loaded from a file. The ledger is append-only: mistakes are answered by new
 * entries, never by changing old ones.
 */
export const LEDGER_KINDS = ['SHIPMENT', 'ISSUE', 'ADJUSTMENT', 'REVERSAL', 'RETURN', 'IMPORT'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** The longest `search` value of the ledger list: it bounds the terms, and so the conditions, of one statement. */
export const MAX_LEDGER_SEARCH_LENGTH = 200;

/**
 * The terms of a `search` value: its words (split at whitespace), lower-cased with String.toLowerCase as the
 * catalogs' name keys are. Commas stay inside a term, since chemical names hold them (`2,4-Dinitrophenol`).
 */
export function searchTerms(search: string): string[] {
  // No NUL gets here: no text field takes one (validation/validate.ts), as PostgreSQL could not compare it.
  const words = search.toLowerCase().split(/\s+/);
  return [...new Set(words.filter((word) => word !== ''))];
}

/**
 * What the ledger tells an entry's record by (its export's item columns, its search): the catalog name, the kind's
 * identifying fields, then the manufacturer and the supplier.
 */
export function ledgerItemFields(kind: StockKind): Record<'name' | 'identifying' | 'trade', StockField[]> {
  const { fields, views } = specOf(kind);
  return {
    name: fields.filter((field) => field.home.on === 'catalog'),
    identifying: views.identifying.map((name) => stockField(kind, name)),
    trade: fields.filter((field) => field.home.on === 'trade'),
  };
}
