import { MaxHeap } from './maxHeap';
import { normalize, words } from './normalize';
import { similarityFromLcs } from './similarity';
import { TermTrie } from './termTrie';

export type SearchType = 'CHEMICAL' | 'INSTRUMENT' | 'GLASSWARE';
export type SearchTier = 1 | 2 | 3 | 4;

/** A stock record as the search sees it; `fields` are the raw searchable texts (SERVER.md §11). */
export interface SearchEntry {
  readonly type: SearchType;
  readonly id: number;
  readonly catalogName: string;
  readonly fields: readonly string[];
}

export interface SearchHit {
  readonly type: SearchType;
  readonly id: number;
  readonly tier: SearchTier;
  readonly similarity: number;
}

export interface SearchOptions {
  readonly type?: SearchType;
  readonly limit?: number;
}

export const DEFAULT_SEARCH_LIMIT = 10;

/**
 * How many trie nodes one typo search may weigh (a node costs well under a microsecond). The benchmark queries
 * weigh at most about 4,600; in a vocabulary many times larger a query with few matches can need far more, and
 * this keeps it to a few milliseconds (searches share one thread) by answering with the best matches found.
 */
export const TYPO_WALK_BUDGET = 10_000;

/** Tie-break order of the kinds in mixed results. */
const TYPE_RANK: Readonly<Record<SearchType, number>> = { CHEMICAL: 0, GLASSWARE: 1, INSTRUMENT: 2 };
const TYPE_COUNT = 3;
const GRAM = 3;

interface EntrySlot {
  readonly type: SearchType;
  readonly typeRank: number;
  readonly id: number;
  readonly nameKey: string;
  readonly fieldIds: readonly number[];
}

/** One distinct normalised field value, shared by every entry that has it. */
interface FieldSlot {
  readonly text: string;
  readonly termIds: readonly number[];
  /** Entry slots holding this value, one set per type rank. */
  readonly entries: readonly Set<number>[];
}

/** One distinct word or whole field value: the unit that prefix and fuzzy matching look at. */
interface TermSlot {
  readonly text: string;
  readonly fieldIds: Set<number>;
  /** Per type rank, how many of its fields hold entries of that type (the trie prunes typed walks by it). */
  readonly fieldsOfType: number[];
}

/** The trie tag of a type rank; a walk over all types asks for any of them. */
const typeTag = (rank: number): number => 1 << rank;
const ALL_TYPE_TAGS = (1 << TYPE_COUNT) - 1;

interface Candidate {
  readonly entry: EntrySlot;
  readonly tier: SearchTier;
  readonly similarity: number;
}

function compareWithinGroup(a: Candidate, b: Candidate): number {
  if (a.entry.nameKey !== b.entry.nameKey) return a.entry.nameKey < b.entry.nameKey ? -1 : 1;
  return a.entry.typeRank - b.entry.typeRank || a.entry.id - b.entry.id;
}

/** The k smallest items in order, without sorting a large group completely. */
function smallest<T>(items: readonly T[], k: number, compare: (a: T, b: T) => number): T[] {
  if (items.length <= k * 4) return [...items].sort(compare).slice(0, k);
  const kept: T[] = [];
  for (const item of items) {
    if (kept.length === k && compare(item, kept[k - 1]) >= 0) continue;
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(kept[middle], item) <= 0) low = middle + 1;
      else high = middle;
    }
    kept.splice(low, 0, item);
    if (kept.length > k) kept.pop();
  }
  return kept;
}

function grown(array: Uint32Array<ArrayBuffer>, size: number): Uint32Array<ArrayBuffer> {
  if (size <= array.length) return array;
  const larger = new Uint32Array(Math.max(size, array.length * 2));
  larger.set(array);
  return larger;
}

/**
 * In-memory fuzzy search over stock records (SERVER.md §11), kept up to date by upsert/remove.
 *
 * Every rule is decided per distinct normalised field value, so the work is done once per value and then
 * fanned out to the entries that hold it. Results come tier by tier; within tiers 2–4 the similarity depends
 * only on the field length, so fields are visited shortest first and the search stops after the first
 * (tier, similarity) group that fills `limit` — results equal a full scan's. Tier 1 (typos) walks a trie of the
 * terms best first (TermTrie), so its cost follows the terms near the query, not the size of the vocabulary.
 *
 * Similarity reported per hit: for tiers 2–4 the query is a substring of the field, so it is the §11
 * similarity of query vs whole field, 2·|q| / (|q| + |field|); for tier 1 it is the best §11 similarity of the
 * query vs the whole field or any of its words. A record takes its best field's (tier, similarity).
 */
export class FuzzyIndex {
  private entries: (EntrySlot | undefined)[] = [];
  private entryByKey = new Map<string, number>();
  private freeEntries: number[] = [];

  private fields: (FieldSlot | undefined)[] = [];
  private fieldByText = new Map<string, number>();
  private freeFields: number[] = [];
  private fieldsByGram = new Map<string, Set<number>>();

  private terms: (TermSlot | undefined)[] = [];
  private termByText = new Map<string, number>();
  private freeTerms: number[] = [];
  /** Every term by its text: prefix ranges (tier 3) and the typo walk (tier 1). */
  private readonly trie = new TermTrie();
  /** Tier-1 fields found but not yet placed, by similarity (reused: a search runs synchronously). */
  private readonly pendingFuzzy = new MaxHeap();

  private stamp = 0;
  private fieldMarks = new Uint32Array(1024);
  private fuzzyMarks = new Uint32Array(1024);
  private fuzzySimilarity = new Float64Array(1024);
  private entryMarks = new Uint32Array(1024);

  /** `typoWalkBudget`: see TYPO_WALK_BUDGET (tests lower it). */
  constructor(private readonly typoWalkBudget = TYPO_WALK_BUDGET) {}

  get size(): number {
    return this.entryByKey.size;
  }

  has(type: SearchType, id: number): boolean {
    return this.entryByKey.has(`${type}:${id}`);
  }

  clear(): void {
    this.entries = [];
    this.entryByKey.clear();
    this.freeEntries = [];
    this.fields = [];
    this.fieldByText.clear();
    this.freeFields = [];
    this.fieldsByGram.clear();
    this.terms = [];
    this.termByText.clear();
    this.freeTerms = [];
    this.trie.clear();
  }

  /** Adds the entry, or replaces the one with the same type and id. */
  upsert(entry: SearchEntry): void {
    this.remove(entry.type, entry.id);
    const fieldIds = [...new Set(entry.fields.map(normalize))]
      .filter((text) => text.length > 0)
      .map((text) => this.acquireField(text));
    const slot: EntrySlot = {
      type: entry.type,
      typeRank: TYPE_RANK[entry.type],
      id: entry.id,
      nameKey: entry.catalogName.toLowerCase(),
      fieldIds,
    };
    const index = this.freeEntries.pop() ?? this.entries.length;
    this.entries[index] = slot;
    this.entryMarks = grown(this.entryMarks, index + 1);
    this.entryByKey.set(`${entry.type}:${entry.id}`, index);
    for (const fieldId of fieldIds) {
      const holders = (this.fields[fieldId] as FieldSlot).entries[slot.typeRank];
      holders.add(index);
      if (holders.size === 1) this.countFieldOfType(fieldId, slot.typeRank, +1);
    }
  }

  /** Bulk load: like upsert for each entry, with the term trie laid out for fast walks at the end. */
  upsertMany(entries: Iterable<SearchEntry>): void {
    for (const entry of entries) this.upsert(entry);
    this.trie.compact();
  }

  /**
   * The end of a bulk load made of upserts with turns for other requests between them: the term trie laid out for
   * fast walks, with `yieldTurn` awaited between steps. Only for an index nobody searches or changes meanwhile.
   */
  compactInSteps(yieldTurn: () => Promise<void>): Promise<void> {
    return this.trie.compactInSteps(yieldTurn);
  }

  remove(type: SearchType, id: number): boolean {
    const key = `${type}:${id}`;
    const index = this.entryByKey.get(key);
    if (index === undefined) return false;
    const slot = this.entries[index] as EntrySlot;
    for (const fieldId of slot.fieldIds) {
      const field = this.fields[fieldId] as FieldSlot;
      field.entries[slot.typeRank].delete(index);
      if (field.entries[slot.typeRank].size === 0) this.countFieldOfType(fieldId, slot.typeRank, -1);
      if (field.entries.every((set) => set.size === 0)) this.releaseField(fieldId);
    }
    this.entries[index] = undefined;
    this.freeEntries.push(index);
    this.entryByKey.delete(key);
    return true;
  }

  search(query: string, options: SearchOptions = {}): SearchHit[] {
    const q = normalize(query);
    const limit = options.limit ?? DEFAULT_SEARCH_LIMIT;
    if (q.length === 0 || !(limit >= 1)) return [];
    const typeRank = options.type === undefined ? undefined : TYPE_RANK[options.type];
    const stamp = this.nextStamp();
    const results: Candidate[] = [];

    /** Adds the not yet placed entries of one (tier, similarity) group; true when `limit` is reached. */
    const emitGroup = (fieldIds: readonly number[], tier: SearchTier, similarity: number): boolean => {
      const group: Candidate[] = [];
      for (const fieldId of fieldIds) {
        const field = this.fields[fieldId] as FieldSlot;
        for (let rank = 0; rank < TYPE_COUNT; rank++) {
          if (typeRank !== undefined && rank !== typeRank) continue;
          for (const index of field.entries[rank]) {
            if (this.entryMarks[index] === stamp) continue;
            this.entryMarks[index] = stamp;
            group.push({ entry: this.entries[index] as EntrySlot, tier, similarity });
          }
        }
      }
      const room = limit - results.length;
      results.push(...smallest(group, room, compareWithinGroup));
      return results.length >= limit;
    };
    /** Tiers 2–4: the query is a substring of every field, so similarity falls as the field grows. */
    const emitByLength = (fieldIds: readonly number[], tier: SearchTier): boolean => {
      const byLength = new Map<number, number[]>();
      for (const fieldId of fieldIds) {
        const length = (this.fields[fieldId] as FieldSlot).text.length;
        const bucket = byLength.get(length);
        if (bucket) bucket.push(fieldId);
        else byLength.set(length, [fieldId]);
      }
      const lengths = [...byLength.keys()].sort((a, b) => a - b);
      for (const length of lengths) {
        const similarity = similarityFromLcs(q.length, q.length, length);
        if (emitGroup(byLength.get(length) as number[], tier, similarity)) return true;
      }
      return false;
    };
    const finish = (): SearchHit[] =>
      results.map(({ entry, tier, similarity }) => ({ type: entry.type, id: entry.id, tier, similarity }));

    const exactId = this.fieldByText.get(q);
    if (exactId !== undefined) {
      this.fieldMarks[exactId] = stamp;
      if (emitGroup([exactId], 4, 1)) return finish();
    }
    if (emitByLength(this.prefixFields(q, stamp, typeRank), 3)) return finish();
    if (emitByLength(this.containingFields(q, stamp, typeRank), 2)) return finish();
    this.emitFuzzy(q, stamp, typeRank, emitGroup);
    return finish();
  }

  /** Fields not yet marked whose whole text or one of whose words starts with q (tier 3); marks them. */
  private prefixFields(q: string, stamp: number, typeRank: number | undefined): number[] {
    const found: number[] = [];
    this.trie.forEachWithPrefix(q, (termId) => {
      for (const fieldId of (this.terms[termId] as TermSlot).fieldIds) {
        if (this.fieldMarks[fieldId] === stamp) continue;
        this.fieldMarks[fieldId] = stamp;
        if (this.holdsType(fieldId, typeRank)) found.push(fieldId);
      }
    });
    return found;
  }

  /** Fields not yet marked that contain q (tier 2); marks them. Uses the trigram index when q is long enough. */
  private containingFields(q: string, stamp: number, typeRank: number | undefined): number[] {
    const found: number[] = [];
    const consider = (fieldId: number): void => {
      if (this.fieldMarks[fieldId] === stamp) return;
      if (!(this.fields[fieldId] as FieldSlot).text.includes(q)) return;
      this.fieldMarks[fieldId] = stamp;
      if (this.holdsType(fieldId, typeRank)) found.push(fieldId);
    };
    if (q.length < GRAM) {
      for (let fieldId = 0; fieldId < this.fields.length; fieldId++)
        if (this.fields[fieldId]) consider(fieldId);
      return found;
    }
    let rarest: Set<number> | undefined;
    for (let i = 0; i + GRAM <= q.length; i++) {
      const postings = this.fieldsByGram.get(q.slice(i, i + GRAM));
      if (!postings) return found;
      if (!rarest || postings.size < rarest.size) rarest = postings;
    }
    for (const fieldId of rarest as Set<number>) consider(fieldId);
    return found;
  }

  /**
   * Tier 1: the trie reports the terms that reach the threshold, best first; a field takes its best term's
   * similarity. A group of fields with equal similarity is placed once no unreported term can reach that
   * similarity, so the walk ends as soon as `limit` records are placed, with the records a full scan would give
   * (unless the walk's budget runs out first: then the best found so far are placed).
   */
  private emitFuzzy(
    q: string,
    stamp: number,
    typeRank: number | undefined,
    emitGroup: (fieldIds: readonly number[], tier: SearchTier, similarity: number) => boolean,
  ): void {
    const pending = this.pendingFuzzy;
    pending.clear();
    const group: number[] = [];
    const noteTerm = (termId: number, similarity: number): void => {
      for (const fieldId of (this.terms[termId] as TermSlot).fieldIds) {
        if (this.fieldMarks[fieldId] === stamp || !this.holdsType(fieldId, typeRank)) continue;
        if (this.fuzzyMarks[fieldId] === stamp && similarity <= this.fuzzySimilarity[fieldId]) continue;
        this.fuzzyMarks[fieldId] = stamp;
        this.fuzzySimilarity[fieldId] = similarity;
        pending.push(similarity, fieldId);
      }
    };
    /** Places, best first, the groups that no unreported term can join any more; true once `limit` is reached. */
    const placeSettled = (bound: number): boolean => {
      while (pending.size > 0 && pending.topKey > bound) {
        const similarity = pending.topKey;
        group.length = 0;
        while (pending.size > 0 && pending.topKey === similarity) {
          const fieldId = pending.topValue;
          pending.pop();
          // Left-overs: a field already placed, or pushed again later with a higher similarity.
          if (this.fieldMarks[fieldId] === stamp || this.fuzzySimilarity[fieldId] !== similarity) continue;
          this.fieldMarks[fieldId] = stamp;
          group.push(fieldId);
        }
        if (group.length > 0 && emitGroup(group, 1, similarity)) return true;
      }
      return false;
    };
    const tags = typeRank === undefined ? ALL_TYPE_TAGS : typeTag(typeRank);
    this.trie.findSimilar(q, tags, { found: noteTerm, settled: placeSettled }, this.typoWalkBudget);
  }

  /** A field started (+1) or stopped (−1) holding entries of a type: its terms' trie tags follow. */
  private countFieldOfType(fieldId: number, typeRank: number, change: 1 | -1): void {
    for (const termId of (this.fields[fieldId] as FieldSlot).termIds) {
      const term = this.terms[termId] as TermSlot;
      const before = term.fieldsOfType[typeRank];
      term.fieldsOfType[typeRank] = before + change;
      if (before === 0 || before + change === 0) {
        const tags = term.fieldsOfType.reduce(
          (all, count, rank) => (count > 0 ? all | typeTag(rank) : all),
          0,
        );
        this.trie.setTags(term.text, tags);
      }
    }
  }

  private holdsType(fieldId: number, typeRank: number | undefined): boolean {
    const field = this.fields[fieldId] as FieldSlot;
    return typeRank === undefined || field.entries[typeRank].size > 0;
  }

  private nextStamp(): number {
    if (this.stamp === 0xffffffff) {
      this.stamp = 0;
      this.fieldMarks.fill(0);
      this.fuzzyMarks.fill(0);
      this.entryMarks.fill(0);
    }
    return ++this.stamp;
  }

  private acquireField(text: string): number {
    const existing = this.fieldByText.get(text);
    if (existing !== undefined) return existing;
    const fieldId = this.freeFields.pop() ?? this.fields.length;
    const termIds = [...new Set([text, ...words(text)])].map((term) => this.acquireTerm(term));
    this.fields[fieldId] = {
      text,
      termIds,
      entries: Array.from({ length: TYPE_COUNT }, () => new Set<number>()),
    };
    this.fieldByText.set(text, fieldId);
    for (const termId of termIds) (this.terms[termId] as TermSlot).fieldIds.add(fieldId);
    for (const gram of this.gramsOf(text)) {
      const postings = this.fieldsByGram.get(gram);
      if (postings) postings.add(fieldId);
      else this.fieldsByGram.set(gram, new Set([fieldId]));
    }
    this.fieldMarks = grown(this.fieldMarks, fieldId + 1);
    this.fuzzyMarks = grown(this.fuzzyMarks, fieldId + 1);
    if (this.fuzzySimilarity.length < this.fuzzyMarks.length) {
      const larger = new Float64Array(this.fuzzyMarks.length);
      larger.set(this.fuzzySimilarity);
      this.fuzzySimilarity = larger;
    }
    return fieldId;
  }

  private releaseField(fieldId: number): void {
    const field = this.fields[fieldId] as FieldSlot;
    for (const termId of field.termIds) {
      const term = this.terms[termId] as TermSlot;
      term.fieldIds.delete(fieldId);
      if (term.fieldIds.size === 0) this.releaseTerm(termId);
    }
    for (const gram of this.gramsOf(field.text)) {
      const postings = this.fieldsByGram.get(gram) as Set<number>;
      postings.delete(fieldId);
      if (postings.size === 0) this.fieldsByGram.delete(gram);
    }
    this.fieldByText.delete(field.text);
    this.fields[fieldId] = undefined;
    this.freeFields.push(fieldId);
  }

  private acquireTerm(text: string): number {
    const existing = this.termByText.get(text);
    if (existing !== undefined) return existing;
    const termId = this.freeTerms.pop() ?? this.terms.length;
    this.terms[termId] = { text, fieldIds: new Set(), fieldsOfType: new Array<number>(TYPE_COUNT).fill(0) };
    this.termByText.set(text, termId);
    this.trie.insert(text, termId, 0);
    return termId;
  }

  private releaseTerm(termId: number): void {
    const term = this.terms[termId] as TermSlot;
    this.trie.remove(term.text);
    this.termByText.delete(term.text);
    this.terms[termId] = undefined;
    this.freeTerms.push(termId);
  }

  private *gramsOf(text: string): Iterable<string> {
    const seen = new Set<string>();
    for (let i = 0; i + GRAM <= text.length; i++) {
      const gram = text.slice(i, i + GRAM);
      if (!seen.has(gram)) {
        seen.add(gram);
        yield gram;
      }
    }
  }
}
