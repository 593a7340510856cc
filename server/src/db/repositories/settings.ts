import type { Executor } from '../executor';

// Settings the database remembers across restarts (migration 0018).

export async function findSetting(db: Executor, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

/** Writes the setting unless it has a value (another process starting at once may have written it first). */
export async function insertSettingIfMissing(db: Executor, name: string, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ name, value })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}

/** The currency of the most recent charge, if any charge was ever made. */
export async function latestChargeCurrency(db: Executor): Promise<string | undefined> {
  const row = await db
    .selectFrom('charges')
    .select('currency')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.currency;
}
