/**
 * What a stock-ledger entry records (SERVER.md §10 and docs/api.md): SHIPMENT, ISSUE and ADJUSTMENT as the contract
 * defines them; REVERSAL takes a shipment's quantities back (its undo); RETURN brings issued quantities back from a
 * location; IMPORT is a quantity loaded from a file. The ledger is append-only: mistakes are answered by new
 * entries, never by changing old ones.
 */
export const LEDGER_KINDS = ['SHIPMENT', 'ISSUE', 'ADJUSTMENT', 'REVERSAL', 'RETURN', 'IMPORT'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
