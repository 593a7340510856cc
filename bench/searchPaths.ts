/** The fuzzy search's URLs as the HTTP benchmarks ask for them (run.ts, cluster.bench.ts). */
import { benchmarkQueries, type BenchmarkQuery, type Dataset } from './dataset';

export const searchPath = ({ query, type }: { query: string; type?: string }): string =>
  `/api/management/fuzzysearch/?${new URLSearchParams({ query, ...(type ? { type: type.toLowerCase() } : {}) })}`;

/** The typo queries issue 10 timed one at a time (10–17 ms each then). */
export const ISSUE_TYPO_QUERIES = ['Acetonne', 'Methnol', '7647-14-5', 'Centrifge'];

export const isTypo = (query: BenchmarkQuery): boolean =>
  query.kind === 'typo' || query.kind === 'transposition';

/**
 * The typo and transposition searches sent round and round under load (run.ts's `underLoad`, and with several
 * processes): the benchmark queries' (seed 7, 60 per kind), then the issue's four.
 */
export const typoSearchPaths = (dataset: Dataset): string[] =>
  [
    ...benchmarkQueries(dataset, { seed: 7, perKind: 60 }).filter(isTypo),
    ...ISSUE_TYPO_QUERIES.map((query) => ({ query })),
  ].map(searchPath);

/** Of those, the ones asked without a type filter (all the Store's kinds at once). */
export const mixedTypoSearchPaths = (dataset: Dataset): string[] =>
  [
    ...benchmarkQueries(dataset, { seed: 7, perKind: 60 }).filter((query) => isTypo(query) && !query.type),
    ...ISSUE_TYPO_QUERIES.map((query) => ({ query })),
  ].map(searchPath);
