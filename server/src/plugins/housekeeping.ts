import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneJobs, startHousekeeping, type Housekeeping } from '../services/housekeeping';

/**
 * Starts housekeeping when the app is ready (its first run in the background, so start-up never waits for a
 * large prune) and stops it on close, before the caller closes the database.
 */
export default fp(
  async function housekeepingPlugin(app: FastifyInstance) {
    let housekeeping: Housekeeping | undefined;
    app.addHook('onReady', async () => {
      housekeeping = startHousekeeping(pruneJobs(app), {
        intervalMs: app.config.housekeepingIntervalSeconds * 1000,
        log: app.log.child({ component: 'housekeeping' }),
      });
    });
    app.addHook('onClose', async () => {
      await housekeeping?.stop();
    });
  },
  { name: 'housekeeping', dependencies: ['context'] },
);
