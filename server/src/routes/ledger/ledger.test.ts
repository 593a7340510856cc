import {
  createLocation,
  createStockRecord,
  issueStock,
  ledgerOf,
  receiveShipment,
  stockQuantity,
} from '../../testing/stockApi';
import { authHeader, buildTestApp, type TestApp } from '../../testing/testApp';
import type { Page as LedgerPage } from '../../http/paging';
import type { LedgerListEntry } from '../../contract/ledger';

// The global ledger list (docs/api.md §5). Entries of every test share one database, so each test reads its own
// through the `user` filter (every test signs in a user of its own) or its own record names.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const LEDGER = '/api/management/ledger/';

type Entry = LedgerListEntry;
type Page = LedgerPage<Entry>;

async function page(token: string, query: Record<string, string | number>): Promise<Page> {
  const response = await list(token, query);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response.json();
}

function list(token: string, query: Record<string, string | number> | string) {
  const search = typeof query === 'string' ? query : new URLSearchParams(mapValues(query)).toString();
  return t.app.inject({ url: `${LEDGER}?${search}`, headers: authHeader(token) });
}

const mapValues = (query: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));

/** The newest-first order of §10: created_at, then id, descending. */
const newestFirst = (a: Entry, b: Entry) => b.created_at.localeCompare(a.created_at) || b.id - a.id;

let names = 0;
const unique = (name: string) => `${name} ${++names}`;

async function post(token: string, url: string, payload: object) {
  const response = await t.app.inject({ method: 'POST', url, payload, headers: authHeader(token) });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number };
}

describe('access', () => {
  it('answers 401 to anonymous callers of the list and the export, before the query is read', async () => {
    for (const url of [
      LEDGER,
      `${LEDGER}?limit=0&from=never`,
      `${LEDGER}export/`,
      `${LEDGER}export/?kind=X`,
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    }
  });
});

describe('the list', () => {
  it('holds every entry of every record, newest first, with its unit and item, in the DRF page shape', async () => {
    const { user, token } = await t.signedInUser();
    const ethanol = await createStockRecord(t, token, 'chemical', 238, unique('Ethanol'));
    const meter = await createStockRecord(t, token, 'instrument', 3, unique('pH Meter'));
    const beaker = await createStockRecord(t, token, 'glassware', 10, unique('Beaker'));
    // Three lines merged at one instant: their entries share created_at and are ordered by id.
    const shipment = await receiveShipment(t, token, 'chemical', [
      [ethanol, 12.5],
      [ethanol, 0.25],
    ]);
    const issue = await issueStock(t, token, await createLocation(t, token), [
      ['glassware', beaker, 4],
      ['instrument', meter, 1],
    ]);

    const { count, next, previous, results } = await page(token, { user: user.email });
    expect({ count, next, previous }).toEqual({ count: 7, next: null, previous: null });
    expect(results).toEqual([...results].sort(newestFirst));
    expect(results.map((entry) => [entry.kind, entry.object_id, entry.change])).toEqual([
      ['ISSUE', meter, -1],
      ['ISSUE', beaker, -4],
      ['SHIPMENT', ethanol, 0.25],
      ['SHIPMENT', ethanol, 12.5],
      ['ADJUSTMENT', beaker, 10],
      ['ADJUSTMENT', meter, 3],
      ['ADJUSTMENT', ethanol, 238],
    ]);

    const [meterIssue, beakerIssue, ethanolShipment] = results;
    expect(ethanolShipment).toEqual({
      id: expect.any(Number),
      created_at: shipment.date_time,
      kind: 'SHIPMENT',
      object_type: 'CHEMICAL',
      object_id: ethanol,
      change: 0.25,
      balance: 250.75,
      shipment_id: shipment.id,
      issue_id: null,
      import_id: null,
      user_email: user.email,
      unit: 'ml',
      item: {
        stock_id: ethanol,
        name: expect.stringMatching(/^Ethanol \d+$/),
        CAS_RN: '64-17-5',
        molecular_formula: 'C2H6O',
        molecular_weight: 46.069,
        purity: 99.5,
        state: 'LIQUID',
        manufacturer: 'Merck',
        supplier: 'Daraz',
        quantity: 250.75,
      },
    });
    expect(beakerIssue).toEqual(
      expect.objectContaining({
        kind: 'ISSUE',
        object_type: 'GLASSWARE',
        issue_id: issue.id,
        shipment_id: null,
        unit: 'pieces',
        balance: 6,
        item: {
          stock_id: beaker,
          name: expect.stringMatching(/^Beaker \d+$/),
          size: 250,
          material_type: 'Borosilicate',
          manufacturer: 'Pyrex',
          supplier: 'Daraz',
          quantity: 6,
        },
      }),
    );
    expect(meterIssue.item).toEqual({
      stock_id: meter,
      name: expect.stringMatching(/^pH Meter \d+$/),
      manufacturer: 'Shimadzu',
      supplier: 'Daraz',
      quantity: 2,
    });
  });

  it("serves a record's history: type and object_id give its entries, the newest balance being its quantity", async () => {
    const { token } = await t.signedInUser();
    const beaker = await createStockRecord(t, token, 'glassware', 10);
    const other = await createStockRecord(t, token, 'glassware', 5);
    await receiveShipment(t, token, 'glassware', [
      [beaker, 5],
      [other, 1],
    ]);
    await issueStock(t, token, await createLocation(t, token), [['glassware', beaker, 3]]);

    const history = await page(token, { type: 'GLASSWARE', object_id: beaker });
    expect(history.count).toBe(3);
    expect(history.results.map((entry) => entry.object_id)).toEqual([beaker, beaker, beaker]);
    // The same entries as the record's §10 ledger, with the record's current quantity beside them.
    expect(history.results.map(({ unit: _unit, item: _item, ...entry }) => entry)).toEqual(
      await ledgerOf(t, token, 'glassware', beaker),
    );
    expect(history.results[0].balance).toBe(12);
    expect(history.results[0].item?.quantity).toBe(await stockQuantity(t, 'glassware', beaker));

    // Another kind's record with the same id is another record.
    expect((await page(token, { type: 'chemical', object_id: beaker })).results).not.toContainEqual(
      expect.objectContaining({ object_type: 'GLASSWARE' }),
    );
    expect((await page(token, { type: 'glassware', object_id: 999999 })).count).toBe(0);
    const withoutType = await list(token, { object_id: beaker });
    expect(withoutType.statusCode).toBe(400);
    expect(withoutType.json()).toEqual({ type: ['This field is required when object_id is given.'] });
  });
});

describe('filters', () => {
  it('filter by item kind, kind of change and user (any case), alone and combined', async () => {
    const ann = await t.signedInUser({ email: `Ann.${++names}@Lab.org` });
    const bob = await t.signedInUser();
    const chemical = await createStockRecord(t, ann.token, 'chemical', 10);
    const instrument = await createStockRecord(t, ann.token, 'instrument', 4);
    await receiveShipment(t, ann.token, 'instrument', [[instrument, 2]]);
    await issueStock(t, bob.token, await createLocation(t, bob.token), [
      ['chemical', chemical, 1],
      ['instrument', instrument, 1],
    ]);
    const kinds = async (query: Record<string, string>) =>
      (await page(ann.token, query)).results.map((entry) => `${entry.kind} ${entry.object_type}`);

    expect(await kinds({ user: ann.user.email.toUpperCase() })).toEqual([
      'SHIPMENT INSTRUMENT',
      'ADJUSTMENT INSTRUMENT',
      'ADJUSTMENT CHEMICAL',
    ]);
    expect(await kinds({ user: ` ${ann.user.email.toLowerCase()} ` })).toHaveLength(3);
    expect(await kinds({ user: bob.user.email, type: 'Instrument' })).toEqual(['ISSUE INSTRUMENT']);
    expect(await kinds({ user: ann.user.email, kind: 'shipment,Adjustment', type: 'chemical' })).toEqual([
      'ADJUSTMENT CHEMICAL',
    ]);
    // Repeated parameters add up like a comma-separated list.
    const repeated = await list(
      ann.token,
      `user=${encodeURIComponent(bob.user.email)}&kind=ISSUE&kind=return`,
    );
    expect((repeated.json() as Page).count).toBe(2);
    expect(await kinds({ user: 'nobody@lab.org' })).toEqual([]);
    // An empty filter filters nothing.
    expect(
      (await page(ann.token, { user: ann.user.email, kind: '', type: 'chemical', search: ' ' })).count,
    ).toBe(1);
  });

  it('search the items: every word must occur in the name or an identifying field, any case', async () => {
    const { user, token } = await t.signedInUser();
    const create = (url: string, body: object) => post(token, url, body);
    const dinitrophenol = await create('/api/storeobjects/chemicalobjs/', {
      name: '2,4-Dinitrophenol',
      CAS_RN: '51-28-5',
      molecular_formula: 'C6H4N2O5',
      purity: 97,
      manufacturer: 'Sigma-Aldrich',
      supplier: 'Daraz',
      state: 'SOLID',
      quantity: 50,
    });
    const flask = await create('/api/storeobjects/glasswareobjs/', {
      name: 'Flask 100%',
      manufacturer: 'Duran',
      supplier: 'Lab_Supply',
      size: 500,
      material_type: 'Quartz',
      quantity: 2,
    });
    const meter = await create('/api/storeobjects/instrumentobjs/', {
      name: 'pH Meter',
      manufacturer: 'Hanna',
      supplier: 'Sigma-Aldrich',
      quantity: 1,
    });
    const found = async (search: string, extra: Record<string, string> = {}) =>
      (await page(token, { user: user.email, search, ...extra })).results
        .map((entry) => entry.object_id)
        .sort();

    expect(await found('DINITRO')).toEqual([dinitrophenol.id]);
    expect(await found('2,4-dinitrophenol')).toEqual([dinitrophenol.id]);
    expect(await found('51-28')).toEqual([dinitrophenol.id]);
    expect(await found('sigma')).toEqual([dinitrophenol.id, meter.id].sort());
    expect(await found('sigma  phenol')).toEqual([dinitrophenol.id]);
    expect(await found('sigma', { type: 'instrument' })).toEqual([meter.id]);
    expect(await found('solid')).toEqual([dinitrophenol.id]);
    // A purity matches as a number, a glassware size as its digits.
    expect(await found('97')).toEqual([dinitrophenol.id]);
    expect(await found('97.00%')).toEqual([dinitrophenol.id]);
    expect(await found('500 quartz duran')).toEqual([flask.id]);
    // `%` and `_` are plain characters, not patterns.
    expect(await found('%')).toEqual([flask.id]);
    expect(await found('lab_')).toEqual([flask.id]);
    expect(await found('_')).toEqual([flask.id]);
    // Words in different records match none of them.
    expect(await found('quartz hanna')).toEqual([]);
  });

  it('filter by time: `from` and `to` take dates (whole UTC days) or dates and times, with any offset', async () => {
    const { user } = await t.signedInUser();
    const THREE_DAYS = 3 * 86_400;
    // One entry three days ago, one now; a token is signed again after each move of the clock.
    t.advanceClock(-THREE_DAYS);
    let token = await t.login(user.email);
    const record = await createStockRecord(t, token, 'instrument', 1);
    t.advanceClock(THREE_DAYS);
    token = await t.login(user.email);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/storeobjects/instrumentobjs/${record}/`,
          payload: { quantity: 4 },
          headers: authHeader(token),
        })
      ).statusCode,
    ).toBe(200);
    const [now, before] = (await page(token, { user: user.email })).results;
    const day = (iso: string, shift = 0) =>
      new Date(Date.parse(iso.slice(0, 10)) + shift * 86_400_000).toISOString().slice(0, 10);
    const changes = async (query: Record<string, string>) =>
      (await page(token, { user: user.email, ...query })).results.map((entry) => entry.change);

    expect(await changes({ from: day(before.created_at), to: day(before.created_at) })).toEqual([1]);
    expect(await changes({ to: day(now.created_at, -1) })).toEqual([1]);
    expect(await changes({ from: day(before.created_at, 1) })).toEqual([3]);
    expect(await changes({ from: day(now.created_at), to: day(now.created_at) })).toEqual([3]);
    // A date and time is an instant, included at both ends.
    expect(await changes({ to: before.created_at })).toEqual([1]);
    expect(await changes({ from: now.created_at })).toEqual([3]);
    const justAfter = new Date(Date.parse(before.created_at) + 1).toISOString();
    expect(await changes({ from: justAfter })).toEqual([3]);
    // The same instant two hours east of UTC; `+` sent encoded (%2B) or plain (read as a space).
    const east = new Date(Date.parse(before.created_at) + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
    expect(await changes({ to: east })).toEqual([1]);
    const plain = await list(token, `user=${encodeURIComponent(user.email)}&to=${east}`);
    expect((plain.json() as Page).results.map((entry) => entry.change)).toEqual([1]);
    // A range that ends before it starts holds nothing.
    expect(await changes({ from: now.created_at, to: before.created_at })).toEqual([]);
    // The last day a date can name, and an instant past it, end nothing; a start past it leaves nothing.
    expect(await changes({ to: '9999-12-31' })).toEqual([3, 1]);
    expect(await changes({ from: day(before.created_at), to: '9999-12-31T23:59:59.999-01:00' })).toEqual([
      3, 1,
    ]);
    expect(await changes({ from: '9999-12-31T23:00-01:00' })).toEqual([]);
  });

  it('answer unknown choices and malformed dates with 400 field errors, every failing field at once', async () => {
    const { token } = await t.signedInUser();
    const response = await list(token, {
      type: 'plasma',
      kind: 'issue,LOSS',
      from: 'yesterday',
      to: '2026-02-30',
      object_id: 'abc',
    });
    expect(response.statusCode).toBe(400);
    const dateMessage =
      'Enter a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDThh:mm[:ss[.sss]][Z|±hh:mm]).';
    expect(response.json()).toEqual({
      type: ['"plasma" is not a valid choice.'],
      kind: ['"LOSS" is not a valid choice.'],
      from: [dateMessage],
      to: [dateMessage],
      object_id: ['Incorrect type. Expected pk value, received str.'],
    });
  });
});

describe('paging (DRF LimitOffsetPagination)', () => {
  it('cuts the list into pages with absolute next and previous links that keep the filters', async () => {
    const { user, token } = await t.signedInUser();
    for (let i = 0; i < 5; i += 1) await createStockRecord(t, token, 'instrument', i + 1);
    const all = (await page(token, { user: user.email })).results;
    expect(all).toHaveLength(5);
    const base = `http://localhost${LEDGER}?`;
    const email = encodeURIComponent(user.email);

    const first = await page(token, { user: user.email, limit: 2 });
    expect(first).toEqual({
      count: 5,
      next: `${base}limit=2&offset=2&user=${email}`,
      previous: null,
      results: all.slice(0, 2),
    });
    const second = await page(token, { user: user.email, limit: 2, offset: 2 });
    expect(second).toEqual({
      count: 5,
      next: `${base}limit=2&offset=4&user=${email}`,
      previous: `${base}limit=2&user=${email}`,
      results: all.slice(2, 4),
    });
    const last = await page(token, { user: user.email, limit: 2, offset: 4 });
    expect(last).toEqual({
      count: 5,
      next: null,
      previous: `${base}limit=2&offset=2&user=${email}`,
      results: all.slice(4),
    });
    // Past the end: no entries, but still the count and the way back.
    expect(await page(token, { user: user.email, limit: 2, offset: 9 })).toEqual({
      count: 5,
      next: null,
      previous: `${base}limit=2&offset=7&user=${email}`,
      results: [],
    });
    // Following `next` links walks the whole list once.
    const walked: Entry[] = [];
    let url: string | null = `${LEDGER}?user=${email}&limit=2`;
    while (url !== null) {
      const response = await t.app.inject({ url, headers: authHeader(token) });
      const body = response.json() as Page;
      walked.push(...body.results);
      url = body.next;
    }
    expect(walked).toEqual(all);
  });

  it('pages by 50 unless asked, and refuses a limit outside 1–1000 or a negative offset', async () => {
    const { user, token } = await t.signedInUser();
    const ids = [];
    for (let i = 0; i < 51; i += 1) ids.push(await createStockRecord(t, token, 'chemical', 1));
    const email = encodeURIComponent(user.email);
    const first = await page(token, { user: user.email });
    expect(first.count).toBe(51);
    expect(first.results.map((entry) => entry.object_id)).toEqual(ids.slice(1).reverse());
    expect(first.next).toBe(`http://localhost${LEDGER}?limit=50&offset=50&user=${email}`);
    expect((await page(token, { user: user.email, limit: 1000 })).results).toHaveLength(51);

    for (const [query, errors] of [
      [{ limit: 0 }, { limit: ['Ensure this value is greater than or equal to 1.'] }],
      [{ limit: 1001 }, { limit: ['Ensure this value is less than or equal to 1000.'] }],
      [
        { limit: 'ten', offset: -1 },
        {
          limit: ['A valid integer is required.'],
          offset: ['Ensure this value is greater than or equal to 0.'],
        },
      ],
    ] as const) {
      const response = await list(token, query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errors);
    }
  });
});
