import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ChangeEventData } from './domain/changeTopics';
import { admits, type Viewer } from './feed/audience';
import { toFeedEvent, type FeedEvent } from './feed/hub';
import { CHUNK_BYTES } from './storage/databaseFileStorage';
import {
  workerProcesses,
  createDepartment,
  startServerProcess,
  stopServerProcesses,
  type Department,
  type ServerProcess,
} from './testing/serverProcess';
import { dataOf, openEventStream, type SseMessage } from './testing/sseClient';
import { stockBody } from './testing/stockApi';

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

/**
 * A write through `server`'s API (as the administrator unless `as` says), from a browser tab named after the process
 * (its X-Client-Id, so each event's origin says which process took the write): the answer's JSON.
 */
async function write(
  server: ServerProcess,
  method: 'POST' | 'PATCH',
  url: string,
  body: object,
  as = token,
): Promise<{ id: number }> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${as}`,
      'content-type': 'application/json',
      'x-client-id': tabOf(server),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: number };
}

const tabOf = (server: ServerProcess) => `tab-${server.port}`;
const createChemical = (server: ServerProcess) =>
  write(server, 'POST', '/api/storeobjects/chemicalobjs/', stockBody('chemical', { quantity: 100 })).then(
    ({ id }) => id,
  );

/**
 * How long a test waits for an event from another process before it fails (it does not time the feed, whose speed
 * `npm run bench` measures): long enough for a busy machine, where the 1 s poll carries events between SQLite
 * processes.
 */
const FEED_WAIT_MS = 20_000;

const isChange = (message: SseMessage) =>
  !['comment', 'ready', 'reload', 'signed-out'].includes(message.event);
const heardOf = (message: SseMessage): FeedEvent => {
  const data = dataOf<ChangeEventData>(message);
  expect(message.event).toBe(data.topic);
  return { seq: Number(message.id), data };
};

/** The caller the administrator's streams serve, as the feed sees it: its account, role and labs. */
async function adminViewer(): Promise<Viewer> {
  const user = await department.db
    .selectFrom('users')
    .select(['id', 'role'])
    .where('email', '=', department.admin.email)
    .executeTakeFirstOrThrow();
  const labs = await department.db
    .selectFrom('lab_memberships')
    .select(['location_id', 'role'])
    .where('user_id', '=', user.id)
    .execute();
  return { userId: user.id, role: user.role, labs: new Map(labs.map((lab) => [lab.location_id, lab.role])) };
}

/** Every event written after `seq`, in seq order: the source of truth a resumed stream is compared with. */
async function eventsAfter(seq: number): Promise<FeedEvent[]> {
  const rows = await department.db
    .selectFrom('change_events')
    .select(['seq', 'topic', 'action', 'ids', 'lab_id', 'user_id', 'actor_id', 'origin'])
    .where('seq', '>', seq)
    .orderBy('seq')
    .execute();
  return rows.map(toFeedEvent);
}

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

  it('deliver an event written through one to a stream open on the other', async () => {
    const { userId: adminId } = await adminViewer();
    // The writer's own stream: the public is told neither the account nor the tab (docs/api.md §27.3).
    const stream = await openEventStream(b.url, '/api/events/', { token });
    await stream.next((message) => message.event === 'ready');
    const id = await createChemical(a);
    const heard = await stream.next((message) => message.event === 'chemical', FEED_WAIT_MS);
    expect(dataOf(heard)).toEqual({
      topic: 'chemical',
      action: 'created',
      ids: [id],
      lab_id: null,
      user_id: null,
      actor_id: adminId,
      origin: tabOf(a),
    });
    const written = await eventsAfter(0);
    expect(written.find((event) => event.data.topic === 'chemical' && event.data.ids.includes(id))?.seq).toBe(
      Number(heard.id),
    );
    stream.close();
  });

  it('resume on the other, after one is killed mid-stream, with every event missed: each once, in seq order', async () => {
    const doomed = await startServerProcess(department);
    // A second store manager, whose staging list the administrator's stream must not hear of.
    const sam = { email: 'sam@lab.org', password: 'second-store-manager' };
    await write(a, 'POST', '/api/account/users/', {
      ...sam,
      first_name: 'Sam',
      last_name: 'Second',
      confirm_password: sam.password,
      role: 'store_manager',
    });
    const samToken = await b.signIn(sam.email, sam.password);
    const stage = (server: ServerProcess, chemical: number) =>
      write(server, 'POST', '/api/management/chemical-temp-shipment/', { chemical, quantity: 50 }, samToken);
    const lab = (
      await write(b, 'POST', '/api/management/store-consumers/', {
        name: 'Lab of the crash',
        consumer_type: 'PHYSICAL',
        room_number: '1',
        building_name: 'B',
      })
    ).id;
    let moves = 0;
    const moveLab = (server: ServerProcess) =>
      write(server, 'PATCH', `/api/management/store-consumers/${lab}/`, { room_number: `R${(moves += 1)}` });

    // The store manager's stream on the process that dies hears writes through it and through B.
    const first = await openEventStream(doomed.url, '/api/events/', { token });
    await first.next((message) => message.event === 'ready');
    for (const server of [doomed, b]) {
      const id = await createChemical(server);
      await first.next(
        (message) => message.event === 'chemical' && dataOf<ChangeEventData>(message).ids.includes(id),
        FEED_WAIT_MS,
      );
    }

    // Writes go on through B while the process is killed, one through it as it dies (written or not).
    const asItDies = moveLab(doomed).catch(() => undefined);
    const whileKilled = Promise.all([
      createChemical(b),
      createChemical(b).then((chemical) => stage(b, chemical)),
      moveLab(b),
    ]);
    expect(await doomed.kill()).toEqual({ code: null, signal: 'SIGKILL' });
    await Promise.all([first.ended, whileKilled, asItDies]);
    const lastSeen = first.lastEventId!;

    // Written while the client has no stream, then while it reconnects to B.
    const missedWhileAway = [await createChemical(b), await createChemical(a)];
    const reconnecting = openEventStream(b.url, '/api/events/', {
      token,
      headers: { 'last-event-id': lastSeen },
    });
    await Promise.all([createChemical(a), moveLab(b), stage(a, missedWhileAway[0])]);
    const resumed = await reconnecting;

    const written = await eventsAfter(Number(lastSeen));
    const viewer = await adminViewer();
    const missed = written.filter((event) => admits(viewer, event.data));
    // Sam's staging lines (one at least, staged after the reconnect) are not the administrator's to hear.
    const notTheirs = written.filter((event) => !missed.includes(event));
    expect(notTheirs.length).toBeGreaterThan(0);
    expect(new Set(notTheirs.map((event) => event.data.topic))).toEqual(new Set(['chemical_staging']));
    const heard = await resumed.untilSeq(missed.at(-1)!.seq, FEED_WAIT_MS);
    expect(heard[0]).toMatchObject({ event: 'ready', id: lastSeen });
    expect(heard.filter(isChange).map(heardOf)).toEqual(missed);
    // What was written in the gap is among what was replayed.
    const createdIds = missed.flatMap((event) =>
      event.data.topic === 'chemical' && event.data.action === 'created' ? event.data.ids : [],
    );
    expect(createdIds).toEqual(expect.arrayContaining(missedWhileAway));
    resumed.close();
  }, 120_000);

  it('resume on a process started later (a worker restarted) at the newest event, though writes rolled back before: no reload', async () => {
    // Two writes that roll back, each followed by one that commits: two holes in the seqs on PostgreSQL.
    for (let round = 0; round < 2; round += 1) {
      await department.db
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto('change_events')
            .values({ topic: 'location', action: 'updated', ids: '[]', created_at: new Date().toISOString() })
            .execute();
          throw new Error('rolled back');
        })
        .catch((error: Error) => {
          if (error.message !== 'rolled back') throw error;
        });
      await createChemical(b);
    }
    const newest = (await eventsAfter(0)).at(-1)!.seq;
    const late = await startServerProcess(department);
    const resumed = await openEventStream(late.url, '/api/events/', {
      token,
      headers: { 'last-event-id': String(newest) },
    });
    const fresh = await openEventStream(late.url, '/api/events/', { token });
    await createChemical(a);
    const viewer = await adminViewer();
    const written = (await eventsAfter(newest)).filter((event) => admits(viewer, event.data));
    for (const stream of [resumed, fresh]) {
      const heard = await stream.untilSeq(written.at(-1)!.seq, FEED_WAIT_MS);
      expect(heard[0]).toMatchObject({ event: 'ready', id: String(newest) });
      expect(heard.filter((message) => message.event === 'reload')).toEqual([]);
      expect(heard.filter(isChange).map(heardOf)).toEqual(written);
      stream.close();
    }
  }, 120_000);
});
