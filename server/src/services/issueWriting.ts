import type { Db } from '../db';
import type { Dialect } from '../db/dialect';
import { insertIssue, insertIssueLines } from '../db/repositories/issues';
import type { StockObjectType } from '../db/tables';
import { beyondChargeLimitText, withinChargeLimit } from '../domain/money';
import { fromUnitPriceE4 } from '../domain/unitPrice';
import { KIND_OF_TYPE, quantityText } from '../domain/stockKinds';
import { recordChange } from '../feed/changeLog';
import { conflict } from '../http/errors';
import { ValidationError } from '../validation/errors';
import type { Actor } from '../audit/entries';
import { chargeIssue, unitPricesOf } from './charges';
import { readIssue, type Issue } from './locations';
import { lockStock, moveStock, outOfBounds, recordName, stockKey } from './stockMovement';

// The one writer of an issue: the cart's merge (SERVER.md §9) and a request's fulfilment (issue 24) both take stock
// out to a location this way, so an issue always has its ledger entries and its charges, priced the same way.

export interface IssueLineToWrite {
  object_type: StockObjectType;
  object_id: number;
  /** Base units (thousandths of a ml, pieces), > 0. */
  quantity: number;
  /** The request line it fulfils; absent for a cart line. */
  request_line_id?: number;
}

export interface IssueToWrite {
  locationId: number;
  /** In the issue's order; a record may appear on several lines (its changes add up). */
  lines: readonly IssueLineToWrite[];
  requestId?: number;
  /** The lab's fund the charges go to; absent (null) for a cart issue. */
  fundId?: number;
  actor: Pick<Actor, 'id' | 'email' | 'origin'>;
  /** The clock, read once the records are locked so no entry is dated before one it waited for (MovementEntries.at). */
  now: () => Date;
  /** ISO 4217 code of the charges (config CURRENCY). */
  currency: string;
}

/**
 * In the caller's transaction (which has locked the location and whatever it issues from): locks the records, 409
 * naming the first short one in line order with nothing written, else inserts the issue and its lines, takes the
 * stock out with an ISSUE ledger entry per line and writes each line's charge at the record's current price, and
 * notes the issue's change event (scoped to its location).
 * Answers the issue in the §8.3 shape.
 */
export async function writeIssue(trx: Db, dialect: Dialect, issue: IssueToWrite): Promise<Issue> {
  const changes = issue.lines.map((line) => ({
    object_type: line.object_type,
    object_id: line.object_id,
    change: -line.quantity,
  }));
  const movement = { changes, before: await lockStock(trx, dialect, changes) };
  const [short] = outOfBounds(movement);
  if (short) {
    throw conflict(
      `${await recordName(trx, short)}: only ${quantityText(short.kind, short.before)} in stock.`,
    );
  }

  const prices = await unitPricesOf(trx, issue.lines);
  // A line no charge can state is refused before anything is written (domain/money.ts, MAX_LINE_CHARGE).
  for (const line of issue.lines) {
    const price = prices.get(stockKey(line)) ?? null;
    const kind = KIND_OF_TYPE[line.object_type];
    if (!withinChargeLimit(kind, line.quantity, price)) {
      const text = beyondChargeLimitText(quantityText(kind, line.quantity), fromUnitPriceE4(price));
      throw ValidationError.field('lines', `${await recordName(trx, line)}: ${text}`);
    }
  }

  const createdAt = issue.now().toISOString();
  const { id } = await insertIssue(trx, {
    consumer_id: issue.locationId,
    created_at: createdAt,
    user_id: issue.actor.id,
    user_email: issue.actor.email,
    request_id: issue.requestId ?? null,
    fund_id: issue.fundId ?? null,
  });
  const lines = issue.lines.map((line, position) => ({
    issue_id: id,
    object_type: line.object_type,
    stock_id: line.object_id,
    quantity: line.quantity,
    position,
    unit_price_e4: prices.get(stockKey(line)) ?? null,
    request_line_id: line.request_line_id ?? null,
  }));
  const lineIds = await insertIssueLines(trx, lines);
  await moveStock(trx, movement, {
    ledger: { kind: 'ISSUE', issue_id: id },
    at: createdAt,
    actor: issue.actor,
  });
  await chargeIssue(
    trx,
    { id, locationId: issue.locationId, fundId: issue.fundId ?? null },
    lines.map((line, position) => ({ ...line, id: lineIds[position] })),
    { currency: issue.currency, at: createdAt, userEmail: issue.actor.email, actor: issue.actor },
  );
  recordChange(trx, {
    topic: 'issue',
    action: 'created',
    ids: [id],
    labId: issue.locationId,
    actor: issue.actor,
  });
  return readIssue(trx, id);
}
