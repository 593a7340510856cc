import path from 'node:path';
import { loadConfig, type Config } from '../server/src/config';

/** The throw-away data folder of `npm run bench` (deleted when it ends). */
export const BENCH_DATA_DIR = path.join(__dirname, '.data');

/** The benchmarks' SQLite database. */
export const BENCH_SQLITE_FILE = path.join(BENCH_DATA_DIR, 'bench.sqlite3');

/**
 * The configuration of both the benchmark's in-process app and its HTTP server process; `databaseUrl` for a
 * server on another database (PostgreSQL).
 */
export function benchConfig(databaseUrl = BENCH_SQLITE_FILE): Config {
  return loadConfig(
    {
      DATA_DIR: BENCH_DATA_DIR,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
      // The production build the browser benchmarks open on the server process (browser.ts).
      STATIC_DIR: process.env.STATIC_DIR,
    },
    null,
  );
}
