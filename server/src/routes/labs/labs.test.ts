import type { StockKind } from '../../domain/stockKinds';
import * as labs from '../../services/labs';
import * as issues from '../../services/issues';
import { turnsOfTheEventLoopWhile } from '../../testing/eventLoop';
import { createLocation, createStockRecord, issueStock } from '../../testing/stockApi';
import { authHeader, buildTestApp, type TestApp } from '../../testing/testApp';

// A lab's own pages (docs/api.md, 'Labs'): holdings, issues, members, and who may read them.

let t: TestApp;
let managerToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ token: managerToken } = await t.signedInUser());
});
afterAll(() => t.close());

const FORBIDDEN = { detail: 'You do not have permission to perform this action.' };

const get = (url: string, token = managerToken) => t.app.inject({ url, headers: authHeader(token) });

/** A signed-in account of the role (a lab user with the given labs). */
async function signedInAs(role: string, labs: object[] = []) {
  const { user, token } = await t.signedInUser();
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/account/users/${user.id}/`,
    payload: { role, labs },
    headers: authHeader(managerToken),
  });
  if (response.statusCode !== 200) throw new Error(`role: ${response.statusCode} ${response.body}`);
  return { user, token };
}

const giveBack = (issueId: number, lineId: number, quantity: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/management/issues/${issueId}/lines/${lineId}/return/`,
    payload: { quantity },
    headers: authHeader(managerToken),
  });

describe('GET /api/labs/{locationId}/holdings/', () => {
  it('holds per record what was issued minus what came back, dropping what came back whole', async () => {
    const lab = await createLocation(t, managerToken);
    const otherLab = await createLocation(t, managerToken);
    const ethanol = await createStockRecord(t, managerToken, 'chemical', 100, 'Ethanol', {
      hazard_statements: ['H225', 'H319'],
    });
    const beaker = await createStockRecord(t, managerToken, 'glassware', 20);
    const scope = await createStockRecord(t, managerToken, 'instrument', 5);
    const first = await issueStock(t, managerToken, lab, [
      ['glassware', beaker, 4],
      ['chemical', ethanol, 2.5],
      ['instrument', scope, 1],
    ]);
    const second = await issueStock(t, managerToken, lab, [['chemical', ethanol, 1.25]]);
    await issueStock(t, managerToken, otherLab, [['glassware', beaker, 3]]);
    const lineOf = (issue: typeof first, type: string) =>
      issue.objects.find((line) => line.object_type === type)!.line_id;
    // Partly back: a beaker and 1 ml of the first issue's ethanol; the instrument came back whole.
    expect((await giveBack(first.id, lineOf(first, 'GLASSWARE'), 1)).statusCode).toBe(200);
    expect((await giveBack(first.id, lineOf(first, 'CHEMICAL'), 1)).statusCode).toBe(200);
    expect((await giveBack(first.id, lineOf(first, 'INSTRUMENT'), 1)).statusCode).toBe(200);
    expect((await giveBack(second.id, lineOf(second, 'CHEMICAL'), 0.25)).statusCode).toBe(200);

    const response = await get(`/api/labs/${lab}/holdings/`);
    expect(response.statusCode).toBe(200);
    const holdings = response.json() as Record<string, unknown>[];
    expect(
      holdings.map(({ object, ...rest }) => ({ ...rest, record: (object as { id: number }).id })),
    ).toEqual([
      {
        object_type: 'CHEMICAL',
        object_id: ethanol,
        issued_quantity: 3.75,
        returned_quantity: 1.25,
        quantity: 2.5,
        record: ethanol,
      },
      {
        object_type: 'GLASSWARE',
        object_id: beaker,
        issued_quantity: 4,
        returned_quantity: 1,
        quantity: 3,
        record: beaker,
      },
    ]);
    // The record in its §4.1 shape, hazards included, exactly as the public record route reads it.
    const record = await t.app.inject({ url: `/api/storeobjects/chemicalobjs/${ethanol}/` });
    expect(holdings[0].object).toEqual(record.json());
    expect(holdings[0].object).toMatchObject({ hazard_statements: ['H225', 'H319'] });
  });

  it('answers a page with `limit` (and `offset`), in the order of the whole list, which stays as it was without', async () => {
    const lab = await createLocation(t, managerToken);
    const glassware = [
      await createStockRecord(t, managerToken, 'glassware', 20),
      await createStockRecord(t, managerToken, 'glassware', 20),
    ];
    const instrument = await createStockRecord(t, managerToken, 'instrument', 5);
    const chemical = await createStockRecord(t, managerToken, 'chemical', 100);
    await issueStock(t, managerToken, lab, [
      ['glassware', glassware[1], 1],
      ['instrument', instrument, 1],
      ['glassware', glassware[0], 2],
      ['chemical', chemical, 5],
    ]);
    const ids = (holdings: { object_id: number }[]) => holdings.map((holding) => holding.object_id);
    const whole = (await get(`/api/labs/${lab}/holdings/`)).json() as { object_id: number }[];
    expect(ids(whole)).toEqual([chemical, instrument, ...glassware]);

    const first = await get(`/api/labs/${lab}/holdings/?limit=3`);
    expect(first.statusCode).toBe(200);
    const page = first.json() as { count: number; next: string; previous: null; results: typeof whole };
    expect({ ...page, results: ids(page.results) }).toEqual({
      count: 4,
      next: `http://localhost/api/labs/${lab}/holdings/?limit=3&offset=3`,
      previous: null,
      results: [chemical, instrument, glassware[0]],
    });
    expect(page.results[0]).toEqual(whole[0]);
    const second = (await get(`/api/labs/${lab}/holdings/?limit=3&offset=3`)).json() as typeof page;
    expect({ ...second, results: ids(second.results) }).toEqual({
      count: 4,
      next: null,
      previous: `http://localhost/api/labs/${lab}/holdings/?limit=3`,
      results: [glassware[1]],
    });
    const refused = await get(`/api/labs/${lab}/holdings/?limit=0`);
    expect(refused.statusCode).toBe(400);
  });

  it('reads the whole list in keyset batches: the same holdings in the same order across every boundary', async () => {
    const lab = await createLocation(t, managerToken);
    // Two issues, so that a record's lines are summed across issues, and each kind split over a batch boundary.
    const chemicals = [
      await createStockRecord(t, managerToken, 'chemical', 100),
      await createStockRecord(t, managerToken, 'chemical', 100),
      await createStockRecord(t, managerToken, 'chemical', 100),
    ];
    const instruments = [
      await createStockRecord(t, managerToken, 'instrument', 5),
      await createStockRecord(t, managerToken, 'instrument', 5),
    ];
    const glassware = [
      await createStockRecord(t, managerToken, 'glassware', 20),
      await createStockRecord(t, managerToken, 'glassware', 20),
    ];
    await issueStock(t, managerToken, lab, [
      ['glassware', glassware[1], 1],
      ['chemical', chemicals[2], 1],
      ['instrument', instruments[0], 1],
      ['chemical', chemicals[0], 2],
    ]);
    await issueStock(t, managerToken, lab, [
      ['chemical', chemicals[0], 3],
      ['glassware', glassware[0], 2],
      ['instrument', instruments[1], 1],
      ['chemical', chemicals[1], 4],
    ]);
    const whole = (await get(`/api/labs/${lab}/holdings/`)).json() as {
      object_id: number;
      quantity: number;
    }[];
    expect(whole.map((holding) => [holding.object_id, holding.quantity])).toEqual([
      [chemicals[0], 5],
      [chemicals[1], 4],
      [chemicals[2], 1],
      [instruments[0], 1],
      [instruments[1], 1],
      [glassware[0], 2],
      [glassware[1], 1],
    ]);
    const context = { db: t.db, dialect: t.app.dialect, now: t.app.now };
    for (const batchSize of [1, 2, 3, 7]) {
      expect(await labs.labHoldings(context, lab, batchSize)).toEqual(whole);
    }
    // Other requests get a turn between the batches: four batches of two.
    expect(await turnsOfTheEventLoopWhile(labs.labHoldings(context, lab, 2))).toBeGreaterThanOrEqual(3);
  });

  it("reads a location's whole issue history in keyset batches: the same issues, newest first, in every batch size", async () => {
    const lab = await createLocation(t, managerToken);
    const flask = await createStockRecord(t, managerToken, 'glassware', 50);
    const beaker = await createStockRecord(t, managerToken, 'glassware', 50);
    const issued: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      const lines: [StockKind, number, number][] = [['glassware', flask, index + 1]];
      if (index % 2 === 0) lines.push(['glassware', beaker, 1]);
      issued.push((await issueStock(t, managerToken, lab, lines)).id);
    }
    // Three issues of one instant (newest first by id), one earlier, one later.
    const dates = ['2026-03-01T10:00:00.000Z', '2026-01-01T10:00:00.000Z', '2026-03-01T10:00:00.000Z'];
    for (const [index, created_at] of [
      ...dates,
      '2026-03-01T10:00:00.000Z',
      '2026-05-01T10:00:00.000Z',
    ].entries()) {
      await t.db.updateTable('issues').set({ created_at }).where('id', '=', issued[index]).execute();
    }
    const whole = (await get(`/api/management/issues/${lab}/`)).json() as {
      id: number;
      objects: unknown[];
    }[];
    expect(whole.map((issue) => issue.id)).toEqual([issued[4], issued[3], issued[2], issued[0], issued[1]]);
    expect(whole.map((issue) => issue.objects.length)).toEqual([2, 1, 2, 2, 1]);
    const context = { db: t.db, dialect: t.app.dialect, now: t.app.now };
    for (const batchSize of [1, 2, 3, 10]) {
      expect(await issues.locationIssues(context, lab, batchSize)).toEqual(whole);
    }
    // Other requests get a turn between the batches: three batches of two.
    expect(await turnsOfTheEventLoopWhile(issues.locationIssues(context, lab, 2))).toBeGreaterThanOrEqual(2);
  });

  it('answers an empty list for a lab that holds nothing, and 404 for an unknown one', async () => {
    const lab = await createLocation(t, managerToken);
    expect((await get(`/api/labs/${lab}/holdings/`)).json()).toEqual([]);
    const unknown = await get('/api/labs/999999/holdings/');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('who reads a lab', () => {
  it('lets members, managers, auditors and store managers read holdings and issues; others get 403', async () => {
    const lab = await createLocation(t, managerToken);
    const otherLab = await createLocation(t, managerToken);
    const beaker = await createStockRecord(t, managerToken, 'glassware', 20);
    await issueStock(t, managerToken, lab, [['glassware', beaker, 2]]);
    const member = await signedInAs('lab_user', [{ location: lab, role: 'member' }]);
    const manager = await signedInAs('lab_user', [{ location: lab, role: 'manager' }]);
    const outsider = await signedInAs('lab_user', [{ location: otherLab, role: 'manager' }]);
    const auditor = await signedInAs('auditor');

    for (const page of ['holdings', 'issues']) {
      for (const { token } of [member, manager, auditor, { token: managerToken }]) {
        const response = await get(`/api/labs/${lab}/${page}/`, token);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toHaveLength(1);
      }
      const refused = await get(`/api/labs/${lab}/${page}/`, outsider.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(FORBIDDEN);
      // An unknown lab looks like any lab the caller is no member of.
      expect((await get(`/api/labs/999999/${page}/`, outsider.token)).json()).toEqual(FORBIDDEN);
      expect((await get(`/api/labs/${lab}/${page}/`, '')).statusCode).toBe(401);
    }
    // The issues are the §8.3 list of the location.
    expect((await get(`/api/labs/${lab}/issues/`)).json()).toEqual(
      (await t.app.inject({ url: `/api/management/issues/${lab}/` })).json(),
    );
  });

  it("lists a lab's members to its managers, auditors and store managers, not to its members", async () => {
    const lab = await createLocation(t, managerToken);
    const member = await signedInAs('lab_user', [{ location: lab, role: 'member' }]);
    const manager = await signedInAs('lab_user', [{ location: lab, role: 'manager' }]);
    const auditor = await signedInAs('auditor');
    const expected = [
      {
        id: member.user.id,
        email: member.user.email,
        first_name: 'Test',
        last_name: member.user.last_name,
        role: 'member',
      },
      {
        id: manager.user.id,
        email: manager.user.email,
        first_name: 'Test',
        last_name: manager.user.last_name,
        role: 'manager',
      },
    ];
    for (const token of [manager.token, auditor.token, managerToken]) {
      const response = await get(`/api/labs/${lab}/members/`, token);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(expected);
    }
    const refused = await get(`/api/labs/${lab}/members/`, member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(FORBIDDEN);
    expect((await get('/api/labs/999999/members/')).statusCode).toBe(404);
  });
});
