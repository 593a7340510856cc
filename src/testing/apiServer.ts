import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../server/src/app';
import { answerContractPlugin } from '../../server/src/testing/answerContract';
import { ensureAdmin } from '../../server/src/bootstrap';
import type { Config } from '../../server/src/config';
import { createDatabase, type Db } from '../../server/src/db';
import { migrateToLatest } from '../../server/src/db/migrate';
import { recordSearchChanges } from '../../server/src/search/changeLog';
import { testConfig } from '../../server/src/testing/testApp';

/**
 * The real API server of one SPA test file: the product's `buildApp` on an in-memory SQLite database. This module
 * runs in Node's realm, outside jsdom (see environment.ts); test code reaches it through testServer.ts.
 *
 * Every test starts from the data the file's seed wrote. After seeding, the database is copied to a snapshot file
 * (and the upload folder beside it); before each test that follows a write, every table is copied back from it.
 * Copying rows in place, rather than opening a new database or building a new app, keeps a reset at a few
 * milliseconds. To the app's search index such a reset looks like another process rewriting those records, so it
 * leaves the same search-change notes every stock write leaves.
 */

/** A reply as plain data, which test code reads in its own realm. */
export interface Reply {
  statusCode: number;
  statusMessage: string;
  headers: Record<string, string | string[]>;
  body: Uint8Array;
}

interface Baseline {
  database: string;
  uploads: string;
  /** Search-change notes up to this one are reflected in the current rows. */
  searchChangesThrough: number;
  /** SQLite's count of written rows when the data was last the baseline's: unchanged means nothing to restore. */
  rowsWrittenThrough: number;
}

async function newestSearchChange(db: Db): Promise<number> {
  const { newest } = await db
    .selectFrom('search_changes')
    .select((eb) => eb.fn.max('seq').as('newest'))
    .executeTakeFirstOrThrow();
  return Number(newest ?? 0);
}

async function rowsWritten(db: Db): Promise<number> {
  const { rows } = await sql<{ written: number }>`select total_changes() as written`.execute(db);
  return rows[0].written;
}

/** `settings` change the test configuration (a small upload limit, say). */
export async function startApiServer(settings: Partial<Config> = {}) {
  let clock: Date | null = null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labstore-spa-test-'));
  // testConfig keeps the password hash cost low and the secrets fixed, as for the server's own tests.
  const config = testConfig({ ...settings, dataDir, uploadDir: path.join(dataDir, 'uploads') });
  const database = createDatabase(':memory:');
  const { db } = database;
  await migrateToLatest(db, database.dialect);
  const app = await buildApp({
    config,
    database,
    logger: false,
    answerCheck: answerContractPlugin,
    now: () => clock ?? new Date(),
  });
  await app.ready();
  let baseline: Baseline | undefined;

  /** Every table but the search-change log back as the baseline has it, and the uploaded files too. */
  async function restore(from: Baseline): Promise<void> {
    const changed = await db
      .selectFrom('search_changes')
      .select(['object_type', 'object_id'])
      .distinct()
      .where('seq', '>', from.searchChangesThrough)
      .execute();

    await sql`pragma foreign_keys = off`.execute(db);
    await sql`attach database ${from.database} as baseline`.execute(db);
    try {
      await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ name: string }>`
          select name from baseline.sqlite_master
          where type = 'table' and name not like 'sqlite_%' and name <> 'search_changes'`.execute(trx);
        for (const { name } of rows) {
          await sql`delete from main.${sql.id(name)}`.execute(trx);
          await sql`insert into main.${sql.id(name)} select * from baseline.${sql.id(name)}`.execute(trx);
        }
        // New rows get the ids they would get after the seed, but the logs' seqs keep growing: a change feed that
        // has read up to a seq must never see it again.
        await sql`delete from main.sqlite_sequence where name not in ('search_changes', 'change_events')`.execute(
          trx,
        );
        await sql`insert into main.sqlite_sequence
          select * from baseline.sqlite_sequence where name not in ('search_changes', 'change_events')`.execute(
          trx,
        );
      });
    } finally {
      await sql`detach database baseline`.execute(db);
      await sql`pragma foreign_keys = on`.execute(db);
    }
    await recordSearchChanges(db, changed);
    from.searchChangesThrough = await newestSearchChange(db);
    from.rowsWrittenThrough = await rowsWritten(db);

    fs.rmSync(config.uploadDir, { recursive: true, force: true });
    fs.cpSync(from.uploads, config.uploadDir, { recursive: true });
  }

  return {
    async inject(options: InjectOptions): Promise<Reply> {
      const reply = await app.inject(options);
      return {
        statusCode: reply.statusCode,
        statusMessage: reply.statusMessage,
        headers: reply.headers as Reply['headers'],
        body: reply.rawPayload,
      };
    },

    /** Sets the server's clock (timestamps of issues, shipments, files…); `null` returns it to real time. */
    setClock(isoDate: string | null): void {
      clock = isoDate === null ? null : new Date(isoDate);
    },

    /** The protected administrator the product creates at start from ADMIN_EMAIL and ADMIN_PASSWORD. */
    async createAdmin(email: string, password: string): Promise<void> {
      await ensureAdmin(db, {
        adminEmail: email,
        adminPassword: password,
        passwordHashCost: config.passwordHashCost,
      });
    },

    /** Keeps the data as it is now as what every later test starts from. */
    async keepAsBaseline(): Promise<void> {
      baseline = {
        database: path.join(dataDir, 'baseline.sqlite3'),
        uploads: path.join(dataDir, 'baseline-uploads'),
        searchChangesThrough: await newestSearchChange(db),
        rowsWrittenThrough: await rowsWritten(db),
      };
      await sql`vacuum into ${baseline.database}`.execute(db);
      fs.mkdirSync(config.uploadDir, { recursive: true });
      fs.cpSync(config.uploadDir, baseline.uploads, { recursive: true });
    },

    /** Back to the baseline, with the clock at real time. Every upload or deletion of a file writes rows too, so
     * unchanged rows mean unchanged files. */
    async reset(): Promise<void> {
      clock = null;
      if (baseline && (await rowsWritten(db)) !== baseline.rowsWrittenThrough) await restore(baseline);
    },

    async close(): Promise<void> {
      await app.close();
      await database.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type ApiServer = Awaited<ReturnType<typeof startApiServer>>;
