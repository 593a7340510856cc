import rateLimit from '@fastify/rate-limit';
import {
  AccessTokenSchema,
  CredentialsBody,
  RefreshBody,
  TokenPairSchema,
  TokenValidSchema,
  VerifyBody,
} from '../../contract/auth';
import type { FastifyInstance } from 'fastify';
import { databaseRateLimitStore } from '../../auth/rateLimitStore';
import { HttpError } from '../../http/errors';
import { ErrorDetail } from '../../http/schemas';
import { resource } from '../../http/resource';
import { login, refreshAccessToken, verifyAccessToken, type AuthContext } from '../../services/auth';

const tags = ['auth'];

/**
 * Sign-in costs a deliberately slow password hash, so besides the per-(address, e-mail) lock of §2.1 each client
 * address gets LOGIN_RATE_LIMIT_PER_MINUTE attempts a minute, whatever the e-mails. Counted in the database, so
 * every server process sharing it agrees, and checked before the body is read; registered in a context of its own
 * so no other route is limited.
 */
async function signInRoute(app: FastifyInstance, { context }: { context: () => AuthContext }) {
  await app.register(rateLimit, {
    max: app.config.loginRateLimitPerMinute,
    timeWindow: 60_000,
    store: databaseRateLimitStore(app.db, app.now, 'sign-in'),
    errorResponseBuilder: () =>
      new HttpError(429, 'Too many login attempts from this address. Try again later.'),
  });

  resource(app, '/api/token/', (routes) =>
    routes.post(
      {
        access: 'public',
        schema: {
          tags,
          summary: 'Sign in: a token pair for an email and password',
          description:
            'Refused with 429 and Retry-After after LOGIN_MAX_FAILURES failures for one (address, email) pair, ' +
            'and after LOGIN_RATE_LIMIT_PER_MINUTE attempts a minute from one address.',
          body: CredentialsBody,
          response: {
            200: TokenPairSchema,
            401: ErrorDetail,
            429: ErrorDetail,
          },
        },
      },
      async (request) => login(context(), request.ip, request.body.email, request.body.password),
    ),
  );
}

/** §2: the token endpoints are open and ignore the Authorization header. */
export default async function authRoutes(app: FastifyInstance) {
  const context = (): AuthContext => ({ db: app.db, config: app.config, now: app.now() });

  await app.register(signInRoute, { context });

  resource(app, '/api/token/refresh/', (routes) =>
    routes.post(
      {
        access: 'public',
        schema: {
          tags,
          summary: 'A new access token for a refresh token',
          body: RefreshBody,
          response: { 200: AccessTokenSchema, 401: ErrorDetail },
        },
      },
      async (request) => ({ access: await refreshAccessToken(context(), request.body.refresh) }),
    ),
  );

  resource(app, '/api/token/varify/', (routes) =>
    routes.post(
      {
        access: 'public',
        schema: {
          tags,
          summary: 'Check that an access token is valid (the spelling is part of the API)',
          body: VerifyBody,
          response: { 200: TokenValidSchema, 401: ErrorDetail },
        },
      },
      async (request) => {
        await verifyAccessToken(context(), request.body.token);
        return {};
      },
    ),
  );
}
