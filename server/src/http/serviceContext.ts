import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import type { Dialect } from '../db/dialect';

/** What the services of most routes are handed from the app: its database, that database's dialect and its clock. */
export interface ServiceContext {
  db: Db;
  dialect: Dialect;
  now: () => Date;
}

/**
 * The part every route plugin's service context shares, written once here instead of in each plugin; a plugin adds
 * beside it what its own service needs (the currency, the file storage, the undo window, …).
 */
export function serviceContext(app: FastifyInstance): ServiceContext {
  return { db: app.db, dialect: app.dialect, now: app.now };
}
