import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { labRoleOf } from '../db/repositories/labMemberships';
import type { User } from '../db/repositories/users';
import type { LabRole, UserRole } from '../db/tables';
import { findLocation } from '../db/repositories/locations';
import { requestLocationId } from '../db/repositories/requests';
import { forbidden, HttpError, notFound } from '../http/errors';
import { MAX_ROW_ID } from '../http/schemas';
import type { Actor } from '../audit/entries';
import { findTokenUser } from '../services/auth';

/**
 * Who may call a route (docs/api.md, 'Roles and permissions'): `public`, anyone (the Authorization header is
 * ignored); `signedIn`, any role (the caller's own account and token-bound actions); `storeRead`, store managers and
 * auditors (what the admin area reads, exports included); `storeWrite`, store managers (every change, and the
 * caller's own working lists of the store, reads included: staging lists, the issue cart); `lab`, store managers,
 * auditors and the members and managers of the lab the route's `{locationId}` names; `labManager`, store managers,
 * auditors and that lab's managers; `labRequester`, the lab's members and managers only (they ask the store);
 * `labFundsWrite`, store managers and the lab's managers. The `request…` classes take the lab from the request the
 * route's `{id}` names: `requestRead`, store managers, auditors and the members and managers of its lab;
 * `requestMember`, its lab's members and managers; `requestManager`, its lab's managers; `requestCloser` (who may
 * cancel what is still open of an approved request), its lab's managers and store managers.
 */
export const ACCESS_CLASSES = [
  'public',
  'signedIn',
  'storeRead',
  'storeWrite',
  'lab',
  'labManager',
  'labRequester',
  'labFundsWrite',
  'requestRead',
  'requestMember',
  'requestManager',
  'requestCloser',
] as const;
export type Access = (typeof ACCESS_CLASSES)[number];
export type SignedInAccess = Exclude<Access, 'public'>;

/** Where a lab class finds its lab: the `{locationId}` of the path, or the lab of the request `{id}` names. */
type LabSource = 'path' | 'request';

interface AccessRule {
  /** The roles that may use every route of the class. */
  roles: readonly UserRole[];
  /** For the lab classes, the lab roles that may use their lab's routes, and where the lab is named. */
  labRoles: readonly LabRole[];
  lab?: LabSource;
}

const ACCESS_RULES: Record<SignedInAccess, AccessRule> = {
  signedIn: { roles: ['store_manager', 'auditor', 'lab_user'], labRoles: [] },
  storeRead: { roles: ['store_manager', 'auditor'], labRoles: [] },
  storeWrite: { roles: ['store_manager'], labRoles: [] },
  lab: { roles: ['store_manager', 'auditor'], labRoles: ['manager', 'member'], lab: 'path' },
  labManager: { roles: ['store_manager', 'auditor'], labRoles: ['manager'], lab: 'path' },
  labRequester: { roles: [], labRoles: ['manager', 'member'], lab: 'path' },
  labFundsWrite: { roles: ['store_manager'], labRoles: ['manager'], lab: 'path' },
  requestRead: { roles: ['store_manager', 'auditor'], labRoles: ['manager', 'member'], lab: 'request' },
  requestMember: { roles: [], labRoles: ['manager', 'member'], lab: 'request' },
  requestManager: { roles: [], labRoles: ['manager'], lab: 'request' },
  requestCloser: { roles: ['store_manager'], labRoles: ['manager'], lab: 'request' },
};

/** The path parameter that names the lab of a route whose class takes its lab from the path. */
export const LAB_PARAMETER = 'locationId';
/** The path parameter that names the request of a `request…` route, and through it the lab. */
export const REQUEST_PARAMETER = 'id';

/** The path parameter a route of the class must have to name its lab; undefined for the classes without a lab. */
export function labParameterOf(access: Access): string | undefined {
  if (access === 'public') return undefined;
  const { lab } = ACCESS_RULES[access];
  return lab === undefined ? undefined : lab === 'path' ? LAB_PARAMETER : REQUEST_PARAMETER;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The onRequest hook of a signed-in route: runs before the id lookup and the body, answers 401 for missing or
     * invalid credentials, 403 for a role the class does not admit, or sets request.user.
     */
    requireAccess: (access: SignedInAccess) => onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    user: User | null;
  }
  interface FastifyContextConfig {
    /** The access class the route was registered with (http/resource.ts); every API route has one. */
    access?: Access;
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

export const notPermitted = (): HttpError => forbidden('You do not have permission to perform this action.');

/** The signed-in user of a route registered with a signed-in access class. */
export function currentUser(request: FastifyRequest): User {
  if (request.user === null) throw notAuthenticated();
  return request.user;
}

/** A browser tab's id (X-Client-Id, docs/api.md §27): up to 64 letters, digits, `_` and `-`; anything else is none. */
const CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function clientOrigin(request: FastifyRequest): string | null {
  const header = request.headers['x-client-id'];
  return typeof header === 'string' && CLIENT_ID.test(header) ? header : null;
}

/**
 * The signed-in user of a route, with the client address (which honours TRUST_PROXY) and the browser tab that asked
 * (its X-Client-Id, the change events' origin): what writing services get.
 */
export function currentActor(request: FastifyRequest): Actor {
  const { id, email } = currentUser(request);
  return { id, email, ip: request.ip, origin: clientOrigin(request) };
}

export default fp(
  async function authPlugin(app: FastifyInstance) {
    app.decorateRequest('user', null);

    // The user, and with it the role, is read on every request: a changed role applies at the next one.
    async function authenticate(request: FastifyRequest): Promise<User> {
      const parts = (request.headers.authorization ?? '').trim().split(/\s+/);
      if (parts[0] !== 'Bearer' || parts.length < 2) throw notAuthenticated();
      if (parts.length > 2) throw tokenNotValid();
      const found = await findTokenUser(
        { db: app.db, config: app.config, now: app.now() },
        parts[1],
        'access',
      );
      if (found === null) throw tokenNotValid();
      return found.user;
    }

    /** The lab the route names (by its path or its request); undefined for an id no row has. */
    async function namedLab(request: FastifyRequest, source: LabSource): Promise<number | undefined> {
      const params = request.params as Record<string, string>;
      const id = Number(params[source === 'path' ? LAB_PARAMETER : REQUEST_PARAMETER]);
      if (!(id <= MAX_ROW_ID)) return undefined;
      if (source === 'request') return requestLocationId(app.db, id);
      return (await findLocation(app.db, id)) ? id : undefined;
    }

    app.decorate('requireAccess', (access: SignedInAccess) => {
      const { roles, labRoles, lab: source } = ACCESS_RULES[access];
      return async function requireAccess(request: FastifyRequest) {
        const user = await authenticate(request);
        request.user = user;
        if (roles.includes(user.role)) return;
        if (source === undefined) throw notPermitted();
        if (user.role !== 'lab_user') {
          // Store managers and auditors see every lab and request: an unknown one is a 404 for them, as where their
          // class admits them, and a known one the class refuses them is the 403.
          if ((await namedLab(request, source)) === undefined) throw notFound();
          throw notPermitted();
        }
        // A lab user learns nothing of a lab it is no member of, or of its requests, not even whether they exist.
        const params = request.params as Record<string, string>;
        const lab = source === 'path' ? Number(params[LAB_PARAMETER]) : await namedLab(request, source);
        const labRole =
          lab !== undefined && lab <= MAX_ROW_ID ? await labRoleOf(app.db, user.id, lab) : undefined;
        if (labRole === undefined || !labRoles.includes(labRole)) throw notPermitted();
      };
    });

    // A route that forgets its access class fails the app's start, so no data route is open by oversight. Only
    // http/resource.ts sets it; the OpenAPI pages under /api/docs, the static files and the SPA's page (outside /api/
    // and /media/) carry no data and are public.
    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (access !== undefined && ACCESS_CLASSES.includes(access)) return;
      const dataPath = /^\/(api|media)(\/|$)/.test(route.url) && !/^\/api\/docs(\/|$)/.test(route.url);
      if (dataPath)
        throw new Error(
          `${String(route.method)} ${route.url} has no access class: register it with resource()`,
        );
    });
  },
  { name: 'auth', dependencies: ['context'] },
);
