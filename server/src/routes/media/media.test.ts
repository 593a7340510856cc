import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
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
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    expect(address).toContain(String(port));
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
