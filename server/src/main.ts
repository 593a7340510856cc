import { buildApp } from './app';
import { passwordNotice, ensureAdmin } from './bootstrap';
import { loadConfig } from './config';
import { createDatabase } from './db';
import { migrateToLatest } from './db/migrate';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = createDatabase(config.databaseUrl);
  await migrateToLatest(database.db, database.dialect);

  const admin = await ensureAdmin(database.db, config);
  if (admin.createdEmail !== null && admin.generatedPassword !== null) {
    process.stdout.write(`\n${passwordNotice(admin.createdEmail, admin.generatedPassword)}\n\n`);
  }

  const app = await buildApp({ config, database, housekeeping: true });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await database.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: '0.0.0.0', port: config.port });
  app.log.info(`LabStore is running at http://localhost:${config.port}/ (API docs at /api/docs)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
