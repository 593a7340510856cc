/**
 * Search index benchmark: builds a FuzzyIndex from 100,000 generated stock records and prints build time,
 * search latency per query kind and upsert/remove latency; then the typo latency again with many more distinct
 * terms in the index (`BENCH_EXTRA_NAMES` synthetic instrument names, 200,000 by default). Run with
 * `npx tsx bench/searchIndex.bench.ts`.
 */
import { FuzzyIndex, type SearchEntry } from '../server/src/search/fuzzyIndex';
import { stockSearchEntry } from '../server/src/search/searchEntries';
import { benchmarkQueries, generateDataset, mulberry32, type BenchmarkQuery } from './dataset';
import { searchEntriesOf } from './searchEntries';
import { percentile } from './stats';

const SIZE = Number(process.env.BENCH_SIZE ?? 100_000);
const ROUNDS = 5;
const LIMIT = 10;
const EXTRA_NAMES = Number(process.env.BENCH_EXTRA_NAMES ?? 200_000);

function summary(latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const format = (ms: number): string => ms.toFixed(3).padStart(8);
  return `p50 ${format(percentile(sorted, 0.5))} ms  p95 ${format(percentile(sorted, 0.95))} ms  max ${format(sorted[sorted.length - 1])} ms  (n=${sorted.length})`;
}

function main(): void {
  const dataset = generateDataset({ seed: 42, size: SIZE });
  const entries = searchEntriesOf(dataset);
  const index = new FuzzyIndex();
  let started = performance.now();
  index.upsertMany(entries);
  console.log(`build: ${entries.length} entries in ${(performance.now() - started).toFixed(0)} ms`);

  const queries = benchmarkQueries(dataset, { seed: 7, perKind: 60 });
  const byKind = new Map<string, number[]>();
  const all: number[] = [];
  for (const { query, type } of queries) index.search(query, { type, limit: LIMIT });
  for (let round = 0; round < ROUNDS; round++) {
    for (const { kind, query, type } of queries) {
      started = performance.now();
      index.search(query, { type, limit: LIMIT });
      const elapsed = performance.now() - started;
      all.push(elapsed);
      const latencies = byKind.get(kind) ?? [];
      latencies.push(elapsed);
      byKind.set(kind, latencies);
    }
  }
  console.log(`search (limit ${LIMIT}, ${ROUNDS} rounds after warm-up):`);
  for (const [kind, latencies] of byKind) console.log(`  ${kind.padEnd(16)} ${summary(latencies)}`);
  console.log(`  ${'all'.padEnd(16)} ${summary(all)}`);

  const upserts: number[] = [];
  const renames: number[] = [];
  const removals: number[] = [];
  const extra = generateDataset({ seed: 43, size: 2000 });
  const fresh = searchEntriesOf(extra).map((entry) => ({ ...entry, id: entry.id + 10_000_000 }));
  for (const entry of fresh) {
    started = performance.now();
    index.upsert(entry);
    upserts.push(performance.now() - started);
  }
  for (const entry of fresh) {
    const renamed = {
      ...entry,
      catalogName: `${entry.catalogName} X`,
      fields: [`${entry.fields[0]} X`, ...entry.fields.slice(1)],
    };
    started = performance.now();
    index.upsert(renamed);
    renames.push(performance.now() - started);
  }
  for (const entry of fresh) {
    started = performance.now();
    index.remove(entry.type, entry.id);
    removals.push(performance.now() - started);
  }
  console.log(`upsert (new)     ${summary(upserts)}`);
  console.log(`upsert (rename)  ${summary(renames)}`);
  console.log(`remove           ${summary(removals)}`);
  console.log(`heap used: ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB`);

  const typos = queries.filter((query) => query.kind === 'typo' || query.kind === 'transposition');
  console.log(`typo and transposition queries as the vocabulary grows (limit ${LIMIT}, CPU time):`);
  for (const extraNames of [0, EXTRA_NAMES / 2, EXTRA_NAMES]) {
    const larger = new FuzzyIndex();
    larger.upsertMany([...entries, ...syntheticNames(extraNames)]);
    console.log(`  +${String(extraNames).padEnd(7)} names ${summary(cpuTimes(larger, typos))}`);
  }
}

/** Distinct two-word instrument names built from chemistry-like syllables: near neighbours of real terms. */
function syntheticNames(count: number): SearchEntry[] {
  const random = mulberry32(99);
  const syllables = [
    'ka',
    'ro',
    'mi',
    'ne',
    'tu',
    'sa',
    'lo',
    've',
    'di',
    'ph',
    'an',
    'ox',
    'yl',
    'et',
    'hy',
  ];
  const word = (): string => {
    let text = '';
    for (let n = 2 + Math.floor(random() * 4); n > 0; n--)
      text += syllables[Math.floor(random() * syllables.length)];
    return text;
  };
  return Array.from({ length: count }, (_, i) =>
    stockSearchEntry('instrument', 20_000_000 + i, { name: `${word()} ${word()}` }),
  );
}

/** Milliseconds of CPU per search (not wall time: other processes on a shared machine do not count). */
function cpuTimes(index: FuzzyIndex, queries: readonly BenchmarkQuery[]): number[] {
  for (const { query, type } of queries) index.search(query, { type, limit: LIMIT });
  return queries.map(({ query, type }) => {
    const started = process.cpuUsage();
    index.search(query, { type, limit: LIMIT });
    const { user, system } = process.cpuUsage(started);
    return (user + system) / 1000;
  });
}

main();
