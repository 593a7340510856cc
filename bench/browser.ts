/**
 * What the browser benchmarks share: the production build they measure, the product's server serving it on a free
 * loopback port, and Debian's Chromium driven by playwright-core (never a downloaded browser).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from '../server/src/app';
import { loadConfig, projectRoot } from '../server/src/config';
import { createDatabase, type DatabaseHandle } from '../server/src/db';
import { migrateToLatest } from '../server/src/db/migrate';

/** Where the production build to measure is: dist/, or `STATIC_DIR=…`. */
export const buildDirectory = (): string =>
  path.resolve(process.env.STATIC_DIR ?? path.join(projectRoot, 'dist'));

/** What to do when there is no build in `staticDir`. */
export const noBuild = (staticDir: string): string =>
  `No build in ${staticDir}: run \`npm run build\` first.`;

/** The production build to measure, or null, with the reason printed, when absent. */
export function builtApp(): string | null {
  const staticDir = buildDirectory();
  if (fs.existsSync(path.join(staticDir, 'index.html'))) return staticDir;
  console.error(noBuild(staticDir));
  return null;
}

export interface ServedApp {
  baseUrl: string;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * The product's server on `databaseUrl` (migrated here; `:memory:` for an empty one) with the build in `staticDir`,
 * listening on a free loopback port. `prepare` fills the database before the server starts.
 */
async function serveBuiltApp(
  staticDir: string,
  dataDir: string,
  databaseUrl: string,
  prepare: (database: DatabaseHandle) => Promise<void> = async () => undefined,
): Promise<ServedApp> {
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      STATIC_DIR: staticDir,
      JWT_SECRET: 'bench-secret-that-is-long-enough',
    },
    null,
  );
  const database = createDatabase(config.databaseUrl);
  await migrateToLatest(database.db, database.dialect);
  await prepare(database);
  const app = await buildApp({ config, database, logger: false });
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    baseUrl,
    database,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
    ],
  });
}

/**
 * Serves the build on a database in a throw-away data folder (in memory unless `prepare` fills a file there), runs
 * `measure` against its address, and removes everything afterwards. Resolves to the exit code: 1 when there is no
 * build, else what `measure` says.
 */
export async function servingBuild(
  measure: (baseUrl: string) => Promise<number>,
  prepare?: (database: DatabaseHandle) => Promise<void>,
): Promise<number> {
  const staticDir = builtApp();
  if (staticDir === null) return 1;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labstore-bench-browser-'));
  try {
    const databaseUrl = prepare ? path.join(dataDir, 'bench.sqlite3') : ':memory:';
    const served = await serveBuiltApp(staticDir, dataDir, databaseUrl, prepare);
    try {
      return await measure(served.baseUrl);
    } finally {
      await served.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `servingBuild` with Chromium (playwright-core) launched for `measure`. */
export function measureBuild(
  measure: (browser: Browser, baseUrl: string) => Promise<number>,
  prepare?: (database: DatabaseHandle) => Promise<void>,
): Promise<number> {
  return servingBuild(async (baseUrl) => {
    const browser = await launchChromium();
    try {
      return await measure(browser, baseUrl);
    } finally {
      await browser.close();
    }
  }, prepare);
}
