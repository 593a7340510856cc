import { Writable } from 'node:stream';
import net from 'node:net';
import { buildApp } from '../../app';
import { signToken } from '../../auth/jwt';
import { pruneChangeEvents } from '../../feed/changeLog';
import { labUser } from '../../testing/requestApi';
import { baseUrlOf, dataOf, openEventStream, type SseClient, type SseMessage } from '../../testing/sseClient';
import { createLocation, createStockRecord } from '../../testing/stockApi';
import {
  authHeader,
  buildTestApp,
  createTestDatabase,
  testConfig,
  type HttpMethod,
  type TestApp,
} from '../../testing/testApp';
import { until } from '../../testing/waiting';

/** The stream as a client meets it (docs/api.md §27): who hears what, resuming, reloading, signing out, limits. */

let t: TestApp;
let managerToken: string;
let base: string;

beforeAll(async () => {
  t = await buildTestApp({ eventsHeartbeatSeconds: 1 });
  ({ token: managerToken } = await t.signedInUser());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = baseUrlOf(t.app);
  barrierLab = await createLocation(t, managerToken);
});
afterAll(() => t.close());

async function ok(method: HttpMethod, url: string, payload?: object, token = managerToken) {
  const response = await t.app.inject({ method, url, payload, headers: authHeader(token) });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.statusCode === 204 ? undefined : (response.json() as { id: number });
}

async function newestSeq(): Promise<number> {
  const { newest } = await t.db
    .selectFrom('change_events')
    .select((eb) => eb.fn.max('seq').as('newest'))
    .executeTakeFirstOrThrow();
  return Number(newest ?? 0);
}

const open = (path: string, token?: string, headers?: Record<string, string>) =>
  openEventStream(base, path, { ...(token !== undefined && { token }), headers });

const isChange = (message: SseMessage) =>
  !['comment', 'ready', 'reload', 'signed-out'].includes(message.event);

let barrierLab: number;
/**
 * A change every caller hears of, written last: events go out in seq order, so what a stream has not heard of
 * before the barrier's event, it never will.
 */
async function barrier(): Promise<number> {
  await ok('PATCH', `/api/management/store-consumers/${barrierLab}/`, { room_number: String(Date.now()) });
  return newestSeq();
}

/** The change events a stream hears of until the barrier: `topic action` (and `of <lab>` for a lab's). */
async function heardUntil(stream: SseClient, barrierSeq: number): Promise<string[]> {
  const messages = await stream.until(
    (message) => message.event === 'location' && Number(message.id) >= barrierSeq - 1,
  );
  return messages
    .filter(
      (message) =>
        isChange(message) && !(message.event === 'location' && Number(message.id) >= barrierSeq - 1),
    )
    .map((message) => {
      const { action, lab_id } = dataOf<{ action: string; lab_id: number | null }>(message);
      return `${message.event} ${action}${lab_id === null || message.event === 'issue' ? '' : ` of ${lab_id}`}`;
    });
}

describe('opening', () => {
  it('answers an event stream that starts with retry and ready at the newest seq; HEAD answers its headers', async () => {
    await createLocation(t, managerToken);
    const newest = await newestSeq();
    const stream = await open('/api/events/');
    expect(stream.status).toBe(200);
    expect(stream.headers).toMatchObject({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      'access-control-allow-origin': '*',
    });
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(await stream.next()).toEqual({
      id: String(newest),
      event: 'ready',
      data: JSON.stringify({ seq: newest }),
      retry: 3000,
    });
    stream.close();

    const head = await t.app.inject({ method: 'HEAD', url: '/api/events/' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(head.body).toBe('');
  });

  it('lets browsers of other origins send X-Client-Id, If-Match and Last-Event-ID', async () => {
    const preflight = await t.app.inject({ method: 'OPTIONS', url: '/api/events/' });
    const allowed = String(preflight.headers['access-control-allow-headers']).split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['x-client-id', 'if-match', 'last-event-id']));
  });

  it('takes an X-Client-Id of up to 64 letters, digits, _ and - as the origin, and nothing else', async () => {
    const stream = await open('/api/events/', managerToken);
    await stream.next();
    const origins: (string | null)[] = [];
    for (const id of ['a'.repeat(64), 'a'.repeat(65), 'tab 1', 'tab-1_A']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/management/store-consumers/',
        payload: { name: 'Origin', consumer_type: 'PHYSICAL', room_number: '1', building_name: 'B' },
        headers: { ...authHeader(managerToken), 'x-client-id': id },
      });
      expect(response.statusCode).toBe(201);
      origins.push(
        dataOf<{ origin: string | null }>(await stream.next((message) => message.event === 'location'))
          .origin,
      );
    }
    expect(origins).toEqual(['a'.repeat(64), null, null, 'tab-1_A']);
    stream.close();
  });
});

describe('who hears what', () => {
  it("scopes each event to its audience: a lab's people, the store's readers, a list's owner", async () => {
    const [labA, labB] = [await createLocation(t, managerToken), await createLocation(t, managerToken)];
    const memberOfA = await labUser(t, managerToken, [{ location: labA, role: 'member' }]);
    const managerOfA = await labUser(t, managerToken, [{ location: labA, role: 'manager' }]);
    const managerOfB = await labUser(t, managerToken, [{ location: labB, role: 'manager' }]);
    const { user: auditor, token: auditorToken } = await t.signedInUser();
    await ok('PATCH', `/api/account/users/${auditor.id}/`, { role: 'auditor' });
    const { token: otherManagerToken } = await t.signedInUser();
    const beaker = await createStockRecord(t, managerToken, 'glassware', 10, 'Scoped beaker', {
      unit_price: 1,
    });

    const streams = {
      anonymous: await open('/api/events/'),
      memberOfA: await open('/api/events/', memberOfA.token),
      managerOfA: await open(`/api/events/?access_token=${managerOfA.token}`),
      managerOfB: await open('/api/events/', managerOfB.token),
      auditor: await open('/api/events/', auditorToken),
      storeManager: await open('/api/events/', managerToken),
      otherStoreManager: await open('/api/events/', otherManagerToken),
    };
    for (const stream of Object.values(streams)) await stream.next((message) => message.event === 'ready');

    await ok('POST', '/api/management/glassware-temp-shipment/', { glassware: beaker, quantity: 1 });
    await ok('POST', '/api/management/issue-cart/', {
      object_type: 'GLASSWARE',
      object_id: beaker,
      quantity: 2,
    });
    await ok('POST', `/api/management/issue-cart/${labA}/merge/`);
    const fund = await ok(
      'POST',
      `/api/labs/${labA}/funds/`,
      { code: 'SCOPE', name: 'Scope' },
      managerOfA.token,
    );
    await ok(
      'POST',
      `/api/labs/${labA}/requests/`,
      { fund: fund!.id, lines: [{ object_type: 'GLASSWARE', object_id: beaker, quantity: 1 }] },
      memberOfA.token,
    );
    await ok('PATCH', `/api/account/users/${managerOfB.id}/`, { first_name: 'Renamed' });
    const seq = await barrier();

    const publicOnes = ['issue created', 'glassware quantity'];
    const ofA = (topic: string) => `${topic} of ${labA}`;
    const storeReaders = [
      ...publicOnes,
      ofA('charge created'),
      'ledger created',
      ofA('fund created'),
      ofA('request created'),
      'user updated',
      'audit created',
    ];
    const expected: Record<keyof typeof streams, string[]> = {
      anonymous: publicOnes,
      memberOfA: [...publicOnes, ofA('fund created'), ofA('request created')],
      managerOfA: [...publicOnes, ofA('charge created'), ofA('fund created'), ofA('request created')],
      // Its own account changed.
      managerOfB: [...publicOnes, 'user updated'],
      auditor: storeReaders,
      storeManager: [
        'glassware_staging created',
        'cart created',
        'cart deleted',
        ...publicOnes,
        ofA('charge created'),
        'ledger created',
        ofA('fund created'),
        ofA('request created'),
        'user updated',
        'audit created',
      ],
      // Another store manager's staging list and cart are that store manager's own.
      otherStoreManager: storeReaders,
    };
    for (const [caller, stream] of Object.entries(streams) as [keyof typeof streams, SseClient][]) {
      const heard = [...new Set(await heardUntil(stream, seq))].sort();
      expect({ caller, heard }).toEqual({ caller, heard: [...new Set(expected[caller])].sort() });
      stream.close();
    }
  });

  it("re-reads the caller when an event names its account or labs: a lab's events follow a new membership", async () => {
    const [labA, labB] = [await createLocation(t, managerToken), await createLocation(t, managerToken)];
    const lee = await labUser(t, managerToken, [{ location: labA, role: 'member' }]);
    const stream = await open('/api/events/', lee.token);
    await stream.next((message) => message.event === 'ready');
    await ok('POST', `/api/labs/${labB}/funds/`, { code: 'B-1', name: 'Before' });
    await ok('PATCH', `/api/account/users/${lee.id}/`, { labs: [{ location: labB, role: 'member' }] });
    await ok('POST', `/api/labs/${labB}/funds/`, { code: 'B-2', name: 'After' });
    await ok('POST', `/api/labs/${labA}/funds/`, { code: 'A-1', name: 'No longer' });
    const seq = await barrier();
    expect(await heardUntil(stream, seq)).toEqual([
      `membership deleted of ${labA}`,
      `membership created of ${labB}`,
      'user updated',
      `fund created of ${labB}`,
    ]);
    stream.close();
  });
});

describe('who made a change', () => {
  it("tells the public neither the account nor the tab, and a tab's id only to its own account", async () => {
    const { user: writer, token: writerToken } = await t.signedInUser();
    const { token: otherToken } = await t.signedInUser();
    const streams = {
      anonymous: await open('/api/events/'),
      stale: await open('/api/events/', `${writerToken}stale`),
      writer: await open('/api/events/', writerToken),
      writerElsewhere: await open(`/api/events/?access_token=${writerToken}`),
      otherStoreManager: await open('/api/events/', otherToken),
    };
    for (const stream of Object.values(streams)) await stream.next((message) => message.event === 'ready');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/filemanager/categories/',
      payload: { name: `Disclosed ${Date.now()}` },
      headers: { ...authHeader(writerToken), 'x-client-id': 'tab-of-the-writer' },
    });
    expect(response.statusCode).toBe(201);
    const seen: Record<string, unknown> = {};
    for (const [caller, stream] of Object.entries(streams)) {
      const { actor_id, origin } = dataOf<{ actor_id: number | null; origin: string | null }>(
        await stream.next((message) => message.event === 'category'),
      );
      seen[caller] = { actor_id, origin };
      stream.close();
    }
    expect(seen).toEqual({
      anonymous: { actor_id: null, origin: null },
      stale: { actor_id: null, origin: null },
      writer: { actor_id: writer.id, origin: 'tab-of-the-writer' },
      writerElsewhere: { actor_id: writer.id, origin: 'tab-of-the-writer' },
      otherStoreManager: { actor_id: writer.id, origin: null },
    });
  });

  it('writes an event once for all streams, whoever listens', async () => {
    const { token: writerToken } = await t.signedInUser();
    const { token: otherToken } = await t.signedInUser();
    const streams = [
      ...(await Promise.all(Array.from({ length: 6 }, () => open('/api/events/')))),
      ...(await Promise.all(Array.from({ length: 6 }, () => open('/api/events/', otherToken)))),
      ...(await Promise.all(Array.from({ length: 6 }, () => open('/api/events/', writerToken)))),
    ];
    for (const stream of streams) await stream.next((message) => message.event === 'ready');
    const name = `Written once ${Date.now()}`;
    const stringify = jest.spyOn(JSON, 'stringify');
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/filemanager/categories/',
        payload: { name },
        headers: { ...authHeader(writerToken), 'x-client-id': 'tab-once' },
      });
      const { id } = response.json<{ id: number }>();
      for (const stream of streams) await stream.next((message) => message.event === 'category');
      const serialised = stringify.mock.calls.filter(([value]) => {
        const data = value as { topic?: unknown; ids?: unknown } | null;
        return data?.topic === 'category' && Array.isArray(data.ids) && data.ids.includes(id);
      });
      // One text for the public, one for other accounts, one for the writer's own (with its tab): not one a stream.
      expect(serialised.length).toBeLessThanOrEqual(3);
    } finally {
      stringify.mockRestore();
      for (const stream of streams) stream.close();
    }
  });
});

describe('resuming', () => {
  /** Events by seq, as a stream heard them. */
  const seqsOf = (messages: SseMessage[]) => messages.filter(isChange).map((message) => Number(message.id));

  it('replays exactly what was missed after Last-Event-ID, then goes on live, with nothing twice', async () => {
    const whole = await open('/api/events/', managerToken);
    await whole.next((message) => message.event === 'ready');
    const first = await open('/api/events/', managerToken);
    await first.next((message) => message.event === 'ready');
    await createLocation(t, managerToken);
    const lastSeen = await first.next((message) => message.event === 'audit');
    first.close();
    await first.ended;

    // Missed while away, and more written while the client reconnects.
    for (let index = 0; index < 3; index += 1) await createStockRecord(t, managerToken, 'instrument', 1);
    const writing = Promise.all([
      createLocation(t, managerToken),
      createStockRecord(t, managerToken, 'chemical', 2),
    ]);
    const resumed = await open('/api/events/', managerToken, { 'last-event-id': lastSeen.id! });
    await writing;
    const end = await barrier();

    const ready = await resumed.next();
    expect(ready).toMatchObject({
      id: lastSeen.id,
      event: 'ready',
      data: JSON.stringify({ seq: Number(lastSeen.id) }),
    });
    const got = seqsOf(await resumed.until((message) => Number(message.id) === end));
    const all = seqsOf(await whole.until((message) => Number(message.id) === end));
    expect(got).toEqual(all.filter((seq) => seq > Number(lastSeen.id)));
    expect(new Set(got).size).toBe(got.length);
    expect(got.length).toBeGreaterThan(8);
    resumed.close();
    whole.close();
  });

  it('takes ?last_event_id= when no header is sent, the header when both are', async () => {
    const from = await newestSeq();
    await createLocation(t, managerToken);
    const byQuery = await open(`/api/events/?last_event_id=${from}`, managerToken);
    expect((await byQuery.next()).id).toBe(String(from));
    expect(Number((await byQuery.next()).id)).toBe(from + 1);
    byQuery.close();
    const newest = await newestSeq();
    const both = await open(`/api/events/?last_event_id=${from}`, managerToken, {
      'last-event-id': String(newest),
    });
    expect((await both.next()).id).toBe(String(newest));
    both.close();
  });

  it('says reload when the id is older than what is kept, newer than the newest, or no seq at all', async () => {
    await createLocation(t, managerToken);
    const kept = await newestSeq();
    expect(await pruneChangeEvents(t.db, new Date(Date.now() + 60_000))).toBeGreaterThan(0);
    await createLocation(t, managerToken);
    const newest = await newestSeq();
    for (const lastEventId of [String(kept - 1), String(newest + 5), 'abc']) {
      const stream = await open('/api/events/', managerToken, { 'last-event-id': lastEventId });
      const [ready, reload] = [await stream.next(), await stream.next()];
      expect(ready.event).toBe('ready');
      expect(reload).toEqual({ id: String(newest), event: 'reload', data: JSON.stringify({ seq: newest }) });
      stream.close();
    }
    // At the watermark nothing is missing: the stream resumes.
    const atWatermark = await open('/api/events/', managerToken, { 'last-event-id': String(kept) });
    await atWatermark.next();
    expect((await atWatermark.next()).event).toBe('location');
    atWatermark.close();
  });
});

describe('replaying at most 1,000 events', () => {
  /** `count` events, written at once: their seqs follow one another. */
  const insertEvents = (count: number) =>
    t.db
      .insertInto('change_events')
      .values(
        Array.from({ length: count }, () => ({
          topic: 'category',
          action: 'updated',
          ids: '[1]',
          created_at: new Date().toISOString(),
        })),
      )
      .execute();

  it('says reload, to a store manager too, instead of replaying more than 1,000 events; replays 1,000', async () => {
    await insertEvents(1001);
    const newest = await newestSeq();
    const tooFar = await open('/api/events/', managerToken, { 'last-event-id': String(newest - 1001) });
    expect(await tooFar.next()).toMatchObject({ event: 'ready', id: String(newest - 1001) });
    expect(await tooFar.next()).toEqual({
      id: String(newest),
      event: 'reload',
      data: JSON.stringify({ seq: newest }),
    });
    tooFar.close();
    const zero = await open('/api/events/', undefined, { 'last-event-id': '0' });
    await zero.next((message) => message.event === 'ready');
    expect((await zero.next()).event).toBe('reload');
    zero.close();

    const within = await open('/api/events/', managerToken, { 'last-event-id': String(newest - 1000) });
    const replayed = (await within.untilSeq(newest, 10_000)).filter(isChange);
    expect(replayed.map((message) => Number(message.id))).toEqual(
      Array.from({ length: 1000 }, (_, index) => newest - 999 + index),
    );
    within.close();
  });
});

describe('signing out', () => {
  it('answers a stale token with one signed-out event, then the public stream; never 401', async () => {
    const [labA] = [await createLocation(t, managerToken)];
    const stream = await open('/api/events/', `${managerToken}stale`);
    expect(stream.status).toBe(200);
    const [signedOut, ready] = [await stream.next(), await stream.next()];
    expect(signedOut).toMatchObject({ event: 'signed-out', retry: 3000, data: '{"code":"token_not_valid"}' });
    expect(signedOut.id).toBe(ready.id);
    expect(ready.event).toBe('ready');
    await ok('POST', `/api/labs/${labA}/funds/`, { code: 'S-1', name: 'Hidden' });
    expect(await heardUntil(stream, await barrier())).toEqual([]);
    stream.close();
  });

  it('signs a stream out when its account’s password changes, and when its token expires', async () => {
    const { user, token } = await t.signedInUser();
    const changed = await open('/api/events/', token);
    await changed.next((message) => message.event === 'ready');
    await ok('POST', `/api/account/users/${user.id}/set_password/`, {
      password: 'a brand new password',
      confirm_password: 'a brand new password',
    });
    await ok('POST', '/api/filemanager/categories/', { name: 'After sign-out' });
    const messages = await changed.until((message) => message.event === 'category');
    expect(messages.filter(isChange).map((message) => message.event)).toEqual(['category']);
    expect(messages.filter((message) => message.event === 'signed-out')).toHaveLength(1);
    changed.close();

    const { user: other } = await t.signedInUser();
    const shortLived = signToken(t.config.jwtSecret, 'access', other.id, 1, { now: t.app.now() });
    const expiring = await open('/api/events/', shortLived);
    await expiring.next((message) => message.event === 'ready');
    await expiring.next((message) => message.event === 'signed-out');
    expiring.close();
  });
});

describe('keeping the stream open', () => {
  it('sends a keep-alive comment when idle', async () => {
    const stream = await open('/api/events/');
    await stream.next((message) => message.event === 'ready');
    expect(await stream.next((message) => message.event === 'comment', 3000)).toMatchObject({
      data: 'keep-alive',
    });
    stream.close();
  });
});

describe('limits', () => {
  it('answers 503 in JSON beyond EVENTS_MAX_STREAMS streams, and opens one again when one ends', async () => {
    const limited = await buildTestApp({ eventsMaxStreams: 2 });
    try {
      await limited.app.listen({ port: 0, host: '127.0.0.1' });
      const url = baseUrlOf(limited.app);
      const [one, two] = [
        await openEventStream(url, '/api/events/'),
        await openEventStream(url, '/api/events/'),
      ];
      await one.next();
      await two.next();
      const third = await openEventStream(url, '/api/events/');
      expect(third.status).toBe(503);
      expect(third.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(await third.body())).toEqual({
        detail: 'Too many event streams are open on this server; try again later.',
      });
      one.close();
      await one.ended;
      await until(() => limited.app.changeHub.streamCount === 1);
      const again = await openEventStream(url, '/api/events/');
      expect(again.status).toBe(200);
      await again.next();
    } finally {
      await limited.close();
    }
  });

  it('answers 429 beyond the anonymous streams of one address and the streams of one account; someone signed in behind that address still gets one', async () => {
    const limited = await buildTestApp({ eventsMaxStreamsPerAddress: 2, eventsMaxStreamsPerAccount: 2 });
    const opened: SseClient[] = [];
    try {
      await limited.app.listen({ port: 0, host: '127.0.0.1' });
      const url = baseUrlOf(limited.app);
      const [{ token: lee }, { token: kim }] = [await limited.signedInUser(), await limited.signedInUser()];
      const opening = async (token?: string, localAddress?: string) => {
        const stream = await openEventStream(url, '/api/events/', { token, localAddress });
        if (stream.status === 200) {
          opened.push(stream);
          await stream.next((message) => message.event === 'ready');
        }
        return stream;
      };
      const refusal = async (stream: SseClient) => ({
        status: stream.status,
        json: stream.headers['content-type']?.startsWith('application/json'),
        retryAfter: stream.headers['retry-after'],
        body: JSON.parse(await stream.body()) as unknown,
      });
      const fromAddress = 'Too many event streams are open from this address; close one and try again.';
      const forAccount = 'Too many event streams are open for this account; close one and try again.';

      expect([(await opening()).status, (await opening()).status]).toEqual([200, 200]);
      expect(await refusal(await opening())).toEqual({
        status: 429,
        json: true,
        retryAfter: '3',
        body: { detail: fromAddress },
      });
      // A token that is not valid opens an anonymous stream: it counts as one.
      expect((await opening(`${lee}stale`)).status).toBe(429);
      // Signed in behind the same address: counted per account.
      expect([(await opening(lee)).status, (await opening(lee)).status]).toEqual([200, 200]);
      expect(await refusal(await opening(lee))).toEqual({
        status: 429,
        json: true,
        retryAfter: '3',
        body: { detail: forAccount },
      });
      expect((await opening(kim)).status).toBe(200);
      // Another address has its own.
      expect((await opening(undefined, '127.0.0.2')).status).toBe(200);
      // A stream that ends gives its place back.
      const first = opened[0];
      first.close();
      await first.ended;
      await until(() => limited.app.changeHub.streamCount === opened.length - 1);
      expect((await opening()).status).toBe(200);
    } finally {
      for (const stream of opened) stream.close();
      await limited.close();
    }
  });

  it('drops a client that stops reading once it has not drained for EVENTS_DRAIN_TIMEOUT_SECONDS', async () => {
    const slow = await buildTestApp({ eventsDrainTimeoutSeconds: 1 });
    const socket = new net.Socket();
    try {
      await slow.app.listen({ port: 0, host: '127.0.0.1' });
      // Reads until its stream is ready, then never again.
      const ready = new Promise<void>((resolve) => {
        let text = '';
        const onData = (chunk: Buffer) => {
          text += chunk.toString('utf8');
          if (!text.includes('event: ready')) return;
          socket.pause();
          socket.off('data', onData);
          resolve();
        };
        socket.on('data', onData);
      });
      socket.connect({ port: Number(new URL(baseUrlOf(slow.app)).port), host: '127.0.0.1' });
      socket.write('GET /api/events/ HTTP/1.1\r\nhost: localhost\r\naccept: text/event-stream\r\n\r\n');
      await ready;
      expect(slow.app.changeHub.streamCount).toBe(1);
      // Large events, written as a change would write them: 10 MB, more than every buffer between server and client
      // holds (about 4 MB on loopback), in fewer events than a stream may fall behind by.
      const ids = JSON.stringify(Array.from({ length: 1000 }, (_, index) => 100_000_000 + index));
      const rows = Array.from({ length: 200 }, () => ({
        topic: 'location',
        action: 'updated',
        ids,
        created_at: new Date().toISOString(),
      }));
      for (let batch = 0; batch < 5; batch += 1) {
        await slow.db.insertInto('change_events').values(rows).execute();
        slow.app.changeHub.wake();
      }
      await until(() => slow.app.changeHub.streamCount === 0, 10_000);
    } finally {
      socket.destroy();
      await slow.close();
    }
  });
});

describe('closing', () => {
  it('ends every stream when the app closes, so close never waits for clients', async () => {
    const closing = await buildTestApp();
    await closing.app.listen({ port: 0, host: '127.0.0.1' });
    const url = baseUrlOf(closing.app);
    const streams = [await openEventStream(url, '/api/events/'), await openEventStream(url, '/api/events/')];
    for (const stream of streams) await stream.next();
    await closing.close();
    await Promise.all(streams.map((stream) => stream.ended));
  });
});

describe('logs', () => {
  it('never writes an access token given in the query to the log', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const database = await createTestDatabase();
    // A line per request is written at LOG_LEVEL=debug only: the level at which a URL reaches the log.
    const config = testConfig({ logLevel: 'debug' });
    const logged = await buildApp({ config, database, logger: { level: 'debug', stream: sink } });
    try {
      await logged.listen({ port: 0, host: '127.0.0.1' });
      const secret = signToken(config.jwtSecret, 'access', 424242, 60);
      const stream = await openEventStream(
        baseUrlOf(logged),
        `/api/events/?last_event_id=0&access_token=${secret}`,
      );
      await stream.next();
      stream.close();
      await logged.inject({ url: `/api/health/?access_token=${secret}` });
      // However the name is spelled, the parsed query names the token: so does the log.
      for (const spelling of ['access%5Ftoken', '%61ccess_token', 'access%5ftoken']) {
        const spelled = await openEventStream(
          baseUrlOf(logged),
          `/api/events/?last_event_id=0&${spelling}=${secret}`,
        );
        // Read as the token: one that is not valid is answered with signed-out first.
        expect(await spelled.next()).toMatchObject({ event: 'signed-out' });
        spelled.close();
      }
      await logged.inject({ url: `/api/health/#access_token=${secret}` });
      await logged.inject({ url: `/api/health/?ACCESS_TOKEN=${secret}&access_token=${secret}` });
      const log = lines.join('');
      expect(log).toContain('/api/events/?last_event_id=0&access_token=[redacted]');
      expect(log).toContain('/api/events/?last_event_id=0&access%5Ftoken=[redacted]');
      expect(log).toContain('/api/health/?ACCESS_TOKEN=[redacted]&access_token=[redacted]');
      expect(log).not.toContain(secret);
      expect(log).not.toContain(secret.split('.')[2]);
    } finally {
      await logged.close();
      await database.destroy();
    }
  });
});
