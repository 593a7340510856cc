import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db';
import { ChangeHub } from '../feed/hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's change feed, which every event stream subscribes to (feed/hub.ts). */
    changeHub: ChangeHub;
  }
}

/**
 * The change feed's hub. Its streams are ended before the server stops listening: an open stream is a request that
 * never finishes, and would hold `close` (tests, SIGTERM) for as long as its client stays.
 */
export default fp<Pick<DatabaseHandle, 'connectListener'>>(
  async function feedPlugin(app: FastifyInstance, { connectListener }) {
    const hub = new ChangeHub({
      db: app.db,
      dialect: app.dialect,
      connectListener,
      log: app.log.child({ component: 'change feed' }),
    });
    app.decorate('changeHub', hub);
    app.addHook('preClose', async () => hub.endStreams());
    app.addHook('onClose', async () => hub.close());
  },
  { name: 'feed', dependencies: ['context'] },
);
