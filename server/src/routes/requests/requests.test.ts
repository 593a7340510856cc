import { createLocation, createStockRecord, expectStockConsistent } from '../../testing/stockApi';
import {
  callAs,
  createFund,
  labUser,
  labWithPeople,
  requestAction,
  submitRequest,
  type LabUser,
} from '../../testing/requestApi';
import type { TestApp } from '../../testing/testApp';

// Requests from the labs (docs/api.md §26): asked by a member, approved by the lab's manager (and the store for CMR
// substances), fulfilled by the store in parts until nothing is open; returned, resubmitted, rejected, cancelled.

let t: TestApp;
let store: string;
let lab: number;
let fund: number;
let member: LabUser;
let manager: LabUser;

beforeAll(async () => {
  ({ t, store, lab, fund, member, manager } = await labWithPeople('ERC-1'));
});
afterAll(() => t.close());

const chemicalLine = (object_id: number, quantity: number) => ({
  object_type: 'CHEMICAL',
  object_id,
  quantity,
});

async function auditActionsOf(requestId: number): Promise<string[]> {
  const response = await callAs(t, store, 'GET', `/api/management/audit/?target_type=request&limit=100`);
  const entries = response.json().results as { action: string; target_id: number }[];
  return entries
    .filter((entry) => entry.target_id === requestId)
    .map((entry) => entry.action)
    .reverse();
}

describe('the whole loop', () => {
  it('member asks, manager reduces and approves, the store fulfils in two parts, the back-order closes', async () => {
    const acetone = await createStockRecord(t, store, 'chemical', 300, 'Acetone loop', {
      unit_price: 0.0452,
    });
    const otherBottle = await createStockRecord(t, store, 'chemical', 1000, 'Acetone loop', {
      manufacturer: 'Sigma',
    });
    const flask = await createStockRecord(t, store, 'glassware', 10, 'Flask loop');

    const asked = await submitRequest(t, member.token, lab, {
      fund,
      note: 'For the Friday practical',
      lines: [chemicalLine(acetone, 500.5), { object_type: 'GLASSWARE', object_id: flask, quantity: 4 }],
    });
    expect(asked).toMatchObject({
      status: 'submitted',
      location: lab,
      fund: { id: fund, code: 'ERC-1' },
      requester: { id: member.id, email: member.email },
      note: 'For the Friday practical',
      currency: 'EUR',
      // 500.5 ml × 0.0452 = 22.6226 → 22.62; the flask has no price.
      estimated_total: 2262,
    });
    expect(asked.lines).toMatchObject([
      { object_id: acetone, name: 'Acetone loop', unit: 'ml', quantity: 500.5, approved_quantity: null },
      { object_id: flask, unit: 'pieces', quantity: 4, unit_price: null, estimated_cost: null },
    ]);

    const [acetoneLine, flaskLine] = asked.lines;
    const approved = await requestAction(t, manager.token, asked.id, 'approve', {
      lines: [{ id: acetoneLine.id, quantity: 400 }],
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', approved_by: manager.email });
    expect(
      approved.json().lines.map((line: { approved_quantity: number }) => line.approved_quantity),
    ).toEqual([400, 4]);

    const queue = await callAs(t, store, 'GET', '/api/management/requests/');
    expect(queue.json().results.map((request: { id: number }) => request.id)).toContain(asked.id);

    const suggestion = await callAs(t, store, 'GET', `/api/management/requests/${asked.id}/pick-suggestion/`);
    expect(suggestion.statusCode).toBe(200);
    // Neither acetone record is opened or expires: by id, the requested one first, then the other bottle.
    expect(suggestion.json().lines).toMatchObject([
      {
        request_line: acetoneLine.id,
        open_quantity: 400,
        picks: [
          { object_id: acetone, quantity: 300 },
          { object_id: otherBottle, quantity: 100 },
        ],
        short: 0,
      },
      { request_line: flaskLine.id, open_quantity: 4, picks: [{ object_id: flask, quantity: 4 }], short: 0 },
    ]);

    // The store takes the first bottle and two flasks: the rest stays open.
    const first = await callAs(t, store, 'POST', `/api/management/requests/${asked.id}/fulfil/`, {
      lines: [
        { request_line: acetoneLine.id, object_id: acetone, quantity: 300 },
        { request_line: flaskLine.id, object_id: flask, quantity: 2 },
      ],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().request).toMatchObject({ status: 'partly_fulfilled' });
    expect(
      first.json().request.lines.map((line: { issued_quantity: number }) => line.issued_quantity),
    ).toEqual([300, 2]);
    expect(first.json().issue.objects).toMatchObject([
      { id: acetone, quantity: 300 },
      { id: flask, quantity: 2 },
    ]);
    await expectStockConsistent(t, store, 'chemical', acetone, 0);
    await expectStockConsistent(t, store, 'glassware', flask, 8);

    const backOrder = await callAs(t, store, 'GET', `/api/management/requests/${asked.id}/pick-suggestion/`);
    expect(backOrder.json().lines).toMatchObject([
      {
        request_line: acetoneLine.id,
        open_quantity: 100,
        picks: [{ object_id: otherBottle, quantity: 100 }],
      },
      { request_line: flaskLine.id, open_quantity: 2, picks: [{ object_id: flask, quantity: 2 }] },
    ]);

    const rest = await callAs(t, store, 'POST', `/api/management/requests/${asked.id}/fulfil/`, {
      lines: [
        { request_line: acetoneLine.id, object_id: otherBottle, quantity: 100 },
        { request_line: flaskLine.id, object_id: flask, quantity: 2 },
      ],
    });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().request.status).toBe('fulfilled');
    await expectStockConsistent(t, store, 'chemical', otherBottle, 900);

    // The lab sees both issues, made from its request and charged to its fund.
    const issues = await callAs(t, member.token, 'GET', `/api/labs/${lab}/issues/`);
    expect(issues.json().map((issue: { id: number }) => issue.id)).toEqual(
      expect.arrayContaining([first.json().issue.id, rest.json().issue.id]),
    );
    const charged = await t.db
      .selectFrom('charges')
      .select(['fund_id', 'amount'])
      .where('issue_id', '=', first.json().issue.id)
      .execute();
    // 300 ml × 0.0452 = 13.56 EUR; the flasks have no price.
    expect(charged.map((charge) => [charge.fund_id, Number(charge.amount)])).toEqual([
      [fund, 1356],
      [fund, 0],
    ]);

    const again = await callAs(t, store, 'POST', `/api/management/requests/${asked.id}/fulfil/`, {
      lines: [{ request_line: flaskLine.id, object_id: flask, quantity: 1 }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'This request is fulfilled; it cannot be fulfilled.' });

    expect(await auditActionsOf(asked.id)).toEqual([
      'request.submitted',
      'request.approved',
      'request.fulfilled',
      'request.fulfilled',
    ]);
  });
});

describe('returned for changes, resubmitted, rejected, cancelled', () => {
  it('the manager returns it with a reason, the requester edits it and it is submitted again', async () => {
    const ethanol = await createStockRecord(t, store, 'chemical', 100);
    const water = await createStockRecord(t, store, 'chemical', 100);
    const asked = await submitRequest(t, member.token, lab, { fund, lines: [chemicalLine(ethanol, 50)] });

    const returned = await requestAction(t, manager.token, asked.id, 'return', {
      reason: 'Ask for water too.',
    });
    expect(returned.json()).toMatchObject({ status: 'returned', reason: 'Ask for water too.' });

    // Only the requester edits; another member of the lab may read but not edit it.
    const colleague = await labUser(t, store, [{ location: lab, role: 'member' }]);
    const byColleague = await callAs(t, colleague.token, 'PATCH', `/api/requests/${asked.id}/`, {
      note: 'x',
    });
    expect(byColleague.statusCode).toBe(403);
    expect(byColleague.json()).toEqual({ detail: 'Only the requester may edit this request.' });

    const edited = await callAs(t, member.token, 'PATCH', `/api/requests/${asked.id}/`, {
      note: 'With water',
      lines: [chemicalLine(ethanol, 40), chemicalLine(water, 10)],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ status: 'submitted', note: 'With water' });
    expect(edited.json().lines.map((line: { object_id: number }) => line.object_id)).toEqual([
      ethanol,
      water,
    ]);

    // Submitted, it cannot be edited again until returned.
    const twice = await callAs(t, member.token, 'PATCH', `/api/requests/${asked.id}/`, { note: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: 'This request is submitted; it cannot be edited.' });

    const rejected = await requestAction(t, manager.token, asked.id, 'reject', { reason: 'No budget left.' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'No budget left.' });
    const cancelled = await requestAction(t, member.token, asked.id, 'cancel');
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toEqual({ detail: 'This request is rejected; it cannot be cancelled.' });
    expect(await auditActionsOf(asked.id)).toEqual([
      'request.submitted',
      'request.returned',
      'request.resubmitted',
      'request.rejected',
    ]);
  });

  it('the requester or a manager of the lab cancels; another member may not; a cancelled one is closed', async () => {
    const record = await createStockRecord(t, store, 'instrument', 3);
    const line = { object_type: 'INSTRUMENT', object_id: record, quantity: 1 };
    const mine = await submitRequest(t, member.token, lab, { fund, lines: [line] });
    const colleague = await labUser(t, store, [{ location: lab, role: 'member' }]);
    const refused = await requestAction(t, colleague.token, mine.id, 'cancel');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      detail: 'Only the requester or a manager of the lab may cancel this request.',
    });
    expect((await requestAction(t, member.token, mine.id, 'cancel')).json().status).toBe('cancelled');

    const theirs = await submitRequest(t, colleague.token, lab, { fund, lines: [line] });
    expect((await requestAction(t, manager.token, theirs.id, 'cancel')).json().status).toBe('cancelled');
    const approve = await requestAction(t, manager.token, theirs.id, 'approve');
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toEqual({ detail: 'This request is cancelled; it cannot be approved.' });
  });

  it('of two approvals and a cancel at once, one applies and the others are refused with a 409', async () => {
    const record = await createStockRecord(t, store, 'glassware', 3);
    const asked = await submitRequest(t, member.token, lab, {
      fund,
      lines: [{ object_type: 'GLASSWARE', object_id: record, quantity: 1 }],
    });
    const answers = await Promise.all([
      requestAction(t, manager.token, asked.id, 'approve'),
      requestAction(t, manager.token, asked.id, 'approve'),
      requestAction(t, member.token, asked.id, 'cancel'),
    ]);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(2);
    expect((await auditActionsOf(asked.id)).length).toBe(2);
  });
});

describe('CMR substances', () => {
  it('need the store’s approval after the lab manager’s; a request without them does not', async () => {
    const benzene = await createStockRecord(t, store, 'chemical', 100, 'Benzene', {
      hazard_statements: ['H225', 'H350', 'H340'],
    });
    const ethanol = await createStockRecord(t, store, 'chemical', 100, 'Ethanol CMR test', {
      hazard_statements: ['H225'],
    });
    const cmr = await submitRequest(t, member.token, lab, {
      fund,
      lines: [chemicalLine(ethanol, 10), chemicalLine(benzene, 5)],
    });
    expect(cmr.lines.map((line) => line.needs_store_approval)).toEqual([false, true]);
    expect((await requestAction(t, manager.token, cmr.id, 'approve')).json().status).toBe(
      'awaiting_store_approval',
    );
    // Not in the store's queue yet, and not fulfillable.
    const queue = await callAs(t, store, 'GET', '/api/management/requests/');
    expect(queue.json().results.map((request: { id: number }) => request.id)).not.toContain(cmr.id);
    const early = await callAs(t, store, 'POST', `/api/management/requests/${cmr.id}/fulfil/`, {
      lines: [{ request_line: cmr.lines[0].id, object_id: ethanol, quantity: 1 }],
    });
    expect(early.json()).toEqual({
      detail: 'This request is awaiting store approval; it cannot be fulfilled.',
    });
    // A lab manager cannot give the store's approval.
    expect((await requestAction(t, manager.token, cmr.id, 'store-approve')).statusCode).toBe(403);
    const approved = await requestAction(t, store, cmr.id, 'store-approve');
    expect(approved.json()).toMatchObject({ status: 'approved', store_approved_at: expect.any(String) });

    const plain = await submitRequest(t, member.token, lab, { fund, lines: [chemicalLine(ethanol, 10)] });
    expect((await requestAction(t, manager.token, plain.id, 'approve')).json().status).toBe('approved');
    const storeStep = await requestAction(t, store, plain.id, 'store-approve');
    expect(storeStep.json()).toEqual({
      detail: 'This request is approved; it cannot be approved by the store.',
    });
  });

  it('include the lettered codes as written: H360Fd needs the store, the suspected H361fd does not', async () => {
    const lettered = await createStockRecord(t, store, 'chemical', 100, 'Lettered CMR test', {
      hazard_statements: ['H225', 'H360Fd'],
    });
    const suspected = await createStockRecord(t, store, 'chemical', 100, 'Suspected CMR test', {
      hazard_statements: ['H361fd'],
    });
    const record = await callAs(t, store, 'GET', `/api/storeobjects/chemicalobjs/${lettered}/`);
    expect(record.json().hazard_statements).toEqual(['H225', 'H360Fd']);

    const asked = await submitRequest(t, member.token, lab, {
      fund,
      lines: [chemicalLine(suspected, 5), chemicalLine(lettered, 5)],
    });
    expect(asked.lines.map((line) => line.needs_store_approval)).toEqual([false, true]);
    expect((await requestAction(t, manager.token, asked.id, 'approve')).json().status).toBe(
      'awaiting_store_approval',
    );
    expect((await requestAction(t, store, asked.id, 'store-approve')).json().status).toBe('approved');
  });

  it('the store may reject at its step, with a reason', async () => {
    const chloroform = await createStockRecord(t, store, 'chemical', 100, 'Chloroform', {
      hazard_statements: ['H351', 'H360'],
    });
    const asked = await submitRequest(t, member.token, lab, { fund, lines: [chemicalLine(chloroform, 5)] });
    const early = await requestAction(t, store, asked.id, 'store-reject', {
      reason: 'Use the fume hood stock.',
    });
    expect(early.json()).toEqual({
      detail: 'This request is submitted; it cannot be rejected by the store.',
    });
    await requestAction(t, manager.token, asked.id, 'approve');
    const rejected = await requestAction(t, store, asked.id, 'store-reject', {
      reason: 'Use the fume hood stock.',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'Use the fume hood stock.' });
  });
});

describe('validation', () => {
  it('names every wrong field and line at once, and writes nothing', async () => {
    const record = await createStockRecord(t, store, 'chemical', 100);
    const flask = await createStockRecord(t, store, 'glassware', 10);
    const otherLab = await createLocation(t, store);
    const otherFund = await createFund(t, store, otherLab, 'OTHER');
    const response = await callAs(t, member.token, 'POST', `/api/labs/${lab}/requests/`, {
      fund: otherFund,
      needed_by: '2000-01-01',
      lines: [
        chemicalLine(record, 1.2345),
        chemicalLine(record, 2),
        { object_type: 'GLASSWARE', object_id: flask, quantity: 1.5 },
        chemicalLine(999999, 1),
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      fund: [`Invalid pk "${otherFund}" - object does not exist.`],
      needed_by: ['The date may not be in the past.'],
      lines: [
        'Line 1: quantity: Ensure that there are no more than 3 decimal places.',
        'Line 2: the same record as line 1; a request has one line per record.',
        'Line 3: quantity: A valid integer is required.',
        'Line 4: object_id: Invalid pk "999999" - object does not exist.',
      ],
    });
  });

  it('refuses an inactive fund, more than 200 lines, no lines, and a long note', async () => {
    const record = await createStockRecord(t, store, 'chemical', 100);
    const closed = await createFund(t, store, lab, 'CLOSED');
    await callAs(t, manager.token, 'PATCH', `/api/labs/${lab}/funds/${closed}/`, { active: false });
    const inactive = await callAs(t, member.token, 'POST', `/api/labs/${lab}/requests/`, {
      fund: closed,
      note: 'x'.repeat(1001),
      lines: [],
    });
    expect(inactive.json()).toEqual({
      note: ['Ensure this field has no more than 1000 characters.'],
      lines: ['This list may not be empty.'],
    });
    const tooMany = await callAs(t, member.token, 'POST', `/api/labs/${lab}/requests/`, {
      fund: closed,
      lines: Array.from({ length: 201 }, () => chemicalLine(record, 1)),
    });
    expect(tooMany.json()).toEqual({
      fund: ['This fund is not active.'],
      lines: ['Ensure this field has no more than 200 elements.'],
    });
  });

  it('an approval reduces within what was asked; a fulfilment picks records of the line’s entry, not expired', async () => {
    const acid = await createStockRecord(t, store, 'chemical', 100, 'Acetic acid validation');
    const expired = await createStockRecord(t, store, 'chemical', 100, 'Acetic acid validation', {
      manufacturer: 'Old stock',
      expiry_date: '2001-01-01',
    });
    const unrelated = await createStockRecord(t, store, 'chemical', 100);
    const asked = await submitRequest(t, member.token, lab, { fund, lines: [chemicalLine(acid, 10)] });
    const [line] = asked.lines;
    const above = await requestAction(t, manager.token, asked.id, 'approve', {
      lines: [
        { id: line.id, quantity: 11 },
        { id: 999999, quantity: 1 },
      ],
    });
    expect(above.json()).toEqual({
      lines: [`Line ${line.id}: at most the 10 ml asked for.`, 'Line 999999 is not a line of this request.'],
    });
    const zero = await requestAction(t, manager.token, asked.id, 'approve', {
      lines: [{ id: line.id, quantity: 0 }],
    });
    expect(zero.json()).toEqual({
      lines: [`Line ${line.id}: quantity: Ensure this value is greater than 0.`],
    });
    await requestAction(t, manager.token, asked.id, 'approve', { lines: [{ id: line.id, quantity: 6 }] });

    const wrong = await callAs(t, store, 'POST', `/api/management/requests/${asked.id}/fulfil/`, {
      lines: [
        { request_line: line.id, object_id: unrelated, quantity: 1 },
        { request_line: line.id, object_id: expired, quantity: 1 },
        { request_line: line.id, object_id: acid, quantity: 7 },
      ],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      lines: [
        `Line 1: object_id: chemical #${unrelated} is not a record of what the request line asks for.`,
        'Line 2: object_id: the record expired on 2001-01-01.',
        `Request line ${line.id}: 7 ml picked, but only 6 ml is open.`,
      ],
    });
    await expectStockConsistent(t, store, 'chemical', acid, 100);
  });
});

describe('stock records on a request', () => {
  it('cannot be deleted', async () => {
    const record = await createStockRecord(t, store, 'chemical', 10);
    await submitRequest(t, member.token, lab, { fund, lines: [chemicalLine(record, 1)] });
    const response = await callAs(t, store, 'DELETE', `/api/storeobjects/chemicalobjs/${record}/`);
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toContain('a request from a lab');
  });
});

describe('who may see and decide a request', () => {
  it('names its lab through the request: another lab’s people get 403, as for an unknown one; the store 404', async () => {
    const record = await createStockRecord(t, store, 'chemical', 10);
    const asked = await submitRequest(t, member.token, lab, { fund, lines: [chemicalLine(record, 1)] });
    const otherLab = await createLocation(t, store);
    const outsider = await labUser(t, store, [{ location: otherLab, role: 'manager' }]);
    const { token: auditor } = await t.signedInUser();
    await callAs(
      t,
      store,
      'PATCH',
      `/api/account/users/${(await callAs(t, auditor, 'GET', '/api/account/me/')).json().id}/`,
      {
        role: 'auditor',
      },
    );
    const forbidden = { detail: 'You do not have permission to perform this action.' };

    for (const url of [`/api/requests/${asked.id}/`, '/api/requests/999999/']) {
      const response = await callAs(t, outsider.token, 'GET', url);
      expect([response.statusCode, response.json()]).toEqual([403, forbidden]);
    }
    expect((await callAs(t, outsider.token, 'POST', `/api/requests/${asked.id}/approve/`)).statusCode).toBe(
      403,
    );
    expect((await callAs(t, auditor, 'GET', `/api/requests/${asked.id}/`)).statusCode).toBe(200);
    expect((await callAs(t, auditor, 'GET', '/api/requests/999999/')).statusCode).toBe(404);
    // The store reads every request but neither asks nor decides for a lab: 404 for an unknown one, else 403.
    expect((await requestAction(t, store, 999999, 'approve')).statusCode).toBe(404);
    expect((await requestAction(t, store, asked.id, 'approve')).json()).toEqual(forbidden);
    expect((await requestAction(t, member.token, asked.id, 'approve')).json()).toEqual(forbidden);
    const storeAsks = await callAs(t, store, 'POST', `/api/labs/${lab}/requests/`, {
      fund,
      lines: [chemicalLine(record, 1)],
    });
    expect(storeAsks.json()).toEqual(forbidden);
    expect((await callAs(t, store, 'POST', '/api/labs/999999/requests/', {})).statusCode).toBe(404);
  });

  it('lists a lab’s requests newest first, filtered by status; the store’s queue oldest needed-by first', async () => {
    const queueLab = await createLocation(t, store);
    const queueFund = await createFund(t, store, queueLab, 'Q');
    const asker = await labUser(t, store, [{ location: queueLab, role: 'manager' }]);
    const record = await createStockRecord(t, store, 'instrument', 10);
    const ask = async (needed_by: string | null) => {
      const asked = await submitRequest(t, asker.token, queueLab, {
        fund: queueFund,
        needed_by,
        lines: [{ object_type: 'INSTRUMENT', object_id: record, quantity: 1 }],
      });
      await requestAction(t, asker.token, asked.id, 'approve');
      return asked.id;
    };
    const none = await ask(null);
    const late = await ask('2098-12-31');
    const soon = await ask('2098-01-01');
    const open = await submitRequest(t, asker.token, queueLab, {
      fund: queueFund,
      lines: [{ object_type: 'INSTRUMENT', object_id: record, quantity: 1 }],
    });

    const ids = (response: { json: () => { results: { id: number }[] } }) =>
      response.json().results.map((request) => request.id);
    const queue = await callAs(t, store, 'GET', `/api/management/requests/?lab=${queueLab}`);
    expect(ids(queue)).toEqual([soon, late, none]);
    const submitted = await callAs(
      t,
      store,
      'GET',
      `/api/management/requests/?lab=${queueLab}&status=SUBMITTED`,
    );
    expect(ids(submitted)).toEqual([open.id]);
    const labList = await callAs(t, asker.token, 'GET', `/api/labs/${queueLab}/requests/?limit=2`);
    expect(labList.json()).toMatchObject({ count: 4, previous: null });
    expect(ids(labList)).toEqual([open.id, soon]);
    const approvedOnly = await callAs(
      t,
      asker.token,
      'GET',
      `/api/labs/${queueLab}/requests/?status=approved`,
    );
    expect(ids(approvedOnly)).toEqual([soon, late, none]);
  });
});
