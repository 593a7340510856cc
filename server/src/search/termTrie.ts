import { MaxHeap } from './maxHeap';
import {
  distinctCodes,
  FUZZY_THRESHOLD,
  fuzzyLengthRange,
  LcsMatcher,
  popcount32,
  similarityFromLcs,
} from './similarity';

/**
 * Node layout: STRIDE numbers per node in one Int32Array, so that the fields a walk reads for a child share a
 * cache line (separate arrays per field made the walk wait on memory). A node is named by its offset.
 */
const STRIDE = 8;
const FIRST_CHILD = 0;
const NEXT_SIBLING = 1;
/** Bits 0–15: the label (a UTF-16 code unit); 16–23: the node's own term's tags; 24–31: tags at or below. */
const LABEL_AND_TAGS = 2;
const TERM = 3;
/** Length of the shortest and the longest term at or below the node. */
const SHORTEST = 4;
const LONGEST = 5;
/** Character classes of the labels below the node (not its own label), two words of 32. */
const CLASSES_LOW = 6;
const CLASSES_HIGH = 7;

const LABEL_MASK = 0xffff;
const OWN_TAGS_SHIFT = 16;
const TAGS_BELOW_SHIFT = 24;
const TAG_MASK = 0xff;

const ROOT = 0;
const NONE = -1;
const INITIAL_NODES = 1024;
/** Nodes laid out between two turns of compactInSteps: a few milliseconds of work. */
const COMPACTION_STEP = 16_384;
/** `shortest` of a node with no term at or below it. */
const NO_TERM = 0x7fffffff;

function grownInt32(array: Int32Array<ArrayBuffer>, size: number): Int32Array<ArrayBuffer> {
  const larger = new Int32Array(Math.max(size, array.length * 2));
  larger.set(array);
  return larger;
}

/**
 * 64 character classes, held as two 32-bit words: a–z and 0–9 each have their own, the separators and common
 * formula punctuation too, and every other character shares one of the rest. A node's classes say which
 * characters may follow it, so a set bit only means "maybe" and a clear bit means "certainly not".
 */
const LATIN1_CLASSES = Int8Array.from({ length: 256 }, (_, code) => {
  if (code >= 97 && code <= 122) return code - 97; // a–z: 0–25
  if (code >= 48 && code <= 57) return code - 22; // 0–9: 26–35
  const punctuation = ' -(),./·*[]'.indexOf(String.fromCharCode(code));
  if (punctuation >= 0) return 36 + punctuation; // 36–46
  return 47 + (code % 17); // 47–63
});

function characterClass(code: number): number {
  return code < 256 ? LATIN1_CLASSES[code] : 47 + (code % 17);
}

/** What a term visitor is told during a similarity walk. */
export interface SimilarTermVisitor {
  /** A term whose similarity to the query reaches FUZZY_THRESHOLD. */
  found(termId: number, similarity: number): void;
  /**
   * Every term not reported yet has a similarity of at most `bound`; −1 when the walk ends (no term is left
   * that can reach the threshold, or the budget is spent). Returning true ends the walk.
   */
  settled(bound: number): boolean;
}

/**
 * The distinct terms of the search index in a character trie, for the typo tier of SERVER.md §11.
 *
 * `findSimilar` walks the trie best first. Each visited node carries the bit-parallel LCS column of the query
 * against the node's prefix (one step per character, shared by every term below), and an upper bound on the
 * similarity any term below can reach: the LCS of the query with a term p·s is at most
 * max over i of LCS(q[0..i), p) + min(|s|, |q| − i, the characters of q[i..] that occur below the node),
 * taken at each term length the subtree holds. Subtrees whose bound falls under the threshold are never
 * entered, and nodes are expanded highest bound first, so the caller can stop as soon as the similarities it
 * still needs are higher than anything left. The work follows the number of prefixes that can still lead to a
 * match, not the number of terms: a typo query whose word is held by enough records is answered after a few
 * hundred nodes whatever the vocabulary's size. A query with few matches must rule out every prefix that could
 * still lead to one, which grows with the vocabulary; the `budget` caps that.
 *
 * Nodes live in one Int32Array (see STRIDE) and are reused after removal.
 */
export class TermTrie {
  private nodes = new Int32Array(INITIAL_NODES * STRIDE);
  /** Offsets below this one have been handed out. */
  private end = STRIDE;
  private readonly freeNodes: number[] = [];

  /**
   * Walk state, reused between walks (a walk is synchronous, so one runs at a time): per visited position its
   * node, depth and LCS column (`words` numbers in `columns`), and the queue of positions by bound.
   */
  private columns = new Int32Array(INITIAL_NODES);
  private walkNodes = new Int32Array(INITIAL_NODES);
  private walkDepths = new Int32Array(INITIAL_NODES);
  private readonly queue = new MaxHeap();

  constructor() {
    this.clear();
  }

  /** Nodes in use, including the root. */
  get nodeCount(): number {
    return this.end / STRIDE - this.freeNodes.length;
  }

  /** Bytes held by the node array. */
  get bytes(): number {
    return this.nodes.byteLength;
  }

  clear(): void {
    this.end = STRIDE;
    this.freeNodes.length = 0;
    this.resetNode(ROOT, 0);
  }

  /** Adds a term; `tags` are bits the caller filters walks by (the kinds of record that hold the term). */
  insert(text: string, termId: number, tags: number): void {
    const path = [ROOT];
    let node = ROOT;
    for (let depth = 0; depth < text.length; depth++) {
      const code = text.charCodeAt(depth);
      let child = this.child(node, code);
      if (child === NONE) {
        child = this.newNode(code);
        this.nodes[child + NEXT_SIBLING] = this.nodes[node + FIRST_CHILD];
        this.nodes[node + FIRST_CHILD] = child;
      }
      node = child;
      path.push(node);
    }
    if (this.nodes[node + TERM] !== NONE) throw new Error(`term already in the trie: ${text}`);
    this.nodes[node + TERM] = termId;
    this.setOwnTags(node, tags);
    const nodes = this.nodes;
    let low = 0;
    let high = 0;
    for (let depth = text.length; depth >= 0; depth--) {
      const at = path[depth];
      nodes[at + SHORTEST] = Math.min(nodes[at + SHORTEST], text.length);
      nodes[at + LONGEST] = Math.max(nodes[at + LONGEST], text.length);
      nodes[at + CLASSES_LOW] |= low;
      nodes[at + CLASSES_HIGH] |= high;
      nodes[at + LABEL_AND_TAGS] |= (tags & TAG_MASK) << TAGS_BELOW_SHIFT;
      if (depth > 0) {
        const bit = characterClass(text.charCodeAt(depth - 1));
        if (bit < 32) low |= 1 << bit;
        else high |= 1 << (bit - 32);
      }
    }
  }

  /**
   * Lays the nodes out again breadth first, so that the children of a node lie next to each other in memory (the
   * walk reads them together), and drops the free list. Worth calling after a bulk load.
   */
  compact(): void {
    for (const step of this.compaction()) void step;
  }

  /**
   * compact, with `yieldTurn` awaited between steps of COMPACTION_STEP nodes: 1.4 million nodes of 100,000
   * records take 35–150 ms to lay out. Only for a trie nobody else reads or changes until it ends (an index being
   * built on the side).
   */
  async compactInSteps(yieldTurn: () => Promise<void>): Promise<void> {
    for (const step of this.compaction()) {
      void step;
      await yieldTurn();
    }
  }

  private *compaction(): Generator<void> {
    const old = this.nodes;
    const nodes = new Int32Array(Math.max(INITIAL_NODES * STRIDE, this.nodeCount * STRIDE));
    nodes.set(old.subarray(ROOT, ROOT + STRIDE), ROOT);
    let end = STRIDE;
    // Breadth first: `at` walks the new array, whose nodes still point at their children's old offsets.
    for (let at = ROOT; at < end; at += STRIDE) {
      if (at % (COMPACTION_STEP * STRIDE) === 0 && at > ROOT) yield;
      let previous = NONE;
      for (let child = nodes[at + FIRST_CHILD]; child !== NONE; child = old[child + NEXT_SIBLING]) {
        const moved = end;
        end += STRIDE;
        nodes.set(old.subarray(child, child + STRIDE), moved);
        if (previous === NONE) nodes[at + FIRST_CHILD] = moved;
        else nodes[previous + NEXT_SIBLING] = moved;
        previous = moved;
      }
      if (previous !== NONE) nodes[previous + NEXT_SIBLING] = NONE;
    }
    this.nodes = nodes;
    this.end = end;
    this.freeNodes.length = 0;
  }

  /** Replaces the tags of a term in the trie. */
  setTags(text: string, tags: number): void {
    const path = this.pathTo(text);
    if (path === undefined) return;
    this.setOwnTags(path[text.length], tags);
    for (let depth = text.length; depth >= 0; depth--) this.summarise(path[depth], depth);
  }

  /** Removes the term with this text; returns its id, or undefined when it is not in the trie. */
  remove(text: string): number | undefined {
    const path = this.pathTo(text);
    if (path === undefined) return undefined;
    const nodes = this.nodes;
    const termId = nodes[path[text.length] + TERM];
    nodes[path[text.length] + TERM] = NONE;
    this.setOwnTags(path[text.length], 0);
    for (let depth = text.length; depth >= 0; depth--) {
      const at = path[depth];
      if (at !== ROOT && nodes[at + TERM] === NONE && nodes[at + FIRST_CHILD] === NONE) {
        this.unlink(path[depth - 1], at);
        this.freeNodes.push(at);
      } else {
        this.summarise(at, depth);
      }
    }
    return termId;
  }

  /** Calls `visit` for every term that starts with `prefix`. */
  forEachWithPrefix(prefix: string, visit: (termId: number) => void): void {
    let node = ROOT;
    for (let depth = 0; depth < prefix.length && node !== NONE; depth++) {
      node = this.child(node, prefix.charCodeAt(depth));
    }
    if (node === NONE) return;
    const nodes = this.nodes;
    if (nodes[node + TERM] !== NONE) visit(nodes[node + TERM]);
    // Depth first; the stack holds the next siblings still to visit (in the walk's scratch array).
    let stack = this.walkNodes;
    let size = 0;
    let next = nodes[node + FIRST_CHILD];
    while (next !== NONE || size > 0) {
      if (next === NONE) next = stack[--size];
      if (nodes[next + TERM] !== NONE) visit(nodes[next + TERM]);
      const sibling = nodes[next + NEXT_SIBLING];
      if (sibling !== NONE) {
        if (size === stack.length) stack = this.walkNodes = grownInt32(stack, size + 1);
        stack[size++] = sibling;
      }
      next = nodes[next + FIRST_CHILD];
    }
  }

  /**
   * Reports to `visitor` every term with one of `tags` whose similarity to `query` (SERVER.md §11) reaches
   * FUZZY_THRESHOLD, highest bound first, until the visitor is satisfied. `query` is normalised and not empty.
   * The walk weighs about `budget` nodes at most, then ends as if it were complete: the visitor keeps the best
   * terms found so far.
   */
  findSimilar(
    query: string,
    tags: number,
    visitor: SimilarTermVisitor,
    budget = Number.POSITIVE_INFINITY,
  ): void {
    const prepared = new PreparedQuery(query);
    const { matcher } = prepared;
    const words = matcher.words;
    const queue = this.queue;
    queue.clear();
    let positions = 0;
    /** Claims the next walk position; a position whose bound fails is given back by `positions--`. */
    const claim = (node: number, depth: number): number => {
      if (positions === this.walkNodes.length) {
        this.walkNodes = grownInt32(this.walkNodes, positions + 1);
        this.walkDepths = grownInt32(this.walkDepths, positions + 1);
      }
      if ((positions + 1) * words > this.columns.length) {
        this.columns = grownInt32(this.columns, (positions + 1) * words);
      }
      this.walkNodes[positions] = node;
      this.walkDepths[positions] = depth;
      return positions++;
    };

    const root = claim(ROOT, 0);
    matcher.start(this.columns, 0);
    const nodes = this.nodes;
    const rootBound = this.similarityBound(prepared, ROOT, 0, 0);
    if (rootBound >= FUZZY_THRESHOLD && (tagsBelow(nodes, ROOT) & tags) !== 0) queue.push(rootBound, root);
    let weighed = 0;
    while (queue.size > 0 && weighed < budget) {
      const bound = queue.topKey;
      if (visitor.settled(bound)) return;
      const position = queue.topValue;
      queue.pop();
      const node = this.walkNodes[position];
      const depth = this.walkDepths[position];
      const column = position * words;
      const termId = nodes[node + TERM];
      if (termId !== NONE && (ownTags(nodes, node) & tags) !== 0) {
        const lcs = matcher.prefixLcs(this.columns, column, query.length);
        const similarity = similarityFromLcs(lcs, query.length, depth);
        if (similarity >= FUZZY_THRESHOLD) visitor.found(termId, similarity);
      }
      for (let child = nodes[node + FIRST_CHILD]; child !== NONE; child = nodes[child + NEXT_SIBLING]) {
        const labelAndTags = nodes[child + LABEL_AND_TAGS];
        if (((labelAndTags >>> TAGS_BELOW_SHIFT) & tags) === 0) continue;
        const next = claim(child, depth + 1);
        weighed++;
        matcher.advance(this.columns, column, labelAndTags & LABEL_MASK, this.columns, next * words);
        // The parent's bound holds for the child's terms too; taking the lower keeps popped bounds non-increasing.
        const childBound = Math.min(bound, this.similarityBound(prepared, child, depth + 1, next * words));
        if (childBound >= FUZZY_THRESHOLD) queue.push(childBound, next);
        else positions--;
      }
    }
    visitor.settled(-1);
  }

  /** The highest similarity any term at or below `node` can have with the prepared query; −1 when none can match. */
  private similarityBound(query: PreparedQuery, node: number, depth: number, column: number): number {
    const nodes = this.nodes;
    const shortest = Math.max(nodes[node + SHORTEST], query.minLength, depth);
    const longest = Math.min(nodes[node + LONGEST], query.maxLength);
    if (shortest > longest) return -1;
    const length = query.length;
    // Lengths alone first; the characters that may follow only tighten a bound that passes.
    const byLength = this.boundWithin(query, depth, column, shortest, longest, length);
    if (byLength < FUZZY_THRESHOLD) return -1;
    const classesLow = nodes[node + CLASSES_LOW];
    const classesHigh = nodes[node + CLASSES_HIGH];
    if (query.allMayFollow(classesLow, classesHigh)) return byLength;
    const most = query.availabilityBound(classesLow, classesHigh, this.columns, column);
    return most >= length ? byLength : this.boundWithin(query, depth, column, shortest, longest, most);
  }

  /** max over term lengths of the similarity when LCS ≤ prefix LCS + rest, and ≤ `most`. */
  private boundWithin(
    query: PreparedQuery,
    depth: number,
    column: number,
    shortest: number,
    longest: number,
    most: number,
  ): number {
    const { length, matcher } = query;
    let bound = -1;
    for (let termLength = shortest; termLength <= longest; termLength++) {
      // LCS ≤ most, so a longer term can only score lower than this from here on.
      if (similarityFromLcs(most, length, termLength) <= bound) break;
      const rest = termLength - depth;
      const lcs =
        rest >= length ? most : Math.min(most, matcher.prefixLcs(this.columns, column, length - rest) + rest);
      const similarity = similarityFromLcs(lcs, length, termLength);
      if (similarity > bound) bound = similarity;
    }
    return bound;
  }

  /** The nodes from the root to the term `text`, or undefined when the term is not in the trie. */
  private pathTo(text: string): number[] | undefined {
    const path = [ROOT];
    let node = ROOT;
    for (let depth = 0; depth < text.length; depth++) {
      node = this.child(node, text.charCodeAt(depth));
      if (node === NONE) return undefined;
      path.push(node);
    }
    return this.nodes[node + TERM] === NONE ? undefined : path;
  }

  private child(node: number, code: number): number {
    const nodes = this.nodes;
    for (let child = nodes[node + FIRST_CHILD]; child !== NONE; child = nodes[child + NEXT_SIBLING]) {
      if ((nodes[child + LABEL_AND_TAGS] & LABEL_MASK) === code) return child;
    }
    return NONE;
  }

  private unlink(parent: number, node: number): void {
    const nodes = this.nodes;
    if (nodes[parent + FIRST_CHILD] === node) {
      nodes[parent + FIRST_CHILD] = nodes[node + NEXT_SIBLING];
      return;
    }
    let previous = nodes[parent + FIRST_CHILD];
    while (nodes[previous + NEXT_SIBLING] !== node) previous = nodes[previous + NEXT_SIBLING];
    nodes[previous + NEXT_SIBLING] = nodes[node + NEXT_SIBLING];
  }

  private setOwnTags(node: number, tags: number): void {
    const labelAndTags = this.nodes[node + LABEL_AND_TAGS] & ~(TAG_MASK << OWN_TAGS_SHIFT);
    this.nodes[node + LABEL_AND_TAGS] = labelAndTags | ((tags & TAG_MASK) << OWN_TAGS_SHIFT);
  }

  /** Recomputes a node's lengths, classes and tags from its own term and its children. */
  private summarise(node: number, depth: number): void {
    const nodes = this.nodes;
    const hasTerm = nodes[node + TERM] !== NONE;
    let shortest = hasTerm ? depth : NO_TERM;
    let longest = hasTerm ? depth : 0;
    let low = 0;
    let high = 0;
    let tags = ownTags(nodes, node);
    for (let child = nodes[node + FIRST_CHILD]; child !== NONE; child = nodes[child + NEXT_SIBLING]) {
      shortest = Math.min(shortest, nodes[child + SHORTEST]);
      longest = Math.max(longest, nodes[child + LONGEST]);
      tags |= tagsBelow(nodes, child);
      const bit = characterClass(nodes[child + LABEL_AND_TAGS] & LABEL_MASK);
      low |= nodes[child + CLASSES_LOW] | (bit < 32 ? 1 << bit : 0);
      high |= nodes[child + CLASSES_HIGH] | (bit >= 32 ? 1 << (bit - 32) : 0);
    }
    nodes[node + SHORTEST] = shortest;
    nodes[node + LONGEST] = longest;
    nodes[node + CLASSES_LOW] = low;
    nodes[node + CLASSES_HIGH] = high;
    const labelAndTags = nodes[node + LABEL_AND_TAGS] & ~(TAG_MASK << TAGS_BELOW_SHIFT);
    nodes[node + LABEL_AND_TAGS] = labelAndTags | (tags << TAGS_BELOW_SHIFT);
  }

  private newNode(code: number): number {
    let node = this.freeNodes.pop();
    if (node === undefined) {
      node = this.end;
      this.end += STRIDE;
      if (this.end > this.nodes.length) this.nodes = grownInt32(this.nodes, this.end);
    }
    this.resetNode(node, code);
    return node;
  }

  private resetNode(node: number, code: number): void {
    const nodes = this.nodes;
    nodes[node + FIRST_CHILD] = NONE;
    nodes[node + NEXT_SIBLING] = NONE;
    nodes[node + LABEL_AND_TAGS] = code;
    nodes[node + TERM] = NONE;
    nodes[node + SHORTEST] = NO_TERM;
    nodes[node + LONGEST] = 0;
    nodes[node + CLASSES_LOW] = 0;
    nodes[node + CLASSES_HIGH] = 0;
  }
}

function ownTags(nodes: Int32Array, node: number): number {
  return (nodes[node + LABEL_AND_TAGS] >>> OWN_TAGS_SHIFT) & TAG_MASK;
}

function tagsBelow(nodes: Int32Array, node: number): number {
  return (nodes[node + LABEL_AND_TAGS] >>> TAGS_BELOW_SHIFT) & TAG_MASK;
}

/** A query prepared for bounding: its matcher, length window and, per distinct character, its class and mask. */
class PreparedQuery {
  readonly matcher: LcsMatcher;
  readonly length: number;
  readonly minLength: number;
  readonly maxLength: number;
  /** Positions of the query whose character may occur below the node being bounded (scratch). */
  private readonly availableMask: Int32Array;
  /** The classes of all the query's characters. */
  private queryClassesLow = 0;
  private queryClassesHigh = 0;
  /** Per distinct character of the query: its class bit and where its match mask starts. */
  private readonly classLow: Int32Array;
  private readonly classHigh: Int32Array;
  private readonly maskOffsets: Int32Array;

  constructor(query: string) {
    this.matcher = new LcsMatcher(query);
    this.length = query.length;
    const { min, max } = fuzzyLengthRange(query.length);
    this.minLength = min;
    this.maxLength = max;
    this.availableMask = new Int32Array(this.matcher.words);
    const distinct = distinctCodes(query);
    this.classLow = new Int32Array(distinct.length);
    this.classHigh = new Int32Array(distinct.length);
    this.maskOffsets = new Int32Array(distinct.length);
    distinct.forEach((code, index) => {
      const bit = characterClass(code);
      if (bit < 32) this.classLow[index] = 1 << bit;
      else this.classHigh[index] = 1 << (bit - 32);
      this.maskOffsets[index] = this.matcher.maskOffset(code);
      this.queryClassesLow |= this.classLow[index];
      this.queryClassesHigh |= this.classHigh[index];
    });
  }

  /** True when every character of the query has a class in the given ones. */
  allMayFollow(classesLow: number, classesHigh: number): boolean {
    return (this.queryClassesLow & ~classesLow) === 0 && (this.queryClassesHigh & ~classesHigh) === 0;
  }

  /**
   * max over i of LCS(q[0..i), prefix) + (positions of q[i..] whose character may follow): an upper bound on the
   * LCS of the query with any term below a node, given the node's LCS column and the classes below it.
   */
  availabilityBound(classesLow: number, classesHigh: number, columns: Int32Array, column: number): number {
    const mask = this.availableMask;
    mask.fill(0);
    for (let index = 0; index < this.maskOffsets.length; index++) {
      if ((classesLow & this.classLow[index]) === 0 && (classesHigh & this.classHigh[index]) === 0) continue;
      for (let word = 0; word < mask.length; word++)
        mask[word] |= this.matcher.maskWord(this.maskOffsets[index], word);
    }
    let remaining = 0;
    for (let word = 0; word < mask.length; word++) remaining += popcount32(mask[word]);
    let row = 0;
    let best = remaining;
    for (let i = 0; i < this.length; i++) {
      const word = i >>> 5;
      const bit = 1 << (i & 31);
      if ((columns[column + word] & bit) === 0) row++;
      if ((mask[word] & bit) !== 0) remaining--;
      if (row + remaining > best) best = row + remaining;
    }
    return best;
  }
}
