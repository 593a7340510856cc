import type { Db } from '../db';
import type { Dialect } from '../db/dialect';
import { findStockRecord, raiseStockVersions } from '../db/repositories/stock';
import { addLedgerEntries, type NewLedgerEntry } from '../db/repositories/stockLedger';
import { addToStockQuantities, lockStockQuantities } from '../db/repositories/stockQuantities';
import { inSlices, ROWS_PER_STATEMENT, type Slicing } from '../db/slices';
import type { LedgerKind } from '../domain/ledger';
import { MAX_QUANTITY } from '../domain/quantity';
import { specOf, STOCK_KINDS, type StockKind } from '../domain/stockKinds';
import { KIND_OF_TYPE, OBJECT_TYPES, STOCK_UNITS, toBaseQuantity } from '../domain/stockKindHelpers';
import { conflict, type HttpError } from '../http/errors';
import { recordChange } from '../feed/changeLog';
import { recordSearchChanges, type StockRef } from '../search/changeLog';
import { stockKey } from '../domain/stockKindHelpers';
import type { Actor } from '../audit/entries';

// A stock movement: every change of stock quantities (an adjustment, a shipment merged or undone, an issue, a return,
// an import committed or undone) takes the same steps in its writer's transaction. The records are locked and their
// quantities read (lockStock); the balances are checked (outOfBounds), the writer refusing with its own message; then
// the quantities are updated, each change gets its ledger entry with the record's balance after it, and each record
// its search-change note and change event (moveStock). Between the lock and the writing the writer does what only it knows: the undo
// window checked once the locks are held, the shipment or issue its entries point to, an import's new records
// created once the existing ones are locked.

/** One change of a record's quantity, in base units; negative takes away. */
export interface StockChange extends StockRef {
  change: number;
}

export interface StockMovement {
  /** In order: each one a ledger entry (a zero change none); a record's changes accumulate in this order. */
  changes: readonly StockChange[];
  /**
   * Each changed record's quantity before the movement, by stockKey: as lockStock read it, or as the writer holds it
   * (a row it locked whole to edit it; 0 for a record it has just created).
   */
  before: ReadonlyMap<string, number>;
  /** Records this transaction has just inserted with their quantity (the sum of their changes): not written again. */
  inserted?: ReadonlySet<string>;
}

/** A record's quantity before and after all of a movement's changes (base units). */
export interface RecordTotal extends StockRef {
  kind: StockKind;
  before: number;
  change: number;
  after: number;
}

export { stockKey };

/**
 * The quantities of these records (by stockKey), locked until the transaction ends and read after the lock, i.e. the
 * latest committed values. Every writer locks kind by kind in one order, and each kind's records in ascending id
 * order, so concurrent writers over the same records wait for each other instead of deadlocking.
 */
export async function lockStock(
  trx: Db,
  dialect: Dialect,
  refs: Iterable<StockRef>,
): Promise<Map<string, number>> {
  const idsOfKind = new Map(STOCK_KINDS.map((kind) => [kind, new Set<number>()]));
  for (const ref of refs) idsOfKind.get(KIND_OF_TYPE[ref.object_type])!.add(ref.object_id);
  const quantities = new Map<string, number>();
  for (const [kind, ids] of idsOfKind) {
    if (ids.size === 0) continue;
    const locked = await lockStockQuantities(trx, dialect, kind, [...ids]);
    for (const id of ids) {
      const ref = { object_type: OBJECT_TYPES[kind], object_id: id };
      const quantity = locked.get(id);
      // What a writer moves cannot be deleted meanwhile (stockReferences), or was found in its own transaction.
      if (quantity === undefined)
        throw new Error(`stock record ${stockKey(ref)} vanished before its movement`);
      quantities.set(stockKey(ref), quantity);
    }
  }
  return quantities;
}

/**
 * Each change's balance (its record's quantity after it), and each record's totals in the order the changes first
 * name them.
 */
function tally({ changes, before }: StockMovement): { balances: number[]; totals: RecordTotal[] } {
  const totals = new Map<string, RecordTotal>();
  const balances = changes.map((step) => {
    const key = stockKey(step);
    let total = totals.get(key);
    if (total === undefined) {
      const quantity = before.get(key);
      if (quantity === undefined) throw new Error(`stock record ${key} is moved without being locked first`);
      const { object_type, object_id } = step;
      const kind = KIND_OF_TYPE[object_type];
      total = { object_type, object_id, kind, before: quantity, change: 0, after: quantity };
      totals.set(key, total);
    }
    total.change += step.change;
    total.after += step.change;
    return total.after;
  });
  return { balances, totals: [...totals.values()] };
}

const isOutOfBounds = ({ kind, after }: RecordTotal): boolean =>
  after < 0 || after > toBaseQuantity(kind, MAX_QUANTITY);

/**
 * The records the movement would take below 0 or above MAX_QUANTITY, in the order its changes first name them:
 * the writer refuses these with its own message before writing (moveStock never writes them).
 */
export function outOfBounds(movement: StockMovement): RecordTotal[] {
  return tally(movement).totals.filter(isOutOfBounds);
}

/** How a message names a record: by its catalog entry's name ('Ethanol'). */
export async function recordName(trx: Db, { object_type, object_id }: StockRef): Promise<string> {
  const kind = KIND_OF_TYPE[object_type];
  const record = await findStockRecord(trx, kind, object_id);
  if (!record) throw new Error(`stock record ${stockKey({ object_type, object_id })} vanished`);
  return (record as unknown as Record<string, { name: string }>)[specOf(kind).catalog.key].name;
}

/** The 409 of a movement that would take a record above the maximum (a merge, a return, an import). */
export async function aboveMaximum(trx: Db, total: RecordTotal): Promise<HttpError> {
  const name = await recordName(trx, total);
  return conflict(`${name}: the stock would exceed ${MAX_QUANTITY} ${STOCK_UNITS[total.kind]}.`);
}

/** A statement's worth of rows at a time, no turn given to other requests. */
const AT_ONCE: Slicing = { size: ROWS_PER_STATEMENT, yieldTurn: async () => {} };

export interface MovementEntries {
  /** The ledger entries' kind and what they point to (a shipment, an issue, an import). */
  ledger: { kind: LedgerKind } & Partial<Pick<NewLedgerEntry, 'shipment_id' | 'issue_id' | 'import_id'>>;
  /**
   * When (ISO): read by the writer once the records are locked, so that no entry is dated before one that committed
   * while the writer waited for the locks (a record's newest entry is always the one that left its quantity).
   */
  at: string;
  actor: Pick<Actor, 'id' | 'email' | 'origin'>;
  /**
   * Other records whose shown values changed with the writer's change (a chemical entry's substance): noted too, and
   * given a new version.
   */
  alsoChanged?: readonly StockRef[];
  /** A long movement (an import's commit) writes its entries and notes a slice at a time, others running between. */
  slicing?: Slicing;
}

/**
 * Writes a movement whose records are locked and whose balances stay in bounds (outOfBounds): the quantities
 * updated with the records' versions, one ledger entry per non-zero change with its balance, one search-change note
 * per record (those of `alsoChanged` too, which get a new version), and their change events: the kind's `quantity`
 * for the records moved, `updated` for those of `alsoChanged`, `ledger` for the entries. Answers each change's
 * balance.
 */
export async function moveStock(
  trx: Db,
  movement: StockMovement,
  { ledger, at, actor, alsoChanged = [], slicing = AT_ONCE }: MovementEntries,
): Promise<number[]> {
  const { balances, totals } = tally(movement);
  const refused = totals.find(isOutOfBounds);
  if (refused)
    throw new Error(`stock record ${stockKey(refused)} would hold ${refused.after}: refuse it first`);

  for (const kind of STOCK_KINDS) {
    const amounts = new Map(
      totals
        .filter(
          (total) => total.kind === kind && total.change !== 0 && !movement.inserted?.has(stockKey(total)),
        )
        .map((total) => [total.object_id, total.change]),
    );
    if (amounts.size > 0) await addToStockQuantities(trx, kind, amounts);
    const others = alsoChanged.filter(
      (ref) => KIND_OF_TYPE[ref.object_type] === kind && !movement.inserted?.has(stockKey(ref)),
    );
    if (others.length > 0)
      await raiseStockVersions(
        trx,
        kind,
        others.map((ref) => ref.object_id),
      );
  }
  const entries = movement.changes.flatMap((step, index) =>
    step.change === 0
      ? []
      : [
          {
            created_at: at,
            kind: ledger.kind,
            object_type: step.object_type,
            object_id: step.object_id,
            change: step.change,
            balance: balances[index],
            shipment_id: ledger.shipment_id ?? null,
            issue_id: ledger.issue_id ?? null,
            import_id: ledger.import_id ?? null,
            user_id: actor.id,
            user_email: actor.email,
          },
        ],
  );
  const entryIds: number[] = [];
  await inSlices(
    entries,
    async (slice) => {
      entryIds.push(...(await addLedgerEntries(trx, slice)));
    },
    slicing,
  );
  const noted = new Map<string, StockRef>();
  for (const { object_type, object_id } of [...totals, ...alsoChanged]) {
    noted.set(stockKey({ object_type, object_id }), { object_type, object_id });
  }
  await inSlices([...noted.values()], (slice) => recordSearchChanges(trx, slice), slicing);

  const changeActor = { id: actor.id, origin: actor.origin };
  recordChange(trx, { topic: 'ledger', action: 'created', ids: entryIds, actor: changeActor });
  for (const kind of STOCK_KINDS) {
    const ofKind = (refs: readonly StockRef[]) =>
      refs.filter((ref) => ref.object_type === OBJECT_TYPES[kind]).map((ref) => ref.object_id);
    const moved = totals.filter((total) => total.change !== 0);
    recordChange(trx, { topic: kind, action: 'quantity', ids: ofKind(moved), actor: changeActor });
    recordChange(trx, { topic: kind, action: 'updated', ids: ofKind(alsoChanged), actor: changeActor });
  }
  return balances;
}
