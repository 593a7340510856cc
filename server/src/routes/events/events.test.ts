import { MAX_EVENT_IDS, type ChangeEventData } from '../../domain/changeTopics';
import { multipartBody, postUpload } from '../../testing/multipart';
import { labUser, requestAction, submitRequest } from '../../testing/requestApi';
import { baseUrlOf, dataOf, openEventStream, type SseClient, type SseMessage } from '../../testing/sseClient';
import { createLocation, createStockRecord, stockBody } from '../../testing/stockApi';
import {
  authHeader,
  buildTestApp,
  TEST_PASSWORD,
  type HttpMethod,
  type TestApp,
} from '../../testing/testApp';

/**
 * The change feed as a client meets it (docs/api.md §27): one event per kind of change made through the API, with
 * its topic, action, ids, scope, actor and origin; nothing for a change that fails.
 */

let t: TestApp;
let manager: { id: number; token: string };
/** The store manager's stream, open for the whole file: a store manager hears of every change but others' lists. */
let feed: SseClient;
/** The browser tab every write of this file comes from. */
const TAB = 'tab_7f3A-9';

const call = (method: HttpMethod, url: string, payload?: object, token = manager.token) =>
  t.app.inject({ method, url, payload, headers: { ...authHeader(token), 'x-client-id': TAB } });

async function ok(method: HttpMethod, url: string, payload?: object, token = manager.token) {
  const response = await call(method, url, payload, token);
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.statusCode === 204
    ? undefined
    : (response.json() as { id: number } & Record<string, unknown>);
}

async function newestSeq(): Promise<number> {
  const { newest } = await t.db
    .selectFrom('change_events')
    .select((eb) => eb.fn.max('seq').as('newest'))
    .executeTakeFirstOrThrow();
  return Number(newest ?? 0);
}

type Seen = ChangeEventData & { seq: number };
const isChange = (message: SseMessage) =>
  !['comment', 'ready', 'reload', 'signed-out'].includes(message.event);
const seenOf = (message: SseMessage): Seen => ({
  seq: Number(message.id),
  ...dataOf<ChangeEventData>(message),
});

/** The events `write` made, as the store manager's stream delivers them. */
async function eventsOf(write: () => Promise<unknown>): Promise<Seen[]> {
  const before = await newestSeq();
  await write();
  const after = await newestSeq();
  if (after === before) return [];
  const messages = await feed.until((message) => message.id !== undefined && Number(message.id) >= after);
  return messages
    .filter(isChange)
    .map(seenOf)
    .filter((event) => event.seq > before);
}

/** Topics whose ids are new rows of a log (audit entries, ledger entries, charges): counted, not named. */
const LOGS = new Set(['audit', 'ledger', 'charge']);

/** What a test compares of an event: every field but the actor's, log rows by their number. */
function brief({ topic, action, ids, lab_id, user_id }: Seen) {
  return { topic, action, ids: LOGS.has(topic) ? `${ids.length} new` : ids, lab_id, user_id };
}

type Brief = ReturnType<typeof brief>;
/** A transaction writes one event per topic, action and scope: in that order, events compare one to one. */
const keyOf = ({ topic, action, lab_id }: Brief) =>
  `${topic} ${action} ${typeof lab_id === 'number' ? lab_id : ''}`;
const sorted = (events: Brief[]) => [...events].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
const event = (topic: string, action: string, ids: number[] | string, scope: Partial<Brief> = {}): Brief => ({
  topic: topic as Brief['topic'],
  action: action as Brief['action'],
  ids,
  lab_id: null,
  user_id: null,
  ...scope,
});

/** The events of `write`, compared field by field; every one names the store manager and the file's tab. */
async function expectEvents(write: () => Promise<unknown>, expected: Brief[]): Promise<Seen[]> {
  const events = await eventsOf(write);
  expect(sorted(events.map(brief))).toEqual(sorted(expected));
  for (const seen of events)
    expect({ actor_id: seen.actor_id, origin: seen.origin }).toEqual({
      actor_id: manager.id,
      origin: TAB,
    });
  return events;
}

beforeAll(async () => {
  t = await buildTestApp({ eventsHeartbeatSeconds: 1 });
  const { user, token } = await t.signedInUser();
  manager = { id: user.id, token };
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  feed = await openEventStream(baseUrlOf(t.app), '/api/events/', { token });
  await feed.next((message) => message.event === 'ready');
});
afterAll(() => t.close());

describe('an event for each kind of change', () => {
  it('stock records: created, edited, their quantity changed, deleted', async () => {
    let id = 0;
    await expectEvents(
      async () =>
        (id = (await ok('POST', '/api/storeobjects/chemicalobjs/', stockBody('chemical', { quantity: 200 })))!
          .id),
      [
        event('chemical', 'created', expect.any(Array) as never),
        event('ledger', 'created', '1 new'),
        audited(),
      ],
    ).then((events) => expect(events.find((seen) => seen.topic === 'chemical')!.ids).toEqual([id]));
    await expectEvents(
      () => ok('PATCH', `/api/storeobjects/chemicalobjs/${id}/`, { purity: 96 }),
      [event('chemical', 'updated', [id]), audited()],
    );
    // A quantity alone is no audited edit: its ledger entry records it.
    await expectEvents(
      () => ok('PATCH', `/api/storeobjects/chemicalobjs/${id}/`, { quantity: 150 }),
      [event('chemical', 'quantity', [id]), event('ledger', 'created', '1 new')],
    );
    await expectEvents(
      () => ok('DELETE', `/api/storeobjects/chemicalobjs/${id}/`),
      [event('chemical', 'deleted', [id]), audited()],
    );
  });

  it("staging lines (the owner's), a shipment merged and undone", async () => {
    const beaker = await createStockRecord(t, manager.token, 'glassware', 10);
    const staging = '/api/management/glassware-temp-shipment/';
    const own = { user_id: manager.id };
    let line = 0;
    await expectEvents(
      async () => (line = (await ok('POST', staging, { glassware: beaker, quantity: 5 }))!.id),
      [event('glassware_staging', 'created', expect.any(Array) as never, own)],
    );
    await expectEvents(
      () => ok('PATCH', `${staging}${line}/`, { quantity: 6 }),
      [event('glassware_staging', 'updated', [line], own)],
    );
    await expectEvents(
      () => ok('DELETE', `${staging}${line}/`),
      [event('glassware_staging', 'deleted', [line], own)],
    );
    const second = (await ok('POST', staging, { glassware: beaker, quantity: 2 }))!.id;
    let shipment = 0;
    await expectEvents(
      async () => (shipment = (await ok('POST', `${staging}merge/`))!.id),
      [
        event('glassware_staging', 'deleted', [second], own),
        event('shipment', 'created', expect.any(Array) as never),
        event('glassware', 'quantity', [beaker]),
        event('ledger', 'created', '1 new'),
      ],
    );
    await expectEvents(
      () => ok('POST', `/api/management/shipments/${shipment}/revert/`),
      [
        event('shipment', 'updated', [shipment]),
        event('glassware', 'quantity', [beaker]),
        event('ledger', 'created', '1 new'),
      ],
    );
  });

  it("the issue cart (the owner's), an issue to a location and a return, with their charges", async () => {
    const flask = await createStockRecord(t, manager.token, 'glassware', 10, 'Flask', { unit_price: 2.5 });
    const lab = await createLocation(t, manager.token);
    const own = { user_id: manager.id };
    let line = 0;
    await expectEvents(
      async () => (line = (await ok('POST', '/api/management/issue-cart/', cartLine(flask, 3)))!.id),
      [event('cart', 'created', expect.any(Array) as never, own)],
    );
    await expectEvents(
      () => ok('PATCH', `/api/management/issue-cart/${line}/`, { quantity: 4 }),
      [event('cart', 'updated', [line], own)],
    );
    let issue = { id: 0, objects: [] as { line_id: number }[] };
    const issued = await expectEvents(
      async () =>
        (issue = (await ok('POST', `/api/management/issue-cart/${lab}/merge/`)) as unknown as typeof issue),
      [
        event('cart', 'deleted', [line], own),
        event('issue', 'created', expect.any(Array) as never, { lab_id: lab }),
        event('charge', 'created', '1 new', { lab_id: lab }),
        event('glassware', 'quantity', [flask]),
        event('ledger', 'created', '1 new'),
      ],
    );
    expect(issued.find((seen) => seen.topic === 'issue')!.ids).toEqual([issue.id]);
    await expectEvents(
      () =>
        ok('POST', `/api/management/issues/${issue.id}/lines/${issue.objects[0].line_id}/return/`, {
          quantity: 1,
        }),
      [
        event('issue', 'updated', [issue.id], { lab_id: lab }),
        event('charge', 'created', '1 new', { lab_id: lab }),
        event('glassware', 'quantity', [flask]),
        event('ledger', 'created', '1 new'),
      ],
    );
    const other = (await ok('POST', '/api/management/issue-cart/', cartLine(flask, 1)))!.id;
    await expectEvents(
      () => ok('DELETE', `/api/management/issue-cart/${other}/`),
      [event('cart', 'deleted', [other], own)],
    );
  });

  it('locations, categories, files and their links', async () => {
    let lab = 0;
    await expectEvents(
      async () => (lab = (await ok('POST', '/api/management/store-consumers/', LOCATION))!.id),
      [event('location', 'created', expect.any(Array) as never), audited()],
    );
    await expectEvents(
      () => ok('PATCH', `/api/management/store-consumers/${lab}/`, { room_number: '120' }),
      [event('location', 'updated', [lab]), audited()],
    );
    await expectEvents(
      () => ok('DELETE', `/api/management/store-consumers/${lab}/`),
      [event('location', 'deleted', [lab]), audited()],
    );
    const sds = (await ok('POST', '/api/filemanager/categories/', { name: 'SDS' }))!.id;
    const chemical = await createStockRecord(t, manager.token, 'chemical', 10);
    let file = 0;
    await expectEvents(async () => {
      const response = await postUpload(
        t.app,
        [
          ['file', 'safety data', 'sds.txt'],
          ['categories', String(sds)],
        ],
        { ...authHeader(manager.token), 'x-client-id': TAB },
      );
      file = (response.json() as { id: number }).id;
    }, [event('file', 'created', expect.any(Array) as never), audited()]);
    await expectEvents(
      () => ok('PATCH', `/api/filemanager/files/${file}/`, { chemicals: [chemical] }),
      [event('file', 'updated', [file]), audited()],
    );
    // A category's name shows in the files filed under it.
    await expectEvents(
      () => ok('PATCH', `/api/filemanager/categories/${sds}/`, { name: 'MSDS' }),
      [event('category', 'updated', [sds]), event('file', 'updated', [file]), audited()],
    );
    await expectEvents(
      () => ok('DELETE', `/api/filemanager/categories/${sds}/`),
      [event('category', 'deleted', [sds]), event('file', 'updated', [file]), audited()],
    );
    await expectEvents(
      () => ok('DELETE', `/api/filemanager/files/${file}/`),
      [event('file', 'deleted', [file]), audited()],
    );
  });

  it("accounts (heard of by the account itself) and lab memberships (by the lab's managers)", async () => {
    const [labA, labB] = [await createLocation(t, manager.token), await createLocation(t, manager.token)];
    let user = 0;
    const created = await expectEvents(
      async () =>
        (user = (await ok('POST', '/api/account/users/', {
          email: 'feed.member@lab.org',
          first_name: 'Feed',
          last_name: 'Member',
          password: TEST_PASSWORD,
          confirm_password: TEST_PASSWORD,
          role: 'lab_user',
          labs: [{ location: labA, role: 'member' }],
        }))!.id),
      [
        event('user', 'created', expect.any(Array) as never, { user_id: expect.any(Number) as never }),
        event('membership', 'created', expect.any(Array) as never, {
          lab_id: labA,
          user_id: expect.any(Number) as never,
        }),
        audited(),
      ],
    );
    expect(created.filter((seen) => seen.topic !== 'audit').map((seen) => [seen.ids, seen.user_id])).toEqual([
      [[user], user],
      [[user], user],
    ]);
    await expectEvents(
      () =>
        ok('PATCH', `/api/account/users/${user}/`, {
          labs: [
            { location: labA, role: 'manager' },
            { location: labB, role: 'member' },
          ],
        }),
      [
        event('user', 'updated', [user], { user_id: user }),
        event('membership', 'updated', [user], { lab_id: labA, user_id: user }),
        event('membership', 'created', [user], { lab_id: labB, user_id: user }),
        audited(),
      ],
    );
    await expectEvents(
      () =>
        ok('POST', `/api/account/users/${user}/set_password/`, {
          password: 'another horse battery',
          confirm_password: 'another horse battery',
        }),
      [event('user', 'updated', [user], { user_id: user }), audited()],
    );
    await expectEvents(
      () => ok('DELETE', `/api/account/users/${user}/`),
      [
        event('user', 'deleted', [user], { user_id: user }),
        event('membership', 'deleted', [user], { lab_id: labA, user_id: user }),
        event('membership', 'deleted', [user], { lab_id: labB, user_id: user }),
        audited(),
      ],
    );
  });

  it("a lab's funds, requests and their fulfilment, scoped to the lab", async () => {
    const lab = await createLocation(t, manager.token);
    const member = await labUser(t, manager.token, [{ location: lab, role: 'manager' }]);
    const ethanol = await createStockRecord(t, manager.token, 'chemical', 100, 'Ethanol', {
      unit_price: 0.02,
    });
    let fund = 0;
    await expectEvents(
      async () =>
        (fund = (await ok('POST', `/api/labs/${lab}/funds/`, { code: 'ERC-7', name: 'Grant' }))!.id),
      [event('fund', 'created', expect.any(Array) as never, { lab_id: lab }), audited()],
    );
    await expectEvents(
      () => ok('PATCH', `/api/labs/${lab}/funds/${fund}/`, { name: 'Renamed grant' }),
      [event('fund', 'updated', [fund], { lab_id: lab }), audited()],
    );
    // The lab's manager asks and approves: the events name that account.
    const before = await newestSeq();
    const request = await submitRequest(t, member.token, lab, {
      fund,
      lines: [{ object_type: 'CHEMICAL', object_id: ethanol, quantity: 10 }],
    });
    expect((await requestAction(t, member.token, request.id, 'approve')).statusCode).toBe(200);
    const asked = (await feed.until((message) => Number(message.id) >= before + 4))
      .filter(isChange)
      .map(seenOf);
    expect(asked.map(brief)).toEqual([
      event('request', 'created', [request.id], { lab_id: lab }),
      event('audit', 'created', '1 new'),
      event('request', 'updated', [request.id], { lab_id: lab }),
      event('audit', 'created', '1 new'),
    ]);
    expect(asked.every((seen) => seen.actor_id === member.id && seen.origin === null)).toBe(true);
    await expectEvents(
      () =>
        ok('POST', `/api/management/requests/${request.id}/fulfil/`, {
          lines: [{ request_line: request.lines[0].id, object_id: ethanol, quantity: 10 }],
        }),
      [
        event('request', 'updated', [request.id], { lab_id: lab }),
        event('issue', 'created', expect.any(Array) as never, { lab_id: lab }),
        event('charge', 'created', '1 new', { lab_id: lab }),
        event('chemical', 'quantity', [ethanol]),
        event('ledger', 'created', '1 new'),
        audited(),
      ],
    );
  });

  it('spreadsheet imports: opened, committed (its new records), undone', async () => {
    const existing = await createStockRecord(t, manager.token, 'instrument', 1, 'Centrifuge');
    let session = 0;
    await expectEvents(
      async () => (session = await openImport(['Microscope,Zeiss,Daraz,2', 'Centrifuge,Shimadzu,Daraz,3'])),
      [event('import', 'created', expect.any(Array) as never)],
    );
    const committed = await expectEvents(
      () => ok('POST', `/api/management/imports/${session}/commit/`, {}),
      [
        event('import', 'updated', [session]),
        event('instrument', 'created', expect.any(Array) as never),
        event('instrument', 'quantity', [existing]),
        event('ledger', 'created', '2 new'),
        audited(),
      ],
    );
    const [created] = committed.find((seen) => seen.action === 'created' && seen.topic === 'instrument')!.ids;
    await expectEvents(
      () => ok('POST', `/api/management/imports/${session}/revert/`),
      [
        event('import', 'updated', [session]),
        event(
          'instrument',
          'quantity',
          [existing, created].sort((a, b) => a - b),
        ),
        event('ledger', 'created', '2 new'),
        audited(),
      ],
    );
  });
});

describe('coalescing', () => {
  it('writes one event per topic, action and scope of a transaction, and `[]` past MAX_EVENT_IDS ids', async () => {
    const rows = Array.from({ length: MAX_EVENT_IDS + 1 }, (_, row) => `Pipette ${row},Eppendorf,Daraz,1`);
    const session = await openImport(rows);
    const events = await expectEvents(
      () => ok('POST', `/api/management/imports/${session}/commit/`, {}),
      [
        event('import', 'updated', [session]),
        event('instrument', 'created', []),
        event('ledger', 'created', '0 new'),
        audited(),
      ],
    );
    expect(events).toHaveLength(4);
    const small = await openImport(['Burette 1,Eppendorf,Daraz,1', 'Burette 2,Eppendorf,Daraz,1']);
    const [createdTwo] = (
      await eventsOf(() => ok('POST', `/api/management/imports/${small}/commit/`, {}))
    ).filter((seen) => seen.topic === 'instrument');
    expect(createdTwo.ids).toHaveLength(2);
    expect(createdTwo.ids[0]).toBeLessThan(createdTwo.ids[1]);
  });
});

describe('a change that fails', () => {
  it('sends nothing and writes no event', async () => {
    const flask = await createStockRecord(t, manager.token, 'glassware', 1);
    const lab = await createLocation(t, manager.token);
    await ok('POST', '/api/management/issue-cart/', cartLine(flask, 1));
    // Someone takes the flask meanwhile: the merge is refused and rolls back.
    await ok('PATCH', `/api/storeobjects/glasswareobjs/${flask}/`, { quantity: 0 });
    const before = await newestSeq();
    const refused = await call('POST', `/api/management/issue-cart/${lab}/merge/`);
    expect(refused.statusCode).toBe(409);
    expect(await newestSeq()).toBe(before);
    // The next change is the next event the stream sends.
    const events = await eventsOf(() => ok('POST', '/api/management/store-consumers/', LOCATION));
    expect(events[0].seq).toBe(before + 1);
    expect(events.map((seen) => seen.topic)).toEqual(['location', 'audit']);
  });
});

const LOCATION = {
  name: 'Feed Lab',
  consumer_type: 'PHYSICAL',
  room_number: '110',
  building_name: 'Science',
};

const cartLine = (glassware: number, quantity: number) => ({
  object_type: 'GLASSWARE',
  object_id: glassware,
  quantity,
});

/** One audit entry. */
const audited = () => event('audit', 'created', '1 new');

/** An instrument import session of these CSV lines (name, manufacturer, supplier, quantity). */
async function openImport(lines: string[]): Promise<number> {
  const csv = ['name,manufacturer,supplier,quantity', ...lines].join('\r\n');
  const body = await multipartBody([['file', csv, 'delivery.csv']]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/management/instrument-imports/',
    payload: body.payload,
    headers: { ...authHeader(manager.token), ...body.headers, 'x-client-id': TAB },
  });
  if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: number }).id;
}
