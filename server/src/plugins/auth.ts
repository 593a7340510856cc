import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { User } from '../db/repositories/users';
import { HttpError } from '../http/errors';
import type { Actor } from '../services/audit';
import { findTokenUser } from '../services/auth';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of signed-in routes: runs before the id lookup and the body, answers 401 or sets request.user. */
    requireUser: onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    user: User | null;
  }
}

const WWW_AUTHENTICATE = { 'www-authenticate': 'Bearer realm="api"' };

export const notAuthenticated = (): HttpError =>
  new HttpError(401, 'Authentication credentials were not provided.', {}, WWW_AUTHENTICATE);

export const tokenNotValid = (): HttpError =>
  new HttpError(
    401,
    'Given token not valid for any token type',
    { code: 'token_not_valid' },
    WWW_AUTHENTICATE,
  );

/** The signed-in user of a route registered with `access: 'user'`. */
export function currentUser(request: FastifyRequest): User {
  if (request.user === null) throw notAuthenticated();
  return request.user;
}

/** The signed-in user of a route, with the client address (which honours TRUST_PROXY): what audited services get. */
export function currentActor(request: FastifyRequest): Actor {
  const { id, email } = currentUser(request);
  return { id, email, ip: request.ip };
}

export default fp(
  async function authPlugin(app: FastifyInstance) {
    app.decorateRequest('user', null);

    app.decorate('requireUser', async function requireUser(request: FastifyRequest) {
      const parts = (request.headers.authorization ?? '').trim().split(/\s+/);
      if (parts[0] !== 'Bearer' || parts.length < 2) throw notAuthenticated();
      if (parts.length > 2) throw tokenNotValid();
      const found = await findTokenUser(
        { db: app.db, config: app.config, now: app.now() },
        parts[1],
        'access',
      );
      if (found === null) throw tokenNotValid();
      request.user = found.user;
    });
  },
  { name: 'auth', dependencies: ['context'] },
);
