import { describeConditionalWrites } from '../../testing/conditionalWrites';
import { createLocation } from '../../testing/stockApi';
import { authHeader, buildTestApp, TEST_PASSWORD, type TestApp } from '../../testing/testApp';

// Accounts' versions (docs/api.md §28): what raises one (what a read shows, not the password), and If-Match.

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

const USERS = '/api/account/users/';
let changes = 0;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: authHeader(token) });

const newUser = async () => `${USERS}${(await t.createUser()).id}/`;
const versionOf = async (url: string) => (await call('GET', url)).json().version as number;

describeConditionalWrites('users', {
  t: () => t,
  token: () => token,
  other: () => other,
  create: newUser,
  method: 'PATCH',
  change: async () => ({ first_name: `Name ${++changes}` }),
});

describe('account versions', () => {
  it('are in the list and in `me`, and go up with each change of the profile, role or labs', async () => {
    const url = await newUser();
    const id = Number(url.split('/').at(-2));
    const list = (await call('GET', USERS)).json() as { id: number; version: number }[];
    expect(list.find((user) => user.id === id)).toMatchObject({ version: 1 });
    expect((await call('GET', '/api/account/me/')).json()).toMatchObject({ version: expect.any(Number) });

    const [lab, otherLab] = [await createLocation(t, token), await createLocation(t, token)];
    const steps: [object, number][] = [
      [{ email: `changed${id}@lab.org` }, 2],
      [{ last_name: 'Moreau' }, 3],
      [{ last_name: 'Moreau', first_name: (await call('GET', url)).json().first_name }, 3],
      [{ role: 'auditor' }, 4],
      [{ role: 'lab_user', labs: [{ location: lab, role: 'member' }] }, 5],
      [{ labs: [{ location: lab, role: 'manager' }] }, 6],
      [{ labs: [{ location: lab, role: 'manager' }] }, 6],
      [
        {
          labs: [
            { location: otherLab, role: 'manager' },
            { location: lab, role: 'manager' },
          ],
        },
        7,
      ],
      [{ role: 'store_manager', labs: [] }, 8],
    ];
    for (const [change, version] of steps) {
      const response = await call('PATCH', url, change);
      expect({ change, status: response.statusCode, version: response.json().version }).toEqual({
        change,
        status: 200,
        version,
      });
    }
  });

  it('stay when the password is set, which a read does not show', async () => {
    const url = await newUser();
    const password = { password: `${TEST_PASSWORD}!`, confirm_password: `${TEST_PASSWORD}!` };
    expect((await call('POST', `${url}set_password/`, password)).statusCode).toBe(200);
    expect(await versionOf(url)).toBe(1);
  });

  it('name the editor and the time of the audit entry, not a failed sign-in, in a 412', async () => {
    const url = await newUser();
    const { email } = (await call('GET', url)).json();
    await t.app.inject({
      method: 'PATCH',
      url,
      payload: { first_name: 'Ines' },
      headers: authHeader(other.token),
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email, password: 'wrong password' },
    });
    const response = await t.app.inject({
      method: 'PATCH',
      url,
      payload: { first_name: 'Ina' },
      headers: { ...authHeader(token), 'if-match': '"1"' },
    });
    expect(response.statusCode).toBe(412);
    const [edit] = await t.db
      .selectFrom('audit_log')
      .select('created_at')
      .where('action', '=', 'user.updated')
      .where('target_id', '=', Number(url.split('/').at(-2)))
      .execute();
    expect(response.json()).toMatchObject({ changed_by: other.email, changed_at: edit.created_at });
    // The 412's read is the GET's: labs as {location, role}, no password field.
    expect(response.json().current).toEqual((await call('GET', url)).json());
  });
});
