import { createLocation, createStockRecord, expectStockConsistent } from '../../testing/stockApi';
import { callAs, createFund, labUser, requestAction, submitRequest } from '../../testing/requestApi';
import { buildTestApp, type TestApp } from '../../testing/testApp';

// Two requests fulfilled at once for the last bottle (issue 24): one is issued, the other refused naming the record,
// with nothing of it written. On a file database, as the other concurrency tests, and on PostgreSQL's pool.

let t: TestApp;
let store: string;

beforeAll(async () => {
  t = await buildTestApp({}, { sqliteFile: true });
  ({ token: store } = await t.signedInUser());
});
afterAll(() => t.close());

it('issues the last bottle to one request and refuses the other with a 409 naming it, nothing half-written', async () => {
  const bottle = await createStockRecord(t, store, 'chemical', 100, 'Last bottle of THF');
  const askFor = async () => {
    const lab = await createLocation(t, store);
    const fund = await createFund(t, store, lab, 'F');
    const member = await labUser(t, store, [{ location: lab, role: 'member' }]);
    const manager = await labUser(t, store, [{ location: lab, role: 'manager' }]);
    const asked = await submitRequest(t, member.token, lab, {
      fund,
      lines: [{ object_type: 'CHEMICAL', object_id: bottle, quantity: 100 }],
    });
    await requestAction(t, manager.token, asked.id, 'approve');
    return asked;
  };
  const requests = [await askFor(), await askFor()];

  const answers = await Promise.all(
    requests.map((request) =>
      callAs(t, store, 'POST', `/api/management/requests/${request.id}/fulfil/`, {
        lines: [{ request_line: request.lines[0].id, object_id: bottle, quantity: 100 }],
      }),
    ),
  );
  expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  const refused = answers.findIndex((answer) => answer.statusCode === 409);
  expect(answers[refused].json()).toEqual({ detail: 'Last bottle of THF: only 0 ml in stock.' });

  await expectStockConsistent(t, store, 'chemical', bottle, 0);
  const left = await callAs(t, store, 'GET', `/api/requests/${requests[refused].id}/`);
  expect(left.json()).toMatchObject({
    status: 'approved',
    lines: [{ issued_quantity: 0, approved_quantity: 100 }],
  });
  const issues = await t.db
    .selectFrom('issues')
    .select('id')
    .where('request_id', '=', requests[refused].id)
    .execute();
  expect(issues).toEqual([]);
  const charges = await t.db.selectFrom('charges').select('issue_id').execute();
  expect(charges).toHaveLength(1);
});
