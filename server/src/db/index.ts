import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Dialect } from './dialect';
import { SqliteReadWriteDialect } from './sqliteReadWrite';
import { reusingStatements } from './sqliteStatements';
import type { Database } from './tables';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  destroy: () => Promise<void>;
  /**
   * PostgreSQL: a new connection of its own, outside the pool and with the pool's settings (a test's search_path
   * included), for LISTEN: a pooled connection goes back to the pool and would stop hearing notifications. The
   * caller ends it.
   */
  connectListener?: () => Promise<pg.Client>;
}

const PG_INT8_OID = 20;

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

const dialects = new WeakMap<Db, Dialect>();

/** The engine behind a database made by createDatabase (the change feed notifies other processes on PostgreSQL). */
export function dialectOf(db: Db): Dialect {
  const dialect = dialects.get(db);
  if (dialect === undefined) throw new Error('dialectOf: a database not made by createDatabase');
  return dialect;
}

/** `url` is a postgres:// URL, a SQLite file path or `:memory:`. `pgOptions` adds pool settings (tests set a search_path). */
export function createDatabase(url: string, pgOptions: pg.PoolConfig = {}): DatabaseHandle {
  const postgres = isPostgresUrl(url);
  const db = postgres
    ? new Kysely<Database>({
        dialect: new PostgresDialect({
          pool: new pg.Pool({
            connectionString: url,
            // COUNT(*) and BIGINT columns arrive as strings by default; our ids and counts fit in a JS number.
            types: {
              getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
                oid === PG_INT8_OID
                  ? Number
                  : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
            },
            ...pgOptions,
          }),
        }),
      })
    : new Kysely<Database>({ dialect: sqliteDialect(url) });
  const dialect: Dialect = postgres ? 'postgres' : 'sqlite';
  dialects.set(db, dialect);
  return {
    db,
    dialect,
    destroy: () => db.destroy(),
    ...(postgres && {
      connectListener: async () => {
        const client = new pg.Client({ connectionString: url, ...pgOptions });
        await client.connect();
        return client;
      },
    }),
  };
}

/**
 * A file gets a writer and a reader (db/sqliteReadWrite.ts), so reads go on while a transaction writes. An
 * in-memory database (tests) exists only in its one connection: everything runs there, one query at a time.
 */
function sqliteDialect(file: string): SqliteDialect {
  if (file === ':memory:') return new SqliteDialect({ database: reusingStatements(openSqlite(file)) });
  const writer = reusingStatements(openSqlite(file));
  return new SqliteReadWriteDialect(writer, reusingStatements(openSqliteReader(file)));
}

// Several processes (server, account CLI) may share the file: wait for a lock instead of failing at once.
const BUSY_TIMEOUT = 'busy_timeout = 5000';

function openSqlite(file: string): SqliteDatabase.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(BUSY_TIMEOUT);
  return sqlite;
}

/** A read-only connection of a file the writer has opened (and so put in WAL mode, which the file keeps). */
function openSqliteReader(file: string): SqliteDatabase.Database {
  const sqlite = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  sqlite.pragma(BUSY_TIMEOUT);
  return sqlite;
}
