import { sql, type Transaction } from 'kysely';
import { dialectOf, type Db } from '../db';
import type { Dialect } from '../db/dialect';
import type { Executor } from '../db/executor';
import { prunedThrough, pruneLog } from '../db/prunableLogs';
import type { Database } from '../db/tables';
import { MAX_EVENT_IDS, type ChangeAction, type ChangeTopic } from '../domain/changeTopics';

// The change feed's writing side (docs/api.md §27). Every write transaction runs through writeTransaction; what it
// changes is noted with recordChange as it goes and written to `change_events` at its end, just before the commit,
// so a transaction that rolls back leaves no event and one that commits leaves its events with it. Notes are
// coalesced per transaction: one row per topic, action, lab and person, naming every id.

/** The PostgreSQL channel every server process LISTENs on; a notification only says "read change_events". */
export const CHANGES_CHANNEL = 'labstore_changes';

/** Who made a change: the account (null for none, e.g. the account command) and the browser tab (X-Client-Id). */
export interface ChangeActor {
  id: number | null;
  origin?: string | null;
}

/** A change as a writer notes it: its topic and action, the changed rows' ids, and its scope where the topic has one. */
export interface Change {
  topic: ChangeTopic;
  action: ChangeAction;
  ids: Iterable<number>;
  /** The lab (location) a `lab`/`labManager` topic is scoped to, or an issue's location. */
  labId?: number | null;
  /** The person an `owner` topic is scoped to (whose staging list, cart or account). */
  userId?: number | null;
  actor?: ChangeActor;
}

interface PendingEvent {
  topic: ChangeTopic;
  action: ChangeAction;
  labId: number | null;
  userId: number | null;
  ids: Set<number>;
}

/** The changes one transaction has noted so far. */
class ChangeBuffer {
  readonly events = new Map<string, PendingEvent>();
  actor: ChangeActor | undefined;
}

const buffers = new WeakMap<Executor, ChangeBuffer>();

/**
 * Notes a change in the caller's transaction, to be written when it commits. Only a transaction of
 * writeTransaction can take one: anywhere else the event would be lost, which is a programming error.
 */
export function recordChange(
  trx: Executor,
  { topic, action, ids, labId = null, userId = null, actor }: Change,
) {
  const buffer = buffers.get(trx);
  if (buffer === undefined)
    throw new Error(`recordChange(${topic}) outside writeTransaction: the change would never reach the feed`);
  if (actor !== undefined && (buffer.actor === undefined || buffer.actor.id === null)) buffer.actor = actor;
  const key = JSON.stringify([topic, action, labId, userId]);
  let event = buffer.events.get(key);
  if (event === undefined) {
    event = { topic, action, labId, userId, ids: new Set() };
    buffer.events.set(key, event);
  }
  for (const id of ids) event.ids.add(id);
}

/**
 * What a transaction's notes become: an id created or deleted is not also listed as updated or changed in quantity
 * in the same scope, and an id updated not also as changed in quantity (an edit's event already covers its
 * quantity); ids ascending, each once; more than MAX_EVENT_IDS become `[]` ("refetch the list").
 */
export function coalesce(events: Iterable<PendingEvent>): PendingEvent[] {
  const all = [...events];
  const scopeOf = (event: PendingEvent) => JSON.stringify([event.topic, event.labId, event.userId]);
  const idsOf = (scope: string, action: ChangeAction) =>
    all.find((event) => scopeOf(event) === scope && event.action === action)?.ids ?? new Set<number>();
  const covering: Record<ChangeAction, ChangeAction[]> = {
    created: [],
    deleted: [],
    updated: ['created', 'deleted'],
    quantity: ['created', 'deleted', 'updated'],
  };
  return all.flatMap((event) => {
    const covered = covering[event.action].map((action) => idsOf(scopeOf(event), action));
    const ids = [...event.ids].filter((id) => !covered.some((set) => set.has(id)));
    return ids.length === 0 ? [] : [{ ...event, ids: new Set(ids.sort((a, b) => a - b)) }];
  });
}

type CommitListener = () => void;
const commitListeners = new WeakMap<Db, Set<CommitListener>>();

/** Calls `listener` after every transaction of writeTransaction on `db` that wrote events has committed. */
export function onChangesCommitted(db: Db, listener: CommitListener): () => void {
  let listeners = commitListeners.get(db);
  if (listeners === undefined) {
    listeners = new Set();
    commitListeners.set(db, listeners);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The one way to run a transaction that writes: `work` notes its changes with recordChange, and they are written
 * as change events after it, in the same transaction. On PostgreSQL the transaction also notifies every server
 * process (the notification is delivered at commit, and not at all on rollback); after the commit this process's
 * own feed is woken at once.
 */
export async function writeTransaction<T>(
  db: Db,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const dialect = dialectOf(db);
  let written = false;
  const result = await db.transaction().execute(async (trx) => {
    const buffer = new ChangeBuffer();
    buffers.set(trx, buffer);
    try {
      const value = await work(trx);
      written = await writeEvents(trx, dialect, buffer);
      return value;
    } finally {
      buffers.delete(trx);
    }
  });
  if (written) for (const listener of commitListeners.get(db) ?? []) listener();
  return result;
}

async function writeEvents(
  trx: Transaction<Database>,
  dialect: Dialect,
  buffer: ChangeBuffer,
): Promise<boolean> {
  const events = coalesce(buffer.events.values());
  if (events.length === 0) return false;
  if (dialect === 'postgres') {
    // The xid is taken before the events' seqs: a reader that finds a seq missing waits for every transaction that
    // was running when it looked (change feed's gap rule), which then includes this one.
    await sql`select pg_notify(${CHANGES_CHANNEL}, ''), pg_current_xact_id()`.execute(trx);
  }
  // The wall clock, not a request's: the time only decides when the event is old enough to prune.
  const created_at = new Date().toISOString();
  const { actor } = buffer;
  await trx
    .insertInto('change_events')
    .values(
      events.map((event) => ({
        topic: event.topic,
        action: event.action,
        ids: JSON.stringify(event.ids.size > MAX_EVENT_IDS ? [] : [...event.ids]),
        lab_id: event.labId,
        user_id: event.userId,
        actor_id: actor?.id ?? null,
        origin: actor?.origin ?? null,
        created_at,
      })),
    )
    .execute();
  return true;
}

/**
 * Deletes the events written before `olderThan` and raises the pruned watermark (`change_events_pruned`) to the
 * highest seq deleted, so a stream asked to resume below it says `reload` instead of replaying with holes. Returns
 * how many events were deleted.
 */
export function pruneChangeEvents(db: Db, olderThan: Date): Promise<number> {
  return pruneLog(db, 'change_events', olderThan);
}

/** Every event with a seq up to this one may have been pruned. */
export function changeEventsPrunedThrough(db: Executor): Promise<number> {
  return prunedThrough(db, 'change_events');
}
