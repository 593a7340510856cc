import { sql } from 'kysely';
import type { Executor } from '../db/repositories/users';
import { normalizeEmail } from '../db/repositories/users';

/**
 * Failed logins per (client IP, lower-cased email), kept in the database so several server processes agree.
 * A pair is locked once it has `maxFailures` failures, until `lockSeconds` have passed since the last one;
 * failures older than that window no longer count.
 */
export interface ThrottleSettings {
  maxFailures: number;
  lockSeconds: number;
}

/** Seconds until the pair may try again, or 0 when it is not locked. */
export async function secondsUntilUnlocked(
  db: Executor,
  settings: ThrottleSettings,
  ip: string,
  email: string,
  now: Date,
): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select(['failures', 'last_failure_at'])
    .where('ip', '=', ip)
    .where('email_lower', '=', normalizeEmail(email))
    .executeTakeFirst();
  if (row === undefined || row.failures < settings.maxFailures) return 0;
  const unlockAt = Date.parse(row.last_failure_at) + settings.lockSeconds * 1000;
  return unlockAt > now.getTime() ? Math.ceil((unlockAt - now.getTime()) / 1000) : 0;
}

export async function recordLoginFailure(
  db: Executor,
  settings: ThrottleSettings,
  ip: string,
  email: string,
  now: Date,
): Promise<void> {
  const windowStart = new Date(now.getTime() - settings.lockSeconds * 1000).toISOString();
  const nowIso = now.toISOString();
  // One atomic upsert, so concurrent failures from several processes are all counted.
  await db
    .insertInto('login_failures')
    .values({ ip, email_lower: normalizeEmail(email), failures: 1, last_failure_at: nowIso })
    .onConflict((conflict) =>
      conflict.columns(['ip', 'email_lower']).doUpdateSet({
        failures: sql<number>`case when login_failures.last_failure_at > ${windowStart} then login_failures.failures + 1 else 1 end`,
        last_failure_at: nowIso,
      }),
    )
    .execute();
}

export async function resetLoginFailures(db: Executor, email: string, ip?: string): Promise<void> {
  let query = db.deleteFrom('login_failures').where('email_lower', '=', normalizeEmail(email));
  if (ip !== undefined) query = query.where('ip', '=', ip);
  await query.execute();
}
