import { createStockRecord, expectStockConsistent } from '../../testing/stockApi';
import { callAs, labWithPeople, requestAction, submitRequest, type LabUser } from '../../testing/requestApi';
import type { TestApp } from '../../testing/testApp';

// The CMR rule follows the substance and is checked again on what is issued (issue 33, item 19; docs/api.md §26.8):
// a request approved by the lab alone is not fulfilled with records whose substance has since gained a CMR hazard;
// it goes back to the store's step, the store manager who tried is told why, and the audit log says so.

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

const CHEMICALS = '/api/storeobjects/chemicalobjs/';

/** A request for `quantity` ml of the record, approved by the lab's manager. */
async function approvedRequest(record: number, quantity: number) {
  const asked = await submitRequest(t, member.token, lab, {
    fund,
    lines: [{ object_type: 'CHEMICAL', object_id: record, quantity }],
  });
  const approved = await requestAction(t, manager.token, asked.id, 'approve');
  expect(approved.statusCode).toBe(200);
  return approved.json() as { id: number; status: string; lines: { id: number }[] };
}

const fulfil = (id: number, lines: object[]) =>
  callAs(t, store, 'POST', `/api/management/requests/${id}/fulfil/`, { lines });

async function auditOf(requestId: number) {
  const response = await callAs(t, store, 'GET', '/api/management/audit/?target_type=request&limit=100');
  return (
    response.json().results as { action: string; target_id: number; changes: Record<string, unknown> }[]
  )
    .filter((entry) => entry.target_id === requestId)
    .reverse();
}

describe('the CMR rule of a request', () => {
  it('follows the substance: a record without codes of a carcinogen needs the store once another record has H350', async () => {
    await createStockRecord(t, store, 'chemical', 500, 'Benzene recheck', {
      manufacturer: 'Merck',
      hazard_statements: ['H225', 'H350'],
    });
    const unlabeled = await createStockRecord(t, store, 'chemical', 500, 'Benzene recheck', {
      manufacturer: 'Sigma',
    });

    const approved = await approvedRequest(unlabeled, 50);
    expect(approved.status).toBe('awaiting_store_approval');
  });

  it('is checked again on the picked records: H350 added after approval sends the request back to the store', async () => {
    const requested = await createStockRecord(t, store, 'chemical', 500, 'Benzene late', {
      manufacturer: 'Merck',
    });
    const other = await createStockRecord(t, store, 'chemical', 500, 'Benzene late', {
      manufacturer: 'Sigma',
    });
    const approved = await approvedRequest(requested, 50);
    // No CMR hazard known when the lab approved: approved by the lab alone.
    expect(approved.status).toBe('approved');
    const [line] = approved.lines;

    // The store classifies the substance on another of its records.
    const classified = await callAs(t, store, 'PATCH', `${CHEMICALS}${other}/`, {
      hazard_statements: ['H225', 'H304', 'H315', 'H319', 'H340', 'H350', 'H372'],
    });
    expect(classified.statusCode).toBe(200);

    const refused = await fulfil(approved.id, [{ request_line: line.id, object_id: other, quantity: 50 }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail:
        `Benzene late (chemical #${other}) now carries H340, H350, a CMR hazard the store has not approved for ` +
        `request line ${line.id}. Nothing was issued: the request is back awaiting store approval. Approve it for ` +
        'the store (or reject it), then fulfil it again.',
    });
    await expectStockConsistent(t, store, 'chemical', other, 500);
    const now = await callAs(t, store, 'GET', `/api/requests/${approved.id}/`);
    expect(now.json()).toMatchObject({
      status: 'awaiting_store_approval',
      lines: [{ id: line.id, issued_quantity: 0, needs_store_approval: true }],
    });
    const sentBack = (await auditOf(approved.id)).find(
      (entry) => entry.action === 'request.sent_back_to_store',
    );
    expect(sentBack?.changes).toMatchObject({
      status: ['approved', 'awaiting_store_approval'],
      cmr: [null, expect.stringContaining(`Benzene late (chemical #${other}) now carries H340, H350`)],
    });

    // Once the store approves, the same picks are issued.
    expect((await requestAction(t, store, approved.id, 'store-approve')).statusCode).toBe(200);
    const issued = await fulfil(approved.id, [{ request_line: line.id, object_id: other, quantity: 50 }]);
    expect(issued.statusCode).toBe(200);
    expect(issued.json().request.status).toBe('fulfilled');
    await expectStockConsistent(t, store, 'chemical', other, 450);
  });

  it('checks each line: a store approval of one CMR line does not cover another line classified later', async () => {
    const carcinogen = await createStockRecord(t, store, 'chemical', 500, 'Chloroform lines', {
      hazard_statements: ['H351'],
    });
    const mutagen = await createStockRecord(t, store, 'chemical', 500, 'Acrylamide lines', {
      hazard_statements: ['H350'],
    });
    const asked = await submitRequest(t, member.token, lab, {
      fund,
      lines: [
        { object_type: 'CHEMICAL', object_id: mutagen, quantity: 10 },
        { object_type: 'CHEMICAL', object_id: carcinogen, quantity: 10 },
      ],
    });
    expect((await requestAction(t, manager.token, asked.id, 'approve')).json().status).toBe(
      'awaiting_store_approval',
    );
    expect((await requestAction(t, store, asked.id, 'store-approve')).statusCode).toBe(200);
    // Chloroform reclassified as a category 1B carcinogen after the store's approval.
    await callAs(t, store, 'PATCH', `${CHEMICALS}${carcinogen}/`, { hazard_statements: ['H350'] });

    const [mutagenLine, carcinogenLine] = asked.lines;
    const refused = await fulfil(asked.id, [
      { request_line: mutagenLine.id, object_id: mutagen, quantity: 10 },
      { request_line: carcinogenLine.id, object_id: carcinogen, quantity: 10 },
    ]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain(`request line ${carcinogenLine.id}.`);
    expect(refused.json().detail).not.toContain(`request line ${mutagenLine.id}.`);
    await expectStockConsistent(t, store, 'chemical', mutagen, 500);
  });

  it('issues a record whose hazards need no store approval as before', async () => {
    const ethanol = await createStockRecord(t, store, 'chemical', 500, 'Ethanol recheck', {
      hazard_statements: ['H225', 'H319'],
    });
    const approved = await approvedRequest(ethanol, 20);
    const issued = await fulfil(approved.id, [
      { request_line: approved.lines[0].id, object_id: ethanol, quantity: 20 },
    ]);
    expect(issued.statusCode).toBe(200);
    expect(issued.json().request.status).toBe('fulfilled');
  });
});
