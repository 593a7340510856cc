import { createStockRecord } from '../../testing/stockApi';
import { buildTestApp, requestHelper, type TestApp } from '../../testing/testApp';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await t.signedInUser());
});
afterAll(() => t.close());

const call = requestHelper(
  () => t,
  () => token,
);

const LOCATIONS = '/api/management/store-consumers/';
const TREE = '/api/management/consumers-tree/';
const issuesOf = (locationId: number | string) => `/api/management/issues/${locationId}/`;

const location = (overrides: object = {}) => ({
  name: 'Physical Lab 1',
  consumer_type: 'PHYSICAL',
  room_number: '110',
  building_name: 'Science Building',
  ...overrides,
});

async function created(body: object) {
  const response = await call('POST', LOCATIONS, body);
  expect(response.statusCode).toBe(201);
  return response.json();
}

/** Issues `quantity` of a fresh record to the location through the cart, as the given user. */
async function issue(locationId: number, kind: 'chemical' | 'instrument', quantity: number, name: string) {
  const objectId = await createStockRecord(t, token, kind, 100, name);
  const objectType = kind === 'chemical' ? 'CHEMICAL' : 'INSTRUMENT';
  expect(
    (
      await call('POST', '/api/management/issue-cart/', {
        object_type: objectType,
        object_id: objectId,
        quantity,
      })
    ).statusCode,
  ).toBe(201);
  const response = await call('POST', `/api/management/issue-cart/${locationId}/merge/`);
  expect(response.statusCode).toBe(201);
  return { issue: response.json(), objectId };
}

describe('store consumers (§8.1)', () => {
  it('needs a signed-in user for every method, before the id and the body', async () => {
    for (const [method, url] of [
      ['GET', LOCATIONS],
      ['POST', LOCATIONS],
      ['GET', `${LOCATIONS}99999/`],
      ['PUT', `${LOCATIONS}99999/`],
      ['PATCH', `${LOCATIONS}99999/`],
      ['DELETE', `${LOCATIONS}99999/`],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        payload: '[',
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it('creates, lists, reads, replaces and patches locations', async () => {
    const first = await created(location());
    expect(first).toEqual({
      id: expect.any(Number),
      ...location(),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
      version: 1,
    });
    const second = await created(location({ name: '  Dr. X ', consumer_type: 'PERSONAL', room_number: 204 }));
    expect(second).toMatchObject({ name: 'Dr. X', room_number: '204' });

    const list = (await call('GET', LOCATIONS)).json();
    expect(list.map((entry: { id: number }) => entry.id)).toEqual(
      [...list.map((entry: { id: number }) => entry.id)].sort((a, b) => a - b),
    );
    expect(list).toEqual(expect.arrayContaining([first, second]));
    expect((await call('GET', `${LOCATIONS}${first.id}/`)).json()).toEqual(first);

    const replaced = await call(
      'PUT',
      `${LOCATIONS}${first.id}/`,
      location({ name: 'Organic Lab 2', consumer_type: 'ORGANIC' }),
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toEqual({
      ...first,
      name: 'Organic Lab 2',
      consumer_type: 'ORGANIC',
      version: 2,
    });
    const patched = await call('PATCH', `${LOCATIONS}${first.id}/`, { room_number: '12B' });
    expect(patched.json()).toEqual({
      ...first,
      name: 'Organic Lab 2',
      consumer_type: 'ORGANIC',
      room_number: '12B',
      version: 3,
    });
  });

  it('validates every field at once; PUT needs all four, PATCH any subset', async () => {
    const response = await call('POST', LOCATIONS, {
      name: ' ',
      consumer_type: 'physical',
      room_number: '1'.repeat(21),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      name: ['This field may not be blank.'],
      consumer_type: ['"physical" is not a valid choice.'],
      room_number: ['Ensure this field has no more than 20 characters.'],
      building_name: ['This field is required.'],
    });
    const { id } = await created(location());
    expect((await call('PUT', `${LOCATIONS}${id}/`, { name: 'Only a name' })).json()).toEqual({
      consumer_type: ['This field is required.'],
      room_number: ['This field is required.'],
      building_name: ['This field is required.'],
    });
    expect((await call('PATCH', `${LOCATIONS}${id}/`, { building_name: '' })).json()).toEqual({
      building_name: ['This field may not be blank.'],
    });
  });

  it('answers 404 for unknown ids before validating the body', async () => {
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await call(
        method,
        `${LOCATIONS}99999/`,
        method === 'GET' || method === 'DELETE' ? undefined : { name: '' },
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('deletes a location without issues and refuses one with issues', async () => {
    const empty = await created(location({ name: 'Soon gone' }));
    expect((await call('DELETE', `${LOCATIONS}${empty.id}/`)).statusCode).toBe(204);
    expect((await call('GET', `${LOCATIONS}${empty.id}/`)).statusCode).toBe(404);

    const used = await created(location({ name: 'Busy lab' }));
    await issue(used.id, 'instrument', 1, 'Hot plate');
    const response = await call('DELETE', `${LOCATIONS}${used.id}/`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'This location has issues and cannot be deleted.' });
    expect((await call('GET', `${LOCATIONS}${used.id}/`)).statusCode).toBe(200);
  });
});

describe('consumers tree (§8.2)', () => {
  it('is public, ignores any Authorization header and always has the four keys', async () => {
    const fresh = await buildTestApp();
    try {
      for (const headers of [{}, { authorization: 'Bearer expired.or.wrong' }]) {
        const response = await fresh.app.inject({ method: 'GET', url: TREE, headers });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ PhysicalLab: [], OrganicLab: [], InorganicLab: [], Personal: [] });
      }
    } finally {
      await fresh.close();
    }
  });

  it('groups locations by type as {id, name}, id ascending', async () => {
    const inorganicA = await created(location({ name: 'Inorganic A', consumer_type: 'INORGANIC' }));
    const personal = await created(location({ name: 'Dr. Y', consumer_type: 'PERSONAL' }));
    const inorganicB = await created(location({ name: 'Inorganic B', consumer_type: 'INORGANIC' }));
    const tree = (await t.app.inject({ method: 'GET', url: TREE })).json();
    expect(Object.keys(tree).sort()).toEqual(['InorganicLab', 'OrganicLab', 'Personal', 'PhysicalLab']);
    expect(tree.InorganicLab.slice(-2)).toEqual([
      { id: inorganicA.id, name: 'Inorganic A' },
      { id: inorganicB.id, name: 'Inorganic B' },
    ]);
    expect(tree.Personal).toContainEqual({ id: personal.id, name: 'Dr. Y' });
    expect(tree.PhysicalLab).not.toContainEqual(expect.objectContaining({ id: personal.id }));
  });
});

describe('issues per location (§8.3)', () => {
  it('is public and answers 404 for an unknown location, [] for one without issues', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: issuesOf(99999),
      headers: { authorization: 'Bearer x' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Not found.' });
    expect((await t.app.inject({ method: 'GET', url: issuesOf('abc') })).statusCode).toBe(404);
    const { id } = await created(location({ name: 'Quiet lab' }));
    expect((await t.app.inject({ method: 'GET', url: issuesOf(id) })).json()).toEqual([]);
  });

  it("lists the location's issues newest first with stock-record ids, catalog names and quantities", async () => {
    const lab = await created(location({ name: 'Issue lab' }));
    const other = await created(location({ name: 'Other lab' }));
    const second = await issue(lab.id, 'instrument', 2, 'Spectrophotometer');
    // Made later but dated earlier: the order is by created_at, not by id.
    t.advanceClock(-60);
    const first = await issue(lab.id, 'chemical', 5.125, 'Acetone');
    t.advanceClock(60);
    await issue(other.id, 'instrument', 1, 'Burner');
    expect(first.issue.id).toBeGreaterThan(second.issue.id);

    const response = await t.app.inject({ method: 'GET', url: issuesOf(lab.id) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: second.issue.id,
        created_at: second.issue.created_at,
        objects: [
          {
            id: second.objectId,
            line_id: second.issue.objects[0].line_id,
            name: 'Spectrophotometer',
            object_type: 'INSTRUMENT',
            quantity: 2,
            returned_quantity: 0,
          },
        ],
      },
      {
        id: first.issue.id,
        created_at: first.issue.created_at,
        objects: [
          {
            id: first.objectId,
            line_id: first.issue.objects[0].line_id,
            name: 'Acetone',
            object_type: 'CHEMICAL',
            quantity: 5.125,
            returned_quantity: 0,
          },
        ],
      },
    ]);
  });
});
