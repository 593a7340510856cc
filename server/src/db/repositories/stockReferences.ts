import type { StockLedgerTable, StockObjectType } from '../tables';
import { isInShipmentHistory, isStaged } from './shipments';
import type { Executor } from '../executor';

/** Something that may still refer to a stock record, named as the 409 message names it. */
interface StockReference {
  what: string;
  refersTo: (trx: Executor, type: StockObjectType, id: number) => Promise<boolean>;
}

/** Tables whose rows name a stock record by `object_type` and `object_id`. */
type RecordNamingTable = 'issue_cart' | 'stock_ledger' | 'request_lines';

type LedgerKind = StockLedgerTable['kind'];

/**
 * Whether a row of `table` names this stock record (of the ledger, an entry of `ledgerKind`): the one query of the
 * references below but the shipments', which are named through their shipment or their user's staging table.
 */
async function isNamedIn(
  trx: Executor,
  table: RecordNamingTable,
  type: StockObjectType,
  id: number,
  ledgerKind?: LedgerKind,
): Promise<boolean> {
  let query = trx.selectFrom(table).select('id').where('object_type', '=', type).where('object_id', '=', id);
  if (ledgerKind !== undefined) query = query.where('kind', '=', ledgerKind);
  return (await query.executeTakeFirst()) !== undefined;
}

const hasLedgerEntries = (trx: Executor, type: StockObjectType, id: number, kind: LedgerKind) =>
  isNamedIn(trx, 'stock_ledger', type, id, kind);

/**
 * Everything that blocks deleting a stock record (SERVER.md §4.7). A table that refers to stock records adds
 * its line here; rows that are cleaned up with the record instead (ADJUSTMENT entries, file links) do not.
 */
const STOCK_REFERENCES: readonly StockReference[] = [
  {
    what: 'shipment history',
    refersTo: async (trx, type, id) =>
      (await isInShipmentHistory(trx, type, id)) || hasLedgerEntries(trx, type, id, 'SHIPMENT'),
  },
  { what: 'issue history', refersTo: (trx, type, id) => hasLedgerEntries(trx, type, id, 'ISSUE') },
  // An import's undo takes its quantities back from the records it added to.
  { what: 'import history', refersTo: (trx, type, id) => hasLedgerEntries(trx, type, id, 'IMPORT') },
  { what: "a user's issue cart", refersTo: (trx, type, id) => isNamedIn(trx, 'issue_cart', type, id) },
  { what: "a user's shipment staging list", refersTo: isStaged },
  // A request keeps what its lab asked for, priced and approved, after it is fulfilled or closed.
  {
    what: 'a request from a lab',
    refersTo: (trx, type, id) => isNamedIn(trx, 'request_lines', type, id),
  },
];

/** What still refers to this stock record, e.g. `['shipment history']`; empty when it may be deleted. */
export async function stockReferences(trx: Executor, type: StockObjectType, id: number): Promise<string[]> {
  const found: string[] = [];
  for (const { what, refersTo } of STOCK_REFERENCES) {
    if (await refersTo(trx, type, id)) found.push(what);
  }
  return found;
}
