import querystring from 'node:querystring';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Config, LogLevel } from './config';
import type { DatabaseHandle } from './db';
import { LabStoreLogController } from './http/logController';
import authPlugin from './plugins/auth';
import bodyPlugin from './plugins/body';
import clientAddressPlugin from './plugins/clientAddress';
import compressionPlugin from './plugins/compression';
import contextPlugin from './plugins/context';
import corsPlugin from './plugins/cors';
import errorsPlugin, { answerRefusedRequest } from './plugins/errors';
import feedPlugin from './plugins/feed';
import housekeepingPlugin from './plugins/housekeeping';
import methodsPlugin from './plugins/methods';
import openapiPlugin from './plugins/openapi';
import searchPlugin from './plugins/search';
import securityPlugin from './plugins/security';
import spaPlugin from './plugins/spa';
import storagePlugin from './plugins/storage';
import auditRoutes from './routes/audit';
import authRoutes from './routes/auth';
import calendarRoutes from './routes/calendar';
import issueCartRoutes from './routes/issueCart';
import categoryRoutes from './routes/categories';
import dashboardRoutes from './routes/dashboard';
import fileRoutes from './routes/files';
import eventRoutes from './routes/events';
import hazardRegisterRoutes from './routes/hazardRegister';
import healthRoutes from './routes/health';
import importRoutes from './routes/imports';
import ledgerRoutes from './routes/ledger';
import chargeRoutes from './routes/charges';
import mediaRoutes from './routes/media';
import stockRoutes from './routes/stock';
import searchRoutes from './routes/search';
import shipmentRoutes from './routes/shipments';
import storageCompatibilityRoutes from './routes/storageCompatibility';
import fundRoutes from './routes/funds';
import labRoutes from './routes/labs';
import requestRoutes from './routes/requests';
import locationRoutes from './routes/locations';
import userRoutes from './routes/users';

export const JSON_BODY_LIMIT = 1024 * 1024;

export interface BuildAppOptions {
  config: Config;
  /** With `connectListener` (PostgreSQL), the change feed hears other processes' writes at once, else within 1 s. */
  database: Pick<DatabaseHandle, 'db' | 'dialect' | 'connectListener'>;
  logger?: FastifyServerOptions['logger'];
  /** The clock used for tokens and login throttling (tests move it). */
  now?: () => Date;
  /**
   * Prunes old rows at start and every HOUSEKEEPING_INTERVAL_SECONDS (services/housekeeping.ts). The server turns
   * it on; tests leave it off and run the prune jobs themselves, when they choose.
   */
  housekeeping?: boolean;
  /** Registered before the routes, so it sees every answer: the tests' check of answers against their schemas. */
  answerCheck?: FastifyPluginAsync;
}

/** Query parameters the log never shows the value of (the event stream's access token), by name as parsed. */
const SECRET_PARAMETERS = new Set(['access_token']);

/**
 * A URL as the log shows it: the value of every query parameter whose name, parsed as the router parses it
 * (percent-decoded: `access%5Ftoken` is `access_token`), is a secret, in any case, replaced by `[redacted]`. The
 * query starts where the router's does: at the first `?` or `#` after the first character.
 */
export function redactedUrl(url: string): string {
  const start = url.slice(1).search(/[?#]/) + 1;
  if (start === 0) return url;
  const pairs = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const [name] = Object.keys(querystring.parse(pair));
      if (name === undefined || !SECRET_PARAMETERS.has(name.toLowerCase())) return pair;
      const equals = pair.indexOf('=');
      return `${equals === -1 ? pair : pair.slice(0, equals)}=[redacted]`;
    });
  return `${url.slice(0, start + 1)}${pairs.join('&')}`;
}

/** A request as the log shows it: Fastify's fields, with an access token in the query (the event stream's) hidden. */
function requestLogValue(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

function withRedactedUrls(logger: BuildAppOptions['logger'], level: LogLevel): BuildAppOptions['logger'] {
  if (logger === true) return { level, serializers: { req: requestLogValue } };
  if (typeof logger !== 'object' || logger === null) return logger;
  return { ...logger, serializers: { ...logger.serializers, req: requestLogValue } };
}

export async function buildApp({
  config,
  database,
  logger = true,
  now = () => new Date(),
  housekeeping = false,
  answerCheck,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withRedactedUrls(logger, config.logLevel),
    // Quiet by default (LOG_LEVEL=info): a line per request only at debug; a download cut off is no error.
    logController: new LabStoreLogController(config.logLevel),
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: JSON_BODY_LIMIT,
    // A URL the router cannot even decode (a stray `%`, an over-long parameter) matches no route: answer as for any
    // unknown path, in the contract's shape, instead of Fastify's own error body.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as unknown as FastifyReply)
        .code(404)
        .header('access-control-allow-origin', config.corsOrigin)
        .send({ detail: 'Not found.' });
    },
    clientErrorHandler: answerRefusedRequest,
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Before any route: the methods the router knows decide which ones a route's 405 covers.
  await app.register(methodsPlugin);
  // External plugins first (security headers, compression, OpenAPI), then ours, then the routes.
  await app.register(securityPlugin);
  await app.register(compressionPlugin);
  await app.register(openapiPlugin);
  await app.register(contextPlugin, { config, db: database.db, dialect: database.dialect, now });
  await app.register(errorsPlugin);
  await app.register(corsPlugin, { origin: config.corsOrigin });
  await app.register(clientAddressPlugin, { trustProxy: config.trustProxy });
  await app.register(bodyPlugin);
  await app.register(authPlugin);
  await app.register(storagePlugin);
  await app.register(feedPlugin, { connectListener: database.connectListener });
  await app.register(searchPlugin);
  if (housekeeping) await app.register(housekeepingPlugin);
  if (answerCheck) await app.register(answerCheck);

  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(locationRoutes);
  await app.register(labRoutes);
  await app.register(fundRoutes);
  await app.register(requestRoutes);
  await app.register(issueCartRoutes);
  await app.register(storageCompatibilityRoutes);
  await app.register(stockRoutes);
  await app.register(hazardRegisterRoutes);
  await app.register(shipmentRoutes);
  await app.register(ledgerRoutes);
  await app.register(chargeRoutes);
  await app.register(searchRoutes);
  await app.register(fileRoutes);
  await app.register(categoryRoutes);
  await app.register(mediaRoutes);
  await app.register(healthRoutes);
  await app.register(auditRoutes);
  await app.register(dashboardRoutes);
  await app.register(calendarRoutes);
  await app.register(importRoutes);
  await app.register(eventRoutes);

  await app.register(spaPlugin, { staticDir: config.staticDir });
  return app;
}
