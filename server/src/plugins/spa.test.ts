import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, type TestApp } from '../testing/testApp';

// A tiny build, laid out as webpack writes dist/: hashed assets with their .br and .gz copies, and one without.
const INDEX_HTML = `<!doctype html><html><head><script defer src="/assets/main.0123456789.js"></script></head>${'<body></body>'.repeat(40)}</html>`;
const MAIN_JS = `console.log(${JSON.stringify('LabStore '.repeat(300))});`;
const SMALL_JS = 'console.log(1);';

let staticDir: string;
let t: TestApp;

function writeBuildFile(name: string, content: string, precompressed: boolean): void {
  const file = path.join(staticDir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  if (precompressed) {
    fs.writeFileSync(`${file}.br`, brotliCompressSync(content));
    fs.writeFileSync(`${file}.gz`, gzipSync(content));
  }
}

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labstore-spa-'));
  writeBuildFile('index.html', INDEX_HTML, true);
  writeBuildFile('assets/main.0123456789.js', MAIN_JS, true);
  writeBuildFile('assets/main.0123456789.js.map', '{"version":3,"sources":["secret.ts"]}', false);
  writeBuildFile('assets/small.abcdef0123.js', SMALL_JS, false);
  t = await buildTestApp({ staticDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

function get(url: string, acceptEncoding?: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    url,
    headers: { ...headers, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
  });
}

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  if (encoding === undefined) return response.body;
  throw new Error(`unexpected content-encoding ${encoding}`);
}

describe('built assets', () => {
  // [Accept-Encoding sent (null: none), the copy expected (null: the file itself)]
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['deflate', null],
    [null, null],
  ])(
    'Accept-Encoding %p gets the %p copy of a hashed asset, cached as immutable',
    async (accept, encoding) => {
      const response = await get('/assets/main.0123456789.js', accept ?? undefined);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding ?? undefined);
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decoded(response)).toBe(MAIN_JS);
      if (encoding !== null) expect(response.rawPayload.length).toBeLessThan(MAIN_JS.length / 2);
    },
  );

  it('sends a file without compressed copies as it is, never compressing it on the fly', async () => {
    const response = await get('/assets/small.abcdef0123.js', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(SMALL_JS);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a conditional request for an unchanged asset with 304', async () => {
    const first = await get('/assets/main.0123456789.js', 'br');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get('/assets/main.0123456789.js', 'br', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it.each([
    '/assets/main.0123456789.js.map',
    '/assets/main.0123456789.js.br',
    '/assets/main.0123456789.js.gz',
    '/assets/gone.9876543210.js',
  ])('refuses %s with the JSON 404, not index.html', async (url) => {
    const response = await get(url, 'br');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('index.html', () => {
  it.each(['/', '/adminapp/login', '/adminapp'])('answers %s, precompressed, never cached', async (url) => {
    const response = await get(url, 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(decoded(response)).toBe(INDEX_HTML);
  });

  it('is sent as it is to a client that accepts no compression', async () => {
    const response = await get('/adminapp/login');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(INDEX_HTML);
  });

  it('is not the answer for unknown API paths', async () => {
    const response = await get('/api/nothing-here/', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('the prerendered first screens (src/app/prerender.tsx)', () => {
  const screens = {
    public: '<div id="root" data-prerendered="public"></div>',
    terminal: '<div id="root" data-prerendered="terminal"></div>',
  };
  let prerendered: TestApp;
  let prerenderedDir: string;

  beforeAll(async () => {
    prerenderedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labstore-spa-prerendered-'));
    for (const [name, content] of [
      ['index.html', INDEX_HTML],
      ['prerendered/public.html', screens.public],
      ['prerendered/terminal.html', screens.terminal],
    ]) {
      const file = path.join(prerenderedDir, name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, content);
      fs.writeFileSync(`${file}.br`, brotliCompressSync(content));
    }
    prerendered = await buildTestApp({ staticDir: prerenderedDir });
  });
  afterAll(async () => {
    await prerendered.close();
    fs.rmSync(prerenderedDir, { recursive: true, force: true });
  });

  // As src/app/terminal.ts reads the address: `terminal` with any value but `off` turns terminal mode on.
  it.each([
    ['/', 'public'],
    ['/?terminal', 'terminal'],
    ['/?terminal=&idle=30', 'terminal'],
    ['/?idle=30&terminal=1', 'terminal'],
    ['/?terminal=off', 'public'],
    ['/?something=else', 'public'],
  ] as const)('answers %s with the %s screen, precompressed, never cached', async (url, screen) => {
    const response = await prerendered.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(decoded(response)).toBe(screens[screen]);
  });

  it.each(['/adminapp/login', '/chemicals/12', '/lab?lab=3'])('answers %s with index.html', async (url) => {
    const response = await prerendered.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
  });
});
