import { createLocation, createStockRecord } from '../../testing/stockApi';
import { callAs, createFund, labUser, requestAction, submitRequest } from '../../testing/requestApi';
import { buildTestApp, type TestApp } from '../../testing/testApp';

// The pick suggestion (docs/api.md §26.6): records of the line's catalog entry, opened first, then the earliest
// expiry (none last), then id; never an empty or expired one; split until the open quantity is covered.

let t: TestApp;
let store: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ token: store } = await t.signedInUser());
});
afterAll(() => t.close());

it('takes opened bottles first, then the earliest expiry, never an expired or empty one, and splits', async () => {
  const lab = await createLocation(t, store);
  const fund = await createFund(t, store, lab, 'F');
  const member = await labUser(t, store, [{ location: lab, role: 'member' }]);
  const manager = await labUser(t, store, [{ location: lab, role: 'manager' }]);
  const bottle = (manufacturer: string, quantity: number, fields: object) =>
    createStockRecord(t, store, 'chemical', quantity, 'Acetone FEFO', { manufacturer, ...fields });
  const openedLate = await bottle('A', 50, { opened_on: '2020-01-02', expiry_date: '2099-01-01' });
  const sealedSoon = await bottle('B', 100, { expiry_date: '2098-06-01' });
  const sealedNever = await bottle('C', 500, {});
  const expired = await bottle('D', 1000, { expiry_date: '2001-01-01' });
  const openedSoon = await bottle('E', 20, { opened_on: '2020-01-01', expiry_date: '2098-01-01' });
  const empty = await bottle('F', 0, { opened_on: '2020-01-01', expiry_date: '2097-01-01' });
  const otherSubstance = await createStockRecord(t, store, 'chemical', 1000, 'Ethanol FEFO', {
    opened_on: '2020-01-01',
  });

  const asked = await submitRequest(t, member.token, lab, {
    fund,
    lines: [
      { object_type: 'CHEMICAL', object_id: sealedNever, quantity: 250 },
      // A second line of the same substance takes what the first left.
      { object_type: 'CHEMICAL', object_id: sealedSoon, quantity: 500 },
    ],
  });
  await requestAction(t, manager.token, asked.id, 'approve');

  const response = await callAs(t, store, 'GET', `/api/management/requests/${asked.id}/pick-suggestion/`);
  expect(response.statusCode).toBe(200);
  const pick = (object_id: number, quantity: number) => expect.objectContaining({ object_id, quantity });
  expect(response.json()).toEqual({
    lines: [
      {
        request_line: asked.lines[0].id,
        open_quantity: 250,
        picks: [pick(openedSoon, 20), pick(openedLate, 50), pick(sealedSoon, 100), pick(sealedNever, 80)],
        short: 0,
      },
      {
        request_line: asked.lines[1].id,
        open_quantity: 500,
        picks: [pick(sealedNever, 420)],
        short: 80,
      },
    ],
  });
  expect(response.json().lines[0].picks[0]).toEqual({
    object_id: openedSoon,
    name: 'Acetone FEFO',
    quantity: 20,
    expiry_date: '2098-01-01',
    opened_on: '2020-01-01',
    storage_place: null,
  });
  const suggested = JSON.stringify(response.json());
  for (const never of [expired, empty, otherSubstance])
    expect(suggested).not.toContain(`"object_id":${never},`);
});

it('answers 404 for an unknown request and no lines for one not approved yet', async () => {
  expect((await callAs(t, store, 'GET', '/api/management/requests/999999/pick-suggestion/')).statusCode).toBe(
    404,
  );
  const lab = await createLocation(t, store);
  const fund = await createFund(t, store, lab, 'G');
  const member = await labUser(t, store, [{ location: lab, role: 'member' }]);
  const flask = await createStockRecord(t, store, 'glassware', 5);
  const asked = await submitRequest(t, member.token, lab, {
    fund,
    lines: [{ object_type: 'GLASSWARE', object_id: flask, quantity: 1 }],
  });
  const response = await callAs(t, store, 'GET', `/api/management/requests/${asked.id}/pick-suggestion/`);
  expect(response.json()).toEqual({ lines: [] });
});
