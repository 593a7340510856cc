/**
 * The product's server for `npm run bench`, started by run.ts in a process of its own so that the load
 * generator does not share its thread (as a real client would not): the app on the benchmark database,
 * listening on a free loopback port, which it sends to its parent. It stops when the parent disconnects.
 * BENCH_SERVER_DATABASE_URL (set by startServer) names another database than the benchmarks' SQLite file.
 *
 * It watches its own event loop from the moment it listens (perf_hooks.monitorEventLoopDelay): asked with an
 * EventLoopQuestion, it answers the largest delay seen since it started listening and since the last question
 * that reset the window (bench/http.ts, BenchServer.eventLoopDelay).
 */
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../server/src/app';
import { createDatabase } from '../server/src/db';
import { benchConfig } from './benchConfig';
import type { EventLoopAnswer, EventLoopQuestion } from './http';

/** Samples every 10 ms: a delay is reported to within that. */
const DELAY_RESOLUTION_MS = 10;

async function main(): Promise<void> {
  const config = benchConfig(process.env.BENCH_SERVER_DATABASE_URL);
  const database = createDatabase(config.databaseUrl);
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const wholeRun = monitorEventLoopDelay({ resolution: DELAY_RESOLUTION_MS });
  const window = monitorEventLoopDelay({ resolution: DELAY_RESOLUTION_MS });
  wholeRun.enable();
  window.enable();
  process.on('message', (question: EventLoopQuestion) => {
    if (question.type !== 'event-loop-delay') return;
    // The histograms hold nanoseconds; max is 0 before the first sample.
    const answer: EventLoopAnswer = {
      type: 'event-loop-delay',
      wholeRunMs: wholeRun.max / 1e6,
      windowMs: window.max / 1e6,
    };
    if (question.resetWindow) window.reset();
    process.send?.(answer);
  });
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
