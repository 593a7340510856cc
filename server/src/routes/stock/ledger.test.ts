import type { User } from '../../db/repositories/users';
import { stockLedger } from '../../services/ledger';
import { turnsOfTheEventLoopWhile } from '../../testing/eventLoop';
import { authHeader, buildTestApp, requestHelper, type TestApp } from '../../testing/testApp';

let t: TestApp;
let me: User;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ user: me, token } = await t.signedInUser());
});
afterAll(() => t.close());

const call = requestHelper(
  () => t,
  () => token,
);

const CHEMICALS = '/api/storeobjects/chemicalobjs/';
const INSTRUMENTS = '/api/storeobjects/instrumentobjs/';
const GLASSWARES = '/api/storeobjects/glasswareobjs/';
const ledgerUrl = (type: string, id: number | string) =>
  `/api/management/stock-ledger/?type=${type}&object_id=${id}`;

let counter = 0;
const chemical = (overrides: object = {}) => ({
  name: `Toluene ${++counter}`,
  CAS_RN: '108-88-3',
  molecular_formula: 'C7H8',
  purity: 99.8,
  manufacturer: 'Merck',
  supplier: 'Daraz',
  state: 'LIQUID',
  ...overrides,
});

interface Entry {
  id: number;
  created_at: string;
  kind: string;
  object_type: string;
  object_id: number;
  change: number;
  balance: number;
  shipment_id: number | null;
  issue_id: number | null;
  user_email: string;
}

async function create(url: string, body: object): Promise<{ id: number; quantity: number }> {
  const response = await call('POST', url, body);
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function ledger(type: string, id: number): Promise<Entry[]> {
  const response = await call('GET', ledgerUrl(type, id));
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** §10: the changes add up to the quantity, and the newest balance is the quantity. */
function expectConsistent(entries: Entry[], quantity: number) {
  const thousandths = entries.reduce((sum, entry) => sum + Math.round(entry.change * 1000), 0);
  expect(thousandths / 1000).toBe(quantity);
  if (entries.length > 0) expect(entries[0].balance).toBe(quantity);
}

describe('ADJUSTMENT entries (§4.7, §10)', () => {
  it('writes one for a create with a quantity, in the §10 shape', async () => {
    const record = await create(CHEMICALS, chemical({ quantity: 250.5 }));
    const entries = await ledger('chemical', record.id);
    expect(entries).toEqual([
      {
        id: expect.any(Number),
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
        kind: 'ADJUSTMENT',
        object_type: 'CHEMICAL',
        object_id: record.id,
        change: 250.5,
        balance: 250.5,
        shipment_id: null,
        issue_id: null,
        import_id: null,
        user_email: me.email,
      },
    ]);
  });

  it('writes none for a create with quantity 0 or a write that leaves the quantity unchanged', async () => {
    const record = await create('/api/management/instruments/', {
      name: 'Balance',
      manufacturer: 'Ohaus',
      supplier: 'Daraz',
      quantity: 0,
    });
    expect(await ledger('instrument', record.id)).toEqual([]);
    await call('PATCH', `${INSTRUMENTS}${record.id}/`, { manufacturer: 'Mettler' });
    await call('PUT', `${INSTRUMENTS}${record.id}/`, {
      name: 'Balance',
      manufacturer: 'Ohaus',
      supplier: 'Daraz',
      quantity: 0,
    });
    expect(await ledger('instrument', record.id)).toEqual([]);
    const stocked = await create(CHEMICALS, chemical({ quantity: 3 }));
    await call('PATCH', `${CHEMICALS}${stocked.id}/`, { quantity: '3.000', purity: 50 });
    expect(await ledger('chemical', stocked.id)).toHaveLength(1);
  });

  it('writes change = new − old for PUT and PATCH, newest first, summing to the quantity', async () => {
    const body = {
      name: 'Pipette',
      manufacturer: 'Brand',
      supplier: 'Daraz',
      size: 10,
      material_type: 'Glass',
    };
    const record = await create(GLASSWARES, { ...body, quantity: 20 });
    await call('PATCH', `${GLASSWARES}${record.id}/`, { quantity: 15 });
    await call('PUT', `${GLASSWARES}${record.id}/`, { ...body, quantity: 40 });
    await call('PATCH', `${GLASSWARES}${record.id}/`, { quantity: 0 });
    const entries = await ledger('GLASSWARE', record.id);
    expect(entries.map(({ change, balance }) => [change, balance])).toEqual([
      [-40, 0],
      [25, 40],
      [-5, 15],
      [20, 20],
    ]);
    expect(entries.map((entry) => entry.id)).toEqual(
      [...entries.map((entry) => entry.id)].sort((a, b) => b - a),
    );
    expectConsistent(entries, 0);
  });

  it('adds chemical quantities exactly: 0.1 then +0.2 gives 0.3', async () => {
    const record = await create(CHEMICALS, chemical({ quantity: 0 }));
    await call('PATCH', `${CHEMICALS}${record.id}/`, { quantity: 0.1 });
    const patched = await call('PATCH', `${CHEMICALS}${record.id}/`, { quantity: 0.3 });
    expect(patched.json().quantity).toBe(0.3);
    const entries = await ledger('chemical', record.id);
    expect(entries.map((entry) => entry.change)).toEqual([0.2, 0.1]);
    expect(entries[0].change + entries[1].change).not.toBe(0.3); // binary floats would not be exact
    expect(entries[0].balance).toBe(0.3);
    expectConsistent(entries, 0.3);
    const large = await call('PATCH', `${CHEMICALS}${record.id}/`, { quantity: 999_999_999.999 });
    expect(large.json().quantity).toBe(999_999_999.999);
    expect((await ledger('chemical', record.id))[0].change).toBe(999_999_999.699);
  });

  it('keeps the email of who made the change', async () => {
    const other = await t.signedInUser();
    const record = await create(CHEMICALS, chemical({ quantity: 1 }));
    await call('PATCH', `${CHEMICALS}${record.id}/`, { quantity: 2 }, authHeader(other.token));
    const [newest, oldest] = await ledger('chemical', record.id);
    expect(newest.user_email).toBe(other.user.email);
    expect(oldest.user_email).toBe(me.email);
  });

  it('orders by created_at before id', async () => {
    const record = await create(CHEMICALS, chemical({ quantity: 1 }));
    await t.db
      .insertInto('stock_ledger')
      .values({
        created_at: '2000-01-01T00:00:00.000Z',
        kind: 'ADJUSTMENT',
        object_type: 'CHEMICAL',
        object_id: record.id,
        change: 0,
        balance: 0,
        shipment_id: null,
        issue_id: null,
        user_id: null,
        user_email: 'old@lab.org',
      })
      .execute();
    const entries = await ledger('chemical', record.id);
    expect(entries.map((entry) => entry.user_email)).toEqual([me.email, 'old@lab.org']);
  });
});

describe("a record's whole ledger, read in keyset batches", () => {
  it('is the same entries in the same order (created_at, then id, newest first) across every boundary', async () => {
    const record = await create(CHEMICALS, chemical({ quantity: 1 }));
    // Entries of one instant (ties broken by the id) and of other instants, written out of their order.
    const at = ['2001-05-01T00:00:00.000Z', '2000-01-01T00:00:00.000Z', '2001-05-01T00:00:00.000Z'];
    await t.db
      .insertInto('stock_ledger')
      .values(
        [...at, ...at].map((created_at, index) => ({
          created_at,
          kind: 'ADJUSTMENT' as const,
          object_type: 'CHEMICAL' as const,
          object_id: record.id,
          change: 0,
          balance: 0,
          shipment_id: null,
          issue_id: null,
          user_id: null,
          user_email: `entry${index}@lab.org`,
        })),
      )
      .execute();
    const whole = await ledger('chemical', record.id);
    expect(whole.map((entry) => entry.user_email)).toEqual([
      me.email,
      'entry5@lab.org',
      'entry3@lab.org',
      'entry2@lab.org',
      'entry0@lab.org',
      'entry4@lab.org',
      'entry1@lab.org',
    ]);
    const context = { db: t.db, dialect: t.app.dialect, now: t.app.now };
    for (const batchSize of [1, 2, 3, 10]) {
      expect(await stockLedger(context, 'chemical', record.id, batchSize)).toEqual(whole);
    }
    // Other requests get a turn between the batches: four batches of two.
    expect(
      await turnsOfTheEventLoopWhile(stockLedger(context, 'chemical', record.id, 2)),
    ).toBeGreaterThanOrEqual(3);
  });
});

describe('GET /api/management/stock-ledger/ (§10)', () => {
  it('validates type and object_id, each keyed by its name', async () => {
    const cases: [string, object][] = [
      [
        '/api/management/stock-ledger/',
        { type: ['This field is required.'], object_id: ['This field is required.'] },
      ],
      ['/api/management/stock-ledger/?type=chemical', { object_id: ['This field is required.'] }],
      ['/api/management/stock-ledger/?object_id=1', { type: ['This field is required.'] }],
      [ledgerUrl('plasma', 1), { type: ['"plasma" is not a valid choice.'] }],
      [ledgerUrl('', 1), { type: ['"" is not a valid choice.'] }],
      [ledgerUrl('chemical', 'abc'), { object_id: ['Incorrect type. Expected pk value, received str.'] }],
    ];
    for (const [url, errors] of cases) {
      const response = await call('GET', url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errors);
    }
  });

  it('answers 404 for an unknown record or one of another type, and ignores unknown parameters', async () => {
    const record = await create(CHEMICALS, chemical({ quantity: 1 }));
    expect((await call('GET', ledgerUrl('chemical', 999999))).json()).toEqual({ detail: 'Not found.' });
    const otherType = await call('GET', ledgerUrl('instrument', record.id));
    // An instrument with that id may exist; if not, the answer is 404.
    expect([200, 404]).toContain(otherType.statusCode);
    const withExtra = await call('GET', `${ledgerUrl('Chemical', record.id)}&page=2`);
    expect(withExtra.statusCode).toBe(200);
    expect(withExtra.json()).toHaveLength(1);
  });
});

describe('concurrency (§14)', () => {
  it('serialises 20 concurrent PATCHes of one quantity: the ledger adds up to the final quantity', async () => {
    const record = await create(CHEMICALS, chemical({ quantity: 100 }));
    const quantities = Array.from({ length: 20 }, (_, index) => index * 1.5 + 0.001);
    const responses = await Promise.all(
      quantities.map((quantity) => call('PATCH', `${CHEMICALS}${record.id}/`, { quantity })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(quantities.map(() => 200));
    const final = (await call('GET', `${CHEMICALS}${record.id}/`)).json().quantity;
    expect(quantities).toContain(final);
    const entries = await ledger('chemical', record.id);
    expect(entries).toHaveLength(21);
    expectConsistent(entries, final);
    // Every entry continues from the balance before it.
    const oldestFirst = [...entries].reverse();
    oldestFirst.slice(1).forEach((entry, index) => {
      expect(Math.round((oldestFirst[index].balance + entry.change) * 1000)).toBe(
        Math.round(entry.balance * 1000),
      );
    });
  });
});
