import { authHeader, buildTestApp, requestHelper, type TestApp } from '../../testing/testApp';

/** Roles and lab memberships of accounts (docs/api.md, 'Roles and permissions'). */

let t: TestApp;
let token: string;
let labA: number;
let labB: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await t.signedInUser());
  const location = async (name: string) => {
    const response = await call('POST', '/api/management/store-consumers/', {
      name,
      consumer_type: 'ORGANIC',
      room_number: '12',
      building_name: 'Science Building',
    });
    return (response.json() as { id: number }).id;
  };
  labB = await location('Organic Lab B');
  labA = await location('Organic Lab A');
});
afterAll(() => t.close());

const call = requestHelper(
  () => t,
  () => token,
);

let counter = 0;
const newUser = (overrides: object = {}) => {
  counter += 1;
  return {
    email: `person${counter}@lab.org`,
    first_name: 'Lab',
    last_name: `Person ${counter}`,
    password: 'long enough',
    confirm_password: 'long enough',
    ...overrides,
  };
};

async function create(overrides: object = {}) {
  const response = await call('POST', '/api/account/users/', newUser(overrides));
  if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`);
  return response.json() as { id: number; email: string };
}

describe('role and labs of the user shape', () => {
  it('creates a store manager without a role, and a lab user with its labs by location id', async () => {
    const manager = await call('POST', '/api/account/users/', newUser());
    expect(manager.json()).toMatchObject({ role: 'store_manager', labs: [] });

    const labUser = await call(
      'POST',
      '/api/account/users/',
      newUser({
        role: 'lab_user',
        labs: [
          { location: labA, role: 'member' },
          { location: labB, role: 'manager' },
        ],
      }),
    );
    expect(labUser.statusCode).toBe(201);
    expect(labUser.json()).toMatchObject({
      role: 'lab_user',
      labs: [
        { location: labB, role: 'manager' },
        { location: labA, role: 'member' },
      ],
    });
    const read = await call('GET', `/api/account/users/${labUser.json().id}/`);
    expect(read.json()).toEqual(labUser.json());
    const list = await call('GET', '/api/account/users/');
    expect(list.json()).toContainEqual(labUser.json());
  });

  it('reports an unknown role, a lab user without labs and bad labs in the contract shape', async () => {
    const cases: [object, Record<string, string[]>][] = [
      [{ role: 'admin' }, { role: ['"admin" is not a valid choice.'] }],
      [{ role: 'lab_user' }, { labs: ['A lab user needs at least one lab.'] }],
      [{ role: 'lab_user', labs: [] }, { labs: ['A lab user needs at least one lab.'] }],
      [
        { role: 'auditor', labs: [{ location: labA, role: 'member' }] },
        { labs: ['Only lab users have labs.'] },
      ],
      [{ labs: [{ location: labA, role: 'member' }] }, { labs: ['Only lab users have labs.'] }],
      [
        { role: 'lab_user', labs: [{ location: 999999, role: 'member' }] },
        { labs: ['location: Invalid pk "999999" - object does not exist.'] },
      ],
      [
        {
          role: 'lab_user',
          labs: [
            { location: labA, role: 'member' },
            { location: labA, role: 'manager' },
          ],
        },
        { labs: [`location: Location ${labA} is listed more than once.`] },
      ],
      [
        { role: 'lab_user', labs: [{ location: labA, role: 'owner' }] },
        { labs: ['role: "owner" is not a valid choice.'] },
      ],
      [{ role: 'lab_user', labs: [{ role: 'member' }] }, { labs: ['location: This field is required.'] }],
      [{ role: 'lab_user', labs: [labA] }, { labs: ['Invalid data. Expected a dictionary, but got int.'] }],
      [{ role: 'lab_user', labs: 'A' }, { labs: ['Expected a list of items but got type "str".'] }],
    ];
    for (const [fields, errors] of cases) {
      const response = await call('POST', '/api/account/users/', newUser(fields));
      expect({ fields, status: response.statusCode, body: response.json() }).toEqual({
        fields,
        status: 400,
        body: errors,
      });
    }
  });

  it('changes role and labs by PATCH: given labs replace the old ones, another role drops them', async () => {
    const user = await create();
    const url = `/api/account/users/${user.id}/`;
    expect((await call('PATCH', url, { role: 'lab_user' })).json()).toEqual({
      labs: ['A lab user needs at least one lab.'],
    });
    const lab = await call('PATCH', url, { role: 'lab_user', labs: [{ location: labA, role: 'member' }] });
    expect(lab.json()).toMatchObject({ role: 'lab_user', labs: [{ location: labA, role: 'member' }] });
    const moved = await call('PUT', url, { labs: [{ location: labB, role: 'manager' }] });
    expect(moved.json()).toMatchObject({ role: 'lab_user', labs: [{ location: labB, role: 'manager' }] });
    const renamed = await call('PATCH', url, { first_name: 'Renamed' });
    expect(renamed.json()).toMatchObject({ role: 'lab_user', labs: [{ location: labB, role: 'manager' }] });
    expect((await call('PATCH', url, { labs: [] })).json()).toEqual({
      labs: ['A lab user needs at least one lab.'],
    });
    const auditor = await call('PATCH', url, { role: 'auditor' });
    expect(auditor.json()).toMatchObject({ role: 'auditor', labs: [] });
  });

  it('writes role and membership changes to the audit log, old → new', async () => {
    const user = await create();
    await call('PATCH', `/api/account/users/${user.id}/`, {
      role: 'lab_user',
      labs: [{ location: labA, role: 'manager' }],
    });
    const audit = await call('GET', `/api/management/audit/?target_type=user&target_id=${user.id}`);
    const [latest, created] = (audit.json() as { results: { action: string; changes: object }[] }).results;
    expect(created).toMatchObject({ action: 'user.created', changes: { role: [null, 'store_manager'] } });
    expect(latest).toMatchObject({
      action: 'user.updated',
      changes: {
        role: ['store_manager', 'lab_user'],
        labs: [null, [`Organic Lab A (location #${labA}): manager`]],
      },
    });
  });

  it('refuses to change the role or labs of a superuser', async () => {
    const superuser = await t.createUser({ is_superuser: true });
    for (const body of [
      { role: 'auditor' },
      { role: 'lab_user', labs: [{ location: labA, role: 'member' }] },
    ]) {
      const response = await call('PATCH', `/api/account/users/${superuser.id}/`, body);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'Superuser accounts cannot be changed.' });
    }
    expect((await call('GET', `/api/account/users/${superuser.id}/`)).json()).toMatchObject({
      role: 'store_manager',
      labs: [],
    });
  });

  it('drops the memberships of a deleted location', async () => {
    const location = await call('POST', '/api/management/store-consumers/', {
      name: 'Short-lived Lab',
      consumer_type: 'PHYSICAL',
      room_number: '1',
      building_name: 'Annex',
    });
    const id = (location.json() as { id: number }).id;
    const user = await create({
      role: 'lab_user',
      labs: [
        { location: id, role: 'member' },
        { location: labA, role: 'member' },
      ],
    });
    expect((await call('DELETE', `/api/management/store-consumers/${id}/`)).statusCode).toBe(204);
    expect((await call('GET', `/api/account/users/${user.id}/`)).json()).toMatchObject({
      labs: [{ location: labA, role: 'member' }],
    });
  });
});

describe('GET /api/account/me/', () => {
  it("answers the caller's account with each lab's name and type, for any role", async () => {
    const user = await create({
      role: 'lab_user',
      labs: [
        { location: labA, role: 'member' },
        { location: labB, role: 'manager' },
      ],
    });
    const own = await t.app.inject({
      url: '/api/account/me/',
      headers: authHeader(await t.login(user.email, 'long enough')),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      id: user.id,
      email: user.email,
      first_name: 'Lab',
      last_name: expect.any(String),
      is_superuser: false,
      role: 'lab_user',
      labs: [
        { location: labB, role: 'manager', name: 'Organic Lab B', consumer_type: 'ORGANIC' },
        { location: labA, role: 'member', name: 'Organic Lab A', consumer_type: 'ORGANIC' },
      ],
      version: 1,
    });
    expect(own.body).not.toMatch(/password/);
    expect((await call('GET', '/api/account/me/')).json()).toMatchObject({ role: 'store_manager', labs: [] });
    expect((await call('GET', '/api/account/me/', undefined, {})).statusCode).toBe(401);
  });
});
