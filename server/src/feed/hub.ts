import type { FastifyBaseLogger } from 'fastify';
import { sql, type Selectable } from 'kysely';
import type pg from 'pg';
import type { Db } from '../db';
import type { Dialect } from '../db/dialect';
import type { ChangeEventsTable } from '../db/tables';
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

type EventRow = Omit<Selectable<ChangeEventsTable>, 'created_at'>;

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

/**
 * Holes one read of PostgreSQL's table was the first to see: every missing seq from `from` on, below the newest seq
 * that read saw, with the next transaction id then (SNAPSHOT). They are settled (rolled back for good) once a
 * snapshot's xmin has reached it: every transaction that was running when they were seen has ended.
 */
interface Holes {
  from: number;
  nextXid: bigint;
}

/**
 * What the gap rule reads of a statement's snapshot `s` (PostgreSQL): `xmin`, the oldest transaction still running,
 * and `next_xid`, the next transaction id to be assigned (read just after the snapshot was taken). A writer takes its
 * id before its seqs (changeLog.ts), so every transaction that may still fill a hole seen in `s` has an id below
 * `next_xid`, and once a later snapshot's xmin has reached it they have all ended. The snapshot's xmax is not that
 * bound: it is one past the newest transaction that has *ended*, so a transaction that took a newer id and still runs
 * is above it and not in its xmin either. `age()` of a transaction id counts from the next one to be assigned.
 */
const SNAPSHOT = sql`pg_snapshot_xmin(s.snapshot)::text as xmin,
  (pg_snapshot_xmax(s.snapshot)::text::bigint + age(pg_snapshot_xmax(s.snapshot)::xid))::text as next_xid`;

interface SnapshotRow {
  xmin: string;
  next_xid: string;
  newest: string | null;
}

/** A stream waiting for the hub to reach its seq before it joins. */
interface Joining {
  through: number;
  resolve: (cursor: number) => void;
  reject: (error: Error) => void;
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
 * (a snapshot's xmin has reached the next transaction id read with the hole); then the seq is known rolled back and
 * skipped. That holds for every hole, however many and however old: the holes one read finds settle together, and at
 * the start every hole below the newest seq counts as seen then, so on a quiet database they all settle at once, and
 * otherwise as soon as the transactions then in flight have ended. The cursor only ever names a seq below which
 * every event is either delivered or never to be, in every process, and a stream joins only at such a seq, at or past
 * the one it asks for: a stream's `Last-Event-ID` means "everything up to here", whichever process sent it. SQLite
 * writes one transaction at a time and keeps no holes (AUTOINCREMENT rolls back with its transaction).
 */
export class ChangeHub {
  private cursor = 0;
  /** The newest seq in the table when it was last read (the cursor, when that is further: a pruned watermark). */
  private newest = 0;
  private started = false;
  private closed = false;
  /** PostgreSQL: the newest seq below which every hole has been seen, and is in `holes` or settled. */
  private seenThrough = 0;
  /** PostgreSQL: the holes seen and not settled, oldest first (by seq and by id both); the first holds the cursor. */
  private readonly holes: Holes[] = [];
  /**
   * PostgreSQL, from the start until they settle: the next transaction id read at the start, with which every hole
   * below the newest seq then was seen. Until then the cursor is not known to be caught up, and no stream joins.
   */
  private startHoles: bigint | undefined;
  private readonly subscribers = new Set<HubSubscriber>();
  private readonly joining = new Map<HubSubscriber, Joining>();
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
  /** The same, per client address (anonymous streams) or account (signed-in ones): tryReserveFor's limits. */
  private readonly reservedBy = new Map<string, number>();

  constructor(private readonly options: ChangeHubOptions) {
    this.stopHearingCommits = onChangesCommitted(options.db, () => this.wake());
  }

  /** How many streams are open (or opening) in this process. */
  get streamCount(): number {
    return this.reserved;
  }

  /** How many streams wait to join until the cursor reaches their seq (see subscribe). */
  get waitingStreams(): number {
    return this.joining.size;
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
   * Takes one of `max` places of `key` (a client address or an account, as the caller names it); false when they
   * are all taken. Each place taken is released once, with releaseFor.
   */
  tryReserveFor(key: string, max: number): boolean {
    const taken = this.reservedBy.get(key) ?? 0;
    if (this.closed || taken >= max) return false;
    this.reservedBy.set(key, taken + 1);
    return true;
  }

  releaseFor(key: string): void {
    const taken = (this.reservedBy.get(key) ?? 0) - 1;
    if (taken > 0) this.reservedBy.set(key, taken);
    else this.reservedBy.delete(key);
  }

  /**
   * Adds a stream once the cursor has reached `through` (a resuming client's Last-Event-ID) or the newest seq in the
   * table now, whichever is lower; answers the cursor it joined at: the stream is handed every event after that seq,
   * and none before. Reaching it waits, on PostgreSQL, for the holes below it to settle: the id may come from another
   * process, whose hub saw them earlier, and a new stream must not be handed as new what was written before it
   * opened. A stream that unsubscribes while it waits is answered at once, with a seq it must not use.
   */
  async subscribe(subscriber: HubSubscriber, through?: number): Promise<number> {
    let joined!: Promise<number>;
    await this.serially(async () => {
      if (this.closed) throw new Error('the change feed is closed');
      if (!this.started) {
        await this.start();
        this.started = true;
      }
      await this.readNew();
      const { newest } = this;
      joined = new Promise((resolve, reject) =>
        this.joining.set(subscriber, { through: Math.min(through ?? newest, newest), resolve, reject }),
      );
      this.admit();
      this.keepPolling();
      this.listen();
    });
    return joined;
  }

  unsubscribe(subscriber: HubSubscriber): void {
    this.subscribers.delete(subscriber);
    this.joining.get(subscriber)?.resolve(this.cursor);
    this.joining.delete(subscriber);
    if (this.subscribers.size === 0 && this.joining.size === 0) this.stopPolling();
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

  /** Ends every stream, joined or waiting to (the server is closing; a stream left open would hold it). */
  endStreams(): void {
    for (const subscriber of [...this.subscribers, ...this.joining.keys()]) subscriber.end();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopHearingCommits();
    this.stopPolling();
    clearTimeout(this.listenRetry);
    for (const joining of this.joining.values()) joining.reject(new Error('the change feed is closed'));
    this.joining.clear();
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

  /**
   * The cursor at start: the newest seq (or the pruned watermark, when further). On PostgreSQL every hole below it
   * is seen now, in one statement with the snapshot: settled at once when no transaction is in flight.
   */
  private async start(): Promise<void> {
    const { db, dialect } = this.options;
    const prunedThrough = await changeEventsPrunedThrough(db);
    if (dialect === 'sqlite') {
      const { newest } = await db
        .selectFrom('change_events')
        .select((eb) => eb.fn.max('seq').as('newest'))
        .executeTakeFirstOrThrow();
      this.cursor = this.newest = Math.max(Number(newest ?? 0), prunedThrough);
      return;
    }
    const { rows } = await sql<SnapshotRow>`
      select ${SNAPSHOT}, (select max(seq) from change_events)::text as newest
      from (select pg_current_snapshot() as snapshot) s`.execute(db);
    const { xmin, next_xid, newest } = rows[0];
    this.cursor = this.newest = this.seenThrough = Math.max(Number(newest ?? 0), prunedThrough);
    if (BigInt(xmin) < BigInt(next_xid)) this.startHoles = BigInt(next_xid);
  }

  private async readNew(): Promise<void> {
    for (;;) {
      const { events, more } =
        this.options.dialect === 'postgres' ? await this.readPostgres() : await this.readSqlite();
      if (events.length > 0) {
        this.cursor = events[events.length - 1].seq;
        this.newest = Math.max(this.newest, this.cursor);
        for (const subscriber of this.subscribers) subscriber.deliver(events);
      }
      if (!more) break;
    }
    this.admit();
  }

  /** Adds the streams waiting for a seq the cursor has reached, at the cursor (between two reads). */
  private admit(): void {
    if (this.startHoles !== undefined) return;
    for (const [subscriber, joining] of this.joining) {
      if (joining.through > this.cursor) continue;
      this.joining.delete(subscriber);
      this.subscribers.add(subscriber);
      joining.resolve(this.cursor);
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
    const { rows } = await sql<EventRow & SnapshotRow>`
      select ${SNAPSHOT}, (select max(seq) from change_events)::text as newest, e.*
      from (select pg_current_snapshot() as snapshot) s
      left join lateral (
        select seq, topic, action, ids, lab_id, user_id, actor_id, origin
        from change_events where seq > ${this.cursor} order by seq limit ${READ_BATCH}
      ) e on true
      order by e.seq`.execute(this.options.db);
    const found = rows.filter((row) => row.seq !== null);
    this.newest = Math.max(this.newest, Number(rows[0].newest ?? 0));
    this.noteHoles(
      found.map((row) => Number(row.seq)),
      BigInt(rows[0].next_xid),
    );
    this.settleHoles(BigInt(rows[0].xmin));
    // Every hole below `blocked` is settled; every one from it on may still fill.
    const blocked = this.holes[0]?.from ?? Infinity;
    const events: FeedEvent[] = [];
    let expected = this.cursor + 1;
    for (const row of found) {
      const seq = Number(row.seq);
      if (seq > expected && seq > blocked) break;
      events.push(toFeedEvent(row));
      expected = seq + 1;
    }
    return { events, more: events.length === READ_BATCH };
  }

  /**
   * Notes the holes among `seqs` (the seqs read after the cursor, ascending) that no read saw before, as seen with
   * `nextXid`. A read adds one entry at most, starting past the farthest row any read saw before, and no read sees
   * more than READ_BATCH rows past the cursor: the entries kept while holes hold the cursor back stay about that few.
   */
  private noteHoles(seqs: number[], nextXid: bigint): void {
    let before = this.cursor;
    for (const seq of seqs) {
      const from = Math.max(before, this.seenThrough) + 1;
      if (seq > from) {
        // Holes seen with the same next transaction id settle together: the entry before covers these too.
        if (this.holes.at(-1)?.nextXid !== nextXid) this.holes.push({ from, nextXid });
        break;
      }
      before = seq;
    }
    this.seenThrough = Math.max(this.seenThrough, seqs.at(-1) ?? 0);
  }

  /** Settles the holes seen before every transaction in flight now (`xmin`, the oldest of them) had started. */
  private settleHoles(xmin: bigint): void {
    while (this.holes.length > 0 && xmin >= this.holes[0].nextXid) this.holes.shift();
    if (this.startHoles !== undefined && xmin >= this.startHoles) this.startHoles = undefined;
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
