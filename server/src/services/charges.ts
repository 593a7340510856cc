import { findUnitPrices, insertCharges } from '../db/repositories/charges';
import type { Executor } from '../db/executor';
import type { IssueLineRow } from '../db/repositories/issues';
import type { StockObjectType } from '../db/tables';
import { chargeAmount, minorDigits } from '../domain/money';
import { recordChange, type ChangeActor } from '../feed/changeLog';
import { STOCK_KINDS } from '../domain/stockKinds';
import { KIND_OF_TYPE, OBJECT_TYPES } from '../domain/stockKindHelpers';
import type { StockRef } from '../search/changeLog';
import { stockKey } from './stockMovement';

// What each issue and return costs the lab (issue 24), written in the same transaction as the issue or return, its
// ledger entries and stock change. Every writer of an issue (the cart's merge, a request's fulfilment) reads its
// records' prices with unitPricesOf, keeps each on its line and calls chargeIssue once the lines are inserted; every
// return calls chargeReturn.

export interface ChargeContext {
  /** ISO 4217 code (config CURRENCY). */
  currency: string;
  /** When (ISO), as the writer's ledger entries have it. */
  at: string;
  userEmail: string;
  /** Who issued or took back (the charges' change event). */
  actor: ChangeActor;
}

/** The issue as charged: its lab and, for a request's, the fund. */
export interface ChargedIssue {
  id: number;
  locationId: number;
  fundId: number | null;
}

/** An issue's line as inserted, with the price it was issued at (base units, ten-thousandths). */
export interface PricedIssueLine {
  id: number;
  object_type: StockObjectType;
  stock_id: number;
  quantity: number;
  unit_price_e4: number | null;
}

/**
 * The records' current unit prices, by stockKey: what their issue lines keep and a return is later charged back
 * at. Read in the issue's transaction once its records are locked (lockStock), so no edit of a price slips in
 * between.
 */
export async function unitPricesOf(
  trx: Executor,
  refs: readonly StockRef[],
): Promise<Map<string, number | null>> {
  const prices = new Map<string, number | null>();
  for (const kind of STOCK_KINDS) {
    const type = OBJECT_TYPES[kind];
    const ids = [...new Set(refs.flatMap((ref) => (ref.object_type === type ? [ref.object_id] : [])))];
    for (const [id, price] of await findUnitPrices(trx, kind, ids))
      prices.set(stockKey({ object_type: type, object_id: id }), price);
  }
  return prices;
}

/** One ISSUE charge per line, at the price the line keeps. */
export async function chargeIssue(
  trx: Executor,
  issue: ChargedIssue,
  lines: readonly PricedIssueLine[],
  context: ChargeContext,
): Promise<void> {
  const digits = minorDigits(context.currency);
  const ids = await insertCharges(
    trx,
    lines.map((line) => ({
      created_at: context.at,
      location_id: issue.locationId,
      fund_id: issue.fundId,
      issue_id: issue.id,
      issue_line_id: line.id,
      kind: 'ISSUE' as const,
      object_type: line.object_type,
      object_id: line.stock_id,
      quantity: line.quantity,
      unit_price_e4: line.unit_price_e4,
      amount: chargeAmount(KIND_OF_TYPE[line.object_type], line.quantity, line.unit_price_e4, digits),
      currency: context.currency,
      user_email: context.userEmail,
    })),
  );
  chargesChanged(trx, issue, ids, context);
}

/** Charges are read by the store and the lab's managers: their event names the lab. */
function chargesChanged(trx: Executor, issue: ChargedIssue, ids: number[], context: ChargeContext): void {
  recordChange(trx, {
    topic: 'charge',
    action: 'created',
    ids,
    labId: issue.locationId,
    actor: context.actor,
  });
}

/**
 * One RETURN charge: the negative of what `returnedBase` of the line cost at the price it was issued at, so the
 * lab is credited what it was charged (each part rounded on its own, as every line is).
 */
export async function chargeReturn(
  trx: Executor,
  issue: ChargedIssue,
  line: Pick<IssueLineRow, 'id' | 'object_type' | 'stock_id' | 'unit_price_e4'>,
  returnedBase: number,
  context: ChargeContext,
): Promise<void> {
  const price = line.unit_price_e4 === null ? null : Number(line.unit_price_e4);
  const ids = await insertCharges(trx, [
    {
      created_at: context.at,
      location_id: issue.locationId,
      fund_id: issue.fundId,
      issue_id: issue.id,
      issue_line_id: line.id,
      kind: 'RETURN',
      object_type: line.object_type,
      object_id: line.stock_id,
      quantity: -returnedBase,
      unit_price_e4: price,
      amount: chargeAmount(
        KIND_OF_TYPE[line.object_type],
        -returnedBase,
        price,
        minorDigits(context.currency),
      ),
      currency: context.currency,
      user_email: context.userEmail,
    },
  ]);
  chargesChanged(trx, issue, ids, context);
}
