import { Migrator, type Kysely } from 'kysely';
import { StaticMigrationProvider } from './migrations';
import type { Dialect } from './dialect';

/**
 * Runs the migrations not yet run: all of them, or (`through`, tests of a migration on existing data) those up to
 * and including the one named. `migrationTableSchema` names the PostgreSQL schema of Kysely's bookkeeping tables; it must be given when the
 * database holds other schemas with their own bookkeeping (tests), since Kysely looks for them in every schema.
 */
export async function migrateToLatest<DB>(
  db: Kysely<DB>,
  dialect: Dialect,
  migrationTableSchema?: string,
  through?: string,
): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider(dialect), migrationTableSchema });
  const { error, results } = await (through === undefined
    ? migrator.migrateToLatest()
    : migrator.migrateTo(through));
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    const name = failed ? ` (migration ${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String(error)}`, { cause: error });
  }
}
