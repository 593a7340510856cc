import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db';
import authPlugin from './plugins/auth';
import bodyPlugin from './plugins/body';
import contextPlugin from './plugins/context';
import corsPlugin from './plugins/cors';
import errorsPlugin from './plugins/errors';
import openapiPlugin from './plugins/openapi';
import securityPlugin from './plugins/security';
import spaPlugin from './plugins/spa';
import authRoutes from './routes/auth';
import userRoutes from './routes/users';

export const JSON_BODY_LIMIT = 1024 * 1024;

export interface BuildAppOptions {
  config: Config;
  database: Pick<DatabaseHandle, 'db' | 'dialect'>;
  logger?: FastifyServerOptions['logger'];
  /** The clock used for tokens and login throttling (tests move it). */
  now?: () => Date;
}

export async function buildApp({
  config,
  database,
  logger = true,
  now = () => new Date(),
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // External plugins first (security headers, OpenAPI), then ours, then the routes.
  await app.register(securityPlugin);
  await app.register(openapiPlugin);
  await app.register(contextPlugin, { config, db: database.db, dialect: database.dialect, now });
  await app.register(errorsPlugin);
  await app.register(corsPlugin, { origin: config.corsOrigin });
  await app.register(bodyPlugin);
  await app.register(authPlugin);

  await app.register(authRoutes);
  await app.register(userRoutes);

  await app.register(spaPlugin, { staticDir: config.staticDir });
  return app;
}
