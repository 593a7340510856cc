import { generateDataset, type Dataset } from '../../../bench/dataset';
import { loadConfig } from '../config';
import { createDatabase, type Db } from '../db';
import type { Dialect } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import type { StockKind } from '../domain/stockKinds';
import type { Actor } from '../audit/entries';
import { createStockRecord, type StockWrites } from '../services/stock';

const USAGE = `Usage:
  npm run seed -- --records 10000
Fills an empty store with demo stock records (the benchmarks' generated chemicals, instruments and glassware), each
written as the first administrator would through the API: with its ledger entry, search index entry and audit entry.
Refuses a database that already holds stock records, so it never adds a second set.`;

/** The same records on every run (the benchmarks' seed), so a demo and a bench show the same store. */
const DATASET_SEED = 20_261_124;

export interface SeedContext {
  db: Db;
  dialect: Dialect;
  now: () => Date;
}

export interface SeedReport {
  chemical: number;
  instrument: number;
  glassware: number;
}

/** What the database holds already, which a seed would add to. */
async function existingRecords(db: Db): Promise<number> {
  let total = 0;
  for (const table of ['chemical_stock', 'instrument_stock', 'glassware_stock'] as const) {
    const { count } = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    total += Number(count);
  }
  return total;
}

/**
 * Writes `records` generated records through the stock service, one record per transaction as the API writes them
 * (so the running server's search index and change feed hear of each), as `actor`. Refuses a store that has records.
 */
export async function seedDemoStock(
  context: SeedContext,
  actor: Actor,
  records: number,
): Promise<SeedReport> {
  const existing = await existingRecords(context.db);
  if (existing > 0) {
    throw new Error(
      `The database already holds ${existing} stock records: npm run seed only fills an empty store, so it never adds a second set.`,
    );
  }
  const dataset: Dataset = generateDataset({ seed: DATASET_SEED, size: records });
  const byKind: [StockKind, readonly object[]][] = [
    ['chemical', dataset.chemicals],
    ['instrument', dataset.instruments],
    ['glassware', dataset.glassware],
  ];
  const report: SeedReport = { chemical: 0, instrument: 0, glassware: 0 };
  for (const [kind, writes] of byKind) {
    for (const write of writes) {
      await createStockRecord(context, actor, kind, write as StockWrites[typeof kind]);
      report[kind] += 1;
    }
  }
  return report;
}

function recordsArgument(args: readonly string[]): number {
  const index = args.indexOf('--records');
  const value = index === -1 ? undefined : args[index + 1];
  if (value === undefined || !/^\d+$/.test(value) || Number(value) < 1) throw new Error(USAGE);
  return Number(value);
}

async function main(): Promise<void> {
  const records = recordsArgument(process.argv.slice(2));
  const config = loadConfig();
  const database = createDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database.db, database.dialect);
    const admin = await database.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('is_superuser', '=', 1)
      .orderBy('id')
      .executeTakeFirst();
    if (admin === undefined)
      throw new Error('No administrator yet: start the server once (npm start) first.');
    const actor: Actor = { id: admin.id, email: admin.email, ip: '127.0.0.1', origin: null };
    const report = await seedDemoStock({ ...database, now: () => new Date() }, actor, records);
    console.log(
      `Added ${report.chemical} chemicals, ${report.instrument} instruments and ${report.glassware} glassware records.`,
    );
  } finally {
    await database.destroy();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
