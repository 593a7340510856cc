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

// Issue 33 item 21, the requests' part (docs/api.md §26.1, §26.5): what is still open of an approved request can be
// cancelled, with a reason; an approval names each line once; a manager's own request is approved by another manager.

let t: TestApp;
let store: string;
let lab: number;
let fund: number;
let member: LabUser;
let manager: LabUser;

beforeAll(async () => {
  ({ t, store, lab, fund, member, manager } = await labWithPeople('ERC-CLOSE'));
});
afterAll(() => t.close());

const flasks = (object_id: number, quantity: number) => ({ object_type: 'GLASSWARE', object_id, quantity });

async function approvedRequest(quantity = 4): Promise<{ id: number; lineId: number; flask: number }> {
  const flask = await createStockRecord(t, store, 'glassware', 10, undefined, { unit_price: 2.5 });
  const asked = await submitRequest(t, member.token, lab, { fund, lines: [flasks(flask, quantity)] });
  const approved = await requestAction(t, manager.token, asked.id, 'approve');
  expect(approved.statusCode).toBe(200);
  return { id: asked.id, lineId: asked.lines[0].id, flask };
}

async function auditOf(requestId: number): Promise<{ action: string; changes: Record<string, unknown> }[]> {
  const response = await callAs(t, store, 'GET', '/api/management/audit/?target_type=request&limit=100');
  return (
    response.json().results as { action: string; target_id: number; changes: Record<string, unknown> }[]
  )
    .filter((entry) => entry.target_id === requestId)
    .reverse();
}

describe('cancelling what is still open of an approved request', () => {
  it('the store cancels a partly fulfilled request with a reason: what was issued stays issued', async () => {
    const { id, lineId, flask } = await approvedRequest();
    const part = await callAs(t, store, 'POST', `/api/management/requests/${id}/fulfil/`, {
      lines: [{ request_line: lineId, object_id: flask, quantity: 1 }],
    });
    expect(part.json().request.status).toBe('partly_fulfilled');
    const eventsBefore = await t.db
      .selectFrom('change_events')
      .select('seq')
      .where('topic', '=', 'request')
      .execute();

    const cancelled = await requestAction(t, store, id, 'cancel-open', {
      reason: 'The supplier no longer makes them.',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      reason: 'The supplier no longer makes them.',
    });
    expect(cancelled.json().lines[0]).toMatchObject({ approved_quantity: 4, issued_quantity: 1 });
    await expectStockConsistent(t, store, 'glassware', flask, 9);

    // Off the store's queue, audited with the reason, and heard through the change feed.
    const queue = await callAs(t, store, 'GET', '/api/management/requests/');
    expect(queue.json().results.map((request: { id: number }) => request.id)).not.toContain(id);
    const audit = await auditOf(id);
    expect(audit.at(-1)).toMatchObject({
      action: 'request.cancelled',
      changes: {
        status: ['partly_fulfilled', 'cancelled'],
        reason: [null, 'The supplier no longer makes them.'],
      },
    });
    const eventsAfter = await t.db
      .selectFrom('change_events')
      .select(['seq', 'ids', 'lab_id'])
      .where('topic', '=', 'request')
      .execute();
    expect(eventsAfter.slice(eventsBefore.length)).toEqual([
      expect.objectContaining({ ids: JSON.stringify([id]), lab_id: lab }),
    ]);

    const again = await callAs(t, store, 'POST', `/api/management/requests/${id}/fulfil/`, {
      lines: [{ request_line: lineId, object_id: flask, quantity: 1 }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'This request is cancelled; it cannot be fulfilled.' });
  });

  it('a manager of the lab cancels an approved one; a member may not; a reason is required', async () => {
    const { id } = await approvedRequest();
    const byMember = await requestAction(t, member.token, id, 'cancel-open', { reason: 'Not needed.' });
    expect(byMember.statusCode).toBe(403);
    const withoutReason = await requestAction(t, manager.token, id, 'cancel-open', {});
    expect(withoutReason.statusCode).toBe(400);
    expect(withoutReason.json()).toEqual({ reason: ['This field is required.'] });
    const blank = await requestAction(t, manager.token, id, 'cancel-open', { reason: '  ' });
    expect(blank.json()).toEqual({ reason: ['This field may not be blank.'] });

    const cancelled = await requestAction(t, manager.token, id, 'cancel-open', { reason: 'Not needed.' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', reason: 'Not needed.' });
    // The plain cancel is still the requester's before approval, and refuses what the table does not allow.
    expect((await requestAction(t, member.token, id, 'cancel')).statusCode).toBe(409);
  });

  it('is not the way to cancel what is not approved yet, nor what is fulfilled', async () => {
    const flask = await createStockRecord(t, store, 'glassware', 10);
    const submitted = await submitRequest(t, member.token, lab, { fund, lines: [flasks(flask, 1)] });
    const early = await requestAction(t, manager.token, submitted.id, 'cancel-open', { reason: 'x' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: 'This request is submitted; it cannot be cancelled.' });

    const { id, lineId, flask: fulfilled } = await approvedRequest(1);
    await callAs(t, store, 'POST', `/api/management/requests/${id}/fulfil/`, {
      lines: [{ request_line: lineId, object_id: fulfilled, quantity: 1 }],
    });
    const late = await requestAction(t, store, id, 'cancel-open', { reason: 'x' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: 'This request is fulfilled; it cannot be cancelled.' });
  });

  it('answers 404 to the store for an unknown request, and 403 to another lab’s manager', async () => {
    expect((await requestAction(t, store, 999_999, 'cancel-open', { reason: 'x' })).statusCode).toBe(404);
    const otherLab = await createLocation(t, store);
    const stranger = await labUser(t, store, [{ location: otherLab, role: 'manager' }]);
    const { id } = await approvedRequest();
    expect((await requestAction(t, stranger.token, id, 'cancel-open', { reason: 'x' })).statusCode).toBe(403);
  });
});

it('refuses an approval that lists one line twice, approving nothing', async () => {
  const flask = await createStockRecord(t, store, 'glassware', 10);
  const asked = await submitRequest(t, member.token, lab, { fund, lines: [flasks(flask, 5)] });
  const lineId = asked.lines[0].id;
  const twice = await requestAction(t, manager.token, asked.id, 'approve', {
    lines: [
      { id: lineId, quantity: 2 },
      { id: lineId, quantity: 5 },
    ],
  });
  expect(twice.statusCode).toBe(400);
  expect(twice.json()).toEqual({ lines: [`Line ${lineId} is listed twice.`] });
  const read = await callAs(t, member.token, 'GET', `/api/requests/${asked.id}/`);
  expect(read.json()).toMatchObject({ status: 'submitted', approved_at: null });
  expect(read.json().lines[0].approved_quantity).toBeNull();
});

describe('a manager’s own request', () => {
  it('is approved by another manager of the lab while there is one', async () => {
    const twoManagers = await createLocation(t, store);
    const labFund = await createFund(t, store, twoManagers, 'TWO');
    const asking = await labUser(t, store, [{ location: twoManagers, role: 'manager' }]);
    const other = await labUser(t, store, [{ location: twoManagers, role: 'manager' }]);
    const flask = await createStockRecord(t, store, 'glassware', 10);
    const asked = await submitRequest(t, asking.token, twoManagers, {
      fund: labFund,
      lines: [flasks(flask, 1)],
    });

    const own = await requestAction(t, asking.token, asked.id, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({
      detail:
        'A manager may not approve their own request while the lab has another manager: that manager approves it.',
    });
    const byOther = await requestAction(t, other.token, asked.id, 'approve');
    expect(byOther.statusCode).toBe(200);
    expect(byOther.json()).toMatchObject({ status: 'approved', approved_by: other.email });
  });

  it('is approved by its requester when the lab has no other manager', async () => {
    const flask = await createStockRecord(t, store, 'glassware', 10);
    const asked = await submitRequest(t, manager.token, lab, { fund, lines: [flasks(flask, 1)] });
    const own = await requestAction(t, manager.token, asked.id, 'approve');
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ status: 'approved', approved_by: manager.email });
  });
});
