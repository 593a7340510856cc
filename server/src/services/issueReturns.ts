import type { Db } from '../db';
import type { Dialect } from '../db/dialect';
import { addReturnedQuantity, findIssueLine, findIssueRow } from '../db/repositories/issues';
import { KIND_OF_TYPE, quantityText, toBaseQuantity } from '../domain/stockKinds';
import { recordChange, writeTransaction } from '../feed/changeLog';
import { notFound } from '../http/errors';
import { ValidationError } from '../validation/errors';
import { validateObject } from '../validation/validate';
import type { Actor } from '../audit/entries';
import { chargeReturn } from './charges';
import { LINE_QUANTITY } from './issueCart';
import { readIssue, type Issue } from './locations';
import { aboveMaximum, lockStock, moveStock, outOfBounds } from './stockMovement';

// Returns from an issue (docs/api.md): issued items brought back into stock, line by line, as RETURN ledger entries,
// each crediting the lab what it was charged (a RETURN charge, docs/api.md §23).

export interface IssueReturnsContext {
  db: Db;
  dialect: Dialect;
  now: () => Date;
  /** ISO 4217 code of the charges (config CURRENCY). */
  currency: string;
}

/** 404 unless the line belongs to the issue: the lookup of the return route, before its body is validated. */
export async function requireIssueLine(
  { db }: Pick<IssueReturnsContext, 'db'>,
  issueId: number,
  lineId: number,
): Promise<void> {
  if (!(await findIssueLine(db, issueId, lineId))) throw notFound();
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
  { db, dialect, now, currency }: IssueReturnsContext,
  actor: Actor,
  issueId: number,
  lineId: number,
  body: { quantity: number },
): Promise<Issue> {
  return writeTransaction(db, async (trx) => {
    const line = await findIssueLine(trx, issueId, lineId, dialect);
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
    await addReturnedQuantity(trx, line.id, amount);
    // The line was found in the issue, which nothing deletes.
    const issue = (await findIssueRow(trx, issueId))!;
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
