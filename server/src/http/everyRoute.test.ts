import fs from 'node:fs';
import http from 'node:http';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { baseUrlOf, dataOf, openEventStream, type SseClient, type SseMessage } from '../testing/sseClient';
import { createStockRecord } from '../testing/stockApi';
import { multipartBody, postUpload } from '../testing/multipart';
import { authHeader, buildTestApp, TEST_PASSWORD, type TestApp } from '../testing/testApp';

/**
 * Walks every route of the OpenAPI document (and the methods it does not document) against seeded data, so no route
 * can lose its JSON content type (§1.3) or its 405 (§1.1) unnoticed, and every field of every route's body and query
 * its input rules (docs/api.md §2).
 */

/** What the sweeps read of a field's schema (validation/validate.ts's RequestSchema, as the document shows it). */
interface FieldSchema {
  type?: string;
  enum?: unknown[];
  items?: FieldSchema;
  'x-pk'?: boolean;
  'x-filter'?: boolean;
  'x-noTrim'?: boolean;
  'x-ordering'?: unknown;
  'x-choiceList'?: unknown;
}

interface Operation {
  responses: Record<string, { content?: Record<string, unknown> }>;
  parameters?: { in: string; name: string; schema: FieldSchema }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, FieldSchema> } }> };
  security?: unknown[];
}
type OpenApiPaths = Record<string, Partial<Record<string, Operation>>>;

let t: TestApp;
let token: string;
let refresh: string;
let paths: OpenApiPaths;
/** The value each path parameter takes, by the path up to it (`/api/account/users/{id}` → a user id). */
const params = new Map<string, string>();
/** Query strings of the routes that need one. */
const queries = new Map<string, string>();
/** Valid bodies where `{}` would only show the 400 (the open token routes); every other write gets `{}`. */
const bodies = new Map<string, object>();
/**
 * Who sends the field sweeps' requests: the store manager, except on the routes only a lab's people may call (asking
 * for stock, a requester's edit, a lab manager's decisions), where a member or a manager of the seeded lab does.
 */
const fieldCallers: { method: string; path: RegExp; token: () => string }[] = [];
const fieldToken = (method: string, path: string): string =>
  fieldCallers.find((caller) => caller.method === method && caller.path.test(path))?.token() ?? token;

async function post(url: string, payload: object): Promise<{ id: number }> {
  const response = await t.app.inject({ method: 'POST', url, payload, headers: authHeader(token) });
  if (response.statusCode !== 201) throw new Error(`seeding ${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

beforeAll(async () => {
  t = await buildTestApp();
  const { user } = await t.signedInUser();
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  ({ access: token, refresh } = login.json());
  const other = await t.createUser();

  const chemical = await createStockRecord(t, token, 'chemical', 100, 'Ethanol');
  const instrument = await createStockRecord(t, token, 'instrument', 10, 'Spectrophotometer');
  const glassware = await createStockRecord(t, token, 'glassware', 10, 'Beaker');
  const location = (
    await post('/api/management/store-consumers/', {
      name: 'Physical Lab 1',
      consumer_type: 'PHYSICAL',
      room_number: '110',
      building_name: 'Science Building',
    })
  ).id;
  const category = (await post('/api/filemanager/categories/', { name: 'MSDS' })).id;
  const uploaded = await postUpload(
    t.app,
    [
      ['file', 'content', 'msds.txt'],
      ['categories', String(category)],
      ['chemicals', String(chemical)],
    ],
    authHeader(token),
  );
  const file = uploaded.json() as { id: number; file: { path: string } };

  // A merged shipment and issue of each kind fill the history lists; a staging and a cart line stay for their routes.
  const shipmentIds: number[] = [];
  for (const [kind, id] of [
    ['chemical', chemical],
    ['instrument', instrument],
    ['glassware', glassware],
  ] as const) {
    const staging = `/api/management/${kind}-temp-shipment/`;
    await post(staging, { [kind]: id, quantity: 1 });
    shipmentIds.push((await post(`${staging}merge/`, {})).id);
    params.set(`${staging}{id}`, String((await post(staging, { [kind]: id, quantity: 1 })).id));
    await post('/api/management/issue-cart/', {
      object_id: id,
      object_type: kind.toUpperCase(),
      quantity: 1,
    });
  }
  const issue = (await post(`/api/management/issue-cart/${location}/merge/`, {})) as {
    id: number;
    objects: { line_id: number }[];
  };
  const cartLine = await post('/api/management/issue-cart/', {
    object_id: chemical,
    object_type: 'CHEMICAL',
    quantity: 1,
  });

  // An import session (its preview and commit run with the other POSTs).
  const importForm = await multipartBody([
    ['file', 'name,manufacturer,supplier\r\nMicroscope,Zeiss,Daraz\r\n', 'a.csv'],
  ]);
  const importSession = await t.app.inject({
    method: 'POST',
    url: '/api/management/instrument-imports/',
    payload: importForm.payload,
    headers: { ...authHeader(token), ...importForm.headers },
  });
  params.set('/api/management/imports/{id}', String((importSession.json() as { id: number }).id));

  // A member of the location fills its member list.
  await post('/api/account/users/', {
    email: 'lab.member@lab.org',
    first_name: 'Lab',
    last_name: 'Member',
    password: TEST_PASSWORD,
    confirm_password: TEST_PASSWORD,
    role: 'lab_user',
    labs: [{ location, role: 'member' }],
  });

  // A lab manager, a fund, and a request the member asked for and the manager approved: the store's queue.
  await post('/api/account/users/', {
    email: 'lab.manager@lab.org',
    first_name: 'Lab',
    last_name: 'Manager',
    password: TEST_PASSWORD,
    confirm_password: TEST_PASSWORD,
    role: 'lab_user',
    labs: [{ location, role: 'manager' }],
  });
  const memberToken = await t.login('lab.member@lab.org');
  const managerToken = await t.login('lab.manager@lab.org');
  const fund = await post(`/api/labs/${location}/funds/`, { code: 'ERC-1', name: 'Research grant' });
  const asked = await t.app.inject({
    method: 'POST',
    url: `/api/labs/${location}/requests/`,
    payload: { fund: fund.id, lines: [{ object_type: 'CHEMICAL', object_id: chemical, quantity: 1 }] },
    headers: authHeader(memberToken),
  });
  const request = asked.json() as { id: number };
  const approved = await t.app.inject({
    method: 'POST',
    url: `/api/requests/${request.id}/approve/`,
    headers: authHeader(managerToken),
  });
  if (approved.statusCode !== 200)
    throw new Error(`seeding a request: ${approved.statusCode} ${approved.body}`);
  fieldCallers.push(
    { method: 'POST', path: /^\/api\/labs\/\{locationId\}\/requests\/$/, token: () => memberToken },
    { method: 'PATCH', path: /^\/api\/requests\/\{id\}\/$/, token: () => memberToken },
    {
      method: 'POST',
      path: /^\/api\/requests\/\{id\}\/(approve|reject|return)\/$/,
      token: () => managerToken,
    },
  );
  params.set('/api/labs/{locationId}/funds/{id}', String(fund.id));
  params.set('/api/requests/{id}', String(request.id));
  params.set('/api/management/requests/{id}', String(request.id));

  params.set('/api/account/users/{id}', String(other.id));
  params.set('/api/labs/{locationId}', String(location));
  params.set('/api/management/store-consumers/{id}', String(location));
  params.set('/api/management/issues/{locationId}', String(location));
  params.set('/api/management/issues/{issueId}', String(issue.id));
  params.set('/api/management/issues/{issueId}/lines/{lineId}', String(issue.objects[0].line_id));
  params.set('/api/management/shipments/{id}', String(shipmentIds[0]));
  params.set('/api/management/issue-cart/{id}', String(cartLine.id));
  params.set('/api/management/issue-cart/{locationId}', String(location));
  params.set('/api/storeobjects/chemicalobjs/{id}', String(chemical));
  params.set('/api/storeobjects/instrumentobjs/{id}', String(instrument));
  params.set('/api/storeobjects/glasswareobjs/{id}', String(glassware));
  params.set('/api/management/chemicals/{id}', String(chemical));
  params.set('/api/management/instruments/{id}', String(instrument));
  params.set('/api/management/glasswares/{id}', String(glassware));
  params.set('/api/filemanager/files/{id}', String(file.id));
  params.set('/api/filemanager/categories/{id}', String(category));
  params.set('/media/files/{*}', file.file.path.slice('/media/files/'.length));
  const audit = await t.app.inject({ url: '/api/management/audit/?limit=1', headers: authHeader(token) });
  params.set(
    '/api/management/audit/{id}',
    String((audit.json() as { results: { id: number }[] }).results[0].id),
  );
  queries.set('/api/management/shipments/', 'type=chemical');
  queries.set('/api/management/stock-ledger/', `type=chemical&object_id=${chemical}`);
  queries.set('/api/management/fuzzysearch/', 'query=Ethanol');
  queries.set('/api/management/statements/', 'month=2026-11');
  queries.set('/api/management/statements/export/', 'month=2026-11');
  queries.set('/api/labs/{locationId}/statements/', 'month=2026-11');
  queries.set('/api/labs/{locationId}/statements/export/', 'month=2026-11');
  bodies.set('/api/token/', { email: user.email, password: TEST_PASSWORD });
  bodies.set('/api/token/refresh/', { refresh });
  bodies.set('/api/token/varify/', { token });

  // The document is OpenAPI 3 (plugins/openapi.ts); only its paths and documented responses are read.
  paths = (t.app.swagger() as unknown as { paths: OpenApiPaths }).paths;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(t.config.dataDir, { recursive: true, force: true });
});

/**
 * The request URL of a documented path: its parameters filled in from the seeded rows (or `param` with another
 * value), plus its query (with `query` set in it).
 */
function urlOf(
  path: string,
  { param, query }: { param?: [string, string]; query?: [string, string] } = {},
): string {
  const url = path.replace(/\{[^{}]+\}/g, (name, offset: number) => {
    const value = name === param?.[0] ? param[1] : params.get(path.slice(0, offset) + name);
    if (value === undefined) throw new Error(`no seeded value for ${name} in ${path}`);
    return value;
  });
  const search = new URLSearchParams(queries.get(path));
  if (query) search.set(...query);
  return search.size === 0 ? url : `${url}?${search}`;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
/**
 * Operations that answer a stream which never ends (the change feed): inject would wait for ever, so the walks below
 * leave their GET out and 'the change feed for every role' calls it over a listening server instead. Their HEAD,
 * their 405s and their fields' 400s answer at once and stay in the walks.
 */
const STREAMS = new Set(['GET /api/events/']);
/** Reads first, then writes (merges, among the POSTs, use up the staging and cart lines), deletes last. */
const ORDER = ['GET', 'HEAD', 'PUT', 'PATCH', 'POST', 'DELETE'];

function call(method: string, path: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: method as InjectOptions['method'],
    url: urlOf(path),
    headers: authHeader(token),
    ...(BODY_METHODS.has(method) ? { payload: bodies.get(path) ?? {} } : {}),
  });
}

/** Every method Node's HTTP parser lets through to the app (CONNECT opens a tunnel instead, OPTIONS is CORS). */
const EVERY_METHOD = http.METHODS.filter((method) => method !== 'CONNECT' && method !== 'OPTIONS');

/** What is wrong with an answer's content type: JSON unless the route documents another type for that status. */
function contentTypeProblem(response: LightMyRequestResponse, operation?: Operation): string | null {
  const { statusCode, headers, body } = response;
  if (statusCode === 204) return body === '' ? null : 'a 204 with a body';
  const documented = Object.keys(operation?.responses[String(statusCode)]?.content ?? {});
  if (documented.length > 0 && !documented.includes('application/json')) return null;
  return /^application\/json(;|$)/.test(String(headers['content-type']))
    ? null
    : `content-type ${String(headers['content-type'])}`;
}

/** Every documented operation, by path and method. */
function operations(): { path: string; method: string; operation: Operation }[] {
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      path,
      method: method.toUpperCase(),
      operation: operation!,
    })),
  );
}

type Where = 'body' | 'query';

/** The fields of an operation's JSON body and query string, with their schemas. */
function fieldsOf(operation: Operation): { where: Where; name: string; schema: FieldSchema }[] {
  const body = operation.requestBody?.content['application/json']?.schema.properties ?? {};
  return [
    ...Object.entries(body).map(([name, schema]) => ({ where: 'body' as const, name, schema })),
    ...(operation.parameters ?? [])
      .filter((parameter) => parameter.in === 'query')
      .map(({ name, schema }) => ({ where: 'query' as const, name, schema })),
  ];
}

/** The operation with `value` in one field alone (a query keeps the route's other parameters). */
function sendField(method: string, path: string, where: Where, name: string, value: unknown) {
  return t.app.inject({
    method: method as InjectOptions['method'],
    url: where === 'query' ? urlOf(path, { query: [name, String(value)] }) : urlOf(path),
    headers: authHeader(fieldToken(method, path)),
    ...(where === 'body' ? { payload: { [name]: value } } : {}),
  });
}

/** A 400's field errors; undefined for any other answer (a CSV export's 200, say). */
function fieldErrors(response: LightMyRequestResponse): Record<string, string[]> | undefined {
  return response.statusCode === 400 ? (response.json() as Record<string, string[]>) : undefined;
}

const TOO_LARGE_ID = '2147483648';
/** An id in range that no row has. */
const UNKNOWN_ID = '2147483647';

// Before the existing walk below, whose deletes remove the seeded rows these requests name.
describe('every field of every route', () => {
  it('refuses control characters and bidirectional overrides in every text field of a body or query', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const { path, method, operation } of operations()) {
      for (const { where, name, schema } of fieldsOf(operation)) {
        const list = schema['x-ordering'] !== undefined || schema['x-choiceList'] !== undefined;
        const text = schema.type === 'string' && schema.enum === undefined && !list;
        // Passwords are taken as typed (validation/validate.ts).
        if ((!text && !list) || schema['x-noTrim']) continue;
        for (const [value, codePoint] of [
          ['Lab\u00001', 'U+0000'],
          ['Toluol\u202Egnp.exe', 'U+202E'],
        ]) {
          checked += 1;
          const response = await sendField(method, path, where, name, value);
          const answer = fieldErrors(response);
          const expected = text
            ? [
                `This field may not contain control characters or bidirectional overrides (found ${codePoint}).`,
              ]
            : [`"${value}" is not a valid choice.`];
          if (JSON.stringify(answer?.[name]) !== JSON.stringify(expected))
            problems.push(`${method} ${path} ${where} ${name} → ${response.statusCode} ${response.body}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });

  it('refuses numbers that are not finite or longer than 100 characters in every number field', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const { path, method, operation } of operations()) {
      for (const { where, name, schema } of fieldsOf(operation)) {
        if (schema.type !== 'number' && schema.type !== 'integer') continue;
        for (const value of ['1e400', '-1e400', `1${'0'.repeat(100)}`]) {
          checked += 1;
          const response = await sendField(method, path, where, name, value);
          const answer = fieldErrors(response);
          if (answer?.[name] === undefined)
            problems.push(
              `${method} ${path} ${where} ${name}=${value} → ${response.statusCode} ${response.body}`,
            );
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });

  it('answers an id past the id columns like an unknown one: in a path, a body and a query', async () => {
    const problems: string[] = [];
    const checked = { params: 0, fields: 0 };
    const withTooLargeId = (method: string, path: string, param: string, headers: Record<string, string>) =>
      t.app.inject({
        method: method as InjectOptions['method'],
        url: urlOf(path, { param: [param, TOO_LARGE_ID] }),
        headers,
        ...(BODY_METHODS.has(method) ? { payload: {} } : {}),
      });
    for (const { path, method, operation } of operations()) {
      for (const param of path.match(/\{\w+\}/g) ?? []) {
        checked.params += 1;
        const signedIn = await withTooLargeId(method, path, param, authHeader(token));
        if (signedIn.statusCode !== 404 || signedIn.json().detail !== 'Not found.')
          problems.push(`${method} ${path} ${param} → ${signedIn.statusCode} ${signedIn.body}`);
        // The credentials are checked first, as for any id.
        const anonymous = await withTooLargeId(method, path, param, {});
        const status = operation.security ? 401 : 404;
        if (anonymous.statusCode !== status)
          problems.push(`${method} ${path} ${param} anonymously → ${anonymous.statusCode} ${anonymous.body}`);
      }
      for (const { where, name, schema } of fieldsOf(operation)) {
        const many = schema.items?.['x-pk'] === true;
        if (!schema['x-pk'] && !many) continue;
        checked.fields += 1;
        const response = await sendField(method, path, where, name, many ? [TOO_LARGE_ID] : TOO_LARGE_ID);
        if (schema['x-filter']) {
          // A filter's unknown id is no field error but an empty list or a 404: the same answer as for an id in range.
          const inRange = await sendField(method, path, where, name, UNKNOWN_ID);
          if (response.statusCode !== inRange.statusCode || response.body !== inRange.body)
            problems.push(`${method} ${path} ${where} ${name} → ${response.statusCode} ${response.body}`);
          continue;
        }
        const answer = fieldErrors(response);
        const unknownId = [`Invalid pk "${TOO_LARGE_ID}" - object does not exist.`];
        if (JSON.stringify(answer?.[name]) !== JSON.stringify(unknownId))
          problems.push(`${method} ${path} ${where} ${name} → ${response.statusCode} ${response.body}`);
      }
    }
    expect(checked.params).toBeGreaterThan(50);
    expect(checked.fields).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });
});

describe('every route of the OpenAPI document', () => {
  it('answers every documented method, and HEAD where GET is, with JSON; lists with the seeded rows', async () => {
    const operations = Object.entries(paths)
      .flatMap(([path, methods]) =>
        Object.entries(methods).flatMap(([method, operation]) =>
          [method.toUpperCase(), ...(method === 'get' ? ['HEAD'] : [])].map((name) => ({
            path,
            method: name,
            operation: operation!,
          })),
        ),
      )
      .sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method));
    expect(operations.length).toBeGreaterThan(100);

    const problems: string[] = [];
    for (const { path, method, operation } of operations) {
      if (STREAMS.has(`${method} ${path}`)) continue;
      const response = await call(method, path);
      const problem = contentTypeProblem(response, operation);
      if (problem) problems.push(`${method} ${path} → ${response.statusCode}: ${problem}`);
      if (method === 'HEAD' && (response.statusCode !== 200 || response.body !== ''))
        problems.push(`HEAD ${path} → ${response.statusCode}: ${response.body}`);
      if (method !== 'GET') continue;
      if (response.statusCode !== 200)
        problems.push(`GET ${path} → ${response.statusCode}: ${response.body}`);
      else if (response.body === '[]') problems.push(`GET ${path}: an empty list`);
    }
    expect(problems).toEqual([]);
  });

  it('answers every other method Node accepts with a JSON 405 and the Allow header', async () => {
    const problems: string[] = [];
    for (const [path, methods] of Object.entries(paths)) {
      const documented = Object.keys(methods).map((method) => method.toUpperCase());
      const allow = [...documented, ...(documented.includes('GET') ? ['HEAD'] : []), 'OPTIONS'];
      for (const method of EVERY_METHOD.filter((m) => !allow.includes(m))) {
        const response = await call(method, path);
        const problem = contentTypeProblem(response);
        if (response.statusCode !== 405 || problem || response.headers.allow !== allow.join(', '))
          problems.push(
            `${method} ${path} → ${response.statusCode} allow=${String(response.headers.allow)}: ${problem ?? response.body}`,
          );
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers unknown paths with the JSON 404', async () => {
    for (const url of ['/api/unknown/', '/api/storeobjects/chemicals/', '/media/files/missing.txt']) {
      const response = await t.app.inject({ url, headers: authHeader(token) });
      expect(response.statusCode).toBe(404);
      expect(contentTypeProblem(response)).toBeNull();
    }
  });
});

/**
 * Who may call what, written from the issue's role descriptions (issue 23, docs/api.md 'Roles and permissions')
 * and SERVER.md §1.5's public list, by path and method: never read from the routes' own declarations, so a route
 * declared with the wrong class fails here.
 */
type Caller = 'anonymous' | 'storeManager' | 'auditor' | 'memberOfA' | 'managerOfB';
const CALLERS: Caller[] = ['anonymous', 'auditor', 'memberOfA', 'managerOfB', 'storeManager'];
const EVERYONE = new Set<Caller>(CALLERS);
const SIGNED_IN = new Set<Caller>(['storeManager', 'auditor', 'memberOfA', 'managerOfB']);
const STORE_READERS = new Set<Caller>(['storeManager', 'auditor']);
const STORE_MANAGERS = new Set<Caller>(['storeManager']);

/**
 * SERVER.md §1.5's public routes and the public reads docs/api.md adds (calendar, currency, health, export, a
 * chemical's files).
 */
const PUBLIC_READS = [
  /^\/api\/storeobjects\/(chemical|instrument|glassware)objs\/(\{id\}\/)?$/,
  /^\/api\/storeobjects\/(chemical|instrument|glassware)objs\/export\/$/,
  /^\/api\/storeobjects\/chemicalobjs\/\{id\}\/files\/$/,
  /^\/api\/management\/(chemicals|instruments|glasswares)\/$/,
  /^\/api\/management\/consumers-tree\/$/,
  /^\/api\/management\/issues\/\{locationId\}\/$/,
  /^\/api\/management\/fuzzysearch\/$/,
  /^\/api\/filemanager\/(files|categories)\/(\{id\}\/)?$/,
  /^\/media\//,
  /^\/api\/calendar\/$/,
  /^\/api\/currency\/$/,
  /^\/api\/health\/$/,
  // The change feed: open to anyone, each caller hearing only of what it may read (checked below).
  /^\/api\/events\/$/,
];
const TOKEN_ROUTES = /^\/api\/token\/(refresh\/|varify\/)?$/;
/** The caller's own working lists of the store: only a store manager has (or may make) any. */
const OWN_WORKING_LISTS = /^\/api\/management\/((chemical|instrument|glassware)-temp-shipment|issue-cart)\//;

/**
 * Issue 24's words: a lab's funds are read by its people and the store, kept by store managers and the lab's
 * managers; a lab's members and managers ask for stock (the store does not); a request is read by the store and its
 * lab's people, edited and cancelled by its lab's people (the service then wants the requester, or for a cancel
 * also a manager), decided by its lab's managers; the store approves CMR lines and fulfils; once approved, what is
 * still open is cancelled by the lab's managers or the store (issue 33).
 */
const LAB_REQUEST_ROUTES: { path: RegExp; method: string; callers: (lab: 'A' | 'B') => Caller[] }[] = [
  {
    path: /^\/api\/labs\/\{locationId\}\/(funds|requests)\/$/,
    method: 'GET',
    callers: (lab) => [...STORE_READERS, ...labPeople(lab)],
  },
  {
    path: /^\/api\/labs\/\{locationId\}\/funds\/$/,
    method: 'POST',
    callers: (lab) => ['storeManager', ...labManagers(lab)],
  },
  {
    path: /^\/api\/labs\/\{locationId\}\/funds\/\{id\}\/$/,
    method: 'PATCH',
    callers: (lab) => ['storeManager', ...labManagers(lab)],
  },
  { path: /^\/api\/labs\/\{locationId\}\/requests\/$/, method: 'POST', callers: labPeople },
  // The seeded request is lab A's.
  { path: /^\/api\/requests\/\{id\}\/$/, method: 'GET', callers: () => [...STORE_READERS, 'memberOfA'] },
  { path: /^\/api\/requests\/\{id\}\/$/, method: 'PATCH', callers: () => ['memberOfA'] },
  { path: /^\/api\/requests\/\{id\}\/cancel\/$/, method: 'POST', callers: () => ['memberOfA'] },
  { path: /^\/api\/requests\/\{id\}\/(approve|reject|return)\/$/, method: 'POST', callers: () => [] }, // What is still open of an approved request: its lab's managers (lab A has none among the callers) or the store.
  { path: /^\/api\/requests\/\{id\}\/cancel-open\/$/, method: 'POST', callers: () => ['storeManager'] },
];
/** The members and managers of the lab a path names: lab A has a member among the callers, lab B a manager. */
function labPeople(lab: 'A' | 'B'): Caller[] {
  return lab === 'A' ? ['memberOfA'] : ['managerOfB'];
}
function labManagers(lab: 'A' | 'B'): Caller[] {
  return lab === 'A' ? [] : ['managerOfB'];
}

/** Who may call the operation; `lab` is the lab a /api/labs/ path names. */
function allowedCallers(method: string, path: string, lab: 'A' | 'B'): Set<Caller> {
  const read = method === 'GET' || method === 'HEAD';
  const slashed = path.endsWith('/') || path.startsWith('/media/') ? path : `${path}/`;
  const requestRoute = LAB_REQUEST_ROUTES.find(
    (route) => route.path.test(slashed) && route.method === (method === 'HEAD' ? 'GET' : method),
  );
  if (requestRoute) return new Set(requestRoute.callers(lab));
  if (read && PUBLIC_READS.some((pattern) => pattern.test(slashed))) return EVERYONE;
  if (method === 'POST' && TOKEN_ROUTES.test(slashed)) return EVERYONE;
  if (read && slashed === '/api/account/me/') return SIGNED_IN;
  const labPage = /^\/api\/labs\/\{locationId\}\/(holdings|issues|members|statements)\/(?:export\/)?$/.exec(
    slashed,
  );
  if (labPage) {
    if (!read) return STORE_MANAGERS;
    // Lab A's member reads its holdings and issues; lab B's manager reads those, its member list and statements.
    const managersOnly = labPage[1] === 'members' || labPage[1] === 'statements';
    const ofLab: Caller[] = lab === 'A' ? (managersOnly ? [] : ['memberOfA']) : ['managerOfB'];
    return new Set<Caller>([...STORE_READERS, ...ofLab]);
  }
  if (read && !OWN_WORKING_LISTS.test(slashed)) return STORE_READERS;
  return STORE_MANAGERS;
}

describe('every route for every role', () => {
  const tokens = {} as Record<Caller, string | null>;
  const labs = {} as Record<'A' | 'B', string>;

  beforeAll(async () => {
    const labUser = async (role: string, location: string, labRole: string) => {
      const email = `${role}.${labRole}.${location}@lab.org`;
      await post('/api/account/users/', {
        email,
        first_name: 'Role',
        last_name: 'Caller',
        password: TEST_PASSWORD,
        confirm_password: TEST_PASSWORD,
        role,
        ...(role === 'lab_user' ? { labs: [{ location: Number(location), role: labRole }] } : {}),
      });
      return t.login(email);
    };
    labs.A = params.get('/api/labs/{locationId}')!;
    labs.B = String(
      (
        await post('/api/management/store-consumers/', {
          name: 'Organic Lab B',
          consumer_type: 'ORGANIC',
          room_number: '210',
          building_name: 'Science Building',
        })
      ).id,
    );
    tokens.anonymous = null;
    tokens.storeManager = token;
    tokens.auditor = await labUser('auditor', labs.A, 'none');
    tokens.memberOfA = await labUser('lab_user', labs.A, 'member');
    tokens.managerOfB = await labUser('lab_user', labs.B, 'manager');
  });

  /**
   * The change feed answers every caller with a stream, never 401 or 403; what each one hears is what its role may
   * read (docs/api.md §27), written out here from the role descriptions: public changes to everyone, the audit log
   * to the store's readers, a store manager's staging list to that store manager alone, a lab's funds to the store's
   * readers and that lab's people.
   */
  it('streams the change feed to every caller, each hearing only of what it may read', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const chemical = await createStockRecord(t, token, 'chemical', 10, 'Feed check');
    const streams = {} as Record<Caller | 'staleToken', SseClient>;
    for (const caller of CALLERS) {
      const callerToken = tokens[caller];
      streams[caller] = await openEventStream(baseUrlOf(t.app), '/api/events/', {
        ...(callerToken !== null && { token: callerToken }),
      });
    }
    streams.staleToken = await openEventStream(baseUrlOf(t.app), '/api/events/', { token: `${token}x` });
    const problems: string[] = [];
    for (const [caller, stream] of Object.entries(streams)) {
      const [first] = await stream.until((message) => message.event === 'ready');
      const opening = caller === 'staleToken' ? 'signed-out' : 'ready';
      if (stream.status !== 200 || stream.headers['content-type'] !== 'text/event-stream; charset=utf-8')
        problems.push(`${caller}: ${stream.status} ${String(stream.headers['content-type'])}`);
      if (first.event !== opening) problems.push(`${caller} opened with ${first.event}`);
    }

    const write = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
      const response = await t.app.inject({ method, url, payload, headers: authHeader(token) });
      if (response.statusCode >= 300)
        throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    };
    await write('PATCH', `/api/storeobjects/chemicalobjs/${chemical}/`, { purity: 96 });
    await write('POST', '/api/management/chemical-temp-shipment/', { chemical, quantity: 1 });
    await write('POST', `/api/labs/${labs.A}/funds/`, { code: 'FEED-A', name: 'Feed check A' });
    await write('POST', `/api/labs/${labs.B}/funds/`, { code: 'FEED-B', name: 'Feed check B' });
    // Last, a change everyone hears of: what a caller did not hear of before it, it never will.
    await write('PATCH', `/api/management/store-consumers/${labs.B}/`, { room_number: '211' });

    const heard = async (stream: SseClient) => {
      const messages = await stream.until((message: SseMessage) => message.event === 'location');
      const topics = messages.flatMap((message) => {
        if (message.event === 'comment') return [];
        const { lab_id } = dataOf<{ lab_id: number | null }>(message);
        return [
          lab_id === null || message.event === 'location' ? message.event : `${message.event} of ${lab_id}`,
        ];
      });
      return [...new Set(topics)].sort();
    };
    const [fundOfA, fundOfB] = [`fund of ${labs.A}`, `fund of ${labs.B}`];
    const expected: Record<Caller | 'staleToken', string[]> = {
      anonymous: ['chemical', 'location'],
      staleToken: ['chemical', 'location'],
      memberOfA: ['chemical', fundOfA, 'location'],
      managerOfB: ['chemical', fundOfB, 'location'],
      auditor: ['audit', 'chemical', fundOfA, fundOfB, 'location'],
      storeManager: ['audit', 'chemical', 'chemical_staging', fundOfA, fundOfB, 'location'],
    };
    for (const [caller, stream] of Object.entries(streams) as [Caller | 'staleToken', SseClient][]) {
      const topics = await heard(stream);
      if (JSON.stringify(topics) !== JSON.stringify([...expected[caller]].sort()))
        problems.push(`${caller} heard of ${topics.join(', ')}; expected ${expected[caller].join(', ')}`);
      stream.close();
    }
    expect(problems).toEqual([]);
  });

  it('answers 401 to the anonymous, 403 to a signed-in role it does not admit, and lets the others in', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const { path, method: documented } of operations()) {
      const methods = documented === 'GET' ? ['GET', 'HEAD'] : [documented];
      const labsOfPath = path.startsWith('/api/labs/') ? (['A', 'B'] as const) : (['A'] as const);
      for (const method of methods) {
        if (STREAMS.has(`${method} ${path}`)) continue;
        for (const lab of labsOfPath) {
          const allowed = allowedCallers(method, path, lab);
          // The store manager last: its writes may use up or remove what the other calls name.
          for (const caller of CALLERS) {
            checked += 1;
            const callerToken = tokens[caller];
            const response = await t.app.inject({
              method: method as InjectOptions['method'],
              url: path.startsWith('/api/labs/')
                ? urlOf(path, { param: ['{locationId}', labs[lab]] })
                : urlOf(path),
              headers: callerToken === null ? {} : authHeader(callerToken),
              ...(BODY_METHODS.has(method) ? { payload: bodies.get(path) ?? {} } : {}),
            });
            const refusedWith = caller === 'anonymous' ? 401 : 403;
            const verdict = allowed.has(caller)
              ? response.statusCode !== 401 && response.statusCode !== 403
              : response.statusCode === refusedWith &&
                (method === 'HEAD' ||
                  caller === 'anonymous' ||
                  response.body === '{"detail":"You do not have permission to perform this action."}');
            if (!verdict)
              problems.push(
                `${method} ${path}${labsOfPath.length > 1 ? ` (lab ${lab})` : ''} as ${caller}: ${allowed.has(caller) ? 'allowed' : `${refusedWith}`} expected, got ${response.statusCode} ${response.body.slice(0, 120)}`,
              );
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(problems).toEqual([]);
  });
});
