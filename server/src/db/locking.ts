import type { SelectQueryBuilder } from 'kysely';
import type { Dialect } from './dialect';

/**
 * Adds `FOR UPDATE` on PostgreSQL, so the selected rows stay locked until the transaction ends. SQLite has no row
 * locks and needs none: a process runs one transaction at a time on its single writer connection, its reads
 * included (only reads outside any transaction run beside it and see the last commit: sqliteReadWrite.ts), and
 * between processes the database lock refuses (rather than interleaves) a second writer.
 */
export function lockRowsIfSupported<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  dialect: Dialect,
): SelectQueryBuilder<DB, TB, O> {
  return dialect === 'postgres' ? query.forUpdate() : query;
}
