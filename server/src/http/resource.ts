import type { TSchema, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import { labParameterOf, type Access } from '../plugins/auth';
import { methodNotAllowed, notFound } from './errors';
import { jsonArrayStream, RECORDS_PER_CHUNK, sendJsonStream } from './jsonStream';
import { BadRequest, ErrorDetail, ID, MAX_ROW_ID, rawId } from './schemas';
import { entityTag, ifMatchOf, IfMatchHeaders, PreconditionFailedSchema } from './versions';

export type { Access };

export type Handler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  TypeBoxTypeProvider
>;

export interface EndpointOptions<S extends FastifySchema> {
  /** Who may call the route (plugins/auth.ts' ACCESS_CLASSES); checked on arrival, before any lookup or body. */
  access: Access;
  schema: S;
  /**
   * Runs after the credential check and before the body is validated: the place for the target lookup,
   * so an unknown id answers 404 (and a protected one 403) before any 400.
   */
  preValidation?: (request: FastifyRequest) => Promise<void>;
  /**
   * For answers that can hold a whole table. Serialise answers with V8's JSON.stringify instead of the response
   * schema's serialiser: about three times faster for a list of 100,000 records. Only for handlers that build their
   * results field by field from the documented shapes, since nothing is filtered out. An array of more than one
   * chunk's records goes out as a stream of JSON text (http/jsonStream.ts), which the compression plugin compresses
   * as it comes, with its settings for large answers. The Content-Type stays JSON.
   */
  stringify?: boolean;
  /**
   * The route reads or changes one versioned row (docs/api.md §28); the schema is the row's read shape. A GET, and a
   * PUT or PATCH, answers the row's `version` as its ETag. A PUT, PATCH or DELETE takes If-Match (a malformed one
   * answers 400 before the body is validated), which its handler passes on with `ifMatchOf(request)`, and may
   * answer 412 with the row as `current`.
   */
  versioned?: TSchema;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route was registered with `stringify`: its answers can hold a whole table. */
    largeAnswers?: boolean;
  }
}

/** The classes that refuse some signed-in role: every one but `public` and `signedIn`. */
const ANSWERS_403 = (access: Access) => access !== 'public' && access !== 'signedIn';

/**
 * The handler of a `stringify` route: a large array answer is sent as a JSON stream. Smaller ones, and HEAD (which
 * sends no body, only the length), keep the buffered answer and with it the compression threshold of 1 KiB.
 */
function streamingLargeArrays(handler: Handler<FastifySchema>): Handler<FastifySchema> {
  return async function (request, reply) {
    const answer: unknown = await handler.call(this, request, reply);
    if (!Array.isArray(answer) || answer.length <= RECORDS_PER_CHUNK || request.method === 'HEAD')
      return answer;
    return sendJsonStream(reply, jsonArrayStream(answer));
  };
}

/** The If-Match check of a versioned write's arrival: a malformed header answers 400 before the body is read. */
async function wellFormedIfMatch(request: FastifyRequest): Promise<void> {
  ifMatchOf(request);
}

/** The handler of a versioned read or write: its answer's version goes out as the ETag too. */
function taggingVersion(handler: Handler<FastifySchema>): Handler<FastifySchema> {
  return async function (request, reply) {
    const answer: unknown = await handler.call(this, request, reply);
    const version = (answer as { version?: unknown } | null)?.version;
    if (typeof version === 'number') reply.header('etag', entityTag(version));
    return answer;
  };
}

/**
 * The `preValidation` of a route on one row named by `{id}`: `find` looks the row up (and throws its 404, or a 403 for
 * a row the caller may not change), so an unknown target answers before any 400 of the body. Written once here for
 * every such route; the id is read from the raw path, since validation has not converted it yet.
 */
export function targetLookup(
  find: (id: number, request: FastifyRequest) => Promise<unknown>,
): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    await find(rawId(request), request);
  };
}

type Define = <S extends FastifySchema>(options: EndpointOptions<S>, handler: Handler<S>) => ResourceRoutes;

export interface ResourceRoutes {
  get: Define;
  post: Define;
  put: Define;
  patch: Define;
  delete: Define;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const ALL_METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const BODY_METHODS = new Set<Method>(['POST', 'PUT', 'PATCH']);

interface Endpoint {
  method: Method;
  options: EndpointOptions<FastifySchema>;
  handler: Handler<FastifySchema>;
}

function withStandardResponses(
  method: Method,
  { access, schema, versioned }: EndpointOptions<FastifySchema>,
): FastifySchema {
  const signedIn = access !== 'public';
  const conditional = versioned !== undefined && method !== 'GET';
  const response = {
    400: BadRequest,
    ...(signedIn ? { 401: ErrorDetail } : {}),
    ...(ANSWERS_403(access) ? { 403: ErrorDetail } : {}),
    404: ErrorDetail,
    ...(conditional ? { 412: PreconditionFailedSchema(versioned) } : {}),
    ...(BODY_METHODS.has(method) ? { 413: ErrorDetail, 415: ErrorDetail } : {}),
    500: ErrorDetail,
    ...(schema.response as object | undefined),
  };
  // `x-access` tells clients (and the route sweeps) which access class the operation has.
  return {
    ...schema,
    ...(conditional ? { headers: IfMatchHeaders } : {}),
    response,
    'x-access': access,
    ...(signedIn ? { security: [{ bearerAuth: [] }] } : {}),
  } as FastifySchema;
}

/**
 * The first preValidation hook of a route with `{id}` parameters: an id past MAX_ROW_ID names no row, so it answers
 * the 404 of any unknown id (after the credential check), before a lookup would send it to the database.
 */
async function idsWithinRowRange(request: FastifyRequest): Promise<void> {
  for (const value of Object.values(request.params as Record<string, string>)) {
    if (Number(value) > MAX_ROW_ID) throw notFound();
  }
}

/**
 * Registers every route of the app: the given method handlers for `url` (trailing slash optional),
 * and a 405 with an `Allow` header for every other method the router knows (plugins/methods.ts).
 * OPTIONS is answered by the CORS preflight route.
 */
export function resource(app: FastifyInstance, url: string, define: (routes: ResourceRoutes) => void): void {
  const endpoints: Endpoint[] = [];
  const builder = {} as ResourceRoutes;
  for (const method of ALL_METHODS) {
    builder[method.toLowerCase() as Lowercase<Method>] = (options, handler) => {
      endpoints.push({
        method,
        options: options as EndpointOptions<FastifySchema>,
        handler: handler as Handler<FastifySchema>,
      });
      return builder;
    };
  }
  define(builder);

  for (const { method, options, handler } of endpoints) {
    const { access } = options;
    const labParameter = labParameterOf(access);
    if (labParameter !== undefined && !url.includes(`:${labParameter}`))
      throw new Error(`${method} ${url}: a ${access} route names its lab with {${labParameter}}`);
    app.route({
      method,
      url,
      schema: withStandardResponses(method, options),
      onRequest: access === 'public' ? [] : [app.requireAccess(access)],
      preValidation: [
        ...(url.includes(ID) ? [idsWithinRowRange] : []),
        ...(options.preValidation ? [options.preValidation] : []),
        ...(options.versioned && method !== 'GET' ? [wellFormedIfMatch] : []),
      ],
      ...(options.stringify
        ? {
            serializerCompiler: () => JSON.stringify,
            config: { access, largeAnswers: true },
            handler: streamingLargeArrays(handler),
          }
        : { config: { access }, handler: options.versioned ? taggingVersion(handler) : handler }),
    });
  }

  const supported = endpoints.map((endpoint) => endpoint.method);
  const allow = [...supported, ...(supported.includes('GET') ? ['HEAD'] : []), 'OPTIONS'];
  const unsupported = app.supportedMethods.filter((method) => !allow.includes(method)) as HTTPMethods[];
  const refuse = async (request: FastifyRequest) => {
    throw methodNotAllowed(request.method, allow);
  };
  // Refused on arrival, before any body is parsed: a body's 415 or 400 must not take the place of the 405.
  app.route({
    method: unsupported,
    url,
    schema: { hide: true, response: { 405: ErrorDetail } },
    // Answers 405 to anyone: the methods a path supports are no secret.
    config: { access: 'public' },
    onRequest: refuse,
    handler: refuse,
  });
}
