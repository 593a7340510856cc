import { createStockRecord } from '../../testing/stockApi';
import { callAs, labWithPeople, requestAction, submitRequest, type LabUser } from '../../testing/requestApi';
import type { TestApp } from '../../testing/testApp';

// A line's own note (docs/api.md §26): written by the lab for the store, kept as written. It was added as one field
// in contract/requests.ts plus its migration; this file shows it arrives everywhere a line goes.

let t: TestApp;
let store: string;
let lab: number;
let fund: number;
let member: LabUser;
let manager: LabUser;

beforeAll(async () => {
  ({ t, store, lab, fund, member, manager } = await labWithPeople('NOTE-1'));
});
afterAll(() => t.close());

const line = (object_id: number, quantity: number, note?: string) => ({
  object_type: 'CHEMICAL',
  object_id,
  quantity,
  ...(note === undefined ? {} : { note }),
});

const notesOf = (request: { lines: { note: string }[] }) => request.lines.map((each) => each.note);

it('is stored and answered as written, and a line without one reads empty', async () => {
  const acetone = await createStockRecord(t, store, 'chemical', 500);
  const ethanol = await createStockRecord(t, store, 'chemical', 500);
  const asked = await submitRequest(t, member.token, lab, {
    fund,
    lines: [line(acetone, 100, '  HPLC grade, 1 L bottles  '), line(ethanol, 50)],
  });
  expect(notesOf(asked as never)).toEqual(['HPLC grade, 1 L bottles', '']);

  // Approved, it reaches the store's queue with the same notes.
  await requestAction(t, manager.token, asked.id, 'approve');
  const queue = await callAs(t, store, 'GET', '/api/management/requests/');
  const queued = queue.json().results.find((request: { id: number }) => request.id === asked.id);
  expect(notesOf(queued)).toEqual(['HPLC grade, 1 L bottles', '']);
});

it('is kept when a returned request is resubmitted without its lines, and replaced with them', async () => {
  const water = await createStockRecord(t, store, 'chemical', 500);
  const asked = await submitRequest(t, member.token, lab, { fund, lines: [line(water, 10, 'Milli-Q')] });
  await requestAction(t, manager.token, asked.id, 'return', { reason: 'Which fund?' });

  const sameLines = await callAs(t, member.token, 'PATCH', `/api/requests/${asked.id}/`, {
    note: 'Fund as is',
  });
  expect(sameLines.statusCode).toBe(200);
  expect(notesOf(sameLines.json())).toEqual(['Milli-Q']);

  await requestAction(t, manager.token, asked.id, 'return', { reason: 'Less, please.' });
  const newLines = await callAs(t, member.token, 'PATCH', `/api/requests/${asked.id}/`, {
    lines: [line(water, 5, 'Deionised will do')],
  });
  expect(notesOf(newLines.json())).toEqual(['Deionised will do']);
});

it('is refused beyond 200 characters, and nothing is written', async () => {
  const record = await createStockRecord(t, store, 'chemical', 500);
  const before = (await callAs(t, member.token, 'GET', `/api/labs/${lab}/requests/`)).json().count;
  const response = await callAs(t, member.token, 'POST', `/api/labs/${lab}/requests/`, {
    fund,
    lines: [line(record, 1, 'x'.repeat(201))],
  });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ lines: ['note: Ensure this field has no more than 200 characters.'] });
  expect((await callAs(t, member.token, 'GET', `/api/labs/${lab}/requests/`)).json().count).toBe(before);
});
