import { findPricedIssueLines, insertCharges, snapshotIssuePrices } from '../db/repositories/charges';
import type { Executor } from '../db/executor';
import type { IssueLineRow } from '../db/repositories/issues';
import { chargeAmount, minorDigits } from '../domain/money';
import { KIND_OF_TYPE } from '../domain/stockKinds';

// What each issue and return costs the lab (issue 24), written in the same transaction as the issue or return, its
// ledger entries and stock change. Every writer of an issue (the cart's merge, a request's fulfilment) calls
// chargeIssue once its lines are inserted; every return calls chargeReturn.

export interface ChargeContext {
  /** ISO 4217 code (config CURRENCY). */
  currency: string;
  /** When (ISO), as the writer's ledger entries have it. */
  at: string;
  userEmail: string;
}

/** The issue as charged: its lab and, for a request's, the fund. */
export interface ChargedIssue {
  id: number;
  locationId: number;
  fundId: number | null;
}

/** Keeps each line's record price on the line and writes one ISSUE charge per line. */
export async function chargeIssue(trx: Executor, issue: ChargedIssue, context: ChargeContext): Promise<void> {
  await snapshotIssuePrices(trx, issue.id);
  const digits = minorDigits(context.currency);
  const lines = await findPricedIssueLines(trx, issue.id);
  await insertCharges(
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
  await insertCharges(trx, [
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
}
