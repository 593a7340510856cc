import { createStockRecord, ledgerOf, ledgerSum, stockQuantity } from '../../testing/stockApi';
import { authHeader, buildTestApp, requestHelper, type TestApp } from '../../testing/testApp';

let t: TestApp;
let token: string;
let email: string;

beforeAll(async () => {
  t = await buildTestApp();
  const signedIn = await t.signedInUser();
  token = signedIn.token;
  email = signedIn.user.email;
});
afterAll(() => t.close());

const call = requestHelper(
  () => t,
  () => token,
);

const CART = '/api/management/issue-cart/';
const merge = (locationId: number, as = token) =>
  call('POST', `${CART}${locationId}/merge/`, undefined, authHeader(as));

let locationCounter = 0;
async function createLocation(): Promise<number> {
  const response = await call('POST', '/api/management/store-consumers/', {
    name: `Lab ${++locationCounter}`,
    consumer_type: 'ORGANIC',
    room_number: '110',
    building_name: 'Science Building',
  });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

async function addLine(objectType: string, objectId: number, quantity: number, as = token) {
  const response = await call(
    'POST',
    CART,
    { object_type: objectType, object_id: objectId, quantity },
    authHeader(as),
  );
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number };
}

/** Empties the caller's cart so each test starts from nothing. */
async function clearCart(as = token) {
  for (const line of (await call('GET', CART, undefined, authHeader(as))).json() as { id: number }[]) {
    expect((await call('DELETE', `${CART}${line.id}/`, undefined, authHeader(as))).statusCode).toBe(204);
  }
}
beforeEach(() => clearCart());

describe('credentials and ids (§1.5, §9)', () => {
  it('answers 401 before looking up ids or reading the body', async () => {
    for (const [method, url] of [
      ['GET', CART],
      ['POST', CART],
      ['GET', `${CART}99999/`],
      ['PUT', `${CART}99999/`],
      ['PATCH', `${CART}99999/`],
      ['DELETE', `${CART}99999/`],
      ['POST', `${CART}99999/merge/`],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        payload: 'not json',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    }
  });

  it('answers 404 for an unknown line before validating the body, and 405 for other methods', async () => {
    expect((await call('PATCH', `${CART}99999/`, { quantity: 'lots' })).json()).toEqual({
      detail: 'Not found.',
    });
    expect((await call('GET', `${CART}abc/`)).statusCode).toBe(404);
    const response = await call('DELETE', CART);
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toContain('POST');
  });
});

describe('cart lines (§9)', () => {
  it('adds, lists, reads, replaces, patches and deletes lines in the §9 shape', async () => {
    const chemicalId = await createStockRecord(t, token, 'chemical', 250.5, 'Ethanol');
    const glasswareId = await createStockRecord(t, token, 'glassware', 20);

    const added = await call('POST', CART, {
      object_type: 'CHEMICAL',
      object_id: chemicalId,
      quantity: '5.25',
    });
    expect(added.statusCode).toBe(201);
    const line = added.json();
    expect(line).toEqual({
      id: expect.any(Number),
      object_id: chemicalId,
      object_type: 'CHEMICAL',
      quantity: 5.25,
      object: {
        id: chemicalId,
        chemical: {
          id: expect.any(Number),
          CAS_RN: '64-17-5',
          name: 'Ethanol',
          molecular_formula: 'C2H6O',
          molecular_weight: 46.069,
        },
        purity: 99.5,
        manufacturer: { id: expect.any(Number), name: 'Merck' },
        supplier: { id: expect.any(Number), name: 'Daraz' },
        state: 'LIQUID',
        quantity: 250.5,
        expiry_date: null,
        opened_on: null,
        minimum_quantity: null,
        storage_place: null,
        unit_price: null,
        hazard_statements: [],
        signal_word: null,
        signal_word_overridden: false,
        pictograms: [],
        storage_classes: [],
        version: 1,
      },
    });
    const glass = await addLine('GLASSWARE', glasswareId, 2);

    const list = (await call('GET', CART)).json();
    expect(list.map((l: { id: number }) => l.id)).toEqual([line.id, glass.id]);
    expect(list[1]).toMatchObject({
      object_type: 'GLASSWARE',
      quantity: 2,
      object: { glassware: { name: expect.any(String) } },
    });
    expect((await call('GET', `${CART}${line.id}/`)).json()).toEqual(line);

    const replaced = await call('PUT', `${CART}${line.id}/`, {
      id: 12345,
      object_id: chemicalId,
      object_type: 'CHEMICAL',
      quantity: 0.1,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ id: line.id, quantity: 0.1 });

    const patched = await call('PATCH', `${CART}${glass.id}/`, { quantity: 3 });
    expect(patched.json()).toMatchObject({
      id: glass.id,
      object_type: 'GLASSWARE',
      object_id: glasswareId,
      quantity: 3,
    });

    expect((await call('DELETE', `${CART}${glass.id}/`)).statusCode).toBe(204);
    expect((await call('GET', `${CART}${glass.id}/`)).statusCode).toBe(404);
    // Nothing is reserved: stock changes only at merge.
    expect(await stockQuantity(t, 'chemical', chemicalId)).toBe(250.5);
  });

  it("keeps each user's cart to themselves: another user's line answers 404", async () => {
    const instrumentId = await createStockRecord(t, token, 'instrument', 5);
    const mine = await addLine('INSTRUMENT', instrumentId, 1);
    const other = await t.signedInUser();
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await call(
        method,
        `${CART}${mine.id}/`,
        method === 'PUT' || method === 'PATCH'
          ? { object_type: 'INSTRUMENT', object_id: instrumentId, quantity: 1 }
          : undefined,
        authHeader(other.token),
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await call('GET', CART, undefined, authHeader(other.token))).json()).toEqual([]);
    expect((await call('GET', `${CART}${mine.id}/`)).json()).toMatchObject({ quantity: 1 });
  });
});

describe('line validation (§9)', () => {
  it('reports every failing field at once', async () => {
    const response = await call('POST', CART, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      object_id: ['This field is required.'],
      object_type: ['This field is required.'],
      quantity: ['This field is required.'],
    });
    expect(
      (await call('POST', CART, { object_id: 'x', object_type: 'chemical', quantity: 'many' })).json(),
    ).toEqual({
      object_id: ['Incorrect type. Expected pk value, received str.'],
      object_type: ['"chemical" is not a valid choice.'],
      quantity: ['A valid number is required.'],
    });
  });

  it('needs an existing record of that type', async () => {
    const chemicalId = await createStockRecord(t, token, 'chemical', 10);
    const response = await call('POST', CART, { object_type: 'CHEMICAL', object_id: 99999, quantity: 1 });
    expect(response.json()).toEqual({ object_id: ['Invalid pk "99999" - object does not exist.'] });
    // The id of a chemical record is not an instrument record (unless one happens to share it).
    const missingInstrument = chemicalId + 5000;
    expect(
      (
        await call('POST', CART, { object_type: 'INSTRUMENT', object_id: missingInstrument, quantity: 1 })
      ).json(),
    ).toEqual({
      object_id: [`Invalid pk "${missingInstrument}" - object does not exist.`],
    });
  });

  it('takes ml with up to 3 decimals above 0 and whole pieces from 1', async () => {
    const chemicalId = await createStockRecord(t, token, 'chemical', 10);
    const instrumentId = await createStockRecord(t, token, 'instrument', 10);
    const errorsOf = async (body: object) => (await call('POST', CART, body)).json().quantity;
    expect(await errorsOf({ object_type: 'CHEMICAL', object_id: chemicalId, quantity: 0 })).toEqual([
      'Ensure this value is greater than 0.',
    ]);
    expect(await errorsOf({ object_type: 'CHEMICAL', object_id: chemicalId, quantity: 1.2345 })).toEqual([
      'Ensure that there are no more than 3 decimal places.',
    ]);
    expect(await errorsOf({ object_type: 'INSTRUMENT', object_id: instrumentId, quantity: 1.5 })).toEqual([
      'A valid integer is required.',
    ]);
    expect(await errorsOf({ object_type: 'INSTRUMENT', object_id: instrumentId, quantity: 0 })).toEqual([
      'Ensure this value is greater than or equal to 1.',
    ]);
    // A missing record and a bad quantity are reported together.
    expect(
      (await call('POST', CART, { object_type: 'GLASSWARE', object_id: 99999, quantity: -1 })).json(),
    ).toEqual({
      object_id: ['Invalid pk "99999" - object does not exist.'],
      quantity: ['Ensure this value is greater than or equal to 1.'],
    });
    expect(
      (await call('POST', CART, { object_type: 'INSTRUMENT', object_id: instrumentId, quantity: '2.0' }))
        .statusCode,
    ).toBe(201);
  });

  it('applies the new kind’s rule when a PATCH changes only the type', async () => {
    const chemicalId = await createStockRecord(t, token, 'chemical', 10);
    const instrumentId = await createStockRecord(t, token, 'instrument', 10);
    const line = await addLine('CHEMICAL', chemicalId, 2.5);
    const response = await call('PATCH', `${CART}${line.id}/`, {
      object_type: 'INSTRUMENT',
      object_id: instrumentId,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ quantity: ['A valid integer is required.'] });
    const whole = await call('PATCH', `${CART}${line.id}/`, {
      object_type: 'INSTRUMENT',
      object_id: instrumentId,
      quantity: 2,
    });
    expect(whole.json()).toMatchObject({ object_type: 'INSTRUMENT', object_id: instrumentId, quantity: 2 });
  });

  it("keeps the sum of the caller's lines for a record within its stock, counting a line's new quantity only", async () => {
    const chemicalId = await createStockRecord(t, token, 'chemical', 10);
    const first = await addLine('CHEMICAL', chemicalId, 6);
    const tooMuch = await call('POST', CART, {
      object_type: 'CHEMICAL',
      object_id: chemicalId,
      quantity: 4.001,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({ quantity: ['Only 10 ml in stock.'] });
    await addLine('CHEMICAL', chemicalId, 4);
    // Replacing 6 by 6 fits (its old quantity does not count); by 6.5 it does not.
    expect((await call('PATCH', `${CART}${first.id}/`, { quantity: 6 })).statusCode).toBe(200);
    expect((await call('PATCH', `${CART}${first.id}/`, { quantity: 6.5 })).json()).toEqual({
      quantity: ['Only 10 ml in stock.'],
    });
    // Other users' carts do not count.
    const other = await t.signedInUser();
    await addLine('CHEMICAL', chemicalId, 10, other.token);
  });

  it('writes the stock quantity like a JSON number, with the unit of its kind', async () => {
    const chemicalId = await createStockRecord(t, token, 'chemical', 12.5);
    const glasswareId = await createStockRecord(t, token, 'glassware', 0);
    expect(
      (await call('POST', CART, { object_type: 'CHEMICAL', object_id: chemicalId, quantity: 13 })).json(),
    ).toEqual({
      quantity: ['Only 12.5 ml in stock.'],
    });
    expect(
      (await call('POST', CART, { object_type: 'GLASSWARE', object_id: glasswareId, quantity: 1 })).json(),
    ).toEqual({
      quantity: ['Only 0 pieces in stock.'],
    });
  });
});

describe('merge (§9)', () => {
  it('answers 404 for an unknown location, then 400 for an empty cart', async () => {
    const instrumentId = await createStockRecord(t, token, 'instrument', 5);
    await addLine('INSTRUMENT', instrumentId, 1);
    expect((await merge(99999)).json()).toEqual({ detail: 'Not found.' });
    expect((await merge(99999)).statusCode).toBe(404);
    await clearCart();
    const locationId = await createLocation();
    const empty = await merge(locationId);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ detail: 'The cart is empty.' });
  });

  it('creates one issue, decreases stock with ISSUE ledger entries and empties the cart', async () => {
    const chemicalId = await createStockRecord(t, token, 'chemical', 250.5, 'Methanol');
    const instrumentId = await createStockRecord(t, token, 'instrument', 3, 'Spectrophotometer');
    const glasswareId = await createStockRecord(t, token, 'glassware', 20, 'Beaker');
    const locationId = await createLocation();
    await addLine('CHEMICAL', chemicalId, 0.1);
    await addLine('INSTRUMENT', instrumentId, 2);
    await addLine('CHEMICAL', chemicalId, 0.2);
    await addLine('GLASSWARE', glasswareId, 20);
    const other = await t.signedInUser();
    const othersLine = await addLine('INSTRUMENT', instrumentId, 1, other.token);

    const response = await merge(locationId, token);
    expect(response.statusCode).toBe(201);
    const issue = response.json();
    expect(issue).toEqual({
      id: expect.any(Number),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
      objects: [
        { id: chemicalId, name: 'Methanol', object_type: 'CHEMICAL', quantity: 0.1 },
        { id: instrumentId, name: 'Spectrophotometer', object_type: 'INSTRUMENT', quantity: 2 },
        { id: chemicalId, name: 'Methanol', object_type: 'CHEMICAL', quantity: 0.2 },
        { id: glasswareId, name: 'Beaker', object_type: 'GLASSWARE', quantity: 20 },
      ].map((line) => ({ ...line, line_id: expect.any(Number), returned_quantity: 0 })),
    });
    // Each line has an id of its own, the one a return names.
    expect(new Set(issue.objects.map((line: { line_id: number }) => line.line_id)).size).toBe(4);
    expect(await stockQuantity(t, 'chemical', chemicalId)).toBe(250.2);
    expect(await stockQuantity(t, 'instrument', instrumentId)).toBe(1);
    expect(await stockQuantity(t, 'glassware', glasswareId)).toBe(0);

    const chemicalLedger = await ledgerOf(t, token, 'chemical', chemicalId);
    expect(chemicalLedger.slice(0, 2)).toEqual([
      expect.objectContaining({
        kind: 'ISSUE',
        change: -0.2,
        balance: 250.2,
        issue_id: issue.id,
        user_email: email,
      }),
      expect.objectContaining({
        kind: 'ISSUE',
        change: -0.1,
        balance: 250.4,
        issue_id: issue.id,
        user_email: email,
      }),
    ]);
    expect(await ledgerSum(t, token, 'chemical', chemicalId)).toBe(250.2);
    expect(await ledgerSum(t, token, 'glassware', glasswareId)).toBe(0);

    expect((await call('GET', CART)).json()).toEqual([]);
    // Only the caller's lines are merged.
    expect((await call('GET', CART, undefined, authHeader(other.token))).json()).toEqual([
      expect.objectContaining({ id: othersLine.id }),
    ]);
    expect((await call('GET', `/api/management/issues/${locationId}/`)).json()).toEqual([issue]);
  });

  it('shows the new quantities in search results', async () => {
    const instrumentId = await createStockRecord(t, token, 'instrument', 9, 'Centrifuge Zentrix');
    const locationId = await createLocation();
    const search = async () =>
      (await call('GET', '/api/management/fuzzysearch/?query=Zentrix&type=instrument')).json() as {
        id: number;
        quantity: number;
      }[];
    expect(await search()).toEqual([expect.objectContaining({ id: instrumentId, quantity: 9 })]);
    await addLine('INSTRUMENT', instrumentId, 4);
    expect((await merge(locationId)).statusCode).toBe(201);
    expect(await search()).toEqual([expect.objectContaining({ id: instrumentId, quantity: 5 })]);
  });

  it('applies nothing and names the short item when stock fell below the cart', async () => {
    const chemicalId = await createStockRecord(t, token, 'chemical', 10, 'Ethanol absolute');
    const instrumentId = await createStockRecord(t, token, 'instrument', 4);
    const locationId = await createLocation();
    const instrumentLine = await addLine('INSTRUMENT', instrumentId, 1);
    await addLine('CHEMICAL', chemicalId, 4);
    await addLine('CHEMICAL', chemicalId, 3);
    // Someone lowers the stock after the lines were added.
    expect(
      (await call('PATCH', `/api/storeobjects/chemicalobjs/${chemicalId}/`, { quantity: 6.5 })).statusCode,
    ).toBe(200);

    const cartBefore = (await call('GET', CART)).json();
    const response = await merge(locationId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'Ethanol absolute: only 6.5 ml in stock.' });

    expect((await call('GET', CART)).json()).toEqual(cartBefore);
    expect(cartBefore[0].id).toBe(instrumentLine.id);
    expect(await stockQuantity(t, 'instrument', instrumentId)).toBe(4);
    expect(await stockQuantity(t, 'chemical', chemicalId)).toBe(6.5);
    expect((await ledgerOf(t, token, 'instrument', instrumentId)).map((entry) => entry.kind)).toEqual([
      'ADJUSTMENT',
    ]);
    expect((await call('GET', `/api/management/issues/${locationId}/`)).json()).toEqual([]);
  });
});

describe('references and accounts', () => {
  it('refuses to delete a stock record named by a cart line or an issue', async () => {
    const glasswareId = await createStockRecord(t, token, 'glassware', 5);
    const line = await addLine('GLASSWARE', glasswareId, 1);
    const inCart = await call('DELETE', `/api/storeobjects/glasswareobjs/${glasswareId}/`);
    expect(inCart.statusCode).toBe(409);
    expect(inCart.json().detail).toMatch(/cart/);

    expect((await merge(await createLocation())).statusCode).toBe(201);
    expect((await call('GET', `${CART}${line.id}/`)).statusCode).toBe(404);
    const issued = await call('DELETE', `/api/storeobjects/glasswareobjs/${glasswareId}/`);
    expect(issued.statusCode).toBe(409);
    expect(issued.json().detail).toMatch(/issue/);

    const unused = await createStockRecord(t, token, 'glassware', 5);
    const lineOfUnused = await addLine('GLASSWARE', unused, 1);
    await call('DELETE', `${CART}${lineOfUnused.id}/`);
    expect((await call('DELETE', `/api/storeobjects/glasswareobjs/${unused}/`)).statusCode).toBe(204);
  });

  it("removes a deleted user's cart lines with the account", async () => {
    const instrumentId = await createStockRecord(t, token, 'instrument', 5);
    const other = await t.signedInUser();
    await addLine('INSTRUMENT', instrumentId, 2, other.token);
    expect((await call('DELETE', `/api/account/users/${other.user.id}/`)).statusCode).toBe(204);
    const rows = await t.db
      .selectFrom('issue_cart')
      .select('id')
      .where('user_id', '=', other.user.id)
      .execute();
    expect(rows).toEqual([]);
    // Nothing refers to the record any more.
    expect((await call('DELETE', `/api/storeobjects/instrumentobjs/${instrumentId}/`)).statusCode).toBe(204);
  });
});
