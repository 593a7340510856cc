import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db';
import type { Dialect } from '../db/dialect';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dialect: Dialect;
    /** The clock for tokens and login throttling; tests replace it to travel in time. */
    now: () => Date;
  }
}

export interface AppContext {
  config: Config;
  db: Db;
  dialect: Dialect;
  now: () => Date;
}

/** Makes the configuration, database and clock available to every plugin and route. */
export default fp<AppContext>(
  async function contextPlugin(app: FastifyInstance, { config, db, dialect, now }) {
    app.decorate('config', config);
    app.decorate('db', db);
    app.decorate('dialect', dialect);
    app.decorate('now', now);
  },
  { name: 'context' },
);
