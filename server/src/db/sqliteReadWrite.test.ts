import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '.';
import { migrateToLatest } from './migrate';

// A SQLite file's reads outside a transaction run beside the writer (sqliteReadWrite.ts); everything else runs on
// the writer, as before. SQLite only: on PostgreSQL the pool does this.

let file: string;
let database: DatabaseHandle;

beforeEach(async () => {
  file = path.join(os.tmpdir(), `labstore-readwrite-${randomBytes(6).toString('hex')}.sqlite3`);
  database = createDatabase(file);
  await migrateToLatest(database.db, database.dialect);
});
afterEach(async () => {
  await database.destroy();
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
});

const makers = () =>
  database.db
    .selectFrom('manufacturers')
    .select('name')
    .orderBy('name')
    .execute()
    .then((rows) => rows.map((row) => row.name));
const addMaker = (name: string) =>
  database.db.insertInto('manufacturers').values({ name, name_key: name.toLowerCase() }).execute();

it('reads the committed state beside an open transaction, which reads its own writes; then the commit', async () => {
  await addMaker('Merck');
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let written!: () => void;
  const inserted = new Promise<void>((resolve) => (written = resolve));
  const transaction = database.db.transaction().execute(async (trx) => {
    await trx.insertInto('manufacturers').values({ name: 'Zeiss', name_key: 'zeiss' }).execute();
    const own = await trx.selectFrom('manufacturers').select('name').orderBy('name').execute();
    written();
    await released;
    return own.map((row) => row.name);
  });
  await inserted;
  try {
    expect(await makers()).toEqual(['Merck']);
    const { rows } = await sql<{ count: number }>`select count(*) as count from manufacturers`.execute(
      database.db,
    );
    expect(rows).toEqual([{ count: 1 }]);
  } finally {
    release();
  }
  expect(await transaction).toEqual(['Merck', 'Zeiss']);
  expect(await makers()).toEqual(['Merck', 'Zeiss']);
});

it('runs raw writes and streamed reads on the writer, and reports invalid SQL as SQLite does', async () => {
  await sql`insert into manufacturers (name, name_key) values ('Pyrex', 'pyrex')`.execute(database.db);
  const streamed: string[] = [];
  for await (const row of database.db.selectFrom('manufacturers').select('name').stream())
    streamed.push(row.name);
  expect(streamed).toEqual(['Pyrex']);
  // Compared by message: better-sqlite3's native part throws errors of the realm that loaded it first (Jest runs
  // each test file in a realm of its own), which toThrow does not take for errors.
  await expect(sql`select name from nowhere`.execute(database.db)).rejects.toHaveProperty(
    'message',
    'no such table: nowhere',
  );
});

it('takes the write lock as a transaction begins: another process writing waits for it instead of failing it', async () => {
  await addMaker('Merck');
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let begun!: () => void;
  const reading = new Promise<void>((resolve) => (begun = resolve));
  const transaction = database.db.transaction().execute(async (trx) => {
    // Reads first, as a stock movement does, and writes later.
    await trx.selectFrom('manufacturers').selectAll().execute();
    begun();
    await released;
    await trx.insertInto('manufacturers').values({ name: 'Zeiss', name_key: 'zeiss' }).execute();
  });
  await reading;
  // Another process's connection, told not to wait, finds the database locked for writing.
  const otherProcess = new SqliteDatabase(file);
  try {
    otherProcess.pragma('busy_timeout = 0');
    expect(() =>
      otherProcess.prepare("insert into manufacturers (name, name_key) values ('Pyrex', 'pyrex')").run(),
    ).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
  } finally {
    otherProcess.close();
    release();
  }
  await transaction;
  expect(await makers()).toEqual(['Merck', 'Zeiss']);
});
