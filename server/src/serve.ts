import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import type { DatabaseHandle } from './db';

export interface Serving {
  app: FastifyInstance;
  /** The port listened on: PORT, or the one the system chose for PORT=0. */
  port: number;
}

/**
 * Builds the app on a migrated database and listens on PORT, on every interface; SIGTERM or SIGINT close the app
 * (it finishes the requests under way) and the database, then end the process. What a single server process and
 * each worker of several (cluster.ts) do alike.
 */
export async function serve(
  config: Config,
  database: DatabaseHandle,
  { housekeeping }: { housekeeping: boolean },
): Promise<Serving> {
  const app = await buildApp({ config, database, housekeeping });
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
  return { app, port: (app.server.address() as AddressInfo).port };
}

/** The line a server prints once it answers: operators and the tests' process harness look for it. */
export function runningMessage(port: number): string {
  return `LabStore is running at http://localhost:${port}/ (API docs at /api/docs)`;
}
