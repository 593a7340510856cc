import type { StockKind } from '../../domain/stockKinds';
import { createStockRecord, ledgerSum, stockQuantity } from '../../testing/stockApi';
import { authHeader, buildTestApp, type TestApp } from '../../testing/testApp';

// §14: requests fired at once (Promise.all of injects) behave as if run one after another. On PostgreSQL they
// really overlap on several pool connections; on SQLite they interleave between queries on one connection.
// Each user merges into a location of their own: merges into one location also wait for each other (the
// location row is locked against a concurrent delete), and these tests are about the stock rows.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await t.signedInUser());
});
afterAll(() => t.close());

const CART = '/api/management/issue-cart/';

const addLine = (as: string, object_type: string, object_id: number, quantity: number) =>
  t.app.inject({
    method: 'POST',
    url: CART,
    payload: { object_type, object_id, quantity },
    headers: authHeader(as),
  });
const merge = (as: string, locationId: number) =>
  t.app.inject({ method: 'POST', url: `${CART}${locationId}/merge/`, headers: authHeader(as) });
const cartOf = async (as: string) =>
  (await t.app.inject({ method: 'GET', url: CART, headers: authHeader(as) })).json();

async function createLocation(): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/management/store-consumers/',
    payload: { name: 'Race lab', consumer_type: 'PHYSICAL', room_number: '1', building_name: 'Main' },
    headers: authHeader(token),
  });
  return response.json().id;
}

async function users(count: number): Promise<string[]> {
  return Promise.all(Array.from({ length: count }, async () => (await t.signedInUser()).token));
}

const statusCounts = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, { statusCode }) => {
    counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    return counts;
  }, {});

/** Stock never negative, and the ledger adds up to it. */
async function expectConsistent(kind: StockKind, id: number, expected: number) {
  const quantity = await stockQuantity(t, kind, id);
  expect(quantity).toBe(expected);
  expect(quantity).toBeGreaterThanOrEqual(0);
  expect(await ledgerSum(t, token, kind, id)).toBe(quantity);
}

const issueCount = async (locationId: number) =>
  ((await t.app.inject({ method: 'GET', url: `/api/management/issues/${locationId}/` })).json() as unknown[])
    .length;

it('gives two users asking 7 ml of 10 ml at the same moment one 201 and one 409, leaving 3 ml', async () => {
  const chemicalId = await createStockRecord(t, token, 'chemical', 10, 'Ethanol');
  const [ann, bob] = await users(2);
  const locations = [await createLocation(), await createLocation()];
  for (const user of [ann, bob])
    expect((await addLine(user, 'CHEMICAL', chemicalId, 7)).statusCode).toBe(201);
  const cartsBefore = [await cartOf(ann), await cartOf(bob)];

  const responses = await Promise.all([merge(ann, locations[0]), merge(bob, locations[1])]);

  expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  const loser = responses.findIndex((response) => response.statusCode === 409);
  expect(responses[loser].json()).toEqual({ detail: 'Ethanol: only 3 ml in stock.' });
  // The 409 applied nothing: the loser's cart is as it was (its record is the winner's issue newer); the winner's
  // is empty.
  expect(await cartOf([ann, bob][loser])).toEqual(
    cartsBefore[loser].map((line: { object: { version: number } }) => ({
      ...line,
      object: { ...line.object, quantity: 3, version: line.object.version + 1 },
    })),
  );
  expect(await cartOf([ann, bob][1 - loser])).toEqual([]);
  expect(await issueCount(locations[loser])).toBe(0);
  expect(await issueCount(locations[1 - loser])).toBe(1);
  await expectConsistent('chemical', chemicalId, 3);
});

it('adds exactly as many cart lines as fit when one user posts several at once', async () => {
  const chemicalId = await createStockRecord(t, token, 'chemical', 10);
  const [ann] = await users(1);
  const responses = await Promise.all(
    Array.from({ length: 5 }, () => addLine(ann, 'CHEMICAL', chemicalId, 3)),
  );
  expect(statusCounts(responses)).toEqual({ 201: 3, 400: 2 });
  expect((await cartOf(ann)).length).toBe(3);
});

it('keeps stock and ledger consistent under many merges and cart edits from several users at once', async () => {
  const instrumentId = await createStockRecord(t, token, 'instrument', 10);
  const chemicalId = await createStockRecord(t, token, 'chemical', 20);
  const mergers = await users(6);
  const locations = await Promise.all(mergers.map(() => createLocation()));
  const editors = await users(3);

  // Each merger asks 3 pieces and 5 ml: the instruments run out first, so exactly 3 merges can succeed.
  const instrumentLines: number[] = [];
  for (const user of mergers) {
    expect((await addLine(user, 'CHEMICAL', chemicalId, 5)).statusCode).toBe(201);
    instrumentLines.push((await addLine(user, 'INSTRUMENT', instrumentId, 3)).json().id);
  }
  const editorLines = await Promise.all(
    editors.map(async (user) => (await addLine(user, 'CHEMICAL', chemicalId, 1)).json().id as number),
  );

  const merges = mergers.map((user, index) => merge(user, locations[index]));
  // Mergers rewrite their own instrument line while merging (the same quantity, so the outcome is fixed);
  // editors fill their carts from the same stock without merging.
  const ownEdits = mergers.map((user, index) =>
    t.app.inject({
      method: 'PATCH',
      url: `${CART}${instrumentLines[index]}/`,
      payload: { quantity: 3 },
      headers: authHeader(user),
    }),
  );
  const editorEdits = editors.flatMap((user, index) => [
    addLine(user, 'INSTRUMENT', instrumentId, 2),
    addLine(user, 'CHEMICAL', chemicalId, 19),
    t.app.inject({
      method: 'PATCH',
      url: `${CART}${editorLines[index]}/`,
      payload: { quantity: 2 },
      headers: authHeader(user),
    }),
  ]);
  const [mergeResponses, ownEditResponses, editorEditResponses] = await Promise.all([
    Promise.all(merges),
    Promise.all(ownEdits),
    Promise.all(editorEdits),
  ]);

  expect(statusCounts(mergeResponses)).toEqual({ 201: 3, 409: 3 });
  for (const response of mergeResponses.filter((r) => r.statusCode === 409)) {
    expect(response.json().detail).toMatch(/^instrument \d+: only 1 pieces in stock\.$/);
  }
  // An edit of a line lands (200), finds it merged away (404), or (after losing the merge) no longer fits (400).
  for (const response of ownEditResponses) expect([200, 400, 404]).toContain(response.statusCode);
  for (const response of editorEditResponses) expect([200, 201, 400]).toContain(response.statusCode);

  await expectConsistent('instrument', instrumentId, 1);
  await expectConsistent('chemical', chemicalId, 5);
  // The mergers that lost have no issue and still have both their lines; the winners have one and none.
  for (const [index, user] of mergers.entries()) {
    const lost = mergeResponses[index].statusCode === 409;
    expect(await issueCount(locations[index])).toBe(lost ? 0 : 1);
    expect((await cartOf(user)).length).toBe(lost ? 2 : 0);
  }
});

it('issues exactly five pieces for five concurrent merges of one piece each', async () => {
  const glasswareId = await createStockRecord(t, token, 'glassware', 7);
  const mergers = await users(5);
  const locations = await Promise.all(mergers.map(() => createLocation()));
  for (const user of mergers) expect((await addLine(user, 'GLASSWARE', glasswareId, 1)).statusCode).toBe(201);
  const responses = await Promise.all(mergers.map((user, index) => merge(user, locations[index])));
  expect(statusCounts(responses)).toEqual({ 201: 5 });
  await expectConsistent('glassware', glasswareId, 2);
});
