import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

/** How many prepared statements are kept; lists of ids (`in (?, ?, …)`) make a statement per length, so it is bounded. */
export const STATEMENT_CACHE_SIZE = 500;

/** A connection as Kysely's SQLite dialect uses it, whose statements also say whether they only read. */
export interface PreparingDatabase extends KyselySqliteDatabase {
  prepare(sql: string): SqliteDatabase.Statement;
}

/**
 * The connection as Kysely's SQLite dialect uses it, with each statement prepared once per distinct SQL text and
 * reused: Kysely prepares every query anew, which for a small query (the location tree) costs as much as running
 * it. Reuse is safe here: Kysely runs one query at a time on each connection (a streamed query holds the writer
 * until the end; the reader is never streamed from, db/sqliteReadWrite.ts), and SQLite re-prepares a kept
 * statement by itself when the schema changes (migrations, also those another connection ran).
 * The least recently used statements are dropped beyond `capacity`.
 */
export function reusingStatements(
  sqlite: SqliteDatabase.Database,
  capacity = STATEMENT_CACHE_SIZE,
): PreparingDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = sqlite.prepare(sql);
        if (statements.size >= capacity) statements.delete(statements.keys().next().value as string);
      } else {
        statements.delete(sql);
      }
      statements.set(sql, statement);
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}
