import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../app';
import { baseUrlOf, openEventStream, type SseClient, type SseMessage } from '../testing/sseClient';
import { createLocation } from '../testing/stockApi';
import { buildTestApp, testConfig, type TestApp } from '../testing/testApp';
import { until } from '../testing/waiting';
import { readEvents } from './hub';

/**
 * The hub's order on PostgreSQL (docs/api.md §27): a seq is taken when its row is inserted, not when its transaction
 * commits. A stream must deliver strictly in seq order and never skip a seq whose transaction may still commit, so
 * that a Last-Event-ID always means "everything up to here", in a process started later too. SQLite writes one
 * transaction at a time and keeps no holes: there is nothing to wait for, and most of these tests are PostgreSQL's.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const describeOnPostgres = onPostgres ? describe : describe.skip;

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp({ eventsHeartbeatSeconds: 1 });
  ({ token } = await t.signedInUser());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

async function newestSeq(): Promise<number> {
  const { newest } = await t.db
    .selectFrom('change_events')
    .select((eb) => eb.fn.max('seq').as('newest'))
    .executeTakeFirstOrThrow();
  return Number(newest ?? 0);
}

/**
 * A transaction that has written an event (its seq taken) and stays open until `finish` is called: it then commits,
 * or rolls back. Answers once the event is written.
 */
async function heldTransaction(): Promise<{ seq: number; finish: (commit: boolean) => Promise<void> }> {
  let finish!: (commit: boolean) => void;
  const decided = new Promise<boolean>((resolve) => (finish = resolve));
  let written!: (seq: number) => void;
  const seqTaken = new Promise<number>((resolve) => (written = resolve));
  const done = t.db
    .transaction()
    .execute(async (trx) => {
      const { seq } = await trx
        .insertInto('change_events')
        .values({ topic: 'category', action: 'created', ids: '[1]', created_at: new Date().toISOString() })
        .returning('seq')
        .executeTakeFirstOrThrow();
      written(Number(seq));
      if (!(await decided)) throw new Error('rolled back');
    })
    .catch((error: Error) => {
      if (error.message !== 'rolled back') throw error;
    });
  return {
    seq: await seqTaken,
    finish: async (commit) => {
      finish(commit);
      await done;
    },
  };
}

/** A seq taken by a transaction that rolled back, with an event committed after it, so that it is a hole. */
async function rolledBackHole(): Promise<void> {
  const held = await heldTransaction();
  await held.finish(false);
  await createLocation(t, token);
}

/** The seqs of the events committed in (after, through], ascending. */
async function committedSeqs(after: number, through: number): Promise<number[]> {
  return (await readEvents(t.db, after, through)).map((event) => event.seq);
}

/**
 * A second server process on the same database, started now (its change feed starts with its first stream), listening
 * for `use`; it is closed after.
 */
async function withAnotherProcess(use: (other: FastifyInstance) => Promise<void>): Promise<void> {
  const other = await buildApp({
    config: testConfig({ eventsHeartbeatSeconds: 1 }),
    database: { db: t.db, dialect: t.app.dialect },
    logger: false,
  });
  try {
    await other.listen({ port: 0, host: '127.0.0.1' });
    await use(other);
  } finally {
    await other.close();
  }
}

/**
 * How long a stream may wait for the holes below its seq to settle: until every transaction of the database server
 * that was running when they were seen has ended, other test files' among them.
 */
const SETTLE_MS = 20_000;

const changes = (messages: SseMessage[]) =>
  messages
    .filter((message) => message.id !== undefined && message.event !== 'ready')
    .map((message) => Number(message.id));

/** Two heartbeats of the stream: by then the hub has read the table at least once more (it polls every second). */
async function twoHeartbeats(stream: SseClient): Promise<SseMessage[]> {
  const first = await stream.until((message) => message.event === 'comment', 3000);
  const second = await stream.until((message) => message.event === 'comment', 3000);
  return [...first, ...second];
}

describeOnPostgres('on PostgreSQL, a seq whose transaction is still open', () => {
  it('holds back the later seqs until it commits, then delivers all in seq order', async () => {
    const stream = await openEventStream(baseUrlOf(t.app), '/api/events/', { token });
    await stream.next((message) => message.event === 'ready');
    const held = await heldTransaction();
    await createLocation(t, token);
    const later = await newestSeq();
    expect(later).toBeGreaterThan(held.seq);

    expect(changes(await twoHeartbeats(stream))).toEqual([]);
    await held.finish(true);
    const delivered = changes(await stream.until((message) => Number(message.id) === later));
    expect(delivered).toEqual([held.seq, ...range(held.seq + 1, later)]);
    stream.close();
  });

  it('skips it once it has rolled back, and only then', async () => {
    const stream = await openEventStream(baseUrlOf(t.app), '/api/events/', { token });
    await stream.next((message) => message.event === 'ready');
    const held = await heldTransaction();
    await createLocation(t, token);
    const later = await newestSeq();

    expect(changes(await twoHeartbeats(stream))).toEqual([]);
    await held.finish(false);
    const delivered = changes(await stream.until((message) => Number(message.id) === later));
    expect(delivered).toEqual(range(held.seq + 1, later));
    stream.close();
  });

  it('holds it back also when its transaction took the newest transaction id and an older one commits a later seq', async () => {
    const stream = await openEventStream(baseUrlOf(t.app), '/api/events/', { token });
    await stream.next((message) => message.event === 'ready');
    // A transaction that took its id first, and its seq after the held one's: once it has committed, no running
    // transaction has an id below the held one's, which is above every transaction that has ended.
    let idTaken!: () => void;
    const olderHasId = new Promise<void>((resolve) => (idTaken = resolve));
    let mayWrite!: () => void;
    const olderMayWrite = new Promise<void>((resolve) => (mayWrite = resolve));
    const older = t.db.transaction().execute(async (trx) => {
      await sql`select pg_current_xact_id()`.execute(trx);
      idTaken();
      await olderMayWrite;
      await trx
        .insertInto('change_events')
        .values({ topic: 'category', action: 'created', ids: '[2]', created_at: new Date().toISOString() })
        .execute();
    });
    await olderHasId;
    const held = await heldTransaction();
    mayWrite();
    await older;
    const later = await newestSeq();
    expect(later).toBeGreaterThan(held.seq);

    expect(changes(await twoHeartbeats(stream))).toEqual([]);
    await held.finish(true);
    const delivered = changes(await stream.until((message) => Number(message.id) === later));
    expect(delivered).toEqual(range(held.seq, later));
    stream.close();
  });

  it('makes the first streams of a process started while it is open wait: a resume goes on, a new stream starts after what it found', async () => {
    await rolledBackHole();
    const held = await heldTransaction();
    // A transaction started after it ends, as on any busy database: the held one is older than one that has ended.
    await t.db.transaction().execute((trx) => sql`select pg_current_xact_id()`.execute(trx));
    const before = await newestSeq();
    expect(held.seq).toBeGreaterThan(before);
    try {
      await withAnotherProcess(async (other) => {
        const url = baseUrlOf(other);
        // Neither answers before the held transaction has ended: their opening waits for it.
        const resuming = openEventStream(url, '/api/events/', {
          token,
          headers: { 'last-event-id': String(before) },
        });
        const opening = openEventStream(url, '/api/events/', { token });
        await until(() => other.changeHub.waitingStreams === 2);
        // Written after the held seq: it cannot go out before the held transaction has ended either.
        await createLocation(t, token);
        await held.finish(true);
        const later = await newestSeq();

        const resumed = await resuming;
        const heard = await resumed.until((message) => Number(message.id) === later, SETTLE_MS);
        expect(heard[0]).toMatchObject({ event: 'ready', id: String(before) });
        expect(heard.map((message) => message.event)).not.toContain('reload');
        expect(changes(heard)).toEqual(await committedSeqs(before, later));
        expect(changes(heard)).toContain(held.seq);

        // Ready at the newest event there was when it opened, or later: nothing older is handed to it as new.
        const fresh = await opening;
        const ready = Number((await fresh.next((message) => message.event === 'ready', SETTLE_MS)).id);
        expect(ready).toBeGreaterThanOrEqual(before);
        await createLocation(t, token);
        const newest = await newestSeq();
        const live = await fresh.until((message) => Number(message.id) === newest, SETTLE_MS);
        expect(changes(live)).toEqual(await committedSeqs(ready, newest));
        resumed.close();
        fresh.close();
      });
    } finally {
      await held.finish(false);
    }
  });
});

describe('a process started after writes that rolled back (holes, on PostgreSQL)', () => {
  it('resumes a client at the newest event with nothing to replay and no reload, and starts a new stream there', async () => {
    // Two holes apart from each other, settled long since: no transaction that took them is open.
    await rolledBackHole();
    await rolledBackHole();
    const newest = await newestSeq();
    await withAnotherProcess(async (other) => {
      const url = baseUrlOf(other);
      const resumed = await openEventStream(url, '/api/events/', {
        token,
        headers: { 'last-event-id': String(newest) },
      });
      const fresh = await openEventStream(url, '/api/events/', { token });
      await createLocation(t, token);
      const later = await newestSeq();
      for (const stream of [resumed, fresh]) {
        const heard = await stream.until((message) => Number(message.id) === later, SETTLE_MS);
        expect(heard[0]).toMatchObject({ event: 'ready', id: String(newest) });
        expect(heard.map((message) => message.event)).not.toContain('reload');
        expect(changes(heard)).toEqual(range(newest + 1, later));
        stream.close();
      }
    });
  });
});

describe('on either engine', () => {
  it('delivers every committed event once, in seq order, to a stream open while others write at once', async () => {
    const stream = await openEventStream(baseUrlOf(t.app), '/api/events/', { token });
    const ready = await stream.next((message) => message.event === 'ready');
    await Promise.all(Array.from({ length: 8 }, () => createLocation(t, token)));
    const newest = await newestSeq();
    const delivered = changes(await stream.until((message) => Number(message.id) === newest));
    expect(delivered).toEqual(range(Number(ready.id) + 1, newest));
    stream.close();
  });
});

/** from, from + 1, …, to. */
function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}
