import { createLocation, createStockRecord, issueStock } from '../../testing/stockApi';
import { authHeader, buildTestApp, type TestApp } from '../../testing/testApp';

// docs/api.md: GET /api/management/{chemicals,instruments,glasswares}/{id}/issued-to/.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await t.signedInUser());
});
afterAll(() => t.close());

const issuedTo = (path: string, as: string | null = token) =>
  t.app.inject({
    method: 'GET',
    url: `/api/management/${path}/issued-to/`,
    headers: as ? authHeader(as) : {},
  });

describe('GET /api/management/{kind}/{id}/issued-to/', () => {
  it('sums what went to each location, most recently issued first, with what came back', async () => {
    const ethanol = await createStockRecord(t, token, 'chemical', 100);
    const beaker = await createStockRecord(t, token, 'glassware', 10);
    const [first, second] = [await createLocation(t, token), await createLocation(t, token)];
    const one = await issueStock(t, token, first, [['chemical', ethanol, 2.5]]);
    await issueStock(t, token, second, [
      ['chemical', ethanol, 0.1],
      ['glassware', beaker, 3],
    ]);
    await issueStock(t, token, first, [['chemical', ethanol, 0.2]]);
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/management/issues/${one.id}/lines/${one.objects[0].line_id}/return/`,
      headers: authHeader(token),
      payload: { quantity: 1 },
    });
    expect(back.statusCode).toBe(200);

    const response = await issuedTo(`chemicals/${ethanol}`);
    expect(response.statusCode).toBe(200);
    const rows = response.json();
    expect(rows).toEqual([
      expect.objectContaining({ id: first, quantity: 2.7, returned_quantity: 1, issue_count: 2 }),
      expect.objectContaining({ id: second, quantity: 0.1, returned_quantity: 0, issue_count: 1 }),
    ]);
    expect(rows[0]).toMatchObject({ name: expect.stringMatching(/^Lab /), consumer_type: 'PHYSICAL' });
    expect(Date.parse(rows[0].last_issued_at)).toBeGreaterThanOrEqual(Date.parse(rows[1].last_issued_at));

    expect((await issuedTo(`glasswares/${beaker}`)).json()).toEqual([
      expect.objectContaining({ id: second, quantity: 3, issue_count: 1 }),
    ]);
  });

  it('answers [] for a record never issued, 404 for an unknown one and 401 to anonymous callers', async () => {
    const spectrometer = await createStockRecord(t, token, 'instrument', 2);
    expect((await issuedTo(`instruments/${spectrometer}`)).json()).toEqual([]);
    expect((await issuedTo('instruments/999999')).statusCode).toBe(404);
    expect((await issuedTo(`instruments/${spectrometer}`, null)).statusCode).toBe(401);
  });
});
