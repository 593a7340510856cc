import type { Db } from '../db';
import type { Dialect } from '../db/dialect';
import type { Fund, FundChanges, NewFund } from '../contract/funds';
import * as funds from '../db/repositories/funds';
import { INACTIVE_FUND, type FundRow } from '../db/repositories/funds';
import { findLocation, lockLocation } from '../db/repositories/locations';
import { recordChange, writeTransaction } from '../feed/changeLog';
import { notFound } from '../http/errors';
import { ValidationError } from '../validation/errors';
import {
  fieldChanges,
  recordAudit,
  recordEdit,
  type Actor,
  type AuditTarget,
  type Snapshot,
} from '../audit/entries';

// A lab's funds (docs/api.md §25): its members choose one for each request; store managers and the lab's managers
// keep the list. Never deleted, since charges point at them: a fund no longer used is deactivated.

export interface FundsContext {
  db: Db;
  dialect: Dialect;
  now: () => Date;
}

export const fundMessages = {
  codeTaken: 'A fund with this code already exists in this lab.',
  inactive: INACTIVE_FUND,
};

export { fundError } from '../db/repositories/funds';

const toFund = ({ location_id: _location, ...fund }: FundRow): Fund => fund;

export const fundTarget = (fund: Pick<FundRow, 'id' | 'code' | 'name'>): AuditTarget => ({
  type: 'fund',
  id: fund.id,
  label: `${fund.code} ${fund.name} (fund #${fund.id})`,
});

const fundSnapshot = (fund: FundRow): Snapshot => ({
  location: fund.location_id,
  code: fund.code,
  name: fund.name,
  active: fund.active,
});

export async function listFunds({ db }: FundsContext, locationId: number): Promise<Fund[]> {
  if (!(await findLocation(db, locationId))) throw notFound();
  return (await funds.listFunds(db, locationId)).map(toFund);
}

/** 404 unless the fund is one of the lab's: the lookup of the `{id}` route, before the body. */
export async function requireFund({ db }: FundsContext, locationId: number, id: number): Promise<void> {
  if (!(await funds.findFund(db, locationId, id))) throw notFound();
}

/**
 * Writes run with the lab's location locked, so two writes of one code in different case cannot both pass the
 * check (the table's unique constraint compares with case).
 */
export async function createFund(
  { db, dialect, now }: FundsContext,
  actor: Actor,
  locationId: number,
  input: NewFund,
): Promise<Fund> {
  return writeTransaction(db, async (trx) => {
    if (!(await lockLocation(trx, dialect, locationId))) throw notFound();
    if (await funds.fundCodeTaken(trx, locationId, input.code))
      throw ValidationError.field('code', fundMessages.codeTaken);
    const at = now();
    const fund = await funds.insertFund(trx, {
      location_id: locationId,
      code: input.code,
      name: input.name,
      active: input.active ?? true,
      created_at: at.toISOString(),
    });
    recordChange(trx, { topic: 'fund', action: 'created', ids: [fund.id], labId: locationId, actor });
    await recordAudit(trx, {
      at,
      actor,
      action: 'fund.created',
      target: fundTarget(fund),
      changes: fieldChanges(null, fundSnapshot(fund)),
    });
    return toFund(fund);
  });
}

export async function updateFund(
  { db, dialect, now }: FundsContext,
  actor: Actor,
  locationId: number,
  id: number,
  input: FundChanges,
): Promise<Fund> {
  return writeTransaction(db, async (trx) => {
    if (!(await lockLocation(trx, dialect, locationId))) throw notFound();
    const before = await funds.findFund(trx, locationId, id);
    if (!before) throw notFound();
    // A PATCH without a known field changes nothing: the fund as it is, no event, no audit entry (§28's `PATCH {}`).
    if (Object.values(input).every((value) => value === undefined)) return toFund(before);
    if (input.code !== undefined && (await funds.fundCodeTaken(trx, locationId, input.code, id)))
      throw ValidationError.field('code', fundMessages.codeTaken);
    const fund = await funds.updateFund(trx, id, input);
    recordChange(trx, { topic: 'fund', action: 'updated', ids: [id], labId: locationId, actor });
    await recordEdit(trx, {
      at: now(),
      actor,
      action: 'fund.updated',
      target: fundTarget(fund),
      before: fundSnapshot(before),
      after: fundSnapshot(fund),
    });
    return toFund(fund);
  });
}
