/**
 * The textbook LCS dynamic programme over UTF-16 code units: slow and obviously right, the reference the
 * search engine's bit-parallel LCS and its indexes are checked against.
 */
export function referenceLcs(a: string, b: string): number {
  let previous = new Int32Array(b.length + 1);
  let current = new Int32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      current[j] =
        a.charCodeAt(i - 1) === b.charCodeAt(j - 1)
          ? previous[j - 1] + 1
          : Math.max(previous[j], current[j - 1]);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length];
}

/** SERVER.md §11 similarity computed with the reference LCS. */
export function referenceSimilarity(a: string, b: string): number {
  return a.length + b.length === 0 ? 1 : (2 * referenceLcs(a, b)) / (a.length + b.length);
}
