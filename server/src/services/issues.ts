import type { Db } from '../db';
import type { Dialect } from '../db/dialect';
import { findLocation } from '../db/repositories/locations';
import { stockRecordExists } from '../db/repositories/stock';
import { everyRow, keysetBatches } from '../db/slices';
import type { StockObjectType } from '../db/tables';
import type { Issue, IssuedTo, LineReturn } from '../contract/issues';
import { beyondChargeLimitText, withinChargeLimit } from '../domain/money';
import { fromUnitPriceE4 } from '../domain/unitPrice';
import type { StockKind } from '../domain/stockKinds';
import {
  fromBaseQuantity,
  KIND_OF_TYPE,
  OBJECT_TYPES,
  quantityText,
  toBaseQuantity,
} from '../domain/stockKindHelpers';
import { recordChange, writeTransaction } from '../feed/changeLog';
import { conflict, notFound } from '../http/errors';
import { ValidationError } from '../validation/errors';
import { LINE_QUANTITY } from '../validation/stockQuantity';
import { validateObject } from '../validation/validate';
import type { Actor } from '../audit/entries';
import { chargeIssue, chargeReturn, unitPricesOf } from './charges';
import { aboveMaximum, lockStock, moveStock, outOfBounds, recordName, stockKey } from './stockMovement';
import * as issues from '../db/repositories/issues';

// Issues (SERVER.md §8.3, docs/api.md): stock taken out to a location, read per location or per stock record, and
// issued items returned line by line. The one writer of an issue is writeIssue: the cart's merge (§9) and a
// request's fulfilment (issue 24) both take stock out to a location this way, so an issue always has its ledger
// entries and its charges, priced the same way.

export interface IssuesContext {
  db: Db;
  dialect: Dialect;
  now: () => Date;
  /** ISO 4217 code of the charges (config CURRENCY). */
  currency: string;
}

// ---- Reading ----

function toIssue(issue: issues.IssueWithLines): Issue {
  return {
    id: issue.id,
    created_at: issue.created_at,
    objects: issue.lines.map((line) => ({
      id: line.stock_id,
      line_id: line.id,
      name: line.name,
      object_type: line.object_type,
      quantity: fromBaseQuantity(KIND_OF_TYPE[line.object_type], line.quantity),
      returned_quantity: fromBaseQuantity(KIND_OF_TYPE[line.object_type], line.returned_quantity),
    })),
  };
}

/** Issues per read of a location's history, each with its lines. */
export const ISSUES_BATCH_SIZE = 500;

/**
 * §8.3: the location's issues, newest first; 404 for an unknown location. Read in keyset batches of `batchSize`
 * issues with a turn for other requests between them: a lab supplied for years has thousands.
 */
export async function locationIssues(
  { db }: Pick<IssuesContext, 'db'>,
  locationId: number,
  batchSize = ISSUES_BATCH_SIZE,
): Promise<Issue[]> {
  if (!(await findLocation(db, locationId))) throw notFound();
  const batches = keysetBatches<issues.IssueWithLines>(
    (after, limit) => issues.findIssuesAfter(db, locationId, after, limit),
    batchSize,
  );
  return (await everyRow(batches)).map(toIssue);
}

/** One issue in the §8.3 shape (read inside the transaction that wrote it). */
async function readIssue(db: Db, issueId: number): Promise<Issue> {
  const issue = await issues.findIssue(db, issueId);
  if (!issue) throw new Error(`issue ${issueId} vanished inside its own transaction`);
  return toIssue(issue);
}

/**
 * The locations a stock record was issued to, most recently issued first: per location, what was issued there and
 * came back (ml or pieces), how often, when last. 404 for an unknown record.
 */
export async function locationsIssuedTo(
  { db }: Pick<IssuesContext, 'db'>,
  kind: StockKind,
  stockId: number,
): Promise<IssuedTo[]> {
  if (!(await stockRecordExists(db, kind, stockId))) throw notFound();
  const rows = await issues.findLocationsIssuedTo(db, OBJECT_TYPES[kind], stockId);
  return rows.map((row) => ({
    ...row,
    quantity: fromBaseQuantity(kind, row.quantity),
    returned_quantity: fromBaseQuantity(kind, row.returned_quantity),
  }));
}

// ---- Writing ----

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
  const { id } = await issues.insertIssue(trx, {
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
  const lineIds = await issues.insertIssueLines(trx, lines);
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

// ---- Returns: issued items brought back into stock, line by line, as RETURN ledger entries, each crediting the lab
// what it was charged (a RETURN charge, docs/api.md §23) ----

/** 404 unless the line belongs to the issue: the lookup of the return route, before its body is validated. */
export async function requireIssueLine(
  { db }: Pick<IssuesContext, 'db'>,
  issueId: number,
  lineId: number,
): Promise<void> {
  if (!(await issues.findIssueLine(db, issueId, lineId))) throw notFound();
}

/**
 * Takes `quantity` (ml or pieces, the line's kind's rule) of an issue line back into stock in one transaction: the
 * line and then its stock record locked (no transaction locks them the other way round), at most what was issued
 * on the line minus what came back already (400 otherwise, also for the second of two concurrent returns), the
 * stock increased with a RETURN ledger entry tied to the issue, the amount added to the line's `returned_quantity`,
 * and a negative RETURN charge at the line's issue price to the issue's lab and fund. Answers the issue in the
 * §8.3 shape.
 */
export async function returnIssuedQuantity(
  { db, dialect, now, currency }: IssuesContext,
  actor: Actor,
  issueId: number,
  lineId: number,
  body: LineReturn,
): Promise<Issue> {
  return writeTransaction(db, async (trx) => {
    const line = await issues.findIssueLine(trx, issueId, lineId, dialect);
    if (!line) throw notFound();
    const kind = KIND_OF_TYPE[line.object_type];
    const { quantity } = validateObject(LINE_QUANTITY[kind], body).value as { quantity: number };
    const amount = toBaseQuantity(kind, quantity);
    const returnable = line.quantity - line.returned_quantity;
    if (amount > returnable) {
      throw ValidationError.field(
        'quantity',
        returnable === 0
          ? 'Everything issued on this line has been returned already.'
          : `Only ${quantityText(kind, returnable)} can still be returned.`,
      );
    }

    // Issue history blocks deleting a record (stockReferences), so the row is there.
    const changes = [{ object_type: line.object_type, object_id: line.stock_id, change: amount }];
    const movement = { changes, before: await lockStock(trx, dialect, changes) };
    const [tooMuch] = outOfBounds(movement);
    if (tooMuch) throw await aboveMaximum(trx, tooMuch);
    const at = now().toISOString();
    await moveStock(trx, movement, { ledger: { kind: 'RETURN', issue_id: issueId }, at, actor });
    await issues.addReturnedQuantity(trx, line.id, amount);
    // The line was found in the issue, which nothing deletes.
    const issue = (await issues.findIssueRow(trx, issueId))!;
    await chargeReturn(
      trx,
      { id: issueId, locationId: issue.consumer_id, fundId: issue.fund_id },
      line,
      amount,
      { currency, at, userEmail: actor.email, actor },
    );
    recordChange(trx, { topic: 'issue', action: 'updated', ids: [issueId], labId: issue.consumer_id, actor });
    return readIssue(trx, issueId);
  });
}
