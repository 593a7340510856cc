/**
 * `npm run bench`: loads the deterministic 100,000-record dataset into a throw-away SQLite database in
 * bench/.data/, builds the app and measures it through `app.inject` against the issue's targets. Prints one
 * table and exits non-zero when a target is missed or a measured route is missing. `BENCH_SIZE=20000` for
 * another dataset size. Add a benchmark by appending to `benchmarks`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/src/app';
import { signToken } from '../server/src/auth/jwt';
import { loadConfig } from '../server/src/config';
import { createDatabase } from '../server/src/db';
import { migrateToLatest } from '../server/src/db/migrate';
import { insertUser } from '../server/src/db/repositories/users';
import { benchmarkQueries, generateDataset, type Dataset } from './dataset';
import { loadDataset } from './loadDataset';
import { measureStockPages } from './paging.bench';
import { percentile } from './stats';

const SIZE = Number(process.env.BENCH_SIZE ?? 100_000);
const DATA_DIR = path.join(__dirname, '.data');

interface BenchContext {
  app: FastifyInstance;
  dataset: Dataset;
}

/** One line of the report; `pass` is undefined for figures without a target. */
interface Measurement {
  name: string;
  measured: string;
  target?: string;
  pass?: boolean;
}

interface Benchmark {
  name: string;
  run: (context: BenchContext) => Promise<Measurement[]>;
}

class RouteMissing extends Error {}

const ms = (value: number): string => `${value.toFixed(value < 100 ? 2 : 0)} ms`;

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; elapsed: number }> {
  const started = performance.now();
  const result = await work();
  return { result, elapsed: performance.now() - started };
}

const SEARCH_P95_TARGET_MS = 10;
const SEARCH_ROUNDS = 3;

const fuzzySearch: Benchmark = {
  name: 'fuzzy search',
  async run({ app, dataset }) {
    const queries = benchmarkQueries(dataset, { seed: 7, perKind: 60 });
    const url = ({ query, type }: { query: string; type?: string }) =>
      `/api/management/fuzzysearch/?${new URLSearchParams({ query, ...(type ? { type: type.toLowerCase() } : {}) })}`;
    const get = async (query: { query: string; type?: string }) => {
      const response = await app.inject({ method: 'GET', url: url(query) });
      if (response.statusCode === 404) throw new RouteMissing('GET /api/management/fuzzysearch/');
      if (response.statusCode !== 200)
        throw new Error(`search ${url(query)} → ${response.statusCode} ${response.body}`);
    };

    // The first search loads the whole index; then one untimed pass warms the JIT.
    const { elapsed: firstSearch } = await timed(() => get({ query: 'warm up' }));
    for (const query of queries) await get(query);

    const latencies = new Map<string, number[]>();
    const add = (group: string, elapsed: number) => {
      const list = latencies.get(group) ?? [];
      list.push(elapsed);
      latencies.set(group, list);
    };
    for (let round = 0; round < SEARCH_ROUNDS; round++) {
      for (const query of queries) {
        const { elapsed } = await timed(() => get(query));
        add(`${query.kind}, ${query.type ? 'typed' : 'mixed'}`, elapsed);
        add(query.type ? 'all typed' : 'all mixed', elapsed);
        add('all queries', elapsed);
      }
    }

    const rows: Measurement[] = [
      { name: 'fuzzy search: first search (loads the index)', measured: ms(firstSearch) },
    ];
    const kinds = [...new Set(queries.map((query) => query.kind as string))];
    const rank = (group: string) =>
      group.startsWith('all') ? kinds.length : kinds.indexOf(group.split(',')[0]);
    const order = [...latencies.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    for (const group of order) {
      const sorted = (latencies.get(group) as number[]).sort((a, b) => a - b);
      const p95 = percentile(sorted, 0.95);
      rows.push({
        name: `fuzzy search: ${group} (n=${sorted.length})`,
        measured: `p50 ${ms(percentile(sorted, 0.5))}, p95 ${ms(p95)}`,
        target: `p95 ≤ ${SEARCH_P95_TARGET_MS} ms`,
        pass: p95 <= SEARCH_P95_TARGET_MS,
      });
    }
    return rows;
  },
};

const CHEMICAL_LIST_TARGET_MS = 1000;
const CHEMICAL_LIST_RUNS = 3;

const chemicalList: Benchmark = {
  name: 'full public chemical list',
  async run({ app, dataset }) {
    const url = '/api/storeobjects/chemicalobjs/';
    const get = async () => {
      const response = await app.inject({ method: 'GET', url });
      if (response.statusCode === 404) throw new RouteMissing(`GET ${url}`);
      if (response.statusCode !== 200) throw new Error(`GET ${url} → ${response.statusCode}`);
      return response;
    };
    const first = await get();
    const count = (first.json() as unknown[]).length;
    if (count !== dataset.chemicals.length) {
      throw new Error(`GET ${url} returned ${count} records, expected ${dataset.chemicals.length}`);
    }
    const times: number[] = [];
    for (let run = 0; run < CHEMICAL_LIST_RUNS; run++) times.push((await timed(get)).elapsed);
    times.sort((a, b) => a - b);
    const slowest = times[times.length - 1];
    return [
      {
        name: `full chemical list: ${count} records, ${(first.rawPayload.length / 2 ** 20).toFixed(1)} MiB (${CHEMICAL_LIST_RUNS} runs)`,
        measured: `p50 ${ms(percentile(times, 0.5))}, max ${ms(slowest)}`,
        target: `max ≤ ${CHEMICAL_LIST_TARGET_MS} ms`,
        pass: slowest <= CHEMICAL_LIST_TARGET_MS,
      },
    ];
  },
};

const COMPRESSED_LIST_TARGET_BYTES = 2_500_000;
const COMPRESSED_LIST_TARGET_MS = 500;

const megabytes = (bytes: number): string => `${(bytes / 1e6).toFixed(2)} MB`;

/** The full list as a browser (brotli), a gzip-only client and a client that accepts no encoding receive it. */
const chemicalListOnTheWire: Benchmark = {
  name: 'full chemical list on the wire',
  async run({ app }) {
    const url = '/api/management/chemicals/';
    const rows: Measurement[] = [];
    for (const encoding of ['br', 'gzip', 'identity']) {
      const get = async () => {
        const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        if (response.statusCode === 404) throw new RouteMissing(`GET ${url}`);
        if (response.statusCode !== 200) throw new Error(`GET ${url} → ${response.statusCode}`);
        const served = response.headers['content-encoding'] ?? 'identity';
        if (served !== encoding) throw new Error(`GET ${url} asked for ${encoding}, got ${served}`);
        return response.rawPayload.length;
      };
      const bytes = await get();
      const times: number[] = [];
      for (let run = 0; run < CHEMICAL_LIST_RUNS; run++) times.push((await timed(get)).elapsed);
      times.sort((a, b) => a - b);
      const slowest = times[times.length - 1];
      const measured = `${megabytes(bytes)}, p50 ${ms(percentile(times, 0.5))}, max ${ms(slowest)}`;
      rows.push(
        encoding === 'br'
          ? {
              name: `full chemical list, Accept-Encoding: br (${CHEMICAL_LIST_RUNS} runs)`,
              measured,
              target: `≤ ${megabytes(COMPRESSED_LIST_TARGET_BYTES)}, max ≤ ${COMPRESSED_LIST_TARGET_MS} ms`,
              pass: bytes <= COMPRESSED_LIST_TARGET_BYTES && slowest <= COMPRESSED_LIST_TARGET_MS,
            }
          : {
              name: `full chemical list, Accept-Encoding: ${encoding} (${CHEMICAL_LIST_RUNS} runs)`,
              measured,
            },
      );
    }
    return rows;
  },
};

const MERGE_TARGET_MS = 100;
const MERGE_LINES = 500;
const MERGE_RUNS = 3;

const shipmentMerge: Benchmark = {
  name: 'shipment merge',
  async run({ app }) {
    const user = await insertUser(app.db, {
      email: 'bench.merge@lab.org',
      first_name: 'Bench',
      last_name: 'Merge',
      password_hash: 'unused: the benchmark signs its token directly',
      is_superuser: false,
    });
    const headers = { authorization: `Bearer ${signToken(app.config.jwtSecret, 'access', user.id, 3600)}` };
    // 450 records, 50 of them on two lines: old_total accumulates within the merge as it does for real lists.
    const records = await app.db.selectFrom('chemical_stock').select('id').orderBy('id').limit(450).execute();
    const stockIds = Array.from({ length: MERGE_LINES }, (_, line) => records[line % records.length].id);

    const times: number[] = [];
    for (let run = 0; run < MERGE_RUNS; run++) {
      for (const [line, stockId] of stockIds.entries()) {
        const staged = await app.inject({
          method: 'POST',
          url: '/api/management/chemical-temp-shipment/',
          headers,
          payload: { chemical: stockId, quantity: 1 + (line % 7) * 0.125 },
        });
        if (staged.statusCode === 404) throw new RouteMissing('POST /api/management/chemical-temp-shipment/');
        if (staged.statusCode !== 201) throw new Error(`staging → ${staged.statusCode} ${staged.body}`);
      }
      const { result: merged, elapsed } = await timed(() =>
        app.inject({ method: 'POST', url: '/api/management/chemical-temp-shipment/merge/', headers }),
      );
      if (merged.statusCode !== 201) throw new Error(`merge → ${merged.statusCode} ${merged.body}`);
      const lines = (merged.json() as { chemicals: unknown[] }).chemicals.length;
      if (lines !== MERGE_LINES) throw new Error(`merge returned ${lines} lines, expected ${MERGE_LINES}`);
      times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    const slowest = times[times.length - 1];
    return [
      {
        name: `shipment merge: ${MERGE_LINES} staged chemical lines (${MERGE_RUNS} runs)`,
        measured: `p50 ${ms(percentile(times, 0.5))}, max ${ms(slowest)}`,
        target: `max ≤ ${MERGE_TARGET_MS} ms`,
        pass: slowest <= MERGE_TARGET_MS,
      },
    ];
  },
};

const stockPages: Benchmark = {
  name: 'chemical list pages',
  run: ({ app, dataset }) => measureStockPages(app, dataset),
};

const benchmarks: Benchmark[] = [fuzzySearch, chemicalList, chemicalListOnTheWire, shipmentMerge, stockPages];

function printTable(rows: Measurement[]): void {
  const header: Measurement = { name: 'benchmark', measured: 'measured', target: 'target' };
  const cells = (row: Measurement) => [
    row.name,
    row.measured,
    row.target ?? '',
    row.pass === undefined ? (row === header ? 'result' : '') : row.pass ? 'PASS' : 'FAIL',
  ];
  const widths = [0, 1, 2, 3].map((column) =>
    Math.max(...[header, ...rows].map((row) => cells(row)[column].length)),
  );
  const line = (row: Measurement) =>
    cells(row)
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  rows.forEach((row) => console.log(line(row)));
}

async function main(): Promise<number> {
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const databaseFile = path.join(DATA_DIR, 'bench.sqlite3');
  const config = loadConfig(
    { DATA_DIR, DATABASE_URL: databaseFile, JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256' },
    null,
  );
  const database = createDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database.db, database.dialect);
    const dataset = generateDataset({ seed: 42, size: SIZE });
    const { elapsed: loading } = await timed(() => loadDataset(database.db, dataset));
    // Latencies mean little on a busy machine: say how busy it was.
    console.log(
      `load average: ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')} on ${os.cpus().length} cores`,
    );
    console.log(
      `dataset: ${dataset.chemicals.length} chemicals, ${dataset.instruments.length} instruments, ` +
        `${dataset.glassware.length} glassware loaded into SQLite in ${(loading / 1000).toFixed(1)} s\n`,
    );
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    const rows: Measurement[] = [];
    let missing = false;
    try {
      for (const benchmark of benchmarks) {
        try {
          rows.push(...(await benchmark.run({ app, dataset })));
        } catch (error) {
          if (!(error instanceof RouteMissing)) throw error;
          missing = true;
          rows.push({ name: benchmark.name, measured: `route missing: ${error.message}`, pass: false });
        }
      }
    } finally {
      await app.close();
    }
    printTable(rows);
    const failed = rows.filter((row) => row.pass === false).length;
    console.log(
      `\n${failed === 0 ? 'All targets met.' : `${failed} target(s) missed${missing ? ' (route missing)' : ''}.`}`,
    );
    return failed === 0 ? 0 : 1;
  } finally {
    await database.destroy();
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
