import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { FileStorageKind } from '../../config';
import { CHUNK_BYTES, CHUNKS_PER_READ, DatabaseFileStorage } from '../../storage/databaseFileStorage';
import { FILE_STORAGES } from '../../testing/storedFiles';
import { authHeader, buildTestApp, type TestApp } from '../../testing/testApp';

describe.each(FILE_STORAGES)('with FILE_STORAGE=%s', (fileStorage) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ fileStorage });
    // A file next to the upload folder, and links and folders inside it, that must never be served (and that the
    // database storage never sees).
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

  /** The ETag each storage sends: the local disk's weak one of size and time, the database's strong one. */
  const etagPattern = fileStorage === 'local' ? /^W\/"[0-9a-f]+-[0-9a-f]+"$/ : /^"[0-9a-f]+-[0-9a-f]+"$/;

  /** When the stored file was last written, as its storage knows it. */
  async function modifiedAt(name: string): Promise<Date> {
    if (fileStorage === 'local') return fs.statSync(path.join(t.config.uploadDir, name)).mtime;
    const row = await t.db
      .selectFrom('file_blobs')
      .select('created_at')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return new Date(row.created_at);
  }

  /** Watches the storage's reads of stored bytes (opening the file, or reading its chunks). */
  function watchReads(): jest.SpyInstance {
    return fileStorage === 'local'
      ? jest.spyOn(fs, 'createReadStream')
      : jest.spyOn(t.app.storage as DatabaseFileStorage, 'bytes');
  }

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

    it('answers HEAD with the headers alone, without reading the file', async () => {
      const reads = watchReads();
      try {
        for (const headers of [{}, { range: 'bytes=0-3' }]) {
          const response = await t.app.inject({ method: 'HEAD', url: '/media/files/notes.txt', headers });
          expect(response.statusCode).toBe('range' in headers ? 206 : 200);
          expect(response.headers['content-length']).toBe(
            'range' in headers ? '4' : String('content of notes.txt'.length),
          );
          expect(response.headers['content-type']).toBe('text/plain');
          expect(response.headers.etag).toMatch(etagPattern);
          expect(response.headers['last-modified']).toBeDefined();
          expect(response.body).toBe('');
        }
        expect(reads).not.toHaveBeenCalled();
      } finally {
        reads.mockRestore();
      }
    });

    it('sends an ETag and Last-Modified, and 304 to a client that has the file', async () => {
      const first = await t.app.inject({ url: '/media/files/notes.txt' });
      expect(first.headers.etag).toMatch(etagPattern);
      expect(first.headers['last-modified']).toBe((await modifiedAt('notes.txt')).toUTCString());
      expect(first.headers['accept-ranges']).toBe('bytes');
      expect(first.headers['cache-control']).toBe('public, max-age=0');

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
      const response = await t.app.inject({
        url: '/media/files/notes.txt',
        headers: { range: 'bytes=1000-' },
      });
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

    it("lets the app's own pages frame a file (the terminal's document viewer), and no other site", async () => {
      const response = await t.app.inject({ url: '/media/files/notes.txt' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
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
      const download = jest.spyOn(t.app.storage, 'download').mockRejectedValueOnce(failure);
      try {
        const response = await t.app.inject({ url: '/media/files/notes.txt?callback=alert' });
        expect(response.statusCode).toBe(status);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json()).toEqual({ detail });
        expect(response.headers['x-broken']).toBeUndefined();
      } finally {
        download.mockRestore();
      }
    });
  });

  describe('a large file', () => {
    // 30 full chunks and a part of another: the database storage reads it in several batches.
    const bytes = randomBytes(30 * CHUNK_BYTES + 1234);
    let url: string;
    beforeAll(async () => {
      const pieces = Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, index) =>
        bytes.subarray(index * 65_536, (index + 1) * 65_536),
      );
      const saved = await t.app.storage.save(Readable.from(pieces), 'spectra.zip');
      expect(saved).toEqual({ name: 'spectra.zip', size: bytes.length });
      url = '/media/files/spectra.zip';
    });

    it('downloads with exactly the bytes uploaded', async () => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-length']).toBe(String(bytes.length));
      expect(response.rawPayload.equals(bytes)).toBe(true);
    });

    it.each([
      ['across a chunk boundary', CHUNK_BYTES - 10, CHUNK_BYTES + 9],
      ['across several read batches', 3 * CHUNK_BYTES + 5, (2 * CHUNKS_PER_READ + 1) * CHUNK_BYTES + 7],
      ['of one byte at the start of a chunk', 7 * CHUNK_BYTES, 7 * CHUNK_BYTES],
      ['to the end', 30 * CHUNK_BYTES - 1, bytes.length - 1],
    ])('answers a range %s with exactly those bytes', async (_what, start, end) => {
      const response = await t.app.inject({ url, headers: { range: `bytes=${start}-${end}` } });
      expect(response.statusCode).toBe(206);
      expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${bytes.length}`);
      expect(response.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
    });
  });

  describe('media next to the built SPA', () => {
    it('serves both the app and the uploaded files', async () => {
      const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labstore-dist-'));
      fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>LabStore</title>');
      const withSpa = await buildTestApp({ staticDir, fileStorage });
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
});

describe('the database storage answers downloads as the local disk does', () => {
  const content = Buffer.from('content of notes.txt');
  // Both files written at this instant, so dates in conditions compare alike on both.
  const written = new Date('2026-03-02T10:20:30.000Z');
  const apps = {} as Record<FileStorageKind, TestApp>;
  beforeAll(async () => {
    for (const fileStorage of FILE_STORAGES) {
      const app = await buildTestApp({ fileStorage });
      app.setClock(written);
      await app.app.storage.save(content, 'notes.txt');
      apps[fileStorage] = app;
    }
    fs.utimesSync(path.join(apps.local.config.uploadDir, 'notes.txt'), written, written);
  });
  afterAll(async () => {
    for (const app of Object.values(apps)) {
      await app.close();
      fs.rmSync(app.config.dataDir, { recursive: true, force: true });
    }
  });

  const before = 'Mon, 02 Mar 2026 10:20:29 GMT';
  const same = 'Mon, 02 Mar 2026 10:20:30 GMT';
  const after = 'Mon, 02 Mar 2026 10:20:31 GMT';
  // `<etag>` stands for the file's ETag in the storage asked (their ETags differ: weak and strong).
  it.each<Record<string, string>>([
    {},
    { range: 'bytes=0-3' },
    { range: 'bytes=-4' },
    { range: 'bytes=5-' },
    { range: 'bytes=5-999999' },
    { range: 'bytes=0-0,1-1' },
    { range: 'bytes=0-1,4-5' },
    { range: 'bytes=0-0,5-6' },
    { range: 'bytes=1000-' },
    { range: 'bytes=-0' },
    { range: 'bytes=5-2' },
    { range: 'bytes=' },
    { range: 'bytes=9999999999999999999-' },
    { range: 'bytes=x-y' },
    { range: ' bytes=0-1' },
    { range: 'items=0-1' },
    { range: 'bytes=0-1', 'if-range': '<etag>' },
    { range: 'bytes=0-1', 'if-range': '"other"' },
    { range: 'bytes=0-1', 'if-range': same },
    { range: 'bytes=0-1', 'if-range': before },
    { range: 'bytes=0-1', 'if-range': 'garbage' },
    { 'if-none-match': '<etag>' },
    { 'if-none-match': '"other", <etag>' },
    { 'if-none-match': '"other"' },
    { 'if-none-match': '*' },
    { 'if-none-match': ',,,' },
    { 'if-none-match': '<etag>', 'cache-control': 'no-cache' },
    { 'if-none-match': '"other"', 'if-modified-since': after },
    { 'if-modified-since': same },
    { 'if-modified-since': after },
    { 'if-modified-since': before },
    { 'if-modified-since': 'garbage' },
    { 'if-match': '<etag>' },
    { 'if-match': '"other"' },
    { 'if-match': '*' },
    { 'if-unmodified-since': same },
    { 'if-unmodified-since': before },
    { 'if-unmodified-since': 'garbage' },
    { 'if-match': '<etag>', range: 'bytes=1000-' },
    { 'if-none-match': '<etag>', range: 'bytes=0-1' },
  ])('%j', async (headers) => {
    const answers = [];
    for (const fileStorage of FILE_STORAGES) {
      const { app } = apps[fileStorage];
      const etag = String((await app.inject({ method: 'HEAD', url: '/media/files/notes.txt' })).headers.etag);
      const sent = Object.fromEntries(
        Object.entries(headers).map(([name, value]) => [name, value.replace('<etag>', etag)]),
      );
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await app.inject({ method, url: '/media/files/notes.txt', headers: sent });
        const { etag: _etag, date: _date, ...answerHeaders } = response.headers;
        answers.push({
          fileStorage,
          method,
          status: response.statusCode,
          headers: answerHeaders,
          body: response.body,
        });
      }
    }
    const [localGet, localHead, databaseGet, databaseHead] = answers;
    expect({ ...databaseGet, fileStorage: 'local' }).toEqual(localGet);
    expect({ ...databaseHead, fileStorage: 'local' }).toEqual(localHead);
  });
});
