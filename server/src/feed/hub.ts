import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type pg from 'pg';
import type { Db } from '../db';
import type { Dialect } from '../db/dialect';
import type { ChangeAction, ChangeEventData, ChangeTopic } from '../domain/changeTopics';
import { CHANGES_CHANNEL, changeEventsPrunedThrough, onChangesCommitted } from './changeLog';

/** An event as streams get it: its seq and its data on the wire. */
export interface FeedEvent {
  seq: number;
  data: ChangeEventData;
}

/** A stream as the hub sees it: handed every event once, in seq order, synchronously. */
export interface HubSubscriber {
  deliver: (events: readonly FeedEvent[]) => void;
  /** Ends the stream (the server is closing). */
  end: () => void;
}

/** Events read at a time. */
export const READ_BATCH = 1000;
/** At most this many seqs below the newest are looked at for holes when the hub starts. */
const START_WINDOW = 1000;

interface EventRow {
  seq: number;
  topic: string;
  action: string;
  ids: string;
  lab_id: number | null;
  user_id: number | null;
  actor_id: number | null;
  origin: string | null;
}

const EVENT_COLUMNS = ['seq', 'topic', 'action', 'ids', 'lab_id', 'user_id', 'actor_id', 'origin'] as const;

export function toFeedEvent(row: EventRow): FeedEvent {
  return {
    seq: Number(row.seq),
    data: {
      topic: row.topic as ChangeTopic,
      action: row.action as ChangeAction,
      ids: JSON.parse(row.ids) as number[],
      lab_id: row.lab_id,
      user_id: row.user_id,
      actor_id: row.actor_id,
      origin: row.origin,
    },
  };
}

/** The events with a seq in (after, through], in seq order, READ_BATCH at most: what a resuming stream replays. */
export async function readEvents(db: Db, after: number, through: number): Promise<FeedEvent[]> {
  const rows = await db
    .selectFrom('change_events')
    .select(EVENT_COLUMNS)
    .where('seq', '>', after)
    .where('seq', '<=', through)
    .orderBy('seq')
    .limit(READ_BATCH)
    .execute();
  return rows.map(toFeedEvent);
}

/** A missing seq that blocks the ones after it, and the snapshot's xmax when it was first seen missing. */
interface Gap {
  seq: number;
  xmax: bigint;
}

export interface ChangeHubOptions {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL: a connection of its own to LISTEN on (db/index.ts); without it, other processes are polled. */
  connectListener?: () => Promise<pg.Client>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** How often the table is read while streams are open, for what no wake-up announced. */
  pollIntervalMs?: number;
}

const LISTEN_RETRY_MS = { first: 1000, max: 30_000 };

/**
 * The change feed of one server process (docs/api.md §27): reads `change_events` past the newest seq it delivered
 * (its cursor) and hands each event to every open stream, which filters it by its caller. It reads when woken: after
 * every write transaction of this process, on PostgreSQL at every NOTIFY on `labstore_changes` (any process), and
 * once a second while it has streams, so nothing a wake-up missed waits longer.
 *
 * On PostgreSQL a seq is taken when its row is inserted, not when its transaction commits, so seq 11 may be visible
 * while seq 10 is still in flight, or rolled back for good. The hub delivers strictly in seq order: a missing seq
 * holds back the ones after it until every transaction that was running when the hole was first seen has ended
 * (the snapshot's xmin has passed the xmax read with the hole); then the seq is known rolled back and skipped. So
 * the cursor only ever names a seq below which every event is either delivered or never to be, in every process:
 * a stream's `Last-Event-ID` means "everything up to here". SQLite writes one transaction at a time and keeps no
 * holes (AUTOINCREMENT rolls back with its transaction).
 */
export class ChangeHub {
  private cursor = 0;
  private started = false;
  private closed = false;
  private gap: Gap | undefined;
  private readonly subscribers = new Set<HubSubscriber>();
  /** Reads run one after another, so deliveries stay in order and a new stream joins between two of them. */
  private chain: Promise<unknown> = Promise.resolve();
  private wakeQueued = false;
  private poll: NodeJS.Timeout | undefined;
  private listener: pg.Client | undefined;
  private listening = false;
  private listenRetry: NodeJS.Timeout | undefined;
  private readonly stopHearingCommits: () => void;
  /** Streams admitted by tryReserve and not yet released: the per-process limit counts them. */
  private reserved = 0;

  constructor(private readonly options: ChangeHubOptions) {
    this.stopHearingCommits = onChangesCommitted(options.db, () => this.wake());
  }

  /** How many streams are open (or opening) in this process. */
  get streamCount(): number {
    return this.reserved;
  }

  /** Takes one of `max` stream places; false when every place is taken. Each place taken is released once. */
  tryReserve(max: number): boolean {
    if (this.closed || this.reserved >= max) return false;
    this.reserved += 1;
    return true;
  }

  release(): void {
    this.reserved -= 1;
  }

  /**
   * Adds a stream after bringing the cursor up to date; answers the seq it is caught up to: it is handed every
   * event after that one, and none before.
   */
  subscribe(subscriber: HubSubscriber): Promise<number> {
    return this.serially(async () => {
      if (this.closed) throw new Error('the change feed is closed');
      if (!this.started) {
        await this.start();
        this.started = true;
      }
      await this.readNew();
      this.subscribers.add(subscriber);
      this.keepPolling();
      this.listen();
      return this.cursor;
    });
  }

  unsubscribe(subscriber: HubSubscriber): void {
    this.subscribers.delete(subscriber);
    if (this.subscribers.size === 0) this.stopPolling();
  }

  /** Reads what is new, soon: calls while a read waits to start share it. */
  wake(): void {
    if (!this.started || this.closed || this.wakeQueued) return;
    this.wakeQueued = true;
    this.serially(async () => {
      this.wakeQueued = false;
      if (!this.closed) await this.readNew();
    }).catch((error: unknown) =>
      this.options.log.error({ err: error }, 'change feed: reading events failed'),
    );
  }

  /** Ends every stream (the server is closing; a stream left open would hold it). */
  endStreams(): void {
    for (const subscriber of [...this.subscribers]) subscriber.end();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopHearingCommits();
    this.stopPolling();
    clearTimeout(this.listenRetry);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    await this.chain.catch(() => undefined);
  }

  private serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.chain.then(task);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private keepPolling(): void {
    this.poll ??= setInterval(() => this.wake(), this.options.pollIntervalMs ?? 1000).unref();
  }

  private stopPolling(): void {
    clearInterval(this.poll);
    this.poll = undefined;
  }

  /** The cursor at start: the newest seq, or on PostgreSQL below the first hole near it (see the class comment). */
  private async start(): Promise<void> {
    const { db, dialect } = this.options;
    const prunedThrough = await changeEventsPrunedThrough(db);
    if (dialect === 'sqlite') {
      const { newest } = await db
        .selectFrom('change_events')
        .select((eb) => eb.fn.max('seq').as('newest'))
        .executeTakeFirstOrThrow();
      this.cursor = Math.max(Number(newest ?? 0), prunedThrough);
      return;
    }
    const { rows } = await sql<{ xmax: string; newest: number | null; seq: number | null }>`
      select pg_snapshot_xmax(s.snapshot)::text as xmax, m.newest, e.seq
      from (select pg_current_snapshot() as snapshot) s
      cross join (select max(seq) as newest from change_events) m
      left join lateral (
        select seq from change_events where seq > m.newest - ${START_WINDOW} order by seq
      ) e on true`.execute(db);
    const newest = Math.max(Number(rows[0].newest ?? 0), prunedThrough);
    const seen = new Set(rows.flatMap((row) => (row.seq === null ? [] : [Number(row.seq)])));
    const from = Math.max(newest - START_WINDOW, prunedThrough) + 1;
    for (let seq = from; seq <= newest; seq++) {
      if (!seen.has(seq)) {
        this.cursor = seq - 1;
        this.gap = { seq, xmax: BigInt(rows[0].xmax) };
        return;
      }
    }
    this.cursor = newest;
  }

  private async readNew(): Promise<void> {
    for (;;) {
      const { events, more } =
        this.options.dialect === 'postgres' ? await this.readPostgres() : await this.readSqlite();
      if (events.length > 0) {
        this.cursor = events[events.length - 1].seq;
        for (const subscriber of this.subscribers) subscriber.deliver(events);
      }
      if (!more) return;
    }
  }

  private async readSqlite(): Promise<{ events: FeedEvent[]; more: boolean }> {
    const rows = await this.options.db
      .selectFrom('change_events')
      .select(EVENT_COLUMNS)
      .where('seq', '>', this.cursor)
      .orderBy('seq')
      .limit(READ_BATCH)
      .execute();
    return { events: rows.map(toFeedEvent), more: rows.length === READ_BATCH };
  }

  /** The events after the cursor up to the first hole that may still fill, with the snapshot read with them. */
  private async readPostgres(): Promise<{ events: FeedEvent[]; more: boolean }> {
    const { rows } = await sql<EventRow & { xmin: string; xmax: string }>`
      select pg_snapshot_xmin(s.snapshot)::text as xmin, pg_snapshot_xmax(s.snapshot)::text as xmax, e.*
      from (select pg_current_snapshot() as snapshot) s
      left join lateral (
        select seq, topic, action, ids, lab_id, user_id, actor_id, origin
        from change_events where seq > ${this.cursor} order by seq limit ${READ_BATCH}
      ) e on true
      order by e.seq`.execute(this.options.db);
    const [xmin, xmax] = [BigInt(rows[0].xmin), BigInt(rows[0].xmax)];
    const events: FeedEvent[] = [];
    let expected = this.cursor + 1;
    for (const row of rows) {
      if (row.seq === null) break;
      const seq = Number(row.seq);
      if (seq > expected) {
        const settled = this.gap !== undefined && this.gap.seq === expected && xmin >= this.gap.xmax;
        if (!settled) {
          if (this.gap?.seq !== expected) this.gap = { seq: expected, xmax };
          return { events, more: false };
        }
      }
      this.gap = undefined;
      events.push(toFeedEvent(row));
      expected = seq + 1;
    }
    return { events, more: events.length === READ_BATCH };
  }

  /**
   * LISTENs on a connection of its own (PostgreSQL), from the first stream to the close, so writes of other
   * processes wake the hub at once. A lost connection is opened again, with a read for what it missed.
   */
  private listen(retryMs = LISTEN_RETRY_MS.first): void {
    const { connectListener, log } = this.options;
    if (connectListener === undefined || this.listening || this.closed) return;
    this.listening = true;
    let heard = false;
    const retry = () => {
      this.listening = false;
      this.listener = undefined;
      if (this.closed) return;
      // A connection that worked is tried again soon; one that keeps failing less and less often.
      const next = heard ? LISTEN_RETRY_MS.first : Math.min(retryMs * 2, LISTEN_RETRY_MS.max);
      this.listenRetry = setTimeout(() => this.listen(next), heard ? LISTEN_RETRY_MS.first : retryMs).unref();
    };
    connectListener().then(
      (client) => {
        if (this.closed) {
          client.end().catch(() => undefined);
          return;
        }
        this.listener = client;
        let lost = false;
        const onLost = (error?: unknown) => {
          if (lost) return;
          lost = true;
          if (!this.closed)
            log.warn({ err: error }, 'change feed: the LISTEN connection was lost; reconnecting');
          client.end().catch(() => undefined);
          retry();
        };
        client.on('error', onLost);
        client.on('end', () => onLost());
        client.on('notification', () => this.wake());
        // Then a read for what was written while nobody listened.
        client.query(`LISTEN ${CHANGES_CHANNEL}`).then(() => {
          heard = true;
          this.wake();
        }, onLost);
      },
      (error: unknown) => {
        if (!this.closed) log.warn({ err: error }, 'change feed: cannot LISTEN; retrying');
        retry();
      },
    );
  }
}
