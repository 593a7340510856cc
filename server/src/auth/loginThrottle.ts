import { sql } from 'kysely';
import type { Executor } from '../db/executor';
import { deleteRowsBefore } from '../db/expiredRows';
import { normalizeEmail } from '../db/repositories/users';

/**
 * Sign-in attempts per (client IP, account), kept in the database so several server processes agree. The account is
 * its lower-cased e-mail; for an e-mail no account has, the keyed fingerprint of what was typed (auth/fingerprint),
 * never the text, which is often a password typed into the e-mail field.
 * An attempt is counted as a failure BEFORE its password is checked, and a successful sign-in deletes the pair:
 * so concurrent guesses cannot all be checked before the first failure is recorded. A pair is locked once it has
 * `maxFailures` failures, until `lockSeconds` have passed since the last one; older failures no longer count.
 */
export interface ThrottleSettings {
  maxFailures: number;
  lockSeconds: number;
}

export interface LoginAttempt {
  /** 0 when the attempt may check its password, else the seconds until the pair unlocks. */
  retryAfterSeconds: number;
  /**
   * The pair's failures counting this attempt, should its password be wrong: the one attempt that reaches
   * `maxFailures` locks the pair (concurrent attempts each see their own count, so only one reaches it).
   */
  failures: number;
}

/**
 * Counts one attempt for the pair, atomically (one upsert, so concurrent attempts from several processes each
 * see their own count). Refused attempts do not extend the lock. `account` is the account's e-mail, or the
 * fingerprint of an e-mail no account has (an e-mail holds an `@`, a fingerprint never: the two never meet).
 */
export async function claimLoginAttempt(
  db: Executor,
  { maxFailures, lockSeconds }: ThrottleSettings,
  ip: string,
  account: string,
  now: Date,
): Promise<LoginAttempt> {
  const windowStart = new Date(now.getTime() - lockSeconds * 1000).toISOString();
  const nowIso = now.toISOString();
  const expired = sql<boolean>`login_failures.last_failure_at <= ${windowStart}`;
  const allowed = sql<boolean>`login_failures.failures < ${maxFailures}`;
  const row = await db
    .insertInto('login_failures')
    .values({ ip, email_lower: normalizeEmail(account), failures: 1, last_failure_at: nowIso })
    .onConflict((conflict) =>
      conflict.columns(['ip', 'email_lower']).doUpdateSet({
        // Stops at maxFailures + 1: refused attempts are told apart without counting up forever.
        failures: sql<number>`case when ${expired} then 1 when ${allowed} then login_failures.failures + 1
          else ${maxFailures + 1} end`,
        last_failure_at: sql<string>`case when ${expired} or ${allowed} then ${nowIso}
          else login_failures.last_failure_at end`,
      }),
    )
    .returning(['failures', 'last_failure_at'])
    .executeTakeFirstOrThrow();
  const failures = Number(row.failures);
  if (failures <= maxFailures) return { retryAfterSeconds: 0, failures };
  const unlockAt = Date.parse(row.last_failure_at) + lockSeconds * 1000;
  return { retryAfterSeconds: Math.max(1, Math.ceil((unlockAt - now.getTime()) / 1000)), failures };
}

export async function resetLoginFailures(db: Executor, email: string, ip?: string): Promise<void> {
  let query = db.deleteFrom('login_failures').where('email_lower', '=', normalizeEmail(email));
  if (ip !== undefined) query = query.where('ip', '=', ip);
  await query.execute();
}

/**
 * Deletes the pairs whose last failure is older than `olderThan` and returns how many: pass the start of the lock
 * window (now − LOGIN_LOCK_SECONDS), since older failures no longer count and a later attempt would start afresh.
 */
export function pruneLoginFailures(db: Executor, olderThan: Date): Promise<number> {
  return deleteRowsBefore(db, 'login_failures', olderThan);
}
