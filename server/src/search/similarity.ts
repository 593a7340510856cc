/**
 * similarity(a, b) = 2·LCS(a, b) / (len a + len b) (SERVER.md §11), with cheap upper bounds that let the
 * index skip most candidates before computing an exact LCS.
 */

/** The least similarity that counts as a fuzzy match. */
export const FUZZY_THRESHOLD = 0.75;

/** Every caller computes similarity through this one expression so that equal ratios give equal doubles. */
export function similarityFromLcs(lcs: number, lengthA: number, lengthB: number): number {
  const total = lengthA + lengthB;
  return total === 0 ? 1 : (2 * lcs) / total;
}

/**
 * The lengths a string may have to reach FUZZY_THRESHOLD against a string of `length` characters:
 * LCS ≤ the shorter length, so the shorter must be at least 0.6 × the longer.
 */
export function fuzzyLengthRange(length: number): { min: number; max: number } {
  // 0.6 = 3/5, computed on integers to avoid rounding surprises at the boundary.
  return { min: Math.ceil((3 * length) / 5), max: Math.floor((5 * length) / 3) };
}

/** Upper bound on similarity from the lengths alone (the LCS is at most the shorter length). */
export function lengthSimilarityBound(lengthA: number, lengthB: number): number {
  return similarityFromLcs(Math.min(lengthA, lengthB), lengthA, lengthB);
}

/** Upper bound on the LCS: the characters the two strings have in common, counted with multiplicity. */
export function histogramLcsBound(a: string, b: string): number {
  const counts = new Map<number, number>();
  for (let i = 0; i < a.length; i++) {
    const code = a.charCodeAt(i);
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  let common = 0;
  for (let i = 0; i < b.length; i++) {
    const code = b.charCodeAt(i);
    const left = counts.get(code) ?? 0;
    if (left > 0) {
      counts.set(code, left - 1);
      common++;
    }
  }
  return common;
}

const WORD_BITS = 32;
const ASCII = 128;

/** The distinct UTF-16 code units of a text (the unit that `length` and LCS count). */
export function distinctCodes(text: string): number[] {
  const codes = new Set<number>();
  for (let i = 0; i < text.length; i++) codes.add(text.charCodeAt(i));
  return [...codes];
}

export function popcount32(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/**
 * Computes LCS(pattern, text) for one fixed pattern against many texts by the bit-parallel algorithm
 * (Allison–Dix / Hyyrö): a vector of pattern.length bits, held in 32-bit words, is one DP column, so each text
 * character costs a handful of integer operations per 32 pattern characters.
 *
 * The column can also be advanced one character at a time (`start`, `advance`), which lets a trie walk share
 * the work for a common prefix among all the texts below it. Bit i of the column is 0 where the LCS of
 * pattern[0..i] and the text read so far grows, so `prefixLcs(i)` is the number of zero bits below i.
 */
export class LcsMatcher {
  /** 32-bit words per column. */
  readonly words: number;
  /** Match masks, `words` per distinct pattern character; the first `words` are the empty mask. */
  private readonly masks: Int32Array;
  private readonly asciiOffsets = new Int32Array(ASCII);
  private readonly otherOffsets = new Map<number, number>();
  /** Bits of the last word that lie inside the pattern. */
  private readonly lastWordBits: number;

  constructor(readonly pattern: string) {
    this.words = Math.max(1, Math.ceil(pattern.length / WORD_BITS));
    const distinct = distinctCodes(pattern);
    this.masks = new Int32Array((distinct.length + 1) * this.words);
    distinct.forEach((code, index) => {
      const offset = (index + 1) * this.words;
      if (code < ASCII) this.asciiOffsets[code] = offset;
      else this.otherOffsets.set(code, offset);
    });
    for (let i = 0; i < pattern.length; i++) {
      const offset = this.maskOffset(pattern.charCodeAt(i));
      this.masks[offset + (i >>> 5)] |= 1 << (i & 31);
    }
    const tail = pattern.length - (this.words - 1) * WORD_BITS;
    this.lastWordBits = tail >= WORD_BITS ? -1 : (1 << tail) - 1;
  }

  /** Where the match mask of a character starts in `masks` (0: the empty mask). */
  maskOffset(code: number): number {
    return code < ASCII ? this.asciiOffsets[code] : (this.otherOffsets.get(code) ?? 0);
  }

  /** The match mask words of a character, as one number per word (for callers that test pattern positions). */
  maskWord(offset: number, word: number): number {
    return this.masks[offset + word];
  }

  lcs(text: string): number {
    if (this.words === 1) {
      const { masks, asciiOffsets } = this;
      let column = -1;
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        const matches = column & masks[code < ASCII ? asciiOffsets[code] : this.maskOffset(code)];
        column = (column + matches) | (column - matches) | 0;
      }
      return popcount32(~column & this.lastWordBits);
    }
    const columns = new Int32Array(2 * this.words);
    this.start(columns, 0);
    let from = 0;
    for (let i = 0; i < text.length; i++) {
      const to = this.words - from;
      this.advance(columns, from, text.charCodeAt(i), columns, to);
      from = to;
    }
    return this.prefixLcs(columns, from, this.pattern.length);
  }

  similarity(text: string): number {
    return similarityFromLcs(this.lcs(text), this.pattern.length, text.length);
  }

  /** Writes the column of the empty text at `columns[at…]`. */
  start(columns: Int32Array, at: number): void {
    columns.fill(-1, at, at + this.words);
  }

  /** Writes at `into[to…]` the column of `from[at…]` after one more text character. */
  advance(from: Int32Array, at: number, code: number, into: Int32Array, to: number): void {
    const maskAt = this.maskOffset(code);
    const masks = this.masks;
    let carry = 0;
    for (let word = 0; word < this.words; word++) {
      const column = from[at + word];
      const mask = masks[maskAt + word];
      const matches = column & mask;
      // V + U with the carry of the lower words; V − U never borrows (U's bits are V's) and equals V & ~M.
      const sum = (column >>> 0) + (matches >>> 0) + carry;
      carry = sum > 0xffffffff ? 1 : 0;
      into[to + word] = sum | (column & ~mask);
    }
  }

  /** LCS(pattern[0..length), text read so far) for the column at `columns[at…]`. */
  prefixLcs(columns: Int32Array, at: number, length: number): number {
    if (length < WORD_BITS) return popcount32(~columns[at] & ((1 << length) - 1));
    let lcs = 0;
    const fullWords = length >>> 5;
    for (let word = 0; word < fullWords; word++) lcs += popcount32(~columns[at + word]);
    const rest = length & 31;
    if (rest > 0) lcs += popcount32(~columns[at + fullWords] & ((1 << rest) - 1));
    return lcs;
  }
}

/** Length of the longest common subsequence of a and b. */
export function lcsLength(a: string, b: string): number {
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (shorter.length === 0) return 0;
  return new LcsMatcher(shorter).lcs(longer);
}

/** similarity(a, b) = 2·LCS(a, b) / (len a + len b); two empty strings are identical (1). */
export function similarity(a: string, b: string): number {
  return similarityFromLcs(lcsLength(a, b), a.length, b.length);
}
