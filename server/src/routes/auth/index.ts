import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorDetail } from '../../http/schemas';
import { resource } from '../../http/resource';
import { login, refreshAccessToken, verifyAccessToken, type AuthContext } from '../../services/auth';
import { email, text } from '../../validation/fields';

const tags = ['auth'];
const TokenField = text({ blankIsMissing: true });

/** §2: the token endpoints are open and ignore the Authorization header. */
export default async function authRoutes(app: FastifyInstance) {
  const context = (): AuthContext => ({ db: app.db, config: app.config, now: app.now() });

  resource(app, '/api/token/', (routes) =>
    routes.post(
      {
        access: 'public',
        schema: {
          tags,
          summary: 'Sign in: a token pair for an email and password',
          body: Type.Object({ email: text({ maxLength: 254 }), password: text({ trim: false }) }),
          response: {
            200: Type.Object({
              refresh: Type.String(),
              access: Type.String(),
              id: Type.Integer(),
              email: email(),
            }),
            401: ErrorDetail,
            429: ErrorDetail,
          },
        },
      },
      async (request) => login(context(), request.ip, request.body.email, request.body.password),
    ),
  );

  resource(app, '/api/token/refresh/', (routes) =>
    routes.post(
      {
        access: 'public',
        schema: {
          tags,
          summary: 'A new access token for a refresh token',
          body: Type.Object({ refresh: TokenField }),
          response: { 200: Type.Object({ access: Type.String() }), 401: ErrorDetail },
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
          body: Type.Object({ token: TokenField }),
          response: { 200: Type.Object({}), 401: ErrorDetail },
        },
      },
      async (request) => {
        await verifyAccessToken(context(), request.body.token);
        return {};
      },
    ),
  );
}
