import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CHUNK_BYTES } from './storage/databaseFileStorage';
import {
  workerProcesses,
  createDepartment,
  startServerProcess,
  stopServerProcesses,
  type Department,
  type ServerProcess,
} from './testing/serverProcess';

// Two real server processes on one database (PostgreSQL with TEST_DATABASE_URL, files in it; otherwise a SQLite
// file and an upload folder both reach), as two machines of a department behind a reverse proxy would run.

const PER_MINUTE = 4;

let department: Department;
let a: ServerProcess;
let b: ServerProcess;
let token: string;

beforeAll(async () => {
  department = await createDepartment({
    LOGIN_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
    // As behind the README's reverse proxy: the client's address comes from X-Forwarded-For.
    TRUST_PROXY: 'true',
  });
  [a, b] = await Promise.all([startServerProcess(department), startServerProcess(department)]);
  token = await a.signIn();
}, 180_000);
afterAll(async () => {
  await stopServerProcesses();
  await department?.destroy();
}, 60_000);

const signedIn = () => ({ authorization: `Bearer ${token}` });

describe('two server processes on one database', () => {
  it('are single processes, without workers (WEB_CONCURRENCY=1)', () => {
    expect(workerProcesses(a.pid)).toEqual([]);
    expect(workerProcesses(b.pid)).toEqual([]);
  });

  it('serve a file uploaded through one from the other: whole, by range and revalidated', async () => {
    const bytes = randomBytes(2 * CHUNK_BYTES + 1000);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), 'spectrum.bin');
    const uploaded = await fetch(`${a.url}/api/filemanager/files/`, {
      method: 'POST',
      headers: signedIn(),
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { id, file } = (await uploaded.json()) as { id: number; file: { path: string } };
    expect(file.path).toBe('/media/files/spectrum.bin');
    // Where FILE_STORAGE's default put it: in the database on PostgreSQL, in the shared folder on SQLite.
    if (department.fileStorage === 'database') {
      const row = await department.db
        .selectFrom('file_blobs')
        .select('size_bytes')
        .where('name', '=', 'spectrum.bin')
        .executeTakeFirst();
      expect(Number(row?.size_bytes)).toBe(bytes.length);
    } else {
      expect(fs.readFileSync(path.join(department.env.UPLOAD_DIR, 'spectrum.bin')).equals(bytes)).toBe(true);
    }

    const whole = await fetch(`${b.url}${file.path}`);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

    const [start, end] = [CHUNK_BYTES - 100, CHUNK_BYTES + 99];
    const part = await fetch(`${b.url}${file.path}`, { headers: { range: `bytes=${start}-${end}` } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(start, end + 1))).toBe(true);

    const etag = whole.headers.get('etag')!;
    const fromA = await fetch(`${a.url}${file.path}`, { method: 'HEAD' });
    expect(fromA.headers.get('etag')).toBe(etag);
    expect(fromA.headers.get('last-modified')).toBe(whole.headers.get('last-modified'));
    // A Cache-Control of its own: fetch would otherwise add `no-cache` to a conditional request, which asks for
    // the whole file again.
    const cached = await fetch(`${b.url}${file.path}`, {
      headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' },
    });
    expect(cached.status).toBe(304);

    const deleted = await fetch(`${b.url}/api/filemanager/files/${id}/`, {
      method: 'DELETE',
      headers: signedIn(),
    });
    expect(deleted.status).toBe(204);
    expect((await fetch(`${a.url}${file.path}`)).status).toBe(404);
  });

  it('share the per-address sign-in limit: attempts through either count against one limit', async () => {
    const attempt = (server: ServerProcess, n: number) =>
      fetch(`${server.url}/api/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.50' },
        body: JSON.stringify({ email: `sprayed${n}@lab.org`, password: 'guess' }),
      });
    for (let n = 0; n < PER_MINUTE; n += 1) expect((await attempt(n % 2 ? b : a, n)).status).toBe(401);
    for (const server of [a, b]) {
      const refused = await attempt(server, PER_MINUTE);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({
        detail: 'Too many login attempts from this address. Try again later.',
      });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another address is not limited by it.
    const other = await fetch(`${b.url}/api/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.51' },
      body: JSON.stringify({ email: 'someone@lab.org', password: 'guess' }),
    });
    expect(other.status).toBe(401);
  });

  it('find a record created through one in the other’s fuzzy search', async () => {
    const search = async (server: ServerProcess, query: string) => {
      const response = await fetch(
        `${server.url}/api/management/fuzzysearch/?query=${encodeURIComponent(query)}`,
      );
      expect(response.status).toBe(200);
      return ((await response.json()) as { chemical?: { name: string } }[]).map(
        (record) => record.chemical?.name,
      );
    };
    // B builds its search index before the record exists, so finding it means B's index was kept current.
    expect(await search(b, 'Xylitol')).toEqual([]);
    const created = await fetch(`${a.url}/api/storeobjects/chemicalobjs/`, {
      method: 'POST',
      headers: { ...signedIn(), 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Xylitol',
        CAS_RN: '87-99-0',
        molecular_formula: 'C5H12O5',
        purity: 99,
        manufacturer: 'Merck',
        supplier: 'Daraz',
        state: 'SOLID',
        quantity: 500,
      }),
    });
    expect(created.status).toBe(201);
    // A typo, so the fuzzy match is what finds it.
    expect(await search(b, 'xylitl')).toContain('Xylitol');
  });
});
