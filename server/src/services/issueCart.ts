import { findStockRecordsOf, lockStockRow } from '../db/repositories/stock';
import {
  fromBaseQuantity,
  KIND_OF_TYPE,
  quantityText,
  STOCK_UNITS,
  stockKey,
  toBaseQuantity,
} from '../domain/stockKindHelpers';
import type { Db } from '../db';
import type { Dialect } from '../db/dialect';
import { findFund } from '../db/repositories/funds';
import type { CartLineRow } from '../db/repositories/issueCart';
import { findLocation, lockLocation } from '../db/repositories/locations';
import type { User } from '../db/repositories/users';
import { cmrStatements } from '../domain/chemistry/cmr';
import { recordChange, writeTransaction } from '../feed/changeLog';
import { badRequest, conflict, notFound } from '../http/errors';
import { FieldErrorCollector, messages, ValidationError } from '../validation/errors';
import { LINE_QUANTITY } from '../validation/stockQuantity';
import { validateObject } from '../validation/validate';
import {
  type Actor,
  fieldChanges,
  locationTarget,
  recordAudit,
  stockSnapshot,
  stockTarget,
} from '../audit/entries';
import { fundError, fundTarget } from './funds';
import type { CartLine, CartLineFields, CartMerge } from '../contract/issueCart';
import type { Issue } from '../contract/issues';
import { writeIssue } from './issues';
import * as cart from '../db/repositories/issueCart';

export interface IssueCartContext {
  db: Db;
  dialect: Dialect;
  now: () => Date;
  /** ISO 4217 code of the charges a merge writes (config CURRENCY). */
  currency: string;
}

/** Lines in the §9 shape, reading each kind's records in one query. */
async function withRecords(db: Db, rows: CartLineRow[]): Promise<CartLine[]> {
  const records = await findStockRecordsOf(db, rows);
  return rows.map((row) => {
    const record = records.get(stockKey(row));
    // Stock records named by a cart line cannot be deleted (stockReferences).
    if (!record) throw new Error(`cart line ${row.id} names a missing ${row.object_type} ${row.object_id}`);
    return {
      id: row.id,
      object_id: row.object_id,
      object_type: row.object_type,
      quantity: fromBaseQuantity(KIND_OF_TYPE[row.object_type], row.quantity),
      object: record,
    };
  });
}

export async function listCart({ db }: IssueCartContext, actor: User): Promise<CartLine[]> {
  return withRecords(db, await cart.listCartLines(db, actor.id));
}

/** The caller's line; another user's line is not found. The lookup of `{id}` routes, before the body. */
export async function requireCartLine(
  { db }: IssueCartContext,
  actor: User,
  id: number,
): Promise<CartLineRow> {
  const line = await cart.findCartLine(db, actor.id, id);
  if (!line) throw notFound();
  return line;
}

export async function getCartLine(context: IssueCartContext, actor: User, id: number): Promise<CartLine> {
  const [line] = await withRecords(context.db, [await requireCartLine(context, actor, id)]);
  return line;
}

/**
 * Adds a line (`id` undefined) or replaces fields of the caller's line `id`, checking that the caller's lines for
 * the record, with this line's new quantity, fit in its current stock. The record's row is locked while checking
 * and writing, so concurrent writes to the caller's lines for one record run one after another.
 */
async function writeCartLine(
  { db, dialect }: IssueCartContext,
  actor: Actor,
  id: number | undefined,
  input: Partial<CartLineFields>,
): Promise<CartLine> {
  return writeTransaction(db, async (trx) => {
    // The line before the stock row: the order a merge locks them in, so the two cannot deadlock.
    const current = id === undefined ? undefined : await cart.findCartLine(trx, actor.id, id, dialect);
    if (id !== undefined && !current) throw notFound();
    const objectType = input.object_type ?? current!.object_type;
    const objectId = input.object_id ?? current!.object_id;
    const kind = KIND_OF_TYPE[objectType];
    const quantity =
      input.quantity ?? fromBaseQuantity(KIND_OF_TYPE[current!.object_type], current!.quantity);

    const errors = new FieldErrorCollector();
    try {
      validateObject(LINE_QUANTITY[kind], { quantity });
    } catch (error) {
      errors.merge(error);
    }
    const stockRow = await lockStockRow(trx, dialect, kind, objectId);
    if (!stockRow) errors.add('object_id', messages.pkMissing(objectId));
    errors.throwIfAny();

    const base = toBaseQuantity(kind, quantity);
    const others = await cart.cartQuantityOf(trx, actor.id, objectType, objectId, id);
    if (others + base > stockRow!.quantity) {
      throw ValidationError.field('quantity', `Only ${quantityText(kind, stockRow!.quantity)} in stock.`);
    }
    const values = { object_type: objectType, object_id: objectId, quantity: base };
    const saved = current
      ? await cart.updateCartLine(trx, current.id, values)
      : await cart.insertCartLine(trx, { ...values, user_id: actor.id });
    if (!saved) throw notFound();
    cartChanged(trx, actor, current ? 'updated' : 'created', [saved.id]);
    return (await withRecords(trx, [saved]))[0];
  });
}

/** A cart's events reach its owner alone (docs/api.md §27). */
function cartChanged(
  trx: Db,
  actor: Actor,
  action: 'created' | 'updated' | 'deleted',
  ids: readonly number[],
): void {
  recordChange(trx, { topic: 'cart', action, ids, userId: actor.id, actor });
}

export async function addCartLine(
  context: IssueCartContext,
  actor: Actor,
  input: CartLineFields,
): Promise<CartLine> {
  return writeCartLine(context, actor, undefined, input);
}

/** PUT (the schema requires every field) and PATCH (any subset; the rest keep their values). */
export async function updateCartLine(
  context: IssueCartContext,
  actor: Actor,
  id: number,
  input: Partial<CartLineFields>,
): Promise<CartLine> {
  return writeCartLine(context, actor, id, input);
}

export async function deleteCartLine(
  { db, dialect }: IssueCartContext,
  actor: Actor,
  id: number,
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    if (!(await cart.findCartLine(trx, actor.id, id, dialect))) throw notFound();
    await cart.deleteCartLines(trx, [id]);
    cartChanged(trx, actor, 'deleted', [id]);
  });
}

/** 404 unless the location exists: the lookup of the merge route. */
export async function requireLocation({ db }: IssueCartContext, locationId: number): Promise<void> {
  if (!(await findLocation(db, locationId))) throw notFound();
}

// What the merge's body may add to SERVER.md §9's call (docs/api.md §23.6, CartMerge). SERVER.md's call sends
// neither: it charges no fund, and a CMR line in it is issued and audited as unconfirmed, since that call has no room
// for the confirmation its clients could send.

/** SERVER.md §9's own call: a body that says nothing of this server's additions. */
const isServerMdCall = (options: CartMerge) =>
  options.fund === undefined && options.cmr_confirmed === undefined;

/** `Benzene 99.5% Merck/Daraz (chemical #7)`: a record as the audit log labels it. */
const recordLabel = (line: CartLine) => {
  const kind = KIND_OF_TYPE[line.object_type];
  return stockTarget(kind, line.object_id, stockSnapshot(kind, line.object)).label;
};

/**
 * §9 merge: in one transaction, with the location, the caller's lines and then the involved stock rows locked
 * (in a fixed order: kind, then ascending id, so concurrent merges cannot deadlock), re-checks every record
 * against its current quantity; 409 naming the first short item and nothing applied, else one issue with the
 * lines in id order, stock decreased with an ISSUE ledger entry and a charge per line (writeIssue), and the
 * caller's lines removed. Before that, the fund (docs/api.md §23.6) and the CMR lines: 409 naming them unless
 * confirmed (or sent by SERVER.md's call); an issue with CMR lines has its audit entry, confirmed or not.
 */
export async function mergeCart(
  { db, dialect, now, currency }: IssueCartContext,
  actor: Actor,
  locationId: number,
  options: CartMerge = {},
): Promise<Issue> {
  return writeTransaction(db, async (trx) => {
    const location = await lockLocation(trx, dialect, locationId);
    if (!location) throw notFound();
    const lines = await cart.lockCartLines(trx, dialect, actor.id);
    if (lines.length === 0) throw badRequest('The cart is empty.');
    const fundId = options.fund ?? undefined;
    if (fundId !== undefined) {
      const error = await fundError(trx, locationId, fundId);
      if (error !== undefined) throw ValidationError.field('fund', error);
    }

    // Read with the lines locked, so the hazards checked are those of the records issued.
    const cmrLines = (await withRecords(trx, lines)).flatMap((line) => {
      const codes = cmrStatements(line.object as { hazard_statements?: string[] });
      return codes.length === 0 ? [] : [{ line, codes }];
    });
    const confirmed = options.cmr_confirmed === true;
    if (cmrLines.length > 0 && !confirmed && !isServerMdCall(options)) {
      const named = cmrLines.map(
        ({ line, codes }) => `${recordLabel(line)} is a CMR substance (${codes.join(', ')})`,
      );
      throw conflict(
        `${named.join('; ')}. A store manager confirms this issue as a CMR issue (cmr_confirmed).`,
      );
    }

    const issue = await writeIssue(trx, dialect, {
      locationId,
      lines: lines.map(({ object_type, object_id, quantity }) => ({ object_type, object_id, quantity })),
      fundId,
      actor,
      now,
      currency,
    });
    await cart.deleteCartLines(
      trx,
      lines.map((line) => line.id),
    );
    cartChanged(
      trx,
      actor,
      'deleted',
      lines.map((line) => line.id),
    );
    if (cmrLines.length > 0) {
      await recordAudit(trx, {
        at: new Date(issue.created_at),
        actor,
        action: confirmed ? 'issue.cmr_confirmed' : 'issue.cmr_unconfirmed',
        target: { type: 'issue', id: issue.id, label: `Issue to ${location.name} (issue #${issue.id})` },
        changes: fieldChanges(null, {
          location: locationTarget(location).label,
          fund: fundId === undefined ? null : fundTarget((await findFund(trx, locationId, fundId))!).label,
          cmr_lines: cmrLines.map(
            ({ line, codes }) =>
              `${recordLabel(line)}: ${line.quantity} ${STOCK_UNITS[KIND_OF_TYPE[line.object_type]]}, ${codes.join(', ')}`,
          ),
          confirmed,
        }),
      });
    }
    return issue;
  });
}
