import fs from 'node:fs';
import http from 'node:http';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createStockRecord } from '../testing/stockApi';
import { multipartBody, postUpload } from '../testing/multipart';
import { authHeader, buildTestApp, TEST_PASSWORD, type TestApp } from '../testing/testApp';

/**
 * Walks every route of the OpenAPI document (and the methods it does not document) against seeded data, so no route
 * can lose its JSON content type (§1.3) or its 405 (§1.1) unnoticed.
 */

interface Operation {
  responses: Record<string, { content?: Record<string, unknown> }>;
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

  params.set('/api/account/users/{id}', String(other.id));
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

/** The request URL of a documented path: its parameters filled in from the seeded rows, plus its query. */
function urlOf(path: string): string {
  const url = path.replace(/\{[^}]+\}/g, (param, offset: number) => {
    const value = params.get(path.slice(0, offset) + param);
    if (value === undefined) throw new Error(`no seeded value for ${param} in ${path}`);
    return value;
  });
  const query = queries.get(path);
  return query === undefined ? url : `${url}?${query}`;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
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
