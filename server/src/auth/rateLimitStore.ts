import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitOptions,
} from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from '../db';
import type { Executor } from '../db/executor';
import { deleteRowsBefore } from '../db/expiredRows';

export interface Hits {
  /** Hits of the key in its current window, this one included. */
  hits: number;
  /** When the window ends and the count starts again from nothing. */
  resetsAt: Date;
}

/**
 * Counts one hit of `key` in a fixed window of `windowMs` that starts with the key's first hit, atomically (one
 * upsert, like claimLoginAttempt: concurrent hits from several processes each see their own count). A window that
 * has ended starts again at this hit.
 */
export async function countHit(db: Executor, key: string, windowMs: number, now: Date): Promise<Hits> {
  const nowIso = now.toISOString();
  const resetsAt = new Date(now.getTime() + windowMs).toISOString();
  const ended = sql<boolean>`rate_limits.resets_at <= ${nowIso}`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: 1, resets_at: resetsAt })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        hits: sql<number>`case when ${ended} then 1 else rate_limits.hits + 1 end`,
        resets_at: sql<string>`case when ${ended} then ${resetsAt} else rate_limits.resets_at end`,
      }),
    )
    .returning(['hits', 'resets_at'])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), resetsAt: new Date(row.resets_at) };
}

/** Deletes the counters whose window ended before `before` and answers how many: they count nothing any more. */
export function pruneRateLimits(db: Executor, before: Date): Promise<number> {
  return deleteRowsBefore(db, 'rate_limits', before);
}

/**
 * A store for @fastify/rate-limit that counts in the database (`rate_limits`), so every server process sharing it
 * agrees on a client's count; @fastify/rate-limit's own store counts in one process's memory. Keys are prefixed
 * with `namespace` (one per limit). The window is fixed, as in the in-memory store: `ttl` is the time left until
 * it ends, which becomes Retry-After.
 */
export function databaseRateLimitStore(
  db: Db,
  now: () => Date,
  namespace: string,
): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(options: FastifyRateLimitOptions) {
      const { continueExceeding, exponentialBackoff } = options as RateLimitOptions;
      // Windows that restart or grow while a client is refused would need more than one fixed window per key.
      if (continueExceeding || exponentialBackoff) {
        throw new Error('The database rate-limit store counts in fixed windows only.');
      }
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const at = now();
      countHit(db, `${namespace}:${key}`, timeWindow, at).then(
        ({ hits, resetsAt }) => callback(null, { current: hits, ttl: resetsAt.getTime() - at.getTime() }),
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return DatabaseRateLimitStore;
}
