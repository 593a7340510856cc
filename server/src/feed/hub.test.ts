import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { baseUrlOf, openEventStream, type SseClient, type SseMessage } from '../testing/sseClient';
import { createLocation } from '../testing/stockApi';
import { buildTestApp, testConfig, type TestApp } from '../testing/testApp';

/**
 * The hub's order on PostgreSQL (docs/api.md §27): a seq is taken when its row is inserted, not when its transaction
 * commits. A stream must deliver strictly in seq order and never skip a seq whose transaction may still commit, so
 * that a Last-Event-ID always means "everything up to here". SQLite writes one transaction at a time and keeps no
 * holes: there is nothing to wait for, and these tests are PostgreSQL's.
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

  it('starts another process’s feed below a hole, so a stream there gets the held event when it commits', async () => {
    const held = await heldTransaction();
    await createLocation(t, token);
    const later = await newestSeq();
    // A second server process on the same database, started while the hole is open.
    let other: FastifyInstance | undefined;
    try {
      other = await buildApp({
        config: testConfig({ eventsHeartbeatSeconds: 1 }),
        database: { db: t.db, dialect: t.app.dialect },
        logger: false,
      });
      await other.listen({ port: 0, host: '127.0.0.1' });
      const stream = await openEventStream(baseUrlOf(other), '/api/events/', { token });
      // It cannot tell that hole from one a rollback left for good: it starts below the first one it sees.
      const ready = Number((await stream.next((message) => message.event === 'ready')).id);
      expect(ready).toBeLessThan(held.seq);
      await held.finish(true);
      const delivered = changes(await stream.until((message) => Number(message.id) === later));
      const committed = await t.db
        .selectFrom('change_events')
        .select('seq')
        .where('seq', '>', ready)
        .where('seq', '<=', later)
        .orderBy('seq')
        .execute();
      expect(delivered).toEqual(committed.map((row) => Number(row.seq)));
      expect(delivered).toContain(held.seq);
      stream.close();
    } finally {
      await held.finish(false);
      await other?.close();
    }
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
