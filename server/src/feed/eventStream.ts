import type { ServerResponse } from 'node:http';
import type { Db } from '../db';
import type { ChangeEventData, FeedControlEvent } from '../domain/changeTopics';
import { admits, namesViewer, type Viewer } from './audience';
import { changeEventsPrunedThrough } from './changeLog';
import { READ_BATCH, readEvents, type ChangeHub, type FeedEvent, type HubSubscriber } from './hub';

// One client's server-sent event stream (docs/api.md §27): the framing, the resume, the caller's view of the feed.

/** How long a client waits before reconnecting (the first message's `retry:`). */
export const RETRY_MS = 3000;
/**
 * Bytes written and not yet taken by a client beyond which it is dropped. A stream writes WRITE_CHUNK_BYTES at a
 * time and waits for the client to take them before it writes more, so it stays below this; only what is written
 * without waiting (heartbeats, control messages) could pass it.
 */
export const MAX_UNREAD_BYTES = 64 * 1024;
/** What a stream gathers before it writes: Node's own high-water mark, so a client that keeps up never waits. */
const WRITE_CHUNK_BYTES = 16 * 1024;
/**
 * The most events a resume replays from the table (READ_BATCH: one read); a client further behind is sent `reload`
 * instead, whoever it is: a week of events is no answer to `Last-Event-ID: 0`.
 */
export const MAX_REPLAY_EVENTS = READ_BATCH;
/**
 * Events a stream may hold for its client (who has not taken what was written, or waits for a replay): past this
 * it is dropped, and when it returns it replays what it missed or, further behind than MAX_REPLAY_EVENTS, reloads.
 * Twice a replay, so one read's events (READ_BATCH) delivered while a client is briefly slow never drop it.
 */
const MAX_HELD_EVENTS = 2 * MAX_REPLAY_EVENTS;
/** setTimeout's longest delay; a token living longer is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The caller of a stream as the database has it now, or null when its token is no longer valid. */
export type ViewerReader = () => Promise<{ viewer: Viewer; expiresAt: Date } | null>;

export interface EventStreamOptions {
  raw: ServerResponse;
  hub: ChangeHub;
  db: Db;
  /** The signed-in caller; null for an anonymous one, or one whose token was not valid (`signedOut`). */
  viewer: Viewer | null;
  /** When the caller's token expires, by the app's clock: the stream then goes on as a public one. */
  expiresAt?: Date;
  /** Reads the caller again (after an event about its own account or labs); absent for an anonymous caller. */
  readViewer?: ViewerReader;
  /** A token was given and is not valid: the stream starts with one `signed-out` event. */
  signedOut: boolean;
  /** The client's Last-Event-ID (header or query), as sent. */
  lastEventId: string | undefined;
  heartbeatMs: number;
  /** How long the client may leave what was written untaken before the stream is dropped. */
  drainTimeoutMs: number;
  now: () => Date;
  /** Called once when the stream has ended, however it ended. */
  onEnd: () => void;
}

/** One message of the stream; every message carries an id, so a client's Last-Event-ID is always the newest one. */
function message(id: number, event: string, data: unknown): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * What a caller is told of who made a change (docs/api.md §27.3): the public neither the account nor the browser
 * tab, a signed-in caller the account, and the tab only the account that made it (the tab skips its own changes).
 */
type Disclosure = 'public' | 'account' | 'actor';

function disclosureTo(viewer: Viewer | null, data: ChangeEventData): Disclosure {
  if (viewer === null) return 'public';
  return data.actor_id !== null && data.actor_id === viewer.userId ? 'actor' : 'account';
}

/**
 * Each event's messages, one per disclosure, made the first time a stream needs it: every stream the hub hands an
 * event to shares its object, so an event is serialised (and encoded) once for all of them, not once per stream.
 */
const framed = new WeakMap<FeedEvent, Partial<Record<Disclosure, Buffer>>>();

function eventMessage(event: FeedEvent, disclosure: Disclosure): Buffer {
  let messages = framed.get(event);
  if (messages === undefined) {
    messages = {};
    framed.set(event, messages);
  }
  let text = messages[disclosure];
  if (text === undefined) {
    const { data } = event;
    const told: ChangeEventData = {
      ...data,
      actor_id: disclosure === 'public' ? null : data.actor_id,
      origin: disclosure === 'actor' ? data.origin : null,
    };
    text = Buffer.from(message(event.seq, data.topic, told));
    messages[disclosure] = text;
  }
  return text;
}

const controlMessage = (id: number, event: FeedControlEvent, data: object) => message(id, event, data);

/** A Last-Event-ID as a seq; undefined for anything that is not a decimal number a seq can be. */
function parseSeq(text: string): number | undefined {
  if (!/^\d{1,16}$/.test(text)) return undefined;
  const seq = Number(text);
  return Number.isSafeInteger(seq) ? seq : undefined;
}

type Held = FeedEvent | 'expired';

/**
 * A client's stream. Once subscribed, the hub hands it every new event; it writes those its caller may hear of
 * (audience.ts) in seq order, after whatever a resume replays from the table, and nothing twice: the hub answers the
 * seq the stream is caught up to at the moment it joins (at or past the client's Last-Event-ID, or the newest event
 * when it opened), replay covers what lies between the Last-Event-ID and that seq, and live events (all after it)
 * are held until the replay has been written. Nothing is written before the stream has joined.
 *
 * It writes a chunk at a time and waits for the client to take it before writing the next, holding the events
 * meanwhile: a client that stops reading costs at most a chunk and MAX_HELD_EVENTS references to events every
 * stream shares, and is dropped once it has not taken what was written for the drain timeout.
 */
export class EventStream implements HubSubscriber {
  private readonly held: Held[] = [];
  private live = false;
  private pumping = false;
  private ended = false;
  private viewer: Viewer | null;
  /** The newest seq this stream has dealt with (written or left out): the id of its control messages. */
  private position = 0;
  /** Messages gathered for the next write (whole messages only, in order). */
  private chunk: Buffer[] = [];
  private chunkBytes = 0;
  private heartbeat: NodeJS.Timeout | undefined;
  private expiry: NodeJS.Timeout | undefined;
  /** Runs while what was written waits for the client; drops the stream when it fires. */
  private drainTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: EventStreamOptions) {
    this.viewer = options.viewer;
    options.raw.on('close', () => this.finish());
    options.raw.on('error', () => this.finish());
    options.raw.on('drain', () => {
      clearTimeout(this.drainTimer);
      this.drainTimer = undefined;
    });
  }

  /** Subscribes, writes the opening messages and any replay, then goes live. */
  async open(): Promise<void> {
    const { raw, hub, db, lastEventId, signedOut } = this.options;
    // The client may have left while its token was read, before this stream listened for it.
    if (raw.destroyed || raw.socket === null || raw.socket.destroyed) return this.finish();
    const seq = lastEventId === undefined ? undefined : parseSeq(lastEventId);
    // Joins once this process's hub has reached the id (another process's may have been further on): a resume at or
    // below the newest event is never sent `reload` for want of this one's catching up.
    const caughtUp = await hub.subscribe(this, seq);
    if (this.ended) {
      hub.unsubscribe(this);
      return;
    }
    let replayFrom: number | undefined;
    let reload = false;
    let readyId = caughtUp;
    if (lastEventId !== undefined) {
      const prunedThrough = await changeEventsPrunedThrough(db);
      if (seq !== undefined) readyId = seq;
      if (seq === undefined || seq > caughtUp || seq < prunedThrough || caughtUp - seq > MAX_REPLAY_EVENTS)
        reload = true;
      else replayFrom = seq;
    }
    this.position = readyId;
    let opening = `retry: ${RETRY_MS}\n`;
    if (signedOut) opening += controlMessage(readyId, 'signed-out', { code: 'token_not_valid' });
    opening += controlMessage(readyId, 'ready', { seq: readyId });
    if (reload) {
      opening += controlMessage(caughtUp, 'reload', { seq: caughtUp });
      this.position = caughtUp;
    }
    this.write(opening);
    this.heartbeat = setInterval(() => this.write(': keep-alive\n\n'), this.options.heartbeatMs).unref();
    this.watchExpiry();
    if (replayFrom !== undefined) await this.replay(replayFrom, caughtUp);
    this.live = true;
    void this.pump();
  }

  deliver(events: readonly FeedEvent[]): void {
    if (this.ended) return;
    if (this.held.length + events.length > MAX_HELD_EVENTS) return this.drop();
    for (const event of events) this.held.push(event);
    if (this.live) void this.pump();
  }

  /** Ends the stream as the server closes: what was written is sent, then the connection closes. */
  end(): void {
    if (this.ended) return;
    const { raw } = this.options;
    this.finish();
    raw.end(() => raw.destroy());
  }

  /** What was missed between `after` and `through` (MAX_REPLAY_EVENTS at most), from the table. */
  private async replay(after: number, through: number): Promise<void> {
    const { db } = this.options;
    let from = after;
    while (from < through && !this.ended) {
      const events = await readEvents(db, from, through);
      // Read after the events: a prune that deleted some of them has raised the watermark by now.
      if ((await changeEventsPrunedThrough(db)) > from) {
        this.gather(controlMessage(through, 'reload', { seq: through }));
        this.position = through;
        await this.flush();
        return;
      }
      if (events.length === 0) break;
      for (const event of events) {
        if (admits(this.viewer, event.data)) this.gather(this.eventMessage(event));
        this.position = event.seq;
        if (this.chunkBytes >= WRITE_CHUNK_BYTES && !(await this.flush())) return;
      }
      from = events[events.length - 1].seq;
    }
    if (await this.flush()) this.position = through;
  }

  /** Writes held events in order, reading the caller again first where an event is about its account or labs. */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.held.length > 0 && !this.ended) {
        const item = this.held.shift()!;
        if (item === 'expired') {
          this.signOut();
          continue;
        }
        if (item.seq <= this.position) continue;
        if (namesViewer(this.viewer, item.data)) await this.readViewerAgain();
        if (admits(this.viewer, item.data)) this.gather(this.eventMessage(item));
        this.position = item.seq;
        if (this.chunkBytes >= WRITE_CHUNK_BYTES && !(await this.flush())) return;
      }
      await this.flush();
    } catch {
      // The caller could not be read again (the database is away): it reconnects with its Last-Event-ID.
      this.drop();
    } finally {
      this.pumping = false;
    }
    // Events delivered while the last chunk was being taken.
    if (this.held.length > 0 && !this.ended) void this.pump();
  }

  private async readViewerAgain(): Promise<void> {
    const read = this.options.readViewer;
    if (read === undefined) return;
    const found = await read();
    if (found === null) return this.signOut();
    this.viewer = found.viewer;
    this.watchExpiry(found.expiresAt);
  }

  /** The caller's token is no longer valid: one `signed-out` event, then the stream goes on as a public one. */
  private signOut(): void {
    if (this.viewer === null) return;
    this.viewer = null;
    clearTimeout(this.expiry);
    this.gather(controlMessage(this.position, 'signed-out', { code: 'token_not_valid' }));
  }

  /** Signs the stream out when its token expires (checked in turn with the events, so none slips past it). */
  private watchExpiry(expiresAt = this.options.expiresAt): void {
    clearTimeout(this.expiry);
    if (this.viewer === null || expiresAt === undefined) return;
    const delay = Math.max(0, expiresAt.getTime() - this.options.now().getTime());
    this.expiry = setTimeout(
      () => {
        if (delay > MAX_TIMER_MS) return this.watchExpiry(expiresAt);
        this.held.push('expired');
        if (this.live) void this.pump();
      },
      Math.min(delay, MAX_TIMER_MS),
    ).unref();
  }

  private eventMessage(event: FeedEvent): Buffer {
    return eventMessage(event, disclosureTo(this.viewer, event.data));
  }

  /** Adds a message to the next write. */
  private gather(text: Buffer | string): void {
    const bytes = typeof text === 'string' ? Buffer.from(text) : text;
    this.chunk.push(bytes);
    this.chunkBytes += bytes.length;
  }

  /**
   * Writes what was gathered, in one go, and resolves true once the client has taken it (at once when it keeps
   * up); false when the stream has ended.
   */
  private async flush(): Promise<boolean> {
    const { raw } = this.options;
    const chunk = this.chunk;
    this.chunk = [];
    this.chunkBytes = 0;
    if (this.ended) return false;
    if (chunk.length === 0) return true;
    raw.cork();
    for (const bytes of chunk) raw.write(bytes);
    raw.uncork();
    return this.afterWrite() && (await this.drained());
  }

  /** Writes unless ended, without waiting (the opening, heartbeats). */
  private write(text: string): void {
    if (this.ended) return;
    this.options.raw.write(text);
    this.afterWrite();
  }

  /**
   * Drops a client that leaves more than MAX_UNREAD_BYTES unread, and one that has not taken what was written
   * once the drain timeout has passed. False when the stream has ended.
   */
  private afterWrite(): boolean {
    const { raw, drainTimeoutMs } = this.options;
    if (raw.writableLength > MAX_UNREAD_BYTES) {
      this.drop();
      return false;
    }
    if (raw.writableNeedDrain && this.drainTimer === undefined)
      this.drainTimer = setTimeout(() => this.drop(), drainTimeoutMs).unref();
    return !this.ended;
  }

  /** Resolves true when the client has taken what was written, false when the stream ends first. */
  private drained(): Promise<boolean> {
    const { raw } = this.options;
    if (this.ended) return Promise.resolve(false);
    if (!raw.writableNeedDrain) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (value: boolean) => {
        raw.off('drain', onDrain);
        raw.off('close', onClose);
        resolve(value);
      };
      const onDrain = () => done(true);
      const onClose = () => done(false);
      raw.on('drain', onDrain);
      raw.on('close', onClose);
    });
  }

  /** Cuts the connection of a client that does not keep up; it reconnects with its Last-Event-ID when it can. */
  private drop(): void {
    const { raw } = this.options;
    this.finish();
    raw.destroy();
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.held.length = 0;
    this.chunk = [];
    clearInterval(this.heartbeat);
    clearTimeout(this.expiry);
    clearTimeout(this.drainTimer);
    this.options.hub.unsubscribe(this);
    this.options.onEnd();
  }
}
