import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { authHeader, buildTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  // A file next to the upload folder, and links and folders inside it, that must never be served.
  fs.mkdirSync(path.join(t.config.uploadDir, 'folder'), { recursive: true });
  fs.writeFileSync(path.join(t.config.dataDir, 'secret.txt'), 'secret');
  fs.symlinkSync(path.join(t.config.dataDir, 'secret.txt'), path.join(t.config.uploadDir, 'link.txt'));
  for (const name of [
    'notes.txt',
    'image.png',
    'photo.JPEG',
    'data.xyz',
    'page.html',
    'logo.svg',
    'app.js',
  ]) {
    await t.app.storage.save(Buffer.from(`content of ${name}`), name);
  }
});
afterAll(async () => {
  await t.close();
  fs.rmSync(t.config.dataDir, { recursive: true, force: true });
});

const notFound = { detail: 'Not found.' };

/** The port of the app listening on a free one (the first call starts it). */
let listening: Promise<string> | undefined;
async function listeningPort(): Promise<number> {
  await (listening ??= t.app.listen({ port: 0, host: '127.0.0.1' }));
  return (t.app.server.address() as AddressInfo).port;
}

/** Sends the bytes of a request as they are, past any client's checks, and reads the answer until the server closes. */
async function rawExchange(request: string): Promise<{ head: string; body: string }> {
  const port = await listeningPort();
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (chunk) => (text += chunk));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
  const [head, body] = answer.split('\r\n\r\n');
  return { head, body };
}

describe('GET /media/files/<name> (§12.3)', () => {
  it.each([
    ['notes.txt', 'text/plain'],
    ['image.png', 'image/png'],
    ['photo.JPEG', 'image/jpeg'],
    ['data.xyz', 'application/octet-stream'],
  ])('serves %s as %s with its exact bytes, to anyone', async (name, contentType) => {
    const response = await t.app.inject({ url: `/media/files/${name}`, headers: authHeader('garbage') });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(`content of ${name}`);
    expect(response.headers['content-type']).toBe(contentType);
    expect(response.headers['content-length']).toBe(String(`content of ${name}`.length));
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBeUndefined();
  });

  it.each(['page.html', 'logo.svg', 'app.js'])(
    'serves active content (%s) only as a download',
    async (name) => {
      const response = await t.app.inject({ url: `/media/files/${name}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/octet-stream');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it.each([
    '/media/files/missing.pdf',
    '/media/files/',
    '/media/files/folder',
    '/media/files/link.txt',
    '/media/files/..%2Fsecret.txt',
    '/media/files/%2e%2e%2fsecret.txt',
    '/media/files/%2E%2E/secret.txt',
    '/media/files/folder/..%2F..%2Fsecret.txt',
    '/media/files/..%5Csecret.txt',
    '/media/files/..\\secret.txt',
    '/media/files/%252e%252e%252fsecret.txt',
    '/media/files/notes.txt%00',
    '/media/files/notes.txt%00.png',
    '/media/files/%00',
    '/media/files/.',
    '/media/files/..',
    '/media/files/notes.txt%20',
    '/media/secret.txt',
    '/media/',
    '/media/other/notes.txt',
  ])('answers %s with the JSON 404', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(notFound);
  });

  it('answers raw dot segments from a real client with the JSON 404', async () => {
    const port = await listeningPort();
    for (const rawPath of [
      '/media/files/../secret.txt',
      '/media/files/../../secret.txt',
      '/media/files/./notes.txt',
    ]) {
      const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        // http.request sends the path as given, without the normalisation fetch and URL apply.
        http
          .get({ host: '127.0.0.1', port, path: rawPath }, (response) => {
            let text = '';
            response.on('data', (chunk) => (text += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
          })
          .on('error', reject);
      });
      expect(status).toBe(404);
      expect(JSON.parse(body)).toEqual(notFound);
    }
  });

  it('answers HEAD with the headers alone, without opening the file', async () => {
    const reads = jest.spyOn(fs, 'createReadStream');
    try {
      const response = await t.app.inject({ method: 'HEAD', url: '/media/files/notes.txt' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-length']).toBe(String('content of notes.txt'.length));
      expect(response.headers['content-type']).toBe('text/plain');
      expect(response.headers.etag).toMatch(/^W\/".+"$/);
      expect(response.headers['last-modified']).toBeDefined();
      expect(response.body).toBe('');
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });

  it('sends an ETag and Last-Modified, and 304 to a client that has the file', async () => {
    const first = await t.app.inject({ url: '/media/files/notes.txt' });
    const stats = fs.statSync(path.join(t.config.uploadDir, 'notes.txt'));
    expect(first.headers.etag).toMatch(/^W\/".+"$/);
    expect(first.headers['last-modified']).toBe(stats.mtime.toUTCString());
    expect(first.headers['accept-ranges']).toBe('bytes');

    for (const headers of [
      { 'if-none-match': String(first.headers.etag) },
      { 'if-modified-since': String(first.headers['last-modified']) },
    ]) {
      const again = await t.app.inject({ url: '/media/files/notes.txt', headers });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
    const changed = await t.app.inject({
      url: '/media/files/notes.txt',
      headers: { 'if-none-match': 'W/"other"' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toBe('content of notes.txt');
  });

  it('answers a byte range with 206 and those bytes, active content still as a download', async () => {
    const part = await t.app.inject({ url: '/media/files/notes.txt', headers: { range: 'bytes=0-3' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('cont');
    expect(part.headers['content-range']).toBe(`bytes 0-3/${'content of notes.txt'.length}`);
    expect(part.headers['content-length']).toBe('4');
    expect(part.headers['content-type']).toBe('text/plain');

    const tail = await t.app.inject({ url: '/media/files/page.html', headers: { range: 'bytes=-4' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.body).toBe('html');
    expect(tail.headers['content-type']).toBe('application/octet-stream');
    expect(tail.headers['content-disposition']).toBe('attachment; filename="page.html"');
    expect(tail.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a range beyond the end with a JSON 416', async () => {
    const response = await t.app.inject({ url: '/media/files/notes.txt', headers: { range: 'bytes=1000-' } });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-range']).toBe(`bytes */${'content of notes.txt'.length}`);
  });

  it('answers every /media request with a sandboxing Content-Security-Policy, the API without one', async () => {
    const sandboxed = /(^|;)sandbox(;|$)/;
    for (const [url, headers] of [
      ['/media/files/notes.txt', {}],
      ['/media/files/notes.txt', { range: 'bytes=0-3' }],
      ['/media/files/page.html', {}],
      ['/media/files/missing.pdf', {}],
    ] as const) {
      const response = await t.app.inject({ url, headers });
      expect(response.headers['content-security-policy']).toMatch(sandboxed);
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    }
    const api = await t.app.inject({ url: '/api/storeobjects/chemicalobjs/' });
    expect(api.headers['content-security-policy']).not.toMatch(sandboxed);
  });

  it('answers other methods with 405', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/media/files/notes.txt', payload: {} });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
  });
});

describe('hostile requests for an uploaded file', () => {
  const size = 'content of notes.txt'.length;
  // Over 6,000 characters, kept out of the test names.
  const long = 'x'.repeat(6000);
  /** An answer of the contract: the file (whole, in part or not modified), or a JSON `{detail}` that is no 5xx. */
  function expectContractAnswer(response: LightMyRequestResponse) {
    if ([200, 206, 304].includes(response.statusCode)) return;
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ detail: expect.any(String) });
  }

  it.each([
    ['?callback=alert', {}],
    ['?%00', {}],
    ['?a=%', {}],
    ['?__proto__=1&constructor=x', {}],
    ['?<6,000 characters>', {}],
    ['', { 'if-match': 'garbage' }],
    ['', { 'if-match': 'W/"x", "y"' }],
    ['', { 'if-unmodified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' }],
    ['', { 'if-unmodified-since': 'yesterday' }],
    ['', { 'if-none-match': '*' }],
    ['', { 'if-none-match': ',,,' }],
    ['', { 'if-modified-since': 'Mon, 99 Foo 2024 99:99:99 GMT' }],
    ['', { 'if-range': 'garbage', range: 'bytes=0-1' }],
    ['', { 'if-range': 'Thu, 01 Jan 1970 00:00:00 GMT', range: 'bytes=0-1' }],
    ['', { range: 'bytes=0-0,1-1' }],
    ['', { range: 'bytes=0-0,5-6' }],
    ['', { range: 'bytes=9999999999999999999-' }],
    ['', { range: 'bytes=-0' }],
    ['', { range: 'bytes=5-2' }],
    ['', { range: 'bytes=' }],
    ['', { range: 'items=0-1' }],
    ['', { range: ['bytes=0-1', 'bytes=2-3'] }],
    ['', { 'accept-encoding': 'br;q=x, *' }],
    ['', { 'accept-encoding': ['gzip', 'br'] }],
    ['', { 'if-none-match': ['a', 'b'], 'if-match': ['*', 'x'] }],
    [
      '?callback=alert',
      {
        range: 'bytes=1000-',
        'if-range': '<6,000 characters>',
        accept: 'text/html',
        authorization: 'Bearer x',
      },
    ],
  ] as [string, Record<string, string | string[]>][])('GET notes.txt%s with %j', async (query, headers) => {
    const expand = (text: string) => text.replace('<6,000 characters>', long);
    const sent = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value : expand(value)]),
    );
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await t.app.inject({
        method,
        url: `/media/files/notes.txt${expand(query)}`,
        headers: sent,
      });
      if (method === 'GET') expectContractAnswer(response);
      else expect(response.statusCode).toBeLessThan(500);
    }
  });

  it.each([
    { what: 'a Content-Length that is no number', header: 'Content-Length: abc', status: 400 },
    { what: 'two Content-Lengths', header: 'Content-Length: 1\r\nContent-Length: 2', status: 400 },
    {
      what: 'a broken Transfer-Encoding',
      header: 'Transfer-Encoding: chunked\r\nContent-Length: 3',
      status: 400,
    },
    { what: 'headers over the limit', header: `X-Padding: ${'x'.repeat(20_000)}`, status: 431 },
  ])(
    'answers a request with $what, which Node refuses to parse, with the JSON $status',
    async ({ header, status }) => {
      const { head, body } = await rawExchange(
        `GET /media/files/notes.txt?callback=alert HTTP/1.1\r\nHost: lab\r\n${header}\r\n\r\n`,
      );
      expect(head.split('\r\n')[0]).toBe(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`);
      expect(head).toContain('Content-Type: application/json; charset=utf-8');
      expect(JSON.parse(body)).toEqual({
        detail: status === 431 ? 'Request headers too large.' : 'Malformed HTTP request.',
      });
    },
  );

  it('answers 412, 416 and 304 as the conditions and ranges ask', async () => {
    const precondition = await t.app.inject({
      url: '/media/files/notes.txt',
      headers: { 'if-match': '"x"' },
    });
    expect(precondition.statusCode).toBe(412);
    expect(precondition.json()).toEqual({ detail: 'Precondition Failed' });
    const unsatisfiable = await t.app.inject({
      url: '/media/files/notes.txt',
      headers: { range: 'bytes=-0' },
    });
    expect(unsatisfiable.statusCode).toBe(416);
    expect(unsatisfiable.headers['content-range']).toBe(`bytes */${size}`);
    const cached = await t.app.inject({ url: '/media/files/notes.txt', headers: { 'if-none-match': '*' } });
    expect(cached.statusCode).toBe(304);
  });

  // A library's failure on the way to the file: an error that carries a status but no message (or nothing at all)
  // used to reach the one error handler, whose {detail: undefined} the response schema refused: Fastify's 500
  // FST_ERR_FAILED_ERROR_SERIALIZATION ('"detail" is required').
  it.each([
    [{ statusCode: 416 }, 416, 'Range Not Satisfiable'],
    [Object.assign(new Error(''), { statusCode: 404 }), 404, 'Not Found'],
    [Object.assign(new Error('No such version.'), { status: 404 }), 404, 'No such version.'],
    [
      Object.assign(new Error('Busy.'), {
        statusCode: 409,
        headers: { 'x-broken': 'a\nb', 'retry-after': '5' },
      }),
      409,
      'Busy.',
    ],
    [{ statusCode: 302 }, 500, 'Internal server error.'],
    [{ statusCode: 503 }, 503, 'Service Unavailable'],
    ['a thrown text', 500, 'Internal server error.'],
    [undefined, 500, 'Internal server error.'],
  ])('answers a library failure %j with %i and a detail', async (failure, status, detail) => {
    const locate = jest.spyOn(t.app.storage, 'locate').mockRejectedValueOnce(failure);
    try {
      const response = await t.app.inject({ url: '/media/files/notes.txt?callback=alert' });
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ detail });
      expect(response.headers['x-broken']).toBeUndefined();
    } finally {
      locate.mockRestore();
    }
  });
});

describe('media next to the built SPA', () => {
  it('serves both the app and the uploaded files', async () => {
    const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labstore-dist-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>LabStore</title>');
    const withSpa = await buildTestApp({ staticDir });
    try {
      await withSpa.app.storage.save(Buffer.from('bytes'), 'notes.txt');
      const media = await withSpa.app.inject({
        url: '/media/files/notes.txt',
        headers: { range: 'bytes=0-1' },
      });
      expect(media.statusCode).toBe(206);
      expect(media.body).toBe('by');
      const page = await withSpa.app.inject({ url: '/adminapp/login' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>LabStore</title>');
    } finally {
      await withSpa.close();
      fs.rmSync(staticDir, { recursive: true, force: true });
      fs.rmSync(withSpa.config.dataDir, { recursive: true, force: true });
    }
  });
});
