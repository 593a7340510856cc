import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { http } from 'msw';
import { buildApp } from '../../server/src/app';
import type { Config } from '../../server/src/config';
import { createDatabase, type Db, type DatabaseHandle } from '../../server/src/db';
import { migrateToLatest } from '../../server/src/db/migrate';
import { recordSearchChanges } from '../../server/src/search/changeLog';
import { testConfig } from '../../server/src/testing/testApp';
import { server } from './server';

/**
 * The SPA tests talk to the real API server: the product's `buildApp` on an in-memory SQLite database, one app per
 * test file. Requests reach it through MSW: one pass-through handler turns every request the app sends to
 * `/api/…` or `/media/…` into `app.inject` and the reply back into a `Response`. Injecting rather than listening
 * on a port keeps the test files free of sockets and port numbers, and hands the app exactly the reply the server
 * produced, with no HTTP client in between adding `Accept-Encoding` or decoding bodies. Faults a real server
 * cannot easily be made to produce (a 500, a lost connection, a slow answer) are per-test `server.use(…)`
 * overrides on top of it.
 *
 * Every test starts from the data the file's seed wrote. After seeding, the database is copied to a snapshot file
 * (and the upload folder beside it); before each test that follows a write, every table is copied back from it.
 * Copying rows in place, rather than opening a new database or building a new app, keeps a reset at a few
 * milliseconds. To the app's search index such a reset looks like another process rewriting those records, so
 * it leaves the same search-change notes every stock write leaves.
 */

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  /** Sets the server's clock (timestamps of issues, shipments, files…); `null` returns it to real time. */
  setClock: (date: Date | null) => void;
}

interface Baseline {
  database: string;
  uploads: string;
  /** Search-change notes up to this one are reflected in the current rows. */
  searchChangesThrough: number;
  /** SQLite's count of written rows when the data was last the baseline's: unchanged means nothing to restore. */
  rowsWrittenThrough: number;
}

let running: TestServer | undefined;
let baseline: Baseline | undefined;

/** The test file's server; `setupTestServer` starts it. */
export function testServer(): TestServer {
  if (!running) throw new Error('This test file has no API server: call setupTestServer() at its top.');
  return running;
}

/** One request to the test server; seeding sends its requests here directly, so the app's request log stays clean. */
export function inject(options: InjectOptions): Promise<LightMyRequestResponse> {
  return testServer().app.inject(options);
}

/** The reply as a fetch `Response`; header values a server repeats (set-cookie) stay separate. */
function asResponse(reply: LightMyRequestResponse, method: string): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(reply.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
  }
  const bodyless = method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304;
  return new Response(bodyless ? null : new Uint8Array(reply.rawPayload), {
    status: reply.statusCode,
    statusText: reply.statusMessage,
    headers,
  });
}

/** Everything the app sends to the API, or for an uploaded file, goes to the test file's real server. */
const passThroughToTestServer = http.all(/^https?:\/\/[^/]+\/(api|media)\//, async ({ request }) => {
  const url = new URL(request.url);
  const reply = await inject({
    method: request.method as InjectOptions['method'],
    url: url.pathname + url.search,
    headers: Object.fromEntries(request.headers),
    payload: request.body === null ? undefined : Buffer.from(await request.arrayBuffer()),
  });
  return asResponse(reply, request.method);
});

async function startServer(): Promise<TestServer> {
  let clock: Date | null = null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labstore-spa-test-'));
  // testConfig keeps the password hash cost low and the secrets fixed, as for the server's own tests.
  const config = testConfig({ dataDir, uploadDir: path.join(dataDir, 'uploads') });
  const database = createDatabase(':memory:');
  await migrateToLatest(database.db, database.dialect);
  const app = await buildApp({ config, database, logger: false, now: () => clock ?? new Date() });
  await app.ready();
  return {
    app,
    config,
    database,
    setClock: (date) => {
      clock = date;
    },
  };
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

async function takeBaseline({ database: { db }, config }: TestServer): Promise<Baseline> {
  const taken = {
    database: path.join(config.dataDir, 'baseline.sqlite3'),
    uploads: path.join(config.dataDir, 'baseline-uploads'),
    searchChangesThrough: await newestSearchChange(db),
    rowsWrittenThrough: await rowsWritten(db),
  };
  await sql`vacuum into ${taken.database}`.execute(db);
  fs.mkdirSync(config.uploadDir, { recursive: true });
  fs.cpSync(config.uploadDir, taken.uploads, { recursive: true });
  return taken;
}

/** Every table but the search-change log back as the baseline has it, and the uploaded files too. */
async function restoreBaseline({ database: { db }, config }: TestServer, from: Baseline): Promise<void> {
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
      // New rows get the ids they would get after the seed, but the log's seq keeps growing.
      await sql`delete from main.sqlite_sequence where name <> 'search_changes'`.execute(trx);
      await sql`insert into main.sqlite_sequence
        select * from baseline.sqlite_sequence where name <> 'search_changes'`.execute(trx);
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

/**
 * Starts the real API server for this test file, runs `seed` once (see seed.ts), and lets every test start from
 * what it wrote. Call it at the top of each test file whose code talks to the API.
 */
export function setupTestServer(seed: () => Promise<void>): void {
  beforeAll(async () => {
    running = await startServer();
    server.resetHandlers(passThroughToTestServer);
    await seed();
    baseline = await takeBaseline(running);
  });

  beforeEach(async () => {
    if (!running || !baseline) return;
    running.setClock(null);
    // Every upload or deletion of a file writes rows too, so unchanged rows mean unchanged files.
    if ((await rowsWritten(running.database.db)) !== baseline.rowsWrittenThrough)
      await restoreBaseline(running, baseline);
  });

  afterAll(async () => {
    if (!running) return;
    await running.app.close();
    await running.database.destroy();
    fs.rmSync(running.config.dataDir, { recursive: true, force: true });
    running = undefined;
    baseline = undefined;
  });
}
