import type { StockKind } from '../../domain/stockKinds';
import {
  createLocation,
  createStockRecord,
  expectStockConsistent,
  issueStock,
  ledgerOf,
  receiveShipment,
} from '../../testing/stockApi';
import { authHeader, buildTestApp, type TestApp } from '../../testing/testApp';

// Returns from an issue (docs/api.md §7): issued quantities back into stock as RETURN entries tied to the issue.

let t: TestApp;
let token: string;
let email: string;

beforeAll(async () => {
  t = await buildTestApp();
  let user;
  ({ user, token } = await t.signedInUser());
  email = user.email;
});
afterAll(() => t.close());

const returnUrl = (issueId: number, lineId: number) =>
  `/api/management/issues/${issueId}/lines/${lineId}/return/`;

const giveBack = (issueId: number, lineId: number, payload: object, as = token) =>
  t.app.inject({ method: 'POST', url: returnUrl(issueId, lineId), payload, headers: authHeader(as) });

const expectConsistent = (kind: StockKind, id: number, expected: number) =>
  expectStockConsistent(t, token, kind, id, expected);

/** A fresh issue to a fresh location: a glassware line of 4 (of 10) and a chemical line of 2.5 ml (of 100 ml). */
async function anIssue() {
  const beaker = await createStockRecord(t, token, 'glassware', 10);
  const ethanol = await createStockRecord(t, token, 'chemical', 100);
  const locationId = await createLocation(t, token);
  const issue = await issueStock(t, token, locationId, [
    ['glassware', beaker, 4],
    ['chemical', ethanol, 2.5],
  ]);
  const [beakerLine, ethanolLine] = issue.objects.map((line) => line.line_id);
  return { beaker, ethanol, locationId, issue, beakerLine, ethanolLine };
}

describe('POST /api/management/issues/{issueId}/lines/{lineId}/return/', () => {
  it('answers 401 to anonymous callers first, then 404 for an unknown issue or line, before the body', async () => {
    const { issue, beakerLine } = await anIssue();
    const other = await anIssue();
    const anonymous = await t.app.inject({ method: 'POST', url: returnUrl(99999, 1), payload: {} });
    expect(anonymous.statusCode).toBe(401);
    for (const [issueId, lineId] of [
      [99999, beakerLine],
      [issue.id, 99999],
      // A line of another issue.
      [issue.id, other.beakerLine],
    ]) {
      const response = await giveBack(issueId, lineId, { quantity: 'lots' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('takes a quantity back into stock as a RETURN entry tied to the issue, and shows it on the line', async () => {
    const { beaker, ethanol, locationId, issue, beakerLine, ethanolLine } = await anIssue();
    const returner = await t.signedInUser();
    const response = await giveBack(issue.id, beakerLine, { quantity: 1 }, returner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...issue,
      objects: [{ ...issue.objects[0], returned_quantity: 1 }, issue.objects[1]],
    });
    await expectConsistent('glassware', beaker, 7);
    expect((await ledgerOf(t, token, 'glassware', beaker))[0]).toEqual({
      id: expect.any(Number),
      created_at: expect.any(String),
      kind: 'RETURN',
      object_type: 'GLASSWARE',
      object_id: beaker,
      change: 1,
      balance: 7,
      shipment_id: null,
      issue_id: issue.id,
      import_id: null,
      user_email: returner.user.email,
    });

    // Chemicals come back in ml, with up to three decimals; returns add up on the line.
    expect((await giveBack(issue.id, ethanolLine, { quantity: '0.125' })).statusCode).toBe(200);
    expect((await giveBack(issue.id, ethanolLine, { quantity: 1.375 })).statusCode).toBe(200);
    await expectConsistent('chemical', ethanol, 99);
    const listed = (await t.app.inject({ url: `/api/management/issues/${locationId}/` })).json();
    expect(listed[0].objects.map((line: { returned_quantity: number }) => line.returned_quantity)).toEqual([
      1, 1.5,
    ]);
    const returns = (
      await t.app.inject({
        url: `/api/management/ledger/?kind=RETURN&user=${encodeURIComponent(email)}&type=chemical&object_id=${ethanol}`,
        headers: authHeader(token),
      })
    ).json();
    expect(
      returns.results.map((entry: { change: number; balance: number }) => [entry.change, entry.balance]),
    ).toEqual([
      [1.375, 99],
      [0.125, 97.625],
    ]);
  });

  it("validates the quantity by the line's kind: ml up to 3 decimals, whole pieces", async () => {
    const { issue, beakerLine, ethanolLine } = await anIssue();
    for (const [lineId, payload, errors] of [
      [beakerLine, {}, ['This field is required.']],
      [beakerLine, { quantity: 'abc' }, ['A valid number is required.']],
      [beakerLine, { quantity: 0 }, ['Ensure this value is greater than 0.']],
      [beakerLine, { quantity: 1.5 }, ['A valid integer is required.']],
      [ethanolLine, { quantity: -1 }, ['Ensure this value is greater than 0.']],
      [ethanolLine, { quantity: 0.0005 }, ['Ensure that there are no more than 3 decimal places.']],
    ] as const) {
      const response = await giveBack(issue.id, lineId, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ quantity: errors });
    }
  });

  it('never takes back more than was issued on the line, counting earlier returns', async () => {
    const { beaker, ethanol, issue, beakerLine, ethanolLine } = await anIssue();
    const tooMuch = await giveBack(issue.id, ethanolLine, { quantity: 2.501 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({ quantity: ['Only 2.5 ml can still be returned.'] });

    expect((await giveBack(issue.id, beakerLine, { quantity: 1 })).statusCode).toBe(200);
    const over = await giveBack(issue.id, beakerLine, { quantity: 4 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ quantity: ['Only 3 pieces can still be returned.'] });
    expect((await giveBack(issue.id, beakerLine, { quantity: 3 })).statusCode).toBe(200);
    const none = await giveBack(issue.id, beakerLine, { quantity: 1 });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ quantity: ['Everything issued on this line has been returned already.'] });
    await expectConsistent('glassware', beaker, 10);
    await expectConsistent('chemical', ethanol, 97.5);
  });

  it('lets only one of two concurrent returns through when together they exceed the line', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { beaker, issue, beakerLine } = await anIssue();
      const users = [await t.signedInUser(), await t.signedInUser()];
      const responses = await Promise.all(
        users.map((user) => giveBack(issue.id, beakerLine, { quantity: 3 }, user.token)),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400]);
      const refused = responses.find((response) => response.statusCode === 400)!;
      expect(refused.json()).toEqual({ quantity: ['Only 1 pieces can still be returned.'] });
      await expectConsistent('glassware', beaker, 9);
    }
  });

  it('keeps a record with returns from being deleted, like any issued record', async () => {
    const { beaker, issue, beakerLine } = await anIssue();
    expect((await giveBack(issue.id, beakerLine, { quantity: 4 })).statusCode).toBe(200);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/storeobjects/glasswareobjs/${beaker}/`,
      headers: authHeader(token),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toMatch(/issue history/);
  });

  it("keeps a record's ledger adding up to its quantity through shipments, issues, returns, an undo and edits", async () => {
    const pipette = await createStockRecord(t, token, 'glassware', 3);
    const kept = await receiveShipment(t, token, 'glassware', [[pipette, 5]]);
    const undone = await receiveShipment(t, token, 'glassware', [
      [pipette, 2],
      [pipette, 1],
    ]);
    const issue = await issueStock(t, token, await createLocation(t, token), [['glassware', pipette, 6]]);
    expect((await giveBack(issue.id, issue.objects[0].line_id, { quantity: 2 })).statusCode).toBe(200);
    const revert = (id: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/management/shipments/${id}/revert/`,
        headers: authHeader(token),
      });
    expect((await revert(undone.id)).statusCode).toBe(200);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/storeobjects/glasswareobjs/${pipette}/`,
      payload: { quantity: 9 },
      headers: authHeader(token),
    });
    expect(edit.statusCode).toBe(200);
    expect((await revert(kept.id)).statusCode).toBe(200);

    await expectConsistent('glassware', pipette, 4);
    const ledger = await ledgerOf(t, token, 'glassware', pipette);
    expect(ledger.map((entry) => [entry.kind, entry.change, entry.balance])).toEqual([
      ['REVERSAL', -5, 4],
      ['ADJUSTMENT', 5, 9],
      ['REVERSAL', -1, 4],
      ['REVERSAL', -2, 5],
      ['RETURN', 2, 7],
      ['ISSUE', -6, 5],
      ['SHIPMENT', 1, 11],
      ['SHIPMENT', 2, 10],
      ['SHIPMENT', 5, 8],
      ['ADJUSTMENT', 3, 3],
    ]);
  });
});
