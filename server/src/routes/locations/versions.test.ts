import { describeConditionalWrites } from '../../testing/conditionalWrites';
import { labUser } from '../../testing/requestApi';
import { createLocation } from '../../testing/stockApi';
import { authHeader, buildTestApp, type TestApp } from '../../testing/testApp';

// Locations' versions (docs/api.md §28): what raises one, and If-Match on their writes.

let t: TestApp;
let token: string;
let other: { token: string; email: string };

beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await t.signedInUser());
  const { user, token: otherToken } = await t.signedInUser();
  other = { token: otherToken, email: user.email };
});
afterAll(() => t.close());

const LOCATIONS = '/api/management/store-consumers/';
let changes = 0;

const call = (method: 'GET' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: authHeader(token) });

const versionOf = async (url: string) => (await call('GET', url)).json().version as number;

describeConditionalWrites('locations', {
  t: () => t,
  token: () => token,
  other: () => other,
  create: async () => `${LOCATIONS}${await createLocation(t, token)}/`,
  method: 'PATCH',
  change: async () => ({ room_number: `R${++changes}` }),
});

describe('location versions', () => {
  it('start at 1 and are in the list too', async () => {
    const id = await createLocation(t, token);
    const list = (await call('GET', LOCATIONS)).json() as { id: number; version: number }[];
    expect(list.find((location) => location.id === id)).toMatchObject({ version: 1 });
  });

  it('go up by one with a PUT or PATCH that changes a field, and stay with one that changes nothing', async () => {
    const url = `${LOCATIONS}${await createLocation(t, token)}/`;
    const location = (await call('GET', url)).json();
    const { id: _id, created_at: _created, version: _version, ...fields } = location;
    expect((await call('PUT', url, fields)).json().version).toBe(1);
    expect((await call('PUT', url, { ...fields, building_name: 'Annex' })).json().version).toBe(2);
    expect((await call('PATCH', url, { consumer_type: 'ORGANIC', name: 'Organic 9' })).json().version).toBe(
      3,
    );
    expect((await call('PATCH', url, {})).json().version).toBe(3);
  });

  it('raise the versions of the accounts whose labs lose a deleted location', async () => {
    const [kept, deleted] = [await createLocation(t, token), await createLocation(t, token)];
    const member = await labUser(t, token, [
      { location: kept, role: 'member' },
      { location: deleted, role: 'manager' },
    ]);
    const userUrl = `/api/account/users/${member.id}/`;
    const before = await versionOf(userUrl);
    expect((await call('DELETE', `${LOCATIONS}${deleted}/`)).statusCode).toBe(204);
    expect((await call('GET', userUrl)).json()).toMatchObject({
      labs: [{ location: kept, role: 'member' }],
      version: before + 1,
    });
  });

  it('answer 404 before 400 for an unknown location with a malformed If-Match', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `${LOCATIONS}999999/`,
      payload: { name: 'x' },
      headers: { ...authHeader(token), 'if-match': 'nonsense' },
    });
    expect(response.statusCode).toBe(404);
  });
});
