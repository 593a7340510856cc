import { createLocation, createStockRecord, issueStock } from '../../testing/stockApi';
import { buildTestApp, requestHelper, type TestApp } from '../../testing/testApp';

// Storage conflicts at issue time (docs/api.md, 'Hazard data').

let t: TestApp;
let token: string;
const call = requestHelper(
  () => t,
  () => token,
);

beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await t.signedInUser());
});
afterAll(() => t.close());

const chemical = (name: string, fields: object) =>
  createStockRecord(t, token, 'chemical', 1000, name, fields);

const conflicts = (location: number, chemicals: string) =>
  call('GET', `/api/management/store-consumers/${location}/storage-conflicts/?chemicals=${chemicals}`);

describe('GET /api/management/store-consumers/{id}/storage-conflicts/', () => {
  it('names a flammable on its way to a lab that holds an oxidiser, and the rule', async () => {
    const lab = await createLocation(t, token);
    const peroxide = await chemical('Hydrogen peroxide 50', { hazard_statements: ['H271', 'H302', 'H318'] });
    const ethanol = await chemical('Ethanol absolute', { hazard_statements: ['H225', 'H319'] });
    const water = await chemical('Water', {});
    await issueStock(t, token, lab, [['chemical', peroxide, 10]]);

    const response = await conflicts(lab, `${ethanol},${water}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      location: lab,
      conflicts: [
        {
          rule: 'OXIDISER_FLAMMABLE',
          reason: 'Oxidisers must be stored apart from flammables: together they can start or feed a fire.',
          chemical: { id: ethanol, name: 'Ethanol absolute', purity: 99.5 },
          conflicts_with: { id: peroxide, name: 'Hydrogen peroxide 50', purity: 99.5, already_issued: true },
        },
      ],
      more_conflicts: 0,
    });
    // Another lab holds nothing.
    expect((await conflicts(await createLocation(t, token), String(ethanol))).json().conflicts).toEqual([]);
  });

  it('names conflicts between the chemicals on their way, and marked classes', async () => {
    const lab = await createLocation(t, token);
    const acid = await chemical('Hydrochloric acid 37', {
      hazard_statements: ['H290', 'H314'],
      storage_classes: ['ACID', 'AQUEOUS'],
    });
    const sodium = await chemical('Sodium', {
      hazard_statements: ['H260', 'H314'],
      storage_classes: ['BASE'],
    });
    const body = (await conflicts(lab, `${acid},${sodium}`)).json();
    expect(body.conflicts.map((c: { rule: string }) => c.rule)).toEqual([
      'ACID_BASE',
      'WATER_REACTIVE_AQUEOUS',
    ]);
    expect(body.conflicts[0]).toMatchObject({
      chemical: { id: acid },
      conflicts_with: { id: sodium, already_issued: false },
    });
  });

  it('forgets what was all returned', async () => {
    const lab = await createLocation(t, token);
    const oxidiser = await chemical('Potassium nitrate', { hazard_statements: ['H272'] });
    const acetone = await chemical('Acetone technical', { hazard_statements: ['H225'] });
    const issue = await issueStock(t, token, lab, [['chemical', oxidiser, 10]]);
    expect((await conflicts(lab, String(acetone))).json().conflicts).toHaveLength(1);
    const line = issue.objects[0];
    const returned = await call('POST', `/api/management/issues/${issue.id}/lines/${line.line_id}/return/`, {
      quantity: 10,
    });
    expect(returned.statusCode).toBe(200);
    expect((await conflicts(lab, String(acetone))).json().conflicts).toEqual([]);
  });

  it('answers no conflicts for no chemicals', async () => {
    const lab = await createLocation(t, token);
    expect((await call('GET', `/api/management/store-consumers/${lab}/storage-conflicts/`)).json()).toEqual({
      location: lab,
      conflicts: [],
      more_conflicts: 0,
    });
  });

  it('lists the first 100 conflicts in order and counts the others', async () => {
    const lab = await createLocation(t, token);
    const many = async (prefix: string, count: number, hazard_statements: string[]) => {
      const ids: number[] = [];
      for (let n = 0; n < count; n++) ids.push(await chemical(`${prefix} ${n}`, { hazard_statements }));
      return ids;
    };
    const oxidisersThere = await many('Nitrate', 30, ['H272']);
    const flammablesThere = await many('Hexane', 5, ['H225']);
    await issueStock(
      t,
      token,
      lab,
      [...oxidisersThere, ...flammablesThere].map((id) => ['chemical', id, 1]),
    );
    const flammables = await many('Toluene', 10, ['H225']);
    const oxidisers = await many('Chlorate', 3, ['H271']);

    const body = (await conflicts(lab, [...flammables, ...oxidisers].join(','))).json();
    // 10 flammables × 30 oxidisers there, 3 oxidisers × 5 flammables there, 10 × 3 on their way together.
    expect(body.conflicts).toHaveLength(100);
    expect(body.more_conflicts).toBe(300 + 15 + 30 - 100);
    const pairs = body.conflicts.map((c: { chemical: { id: number }; conflicts_with: { id: number } }) => [
      c.chemical.id,
      c.conflicts_with.id,
    ]);
    // The first flammable against what is there, in order, then against the oxidisers on their way with it.
    expect(pairs.slice(0, 33)).toEqual([
      ...oxidisersThere.map((id) => [flammables[0], id]),
      ...oxidisers.map((id) => [flammables[0], id]),
    ]);
    expect(pairs[33]).toEqual([flammables[1], oxidisersThere[0]]);
  });

  it('refuses unknown or malformed ids, an unknown location, and anonymous callers', async () => {
    const lab = await createLocation(t, token);
    expect((await conflicts(lab, '99999')).json()).toEqual({
      chemicals: ['Invalid pk "99999" - object does not exist.'],
    });
    const malformed = await conflicts(lab, '1,abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ chemicals: ['Incorrect type. Expected pk value, received str.'] });
    expect((await conflicts(99999, '')).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/management/store-consumers/${lab}/storage-conflicts/`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
