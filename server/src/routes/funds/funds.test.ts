import { createLocation } from '../../testing/stockApi';
import { callAs, labUser } from '../../testing/requestApi';
import { buildTestApp, type TestApp } from '../../testing/testApp';

// A lab's funds (docs/api.md §25): read by its people and the store, kept by store managers and its managers.

let t: TestApp;
let store: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ token: store } = await t.signedInUser());
});
afterAll(() => t.close());

describe('/api/labs/{locationId}/funds/', () => {
  it('a lab manager adds and edits funds, members read them, codes are unique in the lab without case', async () => {
    const lab = await createLocation(t, store);
    const otherLab = await createLocation(t, store);
    const manager = await labUser(t, store, [{ location: lab, role: 'manager' }]);
    const member = await labUser(t, store, [{ location: lab, role: 'member' }]);

    const created = await callAs(t, manager.token, 'POST', `/api/labs/${lab}/funds/`, {
      code: ' ERC-2024 ',
      name: 'European grant',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ code: 'ERC-2024', name: 'European grant', active: true });
    const { id } = created.json() as { id: number };

    const taken = await callAs(t, store, 'POST', `/api/labs/${lab}/funds/`, {
      code: 'erc-2024',
      name: 'Copy',
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ code: ['A fund with this code already exists in this lab.'] });
    // Another lab may have the same code.
    expect(
      (await callAs(t, store, 'POST', `/api/labs/${otherLab}/funds/`, { code: 'ERC-2024', name: 'X' }))
        .statusCode,
    ).toBe(201);

    const renamed = await callAs(t, manager.token, 'PATCH', `/api/labs/${lab}/funds/${id}/`, {
      name: 'ERC starting grant',
      active: false,
    });
    expect(renamed.json()).toMatchObject({ id, code: 'ERC-2024', name: 'ERC starting grant', active: false });

    const listed = await callAs(t, member.token, 'GET', `/api/labs/${lab}/funds/`);
    expect(listed.json()).toEqual([renamed.json()]);
    // Members read but do not keep the list; another lab's fund is not found through this lab.
    expect(
      (await callAs(t, member.token, 'POST', `/api/labs/${lab}/funds/`, { code: 'A', name: 'A' })).statusCode,
    ).toBe(403);
    expect(
      (await callAs(t, store, 'PATCH', `/api/labs/${otherLab}/funds/${id}/`, { name: 'X' })).statusCode,
    ).toBe(404);

    const audit = await callAs(t, store, 'GET', '/api/management/audit/?target_type=fund&limit=10');
    const entries = (audit.json().results as { action: string; target_id: number; changes: object }[]).filter(
      (entry) => entry.target_id === id,
    );
    expect(entries.map((entry) => [entry.action, entry.changes])).toEqual([
      ['fund.updated', { name: ['European grant', 'ERC starting grant'], active: [true, false] }],
      [
        'fund.created',
        {
          location: [null, lab],
          code: [null, 'ERC-2024'],
          name: [null, 'European grant'],
          active: [null, true],
        },
      ],
    ]);
  });

  it('refuses a blank or too long code and name', async () => {
    const lab = await createLocation(t, store);
    const response = await callAs(t, store, 'POST', `/api/labs/${lab}/funds/`, {
      code: ' ',
      name: 'x'.repeat(101),
    });
    expect(response.json()).toEqual({
      code: ['This field may not be blank.'],
      name: ['Ensure this field has no more than 100 characters.'],
    });
    const long = await callAs(t, store, 'POST', `/api/labs/${lab}/funds/`, {
      code: 'x'.repeat(31),
      name: 'N',
    });
    expect(long.json()).toEqual({ code: ['Ensure this field has no more than 30 characters.'] });
  });

  it('answers a PATCH without a known field with the fund as it is, writing nothing', async () => {
    const lab = await createLocation(t, store);
    const created = await callAs(t, store, 'POST', `/api/labs/${lab}/funds/`, { code: 'NOOP', name: 'Same' });
    const { id } = created.json() as { id: number };
    for (const body of [{}, { colour: 'blue' }]) {
      const response = await callAs(t, store, 'PATCH', `/api/labs/${lab}/funds/${id}/`, body);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(created.json());
    }
    const audit = await callAs(t, store, 'GET', '/api/management/audit/?target_type=fund&limit=100');
    const entries = (audit.json().results as { action: string; target_id: number }[]).filter(
      (entry) => entry.target_id === id,
    );
    expect(entries.map((entry) => entry.action)).toEqual(['fund.created']);
  });
});
