import cluster from 'node:cluster';
import { passwordNotice, ensureAdmin, ensureStoredCurrency, StartRefused } from './bootstrap';
import { runPrimary, runsHousekeeping, workerSlot } from './cluster';
import { loadConfig, type Config } from './config';
import { createDatabase } from './db';
import { migrateToLatest } from './db/migrate';
import { runningMessage, serve } from './serve';

/** `npm run serve`: one server process, or with WEB_CONCURRENCY > 1 a primary and its workers (cluster.ts). */
async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isWorker) return serveAsWorker(config);

  const database = createDatabase(config.databaseUrl);
  await migrateToLatest(database.db, database.dialect);
  await ensureStoredCurrency(database.db, config);
  const admin = await ensureAdmin(database.db, config);
  if (admin.createdEmail !== null && admin.generatedPassword !== null) {
    process.stdout.write(`\n${passwordNotice(admin.createdEmail, admin.generatedPassword)}\n\n`);
  }

  if (config.webConcurrency === 1) {
    const { app, port } = await serve(config, database, { housekeeping: true });
    app.log.info(runningMessage(port));
    return;
  }
  // The workers open their own connections; the primary needs none once the database is ready.
  await database.destroy();
  await runPrimary({ size: config.webConcurrency, port: config.port });
}

async function serveAsWorker(config: Config): Promise<void> {
  const slot = workerSlot();
  const { app, port } = await serve(config, createDatabase(config.databaseUrl), {
    housekeeping: runsHousekeeping(slot),
  });
  app.log.info({ slot, port }, 'worker ready');
}

main().catch((error: unknown) => {
  console.error(error instanceof StartRefused ? error.message : error);
  process.exit(1);
});
