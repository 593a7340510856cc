import { sql } from 'kysely';
import type { Db } from '../db';

/** A load balancer gives up after a few seconds; a database that takes longer than this counts as down. */
export const DATABASE_CHECK_TIMEOUT_MS = 2000;

/**
 * Whether the database answers a trivial query within `timeoutMs`. A pool that cannot hand out a connection
 * (PostgreSQL down, every connection busy) would otherwise keep the check waiting as long as the caller does.
 * Rejects with the database's error or a timeout error, for the log.
 */
export async function checkDatabase(db: Db, timeoutMs = DATABASE_CHECK_TIMEOUT_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the database did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    await Promise.race([sql`select 1`.execute(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
