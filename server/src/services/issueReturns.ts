import type { Db, Dialect } from '../db';
import { addReturnedQuantity, findIssueLine } from '../db/repositories/issues';
import { findStockRecord, lockStockRow, updateStockRow } from '../db/repositories/stock';
import { addLedgerEntry } from '../db/repositories/stockLedger';
import type { User } from '../db/repositories/users';
import { MAX_QUANTITY } from '../domain/quantity';
import { KIND_OF_TYPE, quantityText, STOCK_UNITS, toBaseQuantity } from '../domain/stockKinds';
import { conflict, notFound } from '../http/errors';
import { recordSearchChanges } from '../search/changeLog';
import { ValidationError } from '../validation/errors';
import { validateObject } from '../validation/validate';
import { LINE_QUANTITY } from './issueCart';
import { readIssue, type Issue } from './locations';
import { describeStockRecord } from './shipments';

// Returns from an issue (docs/api.md): issued items brought back into stock, line by line, as RETURN ledger entries.

export interface IssueReturnsContext {
  db: Db;
  dialect: Dialect;
  now: () => Date;
}

/** 404 unless the line belongs to the issue: the lookup of the return route, before its body is validated. */
export async function requireIssueLine(
  { db }: IssueReturnsContext,
  issueId: number,
  lineId: number,
): Promise<void> {
  if (!(await findIssueLine(db, issueId, lineId))) throw notFound();
}

/**
 * Takes `quantity` (ml or pieces, the line's kind's rule) of an issue line back into stock in one transaction: the
 * line and then its stock record locked (no transaction locks them the other way round), at most what was issued
 * on the line minus what came back already (400 otherwise, also for the second of two concurrent returns), the
 * stock increased with a RETURN ledger entry tied to the issue, and the amount added to the line's
 * `returned_quantity`. Answers the issue in the §8.3 shape.
 */
export async function returnIssuedQuantity(
  { db, dialect, now }: IssueReturnsContext,
  actor: User,
  issueId: number,
  lineId: number,
  body: { quantity: number },
): Promise<Issue> {
  return db.transaction().execute(async (trx) => {
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
    const stockRow = await lockStockRow(trx, dialect, kind, line.stock_id);
    if (!stockRow)
      throw new Error(`issue line ${lineId} names a missing ${line.object_type} ${line.stock_id}`);
    const balance = stockRow.quantity + amount;
    if (balance > toBaseQuantity(kind, MAX_QUANTITY)) {
      const record = (await findStockRecord(trx, kind, line.stock_id))!;
      const { name } = describeStockRecord[kind](record as never);
      throw conflict(`${name}: the stock would exceed ${MAX_QUANTITY} ${STOCK_UNITS[kind]}.`);
    }
    await updateStockRow(trx, kind, line.stock_id, { quantity: balance });
    await addReturnedQuantity(trx, line.id, amount);
    await addLedgerEntry(trx, {
      created_at: now().toISOString(),
      kind: 'RETURN',
      object_type: line.object_type,
      object_id: line.stock_id,
      change: amount,
      balance,
      shipment_id: null,
      issue_id: issueId,
      user_id: actor.id,
      user_email: actor.email,
    });
    await recordSearchChanges(trx, [{ object_type: line.object_type, object_id: line.stock_id }]);
    return readIssue(trx, issueId);
  });
}
