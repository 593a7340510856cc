import { randomBytes } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Config, LogLevel } from './config';
import { buildApp } from './app';
import { resource } from './http/resource';
import { until } from './testing/waiting';
import { authHeader, buildTestApp, createTestDatabase, testConfig, type TestApp } from './testing/testApp';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await t.signedInUser());
});
afterAll(() => t.close());

describe('paths (§1.1)', () => {
  it.each(['/api/account/users', '/api/account/users/'])(
    'answers %s with or without the trailing slash',
    async (url) => {
      const response = await t.app.inject({ url, headers: authHeader(token) });
      expect(response.statusCode).toBe(200);
    },
  );

  it('treats a POST without the trailing slash like one with it, never redirecting', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/token', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      email: ['This field is required.'],
      password: ['This field is required.'],
    });
  });

  it.each([
    '/api/nothing/',
    '/api/account/',
    '/api/storeobjects/chemicals/',
    '/media/files/missing.pdf',
    '/api',
    '/api/account/users/%',
    '/media/files/%E0%A4%A',
  ])('answers an unknown path %s with the JSON 404', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });

  it.each(['abc', '1.5', '-1', '0', '01x'])(
    'does not match the id "%s", even without credentials',
    async (id) => {
      for (const headers of [{}, authHeader(token)]) {
        const response = await t.app.inject({ method: 'GET', url: `/api/account/users/${id}/`, headers });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: 'Not found.' });
      }
    },
  );

  it('answers a known path with an unsupported method with 405 and Allow', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/account/users/',
      headers: authHeader(token),
    });
    expect(response.statusCode).toBe(405);
    expect(response.json()).toEqual({ detail: 'Method "PUT" not allowed.' });
    expect(response.headers.allow).toBe('GET, POST, HEAD, OPTIONS');
  });

  it('answers DELETE on set_password with 405 and the one allowed method', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/account/users/1/set_password' });
    expect(response.statusCode).toBe(405);
    expect(response.json()).toEqual({ detail: 'Method "DELETE" not allowed.' });
    expect(response.headers.allow).toBe('POST, OPTIONS');
  });

  it.each(['TRACE', 'PROPFIND', 'LOCK', 'MKCOL', 'COPY', 'SEARCH', 'QUERY'])(
    'answers %s on a known path with 405 and Allow, and on an unknown path with 404',
    async (method) => {
      const known = await t.app.inject({ method: method as 'GET', url: '/api/filemanager/categories/' });
      expect(known.statusCode).toBe(405);
      expect(known.json()).toEqual({ detail: `Method "${method}" not allowed.` });
      expect(known.headers.allow).toBe('GET, POST, HEAD, OPTIONS');
      const unknown = await t.app.inject({ method: method as 'GET', url: '/api/nothing/' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ detail: 'Not found.' });
    },
  );

  it.each([
    ['PUT', '/api/account/users/', 'text/plain', 'plain text'],
    ['PUT', '/api/account/users/', 'application/json', '{"broken": '],
    ['PROPFIND', '/api/account/users/', 'application/xml', '<propfind xmlns="DAV:"><allprop/></propfind>'],
    ['POST', '/media/files/notes.txt', 'multipart/form-data; boundary=x', '--x--'],
  ])('answers %s %s with a %s body with the 405, never a body error', async (method, url, type, payload) => {
    const response = await t.app.inject({
      method: method as 'PUT',
      url,
      payload,
      headers: { 'content-type': type },
    });
    expect(response.statusCode).toBe(405);
    expect(response.json()).toEqual({ detail: `Method "${method}" not allowed.` });
  });

  it.each([
    ['POST', 'text/plain', 'plain text'],
    ['PUT', 'application/json', '{"broken": '],
    ['QUERY', undefined, 'no content type'],
  ])('answers %s to an unknown path with the 404 whatever its body (%s)', async (method, type, payload) => {
    const response = await t.app.inject({
      method: method as 'POST',
      url: '/api/nothing/',
      payload,
      headers: type ? { 'content-type': type } : {},
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('ignores unknown query parameters', async () => {
    const response = await t.app.inject({
      url: '/api/account/users/?page=2&x=y',
      headers: authHeader(token),
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('request bodies (§1.2)', () => {
  const post = (payload: string | undefined, contentType?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/token/varify/',
      payload,
      headers: contentType ? { 'content-type': contentType } : {},
    });

  it('rejects another content type with 415', async () => {
    const response = await post('token=x', 'text/plain');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: 'Unsupported media type "text/plain" in request.' });
  });

  it('accepts JSON with a charset', async () => {
    const response = await post(JSON.stringify({ token: 'garbage' }), 'application/json; charset=utf-8');
    expect(response.statusCode).toBe(401);
  });

  it('answers malformed JSON with 400 and the parse error', async () => {
    const response = await post('{"token": ', 'application/json');
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/^JSON parse error - ./);
  });

  it.each([
    ['[1, 2]', 'list'],
    ['"text"', 'str'],
    ['12', 'int'],
    ['1.5', 'float'],
    ['true', 'bool'],
    ['null', 'NoneType'],
  ])('rejects the top-level value %s as not a dictionary', async (payload, typeName) => {
    const response = await post(payload, 'application/json');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      non_field_errors: [`Invalid data. Expected a dictionary, but got ${typeName}.`],
    });
  });

  it.each([
    ['no content type', undefined],
    ['JSON', 'application/json'],
    ['text/plain', 'text/plain'],
  ])('treats an empty body with %s as {}', async (_label, contentType) => {
    const response = await post(undefined, contentType);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ token: ['This field is required.'] });
  });

  const nested = (levels: number, inner = '"PHYSICAL"') => '['.repeat(levels) + inner + ']'.repeat(levels);
  const postSignedIn = (url: string, json: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: json,
      headers: { ...authHeader(token), 'content-type': 'application/json' },
    });

  it.each([
    ['/api/storeobjects/chemicalobjs/', 'state'],
    ['/api/management/store-consumers/', 'consumer_type'],
    ['/api/management/issue-cart/', 'object_type'],
  ])('answers a body nested 5,000 deep (%s %s) with the JSON parse error', async (url, field) => {
    const response = await postSignedIn(url, `{"${field}": ${nested(5000, '')}}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'JSON parse error - Nested deeper than 32 levels.' });
  });

  it('reads a body nested up to 32 levels, answering a list in a choice field with its message', async () => {
    const call = (levels: number) =>
      postSignedIn(
        '/api/management/store-consumers/',
        `{"name": "Lab", "room_number": "1", "building_name": "B", "consumer_type": ${nested(levels)}}`,
      );
    const deepest = await call(31);
    expect(deepest.statusCode).toBe(400);
    expect(deepest.json()).toEqual({ consumer_type: ['"[…]" is not a valid choice.'] });
    expect((await call(32)).json()).toEqual({ detail: 'JSON parse error - Nested deeper than 32 levels.' });
  });

  it.each([
    ['__proto__', '{"token": "x", "__proto__": {"is_superuser": true}}'],
    ['constructor.prototype', '{"token": "x", "constructor": {"prototype": {"is_superuser": true}}}'],
    ['a nested __proto__', '{"token": "x", "chemical": {"name": "a", "__proto__": {"is_superuser": true}}}'],
  ])('refuses a body with %s (prototype poisoning) with the JSON parse error', async (_label, payload) => {
    const response = await post(payload, 'application/json');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'JSON parse error - Object contains forbidden prototype property',
    });
  });

  it('does not count brackets inside strings as nesting', async () => {
    const token = JSON.stringify(`\\"${'[{'.repeat(100)}`);
    const response = await post(`{"token": ${token}}`, 'application/json');
    expect(response.statusCode).toBe(401);
  });

  it('answers a JSON body over 1 MiB with 413', async () => {
    const response = await post(JSON.stringify({ token: 'x'.repeat(1024 * 1024) }), 'application/json');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'Request body too large.' });
  });
});

describe('CORS (§1.6) and security headers', () => {
  it.each([
    ['a success', '/api/account/users/', authHeader('x')],
    ['a 404', '/api/nothing/', {}],
  ])('sets Access-Control-Allow-Origin on %s', async (_label, url, headers) => {
    const response = await t.app.inject({ url, headers });
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers a preflight to any path with 204 and the allowed methods and headers', async () => {
    for (const url of ['/api/account/users/', '/api/account/users/5/set_password', '/api/anything']) {
      const response = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: 'http://elsewhere.example', 'access-control-request-method': 'DELETE' },
      });
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      const methods = String(response.headers['access-control-allow-methods']).split(/,\s*/);
      expect(methods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']));
      expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toMatch(
        /authorization.*content-type/,
      );
    }
  });

  it('sends security headers with a CSP that allows the SPA', async () => {
    const response = await t.app.inject({ url: '/api/nothing/' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
  });
});

describe('API docs', () => {
  it('serves the OpenAPI document generated from the routes, and the UI', async () => {
    const doc = await t.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toEqual(
      expect.arrayContaining(['/api/token/', '/api/account/users/', '/api/account/users/{id}/']),
    );
    const ui = await t.app.inject({ url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('unexpected failures', () => {
  it('answers 500 with a JSON body and no stack trace', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database, logger: false });
    resource(app, '/api/broken/', (routes) =>
      routes.get({ access: 'public', schema: {} }, async () => {
        throw new Error('secret internals at /srv/app.ts:12');
      }),
    );
    try {
      const response = await app.inject({ url: '/api/broken/' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'Internal server error.' });
      expect(response.headers['access-control-allow-origin']).toBe('*');
    } finally {
      await app.close();
      await database.destroy();
    }
  });
});

describe('expectations the server cannot meet', () => {
  /** Sends the bytes as they are (no client would send this Expect) and reads the answer until the server closes. */
  async function rawExchange(request: string): Promise<{ head: string; body: string }> {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database, logger: false });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
        let text = '';
        socket.on('data', (chunk) => (text += chunk));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      const [head, body] = answer.split('\r\n\r\n');
      return { head, body };
    } finally {
      await app.close();
      await database.destroy();
    }
  }

  it('answers an Expect other than 100-continue with a JSON 417 and closes the connection', async () => {
    const { head, body } = await rawExchange(
      'GET /api/locations/ HTTP/1.1\r\nHost: localhost\r\nExpect: garbage\r\n\r\n',
    );
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 417 Expectation Failed');
    expect(head).toMatch(/^content-type: application\/json; charset=utf-8$/im);
    expect(head).toMatch(/^connection: close$/im);
    expect(JSON.parse(body)).toEqual({ detail: 'Only "Expect: 100-continue" is supported.' });
  });
});

describe('the log (LOG_LEVEL)', () => {
  /** An app logging JSON lines at `level` into an array, listening on a free port. */
  async function loggingApp(level: LogLevel, overrides: Partial<Config> = {}) {
    const lines: { level: number; msg: string; reqId?: string; res?: { statusCode: number } }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const database = await createTestDatabase();
    const config = testConfig({ logLevel: level, ...overrides });
    const app = await buildApp({ config, database, logger: { level, stream } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const close = async () => {
      await app.close();
      await database.destroy();
    };
    return { app, port, lines, close };
  }

  it('writes no line per request at info (the default), and one in and one out at debug', async () => {
    for (const [level, expected] of [
      ['info', []],
      ['debug', ['incoming request', 'request completed']],
    ] as const) {
      const logging = await loggingApp(level);
      try {
        const response = await fetch(`http://127.0.0.1:${logging.port}/api/health/`);
        expect(response.status).toBe(200);
        await response.arrayBuffer();
        await logging.app.close();
        expect(
          logging.lines
            .map((line) => line.msg)
            .filter((msg) => msg.startsWith('request') || msg.startsWith('incoming')),
        ).toEqual(expected);
      } finally {
        await logging.close();
      }
    }
  });

  it.each(['local', 'database'] as const)(
    'logs a download the client stops half-way (FILE_STORAGE=%s) as an aborted request, not an error',
    async (fileStorage) => {
      const logging = await loggingApp('info', { fileStorage });
      try {
        await logging.app.storage.save(randomBytes(8 * 1024 * 1024), 'spectrum.zip');
        await new Promise<void>((resolve, reject) => {
          const socket = net.connect(logging.port, '127.0.0.1', () =>
            socket.write('GET /media/files/spectrum.zip HTTP/1.1\r\nHost: localhost\r\n\r\n'),
          );
          socket.once('data', () => socket.destroy());
          socket.once('close', () => resolve());
          socket.once('error', reject);
        });
        // Whatever the server makes of it, it is a line of that request.
        await until(() => logging.lines.some((line) => line.reqId !== undefined));
        await logging.app.close();
        expect(logging.lines.filter((line) => line.level >= 40)).toEqual([]);
        expect(logging.lines.filter((line) => line.res?.statusCode === 500)).toEqual([]);
        expect(logging.lines.map((line) => line.msg)).toContain(
          'request aborted by the client before its answer was sent',
        );
      } finally {
        await logging.close();
      }
    },
  );
});
