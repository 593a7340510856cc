/**
 * The product's server for `npm run bench`, started by run.ts in a process of its own so that the load
 * generator does not share its thread (as a real client would not): the app on the benchmark database,
 * listening on a free loopback port, which it sends to its parent. It stops when the parent disconnects.
 * BENCH_SERVER_DATABASE_URL (set by startServer) names another database than the benchmarks' SQLite file.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/src/app';
import { createDatabase } from '../server/src/db';
import { benchConfig } from './benchConfig';

async function main(): Promise<void> {
  const config = benchConfig(process.env.BENCH_SERVER_DATABASE_URL);
  const database = createDatabase(config.databaseUrl);
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.once('disconnect', () => {
    void app
      .close()
      .then(() => database.destroy())
      .finally(() => process.exit(0));
  });
  process.send?.({ port: (app.server.address() as AddressInfo).port });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
