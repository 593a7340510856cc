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

function popcount32(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** Classic O(n·m) dynamic programme on two rolling rows; used when both strings exceed 32 characters. */
function lcsByDynamicProgramming(a: string, b: string): number {
  let previous = new Int32Array(b.length + 1);
  let current = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    const code = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      current[j] = code === b.charCodeAt(j - 1) ? previous[j - 1] + 1 : Math.max(previous[j], current[j - 1]);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length];
}

/**
 * Computes LCS(pattern, text) for one fixed pattern against many texts. Patterns of up to 32 characters use
 * the bit-parallel algorithm (Allison–Dix / Hyyrö): one 32-bit word holds a DP column, so each text character
 * costs a handful of integer operations.
 */
export class LcsMatcher {
  private readonly asciiMasks = new Int32Array(ASCII);
  private readonly otherMasks = new Map<number, number>();
  private readonly lowBits: number;

  constructor(readonly pattern: string) {
    this.lowBits = pattern.length >= WORD_BITS ? -1 : (1 << pattern.length) - 1;
    if (pattern.length > WORD_BITS) return;
    for (let i = 0; i < pattern.length; i++) {
      const code = pattern.charCodeAt(i);
      if (code < ASCII) this.asciiMasks[code] |= 1 << i;
      else this.otherMasks.set(code, (this.otherMasks.get(code) ?? 0) | (1 << i));
    }
  }

  lcs(text: string): number {
    if (this.pattern.length > WORD_BITS) return lcsLength(this.pattern, text);
    const ascii = this.asciiMasks;
    let column = -1;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      const mask = code < ASCII ? ascii[code] : (this.otherMasks.get(code) ?? 0);
      const matches = column & mask;
      column = (column + matches) | (column - matches) | 0;
    }
    return popcount32(~column & this.lowBits);
  }

  similarity(text: string): number {
    return similarityFromLcs(this.lcs(text), this.pattern.length, text.length);
  }
}

/** Length of the longest common subsequence of a and b. */
export function lcsLength(a: string, b: string): number {
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (shorter.length === 0) return 0;
  if (shorter.length <= WORD_BITS) return new LcsMatcher(shorter).lcs(longer);
  return lcsByDynamicProgramming(shorter, longer);
}

/** similarity(a, b) = 2·LCS(a, b) / (len a + len b); two empty strings are identical (1). */
export function similarity(a: string, b: string): number {
  return similarityFromLcs(lcsLength(a, b), a.length, b.length);
}
