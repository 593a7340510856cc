import type { Executor } from './executor';

/**
 * Tables whose rows count nothing once the time in one of their columns has passed, by that column: housekeeping
 * deletes them with deleteRowsBefore, written once here for the login throttle's failures and the rate limits.
 */
const TIME_COLUMNS = {
  login_failures: 'last_failure_at',
  rate_limits: 'resets_at',
} as const;

/** Deletes the rows of `table` whose time column is before `before`; answers how many. */
export async function deleteRowsBefore(
  db: Executor,
  table: keyof typeof TIME_COLUMNS,
  before: Date,
): Promise<number> {
  const result = await db
    .deleteFrom(table)
    .where(TIME_COLUMNS[table], '<', before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
