import type { StockKind } from '../../domain/stockKinds';
import { createLocation, issueStock, receiveShipment } from '../../testing/stockApi';
import { authHeader, buildTestApp, type TestApp } from '../../testing/testApp';
import type { Config } from '../../config';

// GET /api/management/dashboard/ (docs/api.md §12) on hand-built datasets, with the app's clock stopped.

const URL = '/api/management/dashboard/';
const RECORDS: Record<StockKind, string> = {
  chemical: '/api/storeobjects/chemicalobjs/',
  instrument: '/api/storeobjects/instrumentobjs/',
  glassware: '/api/storeobjects/glasswareobjs/',
};

let names = 0;
const BODIES: Record<StockKind, () => object> = {
  chemical: () => ({
    name: `Chemical ${++names}`,
    CAS_RN: '64-17-5',
    molecular_formula: 'C2H6O',
    purity: 99,
    manufacturer: 'Merck',
    supplier: 'Daraz',
    state: 'LIQUID',
  }),
  instrument: () => ({ name: `Instrument ${++names}`, manufacturer: 'Shimadzu', supplier: 'Daraz' }),
  glassware: () => ({
    name: `Glassware ${++names}`,
    manufacturer: 'Pyrex',
    supplier: 'Daraz',
    size: 250,
    material_type: 'Borosilicate',
  }),
};

async function record(t: TestApp, token: string, kind: StockKind, fields: object): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: RECORDS[kind],
    payload: { ...BODIES[kind](), ...fields },
    headers: authHeader(token),
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { id: number }).id;
}

interface Row {
  object_type: string;
  object_id: number;
  shortfall: number | null;
  days_left: number | null;
  expiry_date: string | null;
  quantity: number;
  item: { name: string };
}
interface Card<R = Row> {
  count: number;
  results: R[];
}

async function read(t: TestApp, token: string, query = '') {
  const response = await t.app.inject({ url: `${URL}${query}`, headers: authHeader(token) });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json() as Record<string, Card> & { today: string; time_zone: string; within: number };
}

const ids = (card: Card) => card.results.map((row) => [row.object_type, row.object_id]);

async function app(config: Partial<Config> = {}) {
  const t = await buildTestApp(config);
  const { token } = await t.signedInUser();
  return { t, token };
}

describe('stock cards', () => {
  let t: TestApp;
  let token: string;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    ({ t, token } = await app());
    t.setClock(new Date('2026-03-10T12:00:00Z'));
    id.lowChemical = await record(t, token, 'chemical', { quantity: 10, minimum_quantity: 25.5 });
    id.atMinimum = await record(t, token, 'chemical', { quantity: 10, minimum_quantity: 10 });
    id.lowInstrument = await record(t, token, 'instrument', { quantity: 1, minimum_quantity: 5 });
    id.emptyGlassware = await record(t, token, 'glassware', { quantity: 0, minimum_quantity: 3 });
    id.expiredYesterday = await record(t, token, 'chemical', { quantity: 1, expiry_date: '2026-03-09' });
    id.expiresToday = await record(t, token, 'chemical', { quantity: 2, expiry_date: '2026-03-10' });
    id.expiresIn30 = await record(t, token, 'glassware', { quantity: 4, expiry_date: '2026-04-09' });
    id.expiresIn31 = await record(t, token, 'chemical', { quantity: 5, expiry_date: '2026-04-10' });
    id.expiredLongAgo = await record(t, token, 'glassware', { quantity: 6, expiry_date: '2020-01-01' });
    id.expiredButEmpty = await record(t, token, 'chemical', { quantity: 0, expiry_date: '2025-01-01' });
  });
  afterAll(() => t.close());

  it('lists the records below their minimum, largest shortfall first, not those exactly at it', async () => {
    const { below_minimum } = await read(t, token);
    expect(below_minimum.count).toBe(3);
    expect(ids(below_minimum)).toEqual([
      ['CHEMICAL', id.lowChemical],
      ['INSTRUMENT', id.lowInstrument],
      ['GLASSWARE', id.emptyGlassware],
    ]);
    expect(below_minimum.results[0]).toMatchObject({
      quantity: 10,
      unit: 'ml',
      minimum_quantity: 25.5,
      shortfall: 15.5,
      item: { stock_id: id.lowChemical, manufacturer: 'Merck' },
    });
  });

  it('splits expired records (in stock) from those expiring today or later within the window', async () => {
    const dashboard = await read(t, token);
    expect(dashboard).toMatchObject({ today: '2026-03-10', time_zone: 'UTC', within: 30 });
    expect(dashboard.expired.count).toBe(2);
    expect(ids(dashboard.expired)).toEqual([
      ['GLASSWARE', id.expiredLongAgo],
      ['CHEMICAL', id.expiredYesterday],
    ]);
    expect(dashboard.expired.results[1].days_left).toBe(-1);
    expect(dashboard.expiring.count).toBe(2);
    expect(ids(dashboard.expiring)).toEqual([
      ['CHEMICAL', id.expiresToday],
      ['GLASSWARE', id.expiresIn30],
    ]);
    expect(dashboard.expiring.results.map((row) => row.days_left)).toEqual([0, 30]);
  });

  it('widens the expiring window to 60 and 90 days and refuses other windows', async () => {
    expect(ids((await read(t, token, '?within=60')).expiring)).toEqual([
      ['CHEMICAL', id.expiresToday],
      ['GLASSWARE', id.expiresIn30],
      ['CHEMICAL', id.expiresIn31],
    ]);
    expect((await read(t, token, '?within=90')).within).toBe(90);
    const refused = await t.app.inject({ url: `${URL}?within=45`, headers: authHeader(token) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ within: ['"45" is not a valid choice.'] });
  });

  it('is for signed-in users only', async () => {
    const response = await t.app.inject({ url: URL });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});

describe('dead stock', () => {
  it('lists records in stock with no issue in the last 12 months, largest quantity first', async () => {
    const { t, token } = await app();
    const lab = await createLocation(t, token);
    t.setClock(new Date('2025-02-01T09:00:00Z'));
    const issuedLongAgo = await record(t, token, 'chemical', { quantity: 500 });
    await issueStock(t, token, lab, [['chemical', issuedLongAgo, 1]]);
    t.setClock(new Date('2026-03-10T12:00:00Z'));
    const issuedLastMonth = await record(t, token, 'chemical', { quantity: 900 });
    await issueStock(t, token, lab, [['chemical', issuedLastMonth, 1]]);
    await record(t, token, 'glassware', { quantity: 0 });

    const { dead_stock } = await read(t, token);
    expect(dead_stock.count).toBe(1);
    expect(ids(dead_stock)).toEqual([['CHEMICAL', issuedLongAgo]]);
    expect(dead_stock.results[0].quantity).toBe(499);
    await t.close();
  });

  it('counts idle time from a record’s first receipt: records younger than 12 months are not dead stock', async () => {
    const { t, token } = await app();
    // Received 2025-03-01, never issued: idle for more than a year on 2026-03-10.
    t.setClock(new Date('2025-03-01T09:00:00Z'));
    const idleForAYear = await record(t, token, 'instrument', { quantity: 3 });
    // Created empty long ago, its first stock arrived last month: idle for a month only.
    const firstReceivedLastMonth = await record(t, token, 'glassware', { quantity: 0 });
    t.setClock(new Date('2026-02-10T09:00:00Z'));
    await receiveShipment(t, token, 'glassware', [[firstReceivedLastMonth, 40]]);
    // Created (as an import creates them) today with stock, never issued.
    t.setClock(new Date('2026-03-10T12:00:00Z'));
    await record(t, token, 'chemical', { quantity: 1000 });
    await record(t, token, 'instrument', { quantity: 7 });
    // Exactly a year since its first receipt: a whole year idle, dead stock.
    t.setClock(new Date('2025-03-10T12:00:00Z'));
    const idleExactlyAYear = await record(t, token, 'chemical', { quantity: 20 });
    t.setClock(new Date('2026-03-10T12:00:00Z'));

    const { dead_stock } = await read(t, token);
    expect(ids(dead_stock)).toEqual([
      ['CHEMICAL', idleExactlyAYear],
      ['INSTRUMENT', idleForAYear],
    ]);
    expect(dead_stock.count).toBe(2);
    await t.close();
  });
});

describe('recent shipments and issues, own staging and cart lines', () => {
  it('shows the newest five of each with counts, and only the caller’s own lines', async () => {
    const { t, token } = await app();
    const other = await t.signedInUser();
    const chemical = await record(t, token, 'chemical', { quantity: 100 });
    const glassware = await record(t, token, 'glassware', { quantity: 10 });
    const shipments = [];
    for (let n = 0; n < 6; n += 1) {
      t.setClock(new Date(Date.UTC(2026, 2, 1 + n, 10)));
      shipments.push(
        await receiveShipment(t, token, n % 2 ? 'glassware' : 'chemical', [
          [n % 2 ? glassware : chemical, 1],
        ]),
      );
    }
    const lab = await createLocation(t, token);
    const issue = await issueStock(t, token, lab, [
      ['chemical', chemical, 2],
      ['glassware', glassware, 1],
    ]);

    await t.app.inject({
      method: 'POST',
      url: '/api/management/glassware-temp-shipment/',
      payload: { glassware, quantity: 2, expiry_date: '2030-01-01' },
      headers: authHeader(token),
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/management/chemical-temp-shipment/',
      payload: { chemical, quantity: 1 },
      headers: authHeader(other.token),
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/management/issue-cart/',
      payload: { object_type: 'CHEMICAL', object_id: chemical, quantity: 0.5 },
      headers: authHeader(token),
    });

    const dashboard = (await read(t, token)) as unknown as Record<string, Card<Record<string, unknown>>>;
    expect(dashboard.recent_shipments.count).toBe(6);
    expect(dashboard.recent_shipments.results.map((row) => row.id)).toEqual(
      shipments
        .slice(1)
        .reverse()
        .map((shipment) => shipment.id),
    );
    expect(dashboard.recent_shipments.results[0]).toMatchObject({
      type: 'glassware',
      lines: 1,
      reverted_at: null,
    });
    expect(dashboard.recent_issues).toEqual({
      count: 1,
      results: [
        {
          id: issue.id,
          created_at: issue.created_at,
          user_email: expect.any(String),
          location: {
            id: lab,
            name: expect.any(String),
            room_number: '110',
            building_name: 'Science Building',
          },
          lines: 2,
        },
      ],
    });
    expect(dashboard.staged_lines).toEqual({
      count: 1,
      results: [
        expect.objectContaining({
          object_type: 'GLASSWARE',
          object_id: glassware,
          quantity: 2,
          unit: 'pieces',
          expiry_date: '2030-01-01',
        }),
      ],
    });
    expect(dashboard.cart_lines).toEqual({
      count: 1,
      results: [
        expect.objectContaining({ object_type: 'CHEMICAL', object_id: chemical, quantity: 0.5, unit: 'ml' }),
      ],
    });
    const theirs = (await read(t, other.token)) as unknown as Record<string, Card>;
    expect(theirs.staged_lines.count).toBe(1);
    expect(theirs.cart_lines.count).toBe(0);
    await t.close();
  });
});

describe("today is the lab's date", () => {
  // 23:30 UTC on 9 March: still the 9th in London, already the 10th in Auckland (UTC+13 in March).
  const lateEvening = new Date('2026-03-09T23:30:00Z');

  async function expiringAndExpired(timeZone: string) {
    const { t, token } = await app({ labTimeZone: timeZone });
    t.setClock(lateEvening);
    const expiresOnTheNinth = await record(t, token, 'chemical', { quantity: 1, expiry_date: '2026-03-09' });
    const dashboard = await read(t, token);
    await t.close();
    return { dashboard, expiresOnTheNinth };
  }

  it('in UTC a record expiring on the 9th expires today', async () => {
    const { dashboard, expiresOnTheNinth } = await expiringAndExpired('UTC');
    expect(dashboard.today).toBe('2026-03-09');
    expect(ids(dashboard.expiring)).toEqual([['CHEMICAL', expiresOnTheNinth]]);
    expect(dashboard.expired.count).toBe(0);
  });

  it('in Auckland, where it is already the 10th, it has expired', async () => {
    const { dashboard, expiresOnTheNinth } = await expiringAndExpired('Pacific/Auckland');
    expect(dashboard).toMatchObject({ today: '2026-03-10', time_zone: 'Pacific/Auckland' });
    expect(ids(dashboard.expired)).toEqual([['CHEMICAL', expiresOnTheNinth]]);
    expect(dashboard.expired.results[0].days_left).toBe(-1);
    expect(dashboard.expiring.count).toBe(0);
  });
});

describe('reorder list (GET /api/management/dashboard/reorder/)', () => {
  const REORDER = `${URL}reorder/`;

  interface ReorderRow extends Row {
    last_supplier: string | null;
    last_shipped_quantity: number | null;
    last_shipped_at: string | null;
  }

  it('lists every record below its minimum with the newest shipment of the same item from any supplier', async () => {
    const { t, token } = await app();
    t.setClock(new Date('2026-01-05T10:00:00Z'));
    const fromDaraz = await record(t, token, 'chemical', {
      name: 'Ethanol',
      quantity: 10,
      minimum_quantity: 500,
    });
    const fromSigma = await record(t, token, 'chemical', { name: 'Ethanol', supplier: 'Sigma', quantity: 0 });
    // Another purity is another item: its shipment is not Ethanol 99 %'s.
    const otherPurity = await record(t, token, 'chemical', { name: 'Ethanol', purity: 70, supplier: 'Acme' });
    await receiveShipment(t, token, 'chemical', [[fromDaraz, 2.5]]);
    t.setClock(new Date('2026-02-01T08:00:00Z'));
    await receiveShipment(t, token, 'chemical', [[fromSigma, 40]]);
    t.setClock(new Date('2026-02-03T08:00:00Z'));
    await receiveShipment(t, token, 'chemical', [[otherPurity, 1]]);
    // Undone, so it never arrived: the Sigma shipment stays the newest.
    const undone = await receiveShipment(t, token, 'chemical', [[fromDaraz, 7]]);
    const revert = await t.app.inject({
      method: 'POST',
      url: `/api/management/shipments/${undone.id}/revert/`,
      headers: authHeader(token),
    });
    expect(revert.statusCode).toBe(200);
    const neverShipped = await record(t, token, 'instrument', { quantity: 1, minimum_quantity: 2 });
    const shippedTwice = await record(t, token, 'glassware', { quantity: 0, minimum_quantity: 100 });
    t.setClock(new Date('2026-02-10T08:00:00Z'));
    await receiveShipment(t, token, 'glassware', [[shippedTwice, 5]]);
    t.setClock(new Date('2026-02-11T08:00:00Z'));
    const lastGlassware = await receiveShipment(t, token, 'glassware', [[shippedTwice, 3]]);
    // More than a card shows: the list holds them all.
    const many = [];
    for (let n = 0; n < 10; n++)
      many.push(await record(t, token, 'instrument', { quantity: 0, minimum_quantity: 1 }));

    const response = await t.app.inject({ url: REORDER, headers: authHeader(token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const list = response.json() as {
      today: string;
      time_zone: string;
      count: number;
      results: ReorderRow[];
    };
    expect(list).toMatchObject({ today: '2026-02-11', time_zone: 'UTC', count: 13 });
    expect(list.results.map((row) => [row.object_type, row.object_id])).toEqual([
      ['CHEMICAL', fromDaraz],
      ['GLASSWARE', shippedTwice],
      ['INSTRUMENT', neverShipped],
      ...many.map((id) => ['INSTRUMENT', id]),
    ]);
    expect(list.results[0]).toMatchObject({
      quantity: 12.5,
      unit: 'ml',
      minimum_quantity: 500,
      shortfall: 487.5,
      item: { name: 'Ethanol', supplier: 'Daraz' },
      last_supplier: 'Sigma',
      last_shipped_quantity: 40,
      last_shipped_at: '2026-02-01T08:00:00.000Z',
    });
    expect(list.results[1]).toMatchObject({
      shortfall: 92,
      last_supplier: 'Daraz',
      last_shipped_quantity: 3,
      last_shipped_at: lastGlassware.date_time,
    });
    expect(list.results[2]).toMatchObject({
      shortfall: 1,
      last_supplier: null,
      last_shipped_quantity: null,
      last_shipped_at: null,
    });
    await t.close();
  });

  it('is for signed-in users only', async () => {
    const t = await buildTestApp();
    const response = await t.app.inject({ url: REORDER });
    expect(response.statusCode).toBe(401);
    await t.close();
  });
});
