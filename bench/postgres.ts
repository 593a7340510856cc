/**
 * The benchmarks on PostgreSQL (BENCH_DATABASE_URL=postgres://…): each in a schema of its own in that database,
 * loaded as run.ts loads SQLite, and dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createDatabase, type Db } from '../server/src/db';
import { migrateToLatest } from '../server/src/db/migrate';
import type { Dataset } from './dataset';
import { startServer } from './http';
import { insertLocations, loadDataset } from './loadDataset';
import type { Measurement } from './report';

/**
 * Runs `work` on a new schema of the database at `url` (created, then dropped), migrated and loaded with `dataset`
 * and the locations; `work` gets the URL that puts a connection in that schema, for server processes.
 */
export async function inPostgresSchema<T>(
  url: string,
  dataset: Dataset,
  work: (schemaUrl: string, db: Db) => Promise<T>,
): Promise<T> {
  const schema = `labstore_bench_${randomBytes(4).toString('hex')}`;
  const admin = createDatabase(url, { max: 1 });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  const inSchema = new URL(url);
  inSchema.searchParams.set('options', `-c search_path=${schema}`);
  const database = createDatabase(inSchema.toString());
  try {
    await migrateToLatest(database.db, database.dialect, schema);
    await loadDataset(database.db, dataset);
    await insertLocations(database.db);
    return await work(inSchema.toString(), database.db);
  } finally {
    await database.destroy();
    await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
    await admin.destroy();
  }
}

/** Runs `measure` against a server process on such a schema. */
export function onPostgres(
  url: string,
  dataset: Dataset,
  measure: (baseUrl: string, db: Db) => Promise<Measurement[]>,
): Promise<Measurement[]> {
  return inPostgresSchema(url, dataset, async (schemaUrl, db) => {
    const server = await startServer(schemaUrl);
    try {
      return await measure(server.baseUrl, db);
    } finally {
      await server.stop();
    }
  });
}
