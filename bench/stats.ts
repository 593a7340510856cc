/** Nearest-rank percentile of ascending latencies, e.g. `percentile(sorted, 0.95)`. */
export function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
}
