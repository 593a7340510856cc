import type { StockObjectType } from '../tables';
import { inAnyCart } from './issueCart';
import { onAnyRequest } from './requests';
import { isInShipmentHistory, isStaged } from './shipments';
import { hasLedgerEntries } from './stockLedger';
import type { Executor } from '../executor';

/** Something that may still refer to a stock record, named as the 409 message names it. */
interface StockReference {
  what: string;
  refersTo: (trx: Executor, type: StockObjectType, id: number) => Promise<boolean>;
}

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
  { what: "a user's issue cart", refersTo: inAnyCart },
  { what: "a user's shipment staging list", refersTo: isStaged },
  // A request keeps what its lab asked for, priced and approved, after it is fulfilled or closed.
  { what: 'a request from a lab', refersTo: onAnyRequest },
];

/** What still refers to this stock record, e.g. `['shipment history']`; empty when it may be deleted. */
export async function stockReferences(trx: Executor, type: StockObjectType, id: number): Promise<string[]> {
  const found: string[] = [];
  for (const { what, refersTo } of STOCK_REFERENCES) {
    if (await refersTo(trx, type, id)) found.push(what);
  }
  return found;
}
