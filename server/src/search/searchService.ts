import { LRUCache } from 'lru-cache';
import type { Db } from '../db';
import { findStockRecords, type StockRecords } from '../db/repositories/stock';
import type { StockObjectType } from '../db/tables';
import { STOCK_KINDS } from '../domain/stockKinds';
import { OBJECT_TYPES } from '../domain/stockKindHelpers';
import { yieldEvery } from '../http/eventLoop';
import { prunedThroughSeq, type StockRef } from './changeLog';
import { readSearchEntries, searchEntryBatches } from './entryRows';
import { FuzzyIndex, type SearchOptions } from './fuzzyIndex';
import { normalize } from './normalize';

export interface SearchResult {
  type: StockObjectType;
  record: StockRecords[keyof StockRecords];
}

/** A search's answer as a route sends it. */
export interface RenderedAnswer {
  body: Buffer;
}

const stockRefKey = (type: StockObjectType, id: number): string => `${type}:${id}`;

/**
 * How long a missing `search_changes.seq` is waited for. PostgreSQL hands out sequence numbers when a row is
 * inserted, not when its transaction commits, so seq 11 can be visible while seq 10 is still uncommitted; a
 * rolled-back transaction leaves its number unused for ever. Missing numbers are therefore asked for again
 * on every refresh until they appear or this time has passed.
 */
export const GAP_WAIT_MS = 60_000;
/** Only this many missing numbers below the newest one are tracked (a large rolled-back batch leaves many). */
const MAX_TRACKED_GAPS = 1000;

/**
 * Bounds of the answers kept per index version: more than the distinct queries a busy day asks between two writes
 * (a typical answer of 10 records is 2–5 KB, one of 50 up to about 25 KB), and at most 16 MiB whatever is asked.
 */
export const ANSWER_CACHE_BOUNDS = { maxEntries: 2000, maxBytes: 16 * 2 ** 20 };

/**
 * Change notes applied per step of a catch-up, and records read per step of a full load. A bulk import leaves
 * 20,000 notes: applied at once they held the event loop for seconds (the first search after one took 9.95 s on a
 * loaded machine).
 */
export const CATCH_UP_STEP = 1000;
export const LOAD_STEP = 2000;
/** How long the index is changed between two turns for other requests. */
const INDEX_SLICE_MS = 10;

/**
 * The fuzzy search of one server process (SERVER.md §11): an in-memory FuzzyIndex of every stock record,
 * kept current through the `search_changes` log, so writes made by any process sharing the database are seen
 * by the next search. Before each search one cheap query asks for changes after the last applied seq; only
 * the changed records are re-read. The first search loads everything.
 *
 * No step holds the event loop for long: the notes are applied CATCH_UP_STEP at a time and a full load reads
 * LOAD_STEP records at a time, building a new index on the side that replaces the old one once complete, each with
 * turns for other requests between slices of the work. This process's own writes start a catch-up in the
 * background as they commit (catchUpInBackground), so a search after a bulk import finds most of its notes applied.
 * Answers stay correct meanwhile because a search never reads an index that is behind: it waits (without holding
 * the loop) until a refresh that started after its arrival has applied every note committed before it. Answering
 * at once from the index plus a direct lookup of the records not yet applied was the alternative; but then their
 * ranking among the indexed hits would be a second implementation of the index's tiers.
 *
 * Housekeeping prunes old notes (pruneSearchChanges) and raises a watermark past them. A process whose index
 * stopped below the watermark, or still waits for a missing note at or below it, may have lost notes it never
 * applied: it reloads everything instead.
 */
export class SearchService {
  private index = new FuzzyIndex();
  /** Every seq up to this one is applied or waited for in `gaps`; undefined until the first full load. */
  private appliedSeq: number | undefined;
  /** Missing seqs below appliedSeq → when to stop waiting for them (ms). */
  private readonly gaps = new Map<number, number>();
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  /** Raised whenever a refresh changes the index: every stock write leaves a note, so every write raises it. */
  private changes = 0;
  /** Rendered answers of the current `changes`, by query; emptied whenever it is raised. */
  private readonly answers = new LRUCache<string, RenderedAnswer>({
    max: ANSWER_CACHE_BOUNDS.maxEntries,
    maxSize: ANSWER_CACHE_BOUNDS.maxBytes,
    // An empty body still takes an entry; lru-cache needs a positive size.
    sizeCalculation: (answer) => Math.max(answer.body.length, 1),
  });

  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Records best match first; at most `options.limit` of them. */
  async search(query: string, options: SearchOptions = {}): Promise<SearchResult[]> {
    if (normalize(query) === '') return [];
    await this.refresh();
    return this.resultsOf(query, options);
  }

  /**
   * The answer to `search(query, options)` as `render` writes it (one `variant` of it: an encoding), kept until a
   * write changes the index: a refresh that applies any note empties the kept answers, and an answer computed while
   * one did is not kept. Every write of a stock record, of the catalog entry it shows or of its quantity leaves a
   * note, and every search refreshes first, so a kept answer is never older than the last write committed before
   * the request. The index reads queries normalised: the key is the normalised text with the options.
   */
  async answer<A extends RenderedAnswer>(
    query: string,
    options: SearchOptions,
    variant: string,
    render: (results: SearchResult[]) => A,
  ): Promise<A> {
    const normalized = normalize(query);
    if (normalized === '') return render([]);
    await this.refresh();
    const key = `${variant}:${options.type ?? ''}:${options.limit ?? ''}:${normalized}`;
    const kept = this.answers.get(key) as A | undefined;
    if (kept !== undefined) return kept;
    const changes = this.changes;
    const answer = render(await this.resultsOf(normalized, options));
    if (this.changes === changes) this.answers.set(key, answer);
    return answer;
  }

  /**
   * The version of the stock records as this process knows them: it changes whenever a write committed before this
   * call (by any process: the notes are in the database) changed a stock record since the previous change. Only
   * for this process's own use: another process counts differently.
   */
  async stockVersion(): Promise<number> {
    await this.refresh();
    return this.changes;
  }

  /** The current index's records for a query, best match first. */
  private async resultsOf(query: string, options: SearchOptions): Promise<SearchResult[]> {
    const hits = this.index.search(query, options);
    const records = new Map<string, SearchResult['record']>();
    for (const kind of STOCK_KINDS) {
      const type = OBJECT_TYPES[kind];
      const ids = hits.filter((hit) => hit.type === type).map((hit) => hit.id);
      for (const record of await findStockRecords(this.db, kind, ids))
        records.set(stockRefKey(type, record.id), record);
    }
    // A record deleted between the refresh and this read is left out; the next refresh drops it from the index.
    return hits.flatMap((hit) => {
      const record = records.get(stockRefKey(hit.type, hit.id));
      return record ? [{ type: hit.type, record }] : [];
    });
  }

  /**
   * Brings the index up to date with every change committed before this call. Calls made while a refresh
   * runs share one follow-up refresh (which starts after their arrival), so concurrent first searches share
   * one full load and no call is answered from a refresh that started before it.
   */
  refresh(): Promise<void> {
    if (!this.running) {
      this.running = this.catchUp().finally(() => {
        this.running = undefined;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.refresh();
      });
    return this.queued;
  }

  /**
   * Starts a refresh without waiting for it, once the index has been loaded (a commit of this process calls it):
   * the notes are applied before a search asks for them. A failure is left to the next search's refresh to report.
   */
  catchUpInBackground(): void {
    if (this.appliedSeq === undefined) return;
    this.refresh().catch(() => undefined);
  }

  /** Resolves once no refresh is under way or queued (the server is closing). */
  async idle(): Promise<void> {
    while (this.running || this.queued) await (this.queued ?? this.running)?.catch(() => undefined);
  }

  private async catchUp(): Promise<void> {
    if (this.appliedSeq === undefined) return this.loadAll();
    const yieldTurn = yieldEvery(INDEX_SLICE_MS);
    for (;;) {
      const applied = this.appliedSeq;
      const waitedFor = [...this.gaps.keys()];
      // Read the log before the records: a change committed meanwhile has a later seq and is applied next time.
      // In seq order, so every note up to the step's newest one that can be seen is in the step.
      const changes = await this.db
        .selectFrom('search_changes')
        .select(['seq', 'object_type', 'object_id'])
        .where((eb) =>
          waitedFor.length === 0
            ? eb('seq', '>', applied)
            : eb.or([eb('seq', '>', applied), eb('seq', 'in', waitedFor)]),
        )
        .orderBy('seq')
        .limit(CATCH_UP_STEP)
        .execute();
      // Read after the notes: a prune that deleted some of them has raised the watermark by now.
      const prunedThrough = await prunedThroughSeq(this.db);
      if (prunedThrough > applied || waitedFor.some((seq) => seq <= prunedThrough)) return this.loadAll();
      if (changes.length > 0) await this.apply(changes, applied, yieldTurn);
      if (changes.length < CATCH_UP_STEP) break;
      await yieldTurn();
    }
    const now = this.clock();
    for (const [seq, deadline] of this.gaps) if (deadline <= now) this.gaps.delete(seq);
  }

  /** Applies one step of notes read after `applied`, in seq order. */
  private async apply(
    changes: readonly (StockRef & { seq: number })[],
    applied: number,
    yieldTurn: () => Promise<void>,
  ): Promise<void> {
    const refs = new Map<string, StockRef>();
    for (const change of changes) refs.set(stockRefKey(change.object_type, change.object_id), change);
    const entries = await readSearchEntries(this.db, [...refs.values()]);
    const current = new Map(entries.map((entry) => [stockRefKey(entry.type, entry.id), entry]));
    for (const [key, ref] of refs) {
      await yieldTurn();
      const entry = current.get(key);
      if (entry) this.index.upsert(entry);
      else this.index.remove(ref.object_type, ref.object_id);
    }
    this.changed();
    const seen = new Set<number>();
    let newest = applied;
    for (const { seq } of changes) {
      seen.add(seq);
      this.gaps.delete(seq);
      if (seq > newest) newest = seq;
    }
    this.waitForMissing(seen, applied, newest);
    this.appliedSeq = newest;
  }

  private async loadAll(): Promise<void> {
    // The newest seq first, then the records: whatever commits in between is applied again by the next refresh.
    const { newest } = await this.db
      .selectFrom('search_changes')
      .select((eb) => eb.fn.max('seq').as('newest'))
      .executeTakeFirstOrThrow();
    const newestSeq = Number(newest ?? 0);
    const recent = await this.db
      .selectFrom('search_changes')
      .select('seq')
      .where('seq', '>', newestSeq - MAX_TRACKED_GAPS)
      .where('seq', '<=', newestSeq)
      .execute();
    // Pruned notes are not missing: their changes are in the records read below. When every note is pruned
    // the watermark is the newest seq known.
    const prunedThrough = await prunedThroughSeq(this.db);
    const top = Math.max(newestSeq, prunedThrough);
    // Built on the side and swapped in whole: no search reads a half-built index.
    const yieldTurn = yieldEvery(INDEX_SLICE_MS);
    const index = new FuzzyIndex();
    for await (const entries of searchEntryBatches(this.db, LOAD_STEP)) {
      for (const entry of entries) {
        await yieldTurn();
        index.upsert(entry);
      }
    }
    await index.compactInSteps(yieldTurn);
    this.index = index;
    this.changed();
    this.gaps.clear();
    this.waitForMissing(new Set(recent.map((row) => row.seq)), prunedThrough, top);
    this.appliedSeq = top;
  }

  private changed(): void {
    this.changes++;
    this.answers.clear();
  }

  /** Notes the seqs in (after, upTo] that were not seen as gaps to ask for again. */
  private waitForMissing(seen: ReadonlySet<number>, after: number, upTo: number): void {
    const deadline = this.clock() + GAP_WAIT_MS;
    for (let seq = Math.max(after + 1, upTo - MAX_TRACKED_GAPS + 1); seq <= upTo; seq++) {
      if (!seen.has(seq)) this.gaps.set(seq, deadline);
    }
  }
}
