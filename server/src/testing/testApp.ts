import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../app';
import { answerContractPlugin } from './answerContract';
import { hashPassword } from '../auth/passwords';
import type { Config } from '../config';
import { createDatabase, type Db, type DatabaseHandle } from '../db';
import { migrateToLatest } from '../db/migrate';
import { insertUser, type User } from '../db/repositories/users';

/** scrypt's smallest sensible cost: tests hash many passwords. */
export const TEST_PASSWORD_HASH_COST = 16;
export const TEST_PASSWORD = 'correct horse battery';

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = path.join(os.tmpdir(), `labstore-test-${randomBytes(6).toString('hex')}`);
  return {
    port: 0,
    databaseUrl: ':memory:',
    dataDir,
    uploadDir: path.join(dataDir, 'uploads'),
    staticDir: path.join(dataDir, 'dist'),
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    accessTokenLifetimeSeconds: 86400,
    refreshTokenLifetimeSeconds: 2592000,
    uploadMaxBytes: 26214400,
    loginMaxFailures: 5,
    loginLockSeconds: 900,
    // Test files sign in many times from one address; the per-address limit has its own test.
    loginRateLimitPerMinute: 100_000,
    corsOrigin: '*',
    adminEmail: null,
    adminPassword: null,
    trustProxy: false,
    passwordHashCost: TEST_PASSWORD_HASH_COST,
    searchChangesKeepHours: 24,
    housekeepingIntervalSeconds: 3600,
    shipmentUndoDays: 7,
    labTimeZone: 'UTC',
    currency: 'EUR',
    fileStorage: 'local',
    webConcurrency: 1,
    changeEventsKeepHours: 168,
    eventsHeartbeatSeconds: 25,
    eventsMaxStreams: 1000,
    eventsMaxStreamsPerAddress: 20,
    eventsMaxStreamsPerAccount: 10,
    eventsDrainTimeoutSeconds: 30,
    logLevel: 'info',
    ...overrides,
  };
}

export interface TestDatabase extends DatabaseHandle {
  /** Runs the migrations not run yet (after `through`). */
  migrateToLatest: () => Promise<void>;
  /**
   * The DATABASE_URL by which a server process reaches this database (on PostgreSQL with the test schema as its
   * search_path); null for in-memory SQLite, which no other connection reaches.
   */
  serverUrl: string | null;
}

export interface TestDatabaseOptions {
  /** Migrated only up to and including this migration. */
  through?: string;
  /**
   * On SQLite, a file in the temporary folder (deleted by `destroy`) instead of memory: only a file can be read
   * from connections beside the writer's, as a server's is.
   */
  sqliteFile?: boolean;
}

/**
 * A fresh, migrated database: in-memory SQLite (or a file, `sqliteFile`), or with TEST_DATABASE_URL=postgres://…
 * a new randomly named schema in that database, dropped again by `destroy`.
 */
export async function createTestDatabase({
  through,
  sqliteFile = false,
}: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const file = sqliteFile
      ? path.join(os.tmpdir(), `labstore-test-${randomBytes(6).toString('hex')}.sqlite3`)
      : ':memory:';
    const database = createDatabase(file);
    await migrateToLatest(database.db, database.dialect, undefined, through);
    return {
      ...database,
      migrateToLatest: () => migrateToLatest(database.db, database.dialect),
      serverUrl: sqliteFile ? file : null,
      destroy: async () => {
        await database.destroy();
        if (sqliteFile) for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
      },
    };
  }
  const schema = `test_${randomBytes(8).toString('hex')}`;
  const admin = createDatabase(url, { max: 1 });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  await admin.destroy();
  const database = createDatabase(url, { options: `-c search_path=${schema}` });
  await migrateToLatest(database.db, database.dialect, schema, through);
  const serverUrl = new URL(url);
  serverUrl.searchParams.set('options', `-c search_path=${schema}`);
  return {
    ...database,
    migrateToLatest: () => migrateToLatest(database.db, database.dialect, schema),
    serverUrl: serverUrl.toString(),
    destroy: async () => {
      await database.destroy();
      const cleanup = createDatabase(url, { max: 1 });
      await sql`drop schema ${sql.id(schema)} cascade`.execute(cleanup.db);
      await cleanup.destroy();
    },
  };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A test file's request helper: `inject` with a JSON payload, signed in with the file's token unless other headers
 * are given. The app and token are read when a request is made, since test files set them in beforeAll.
 */
export function requestHelper(testApp: () => TestApp, token: () => string) {
  return (
    method: HttpMethod,
    url: string,
    payload?: object,
    headers: Record<string, string> = authHeader(token()),
  ) => testApp().app.inject({ method, url, payload, headers });
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Moves the app's clock (tokens, login throttling) forward. */
  advanceClock: (seconds: number) => void;
  /** Stops the app's clock at `instant` (advanceClock still moves it). */
  setClock: (instant: Date) => void;
  createUser: (fields?: Partial<NewTestUser>) => Promise<User>;
  /** Signs in through the API and returns the access token. */
  login: (email: string, password?: string) => Promise<string>;
  /** Creates a user and returns it with an access token. */
  signedInUser: (fields?: Partial<NewTestUser>) => Promise<{ user: User; token: string }>;
  close: () => Promise<void>;
}

export interface NewTestUser {
  email: string;
  first_name: string;
  last_name: string;
  password: string;
  is_superuser: boolean;
}

let userCounter = 0;

export interface TestAppOptions extends Pick<TestDatabaseOptions, 'sqliteFile'> {
  /**
   * A database another app uses too, as two server processes share one (on SQLite a file: `sqliteFile`); the
   * caller destroys it after closing both apps.
   */
  database?: TestDatabase;
}

/** An app on a fresh database (createTestDatabase; `sqliteFile` for a file instead of memory), or a shared one. */
export async function buildTestApp(
  configOverrides: Partial<Config> = {},
  { sqliteFile = false, database: shared }: TestAppOptions = {},
): Promise<TestApp> {
  const config = testConfig(configOverrides);
  const database = shared ?? (await createTestDatabase({ sqliteFile }));
  let clockOffsetMs = 0;
  let stoppedAt: number | undefined;
  const app = await buildApp({
    config,
    database,
    logger: false,
    answerCheck: answerContractPlugin,
    now: () => new Date((stoppedAt ?? Date.now()) + clockOffsetMs),
  });
  await app.ready();

  const createUser = async (fields: Partial<NewTestUser> = {}): Promise<User> => {
    userCounter += 1;
    return insertUser(database.db, {
      email: fields.email ?? `user${userCounter}-${randomBytes(3).toString('hex')}@lab.org`,
      first_name: fields.first_name ?? 'Test',
      last_name: fields.last_name ?? `User ${userCounter}`,
      password_hash: await hashPassword(fields.password ?? TEST_PASSWORD, config.passwordHashCost),
      is_superuser: fields.is_superuser ?? false,
    });
  };

  const login = async (email: string, password = TEST_PASSWORD): Promise<string> => {
    const response = await app.inject({ method: 'POST', url: '/api/token/', payload: { email, password } });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    return (response.json() as { access: string }).access;
  };

  return {
    app,
    db: database.db,
    config,
    advanceClock: (seconds) => {
      clockOffsetMs += seconds * 1000;
    },
    setClock: (instant) => {
      stoppedAt = instant.getTime();
      clockOffsetMs = 0;
    },
    createUser,
    login,
    signedInUser: async (fields = {}) => {
      const user = await createUser(fields);
      return { user, token: await login(user.email, fields.password) };
    },
    close: async () => {
      await app.close();
      if (!shared) await database.destroy();
    },
  };
}

export function authHeader(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
