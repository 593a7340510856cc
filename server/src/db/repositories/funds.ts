import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../executor';
import { messages } from '../../validation/errors';
import type { LabFundsTable } from '../tables';

// A lab's funds (issue 24): what its requests are paid from.

export type FundRow = Selectable<LabFundsTable>;

/** SQLite keeps a boolean as 0 or 1; the API and the code read true or false. */
const toFund = (row: FundRow): FundRow => ({ ...row, active: Boolean(row.active) });

/** The lab's funds, by code. */
export async function listFunds(db: Executor, locationId: number): Promise<FundRow[]> {
  const rows = await db
    .selectFrom('lab_funds')
    .selectAll()
    .where('location_id', '=', locationId)
    .orderBy('code')
    .orderBy('id')
    .execute();
  return rows.map(toFund);
}

/** A fund of the lab; another lab's is not found. */
export async function findFund(db: Executor, locationId: number, id: number): Promise<FundRow | undefined> {
  const row = await db
    .selectFrom('lab_funds')
    .selectAll()
    .where('id', '=', id)
    .where('location_id', '=', locationId)
    .executeTakeFirst();
  return row && toFund(row);
}

/** Whether another fund of the lab (not `exceptId`) has this code, compared without case. */
export async function fundCodeTaken(
  db: Executor,
  locationId: number,
  code: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('lab_funds')
    .select('id')
    .where('location_id', '=', locationId)
    .where(sql`lower(code)`, '=', code.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * `active` as both engines take it: better-sqlite3 binds no booleans, and PostgreSQL reads 1 and 0 as a boolean's
 * true and false.
 */
function storable<T extends { active?: boolean }>(fund: T): T {
  return fund.active === undefined ? fund : { ...fund, active: (fund.active ? 1 : 0) as unknown as boolean };
}

export async function insertFund(trx: Executor, fund: Insertable<LabFundsTable>): Promise<FundRow> {
  return toFund(
    await trx.insertInto('lab_funds').values(storable(fund)).returningAll().executeTakeFirstOrThrow(),
  );
}

export async function updateFund(
  trx: Executor,
  id: number,
  changes: Updateable<LabFundsTable>,
): Promise<FundRow> {
  return toFund(
    await trx
      .updateTable('lab_funds')
      .set(storable(changes))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

/** The funds with these ids, by id: what request answers name. */
export async function fundsById(db: Executor, ids: readonly number[]): Promise<Map<number, FundRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('lab_funds')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, toFund(row)]));
}

/** Why a fund that exists may not be charged (fundError). */
export const INACTIVE_FUND = 'This fund is not active.';

/**
 * What is wrong with charging `id` to the lab: not one of its funds, or not active; undefined when it may be. The one
 * rule of a request's fund (docs/api.md §26.3) and a cart issue's (§23.6), read where both services read funds.
 */
export async function fundError(db: Executor, locationId: number, id: number): Promise<string | undefined> {
  const fund = await findFund(db, locationId, id);
  if (!fund) return messages.pkMissing(id);
  return fund.active ? undefined : INACTIVE_FUND;
}
