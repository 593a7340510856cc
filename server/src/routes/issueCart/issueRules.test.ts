import { callAs, createFund } from '../../testing/requestApi';
import { createLocation, createStockRecord, stockQuantity } from '../../testing/stockApi';
import { buildTestApp, type TestApp } from '../../testing/testApp';

// The cart's issue follows the rules of a request (docs/api.md §23.6): the lab's fund its charges go to, and a CMR
// line issued only once a store manager has confirmed it as a CMR issue, which the audit log records. SERVER.md §9's
// own call (no body) keeps working: it issues without a fund, and a CMR line in it is audited as unconfirmed.

let t: TestApp;
let store: string;

beforeAll(async () => {
  t = await buildTestApp({ currency: 'EUR' });
  ({ token: store } = await t.signedInUser());
});
afterAll(() => t.close());

const CART = '/api/management/issue-cart/';
const merge = (lab: number, body?: object) => callAs(t, store, 'POST', `${CART}${lab}/merge/`, body);

async function fillCart(lines: readonly [string, number, number][]): Promise<void> {
  for (const [object_type, object_id, quantity] of lines) {
    const response = await callAs(t, store, 'POST', CART, { object_type, object_id, quantity });
    expect(response.statusCode).toBe(201);
  }
}

beforeEach(async () => {
  for (const line of (await callAs(t, store, 'GET', CART)).json() as { id: number }[])
    await callAs(t, store, 'DELETE', `${CART}${line.id}/`);
});

interface AuditEntry {
  action: string;
  target_type: string;
  target_id: number;
  target_label: string;
  changes: Record<string, [unknown, unknown]>;
}

async function auditOfIssue(issueId: number): Promise<AuditEntry[]> {
  const response = await callAs(
    t,
    store,
    'GET',
    `/api/management/audit/?target_type=issue&target_id=${issueId}`,
  );
  expect(response.statusCode).toBe(200);
  return response.json().results;
}

let benzenes = 0;
/** A record of benzene (a carcinogen and mutagen: H350, H340) of its own supplier. */
const benzene = () =>
  createStockRecord(t, store, 'chemical', 100, 'Benzene', {
    supplier: `Supplier ${++benzenes}`,
    CAS_RN: '71-43-2',
    molecular_formula: 'C6H6',
    hazard_statements: ['H225', 'H350', 'H340'],
    unit_price: 0.02,
  });

describe('a CMR line in the cart', () => {
  it('is refused without the confirmation when the call says anything of its own, and nothing is written', async () => {
    const lab = await createLocation(t, store);
    const record = await benzene();
    await fillCart([['CHEMICAL', record, 5]]);

    for (const body of [{ cmr_confirmed: false }, { fund: null }]) {
      const refused = await merge(lab, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        detail:
          `Benzene 99.5% Merck/Supplier ${benzenes} (chemical #${record}) is a CMR substance (H340, H350). ` +
          'A store manager confirms this issue as a CMR issue (cmr_confirmed).',
      });
    }
    // Nothing issued: the stock, the cart and the lab's issues are as they were.
    expect(await stockQuantity(t, 'chemical', record)).toBe(100);
    expect((await callAs(t, store, 'GET', CART)).json()).toHaveLength(1);
    expect((await callAs(t, store, 'GET', `/api/management/issues/${lab}/`)).json()).toEqual([]);
  });

  it('is issued once confirmed, and the audit log names the issue, the lab and each CMR line', async () => {
    const lab = await createLocation(t, store);
    const labName = (await callAs(t, store, 'GET', `/api/management/store-consumers/${lab}/`)).json().name;
    const record = await benzene();
    const ethanol = await createStockRecord(t, store, 'chemical', 100, 'Ethanol', {
      hazard_statements: ['H225'],
    });
    await fillCart([
      ['CHEMICAL', ethanol, 10],
      ['CHEMICAL', record, 5],
    ]);

    const issued = await merge(lab, { cmr_confirmed: true });
    expect(issued.statusCode).toBe(201);
    const issue = issued.json();
    expect(await stockQuantity(t, 'chemical', record)).toBe(95);

    const [entry, ...others] = await auditOfIssue(issue.id);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      action: 'issue.cmr_confirmed',
      target_type: 'issue',
      target_id: issue.id,
      target_label: `Issue to ${labName} (issue #${issue.id})`,
      changes: {
        location: [null, `${labName} (location #${lab})`],
        cmr_lines: [
          null,
          [`Benzene 99.5% Merck/Supplier ${benzenes} (chemical #${record}): 5 ml, H340, H350`],
        ],
        confirmed: [null, true],
      },
    });
  });

  it('is issued by SERVER.md’s call, which has no room for the confirmation, and audited as unconfirmed', async () => {
    const lab = await createLocation(t, store);
    const record = await benzene();
    await fillCart([['CHEMICAL', record, 2.5]]);

    const issued = await merge(lab);
    expect(issued.statusCode).toBe(201);
    const [entry] = await auditOfIssue(issued.json().id);
    expect(entry).toMatchObject({
      action: 'issue.cmr_unconfirmed',
      changes: {
        cmr_lines: [
          null,
          [`Benzene 99.5% Merck/Supplier ${benzenes} (chemical #${record}): 2.5 ml, H340, H350`],
        ],
        confirmed: [null, false],
      },
    });
    const actions = await callAs(t, store, 'GET', '/api/management/audit/actions/');
    expect(actions.json()).toEqual(
      expect.arrayContaining([
        { action: 'issue.cmr_confirmed', label: 'CMR issue confirmed by the store', group: 'issue.' },
        { action: 'issue.cmr_unconfirmed', label: 'CMR issue made without confirmation', group: 'issue.' },
      ]),
    );
  });

  it('needs no confirmation, and writes no audit entry, without a category 1 CMR code', async () => {
    const lab = await createLocation(t, store);
    const suspected = await createStockRecord(t, store, 'chemical', 50, 'Suspected', {
      hazard_statements: ['H361fd'],
    });
    const glass = await createStockRecord(t, store, 'glassware', 5);
    await fillCart([
      ['CHEMICAL', suspected, 1],
      ['GLASSWARE', glass, 1],
    ]);
    const issued = await merge(lab, { cmr_confirmed: false });
    expect(issued.statusCode).toBe(201);
    expect(await auditOfIssue(issued.json().id)).toEqual([]);
  });
});

describe('the fund of a cart issue', () => {
  const chargesOfFund = async (fund: number) =>
    (await callAs(t, store, 'GET', `/api/management/charges/?fund=${fund}`)).json().results as {
      issue_id: number;
      fund: { id: number } | null;
      amount: number;
    }[];

  it('takes one of the lab’s active funds, whose charges it becomes', async () => {
    const lab = await createLocation(t, store);
    const fund = await createFund(t, store, lab, 'ERC-7');
    const record = await createStockRecord(t, store, 'chemical', 300, 'Acetone', { unit_price: 0.0452 });
    await fillCart([['CHEMICAL', record, 250.5]]);

    const issued = await merge(lab, { fund, cmr_confirmed: false });
    expect(issued.statusCode).toBe(201);
    // 250.5 ml × 0.0452 = 11.3226 → 1132 cents, to the fund.
    expect(await chargesOfFund(fund)).toEqual([
      expect.objectContaining({
        issue_id: issued.json().id,
        fund: expect.objectContaining({ id: fund }),
        amount: 1132,
      }),
    ]);
  });

  it('refuses another lab’s fund and an inactive one, issuing nothing', async () => {
    const lab = await createLocation(t, store);
    const otherLab = await createLocation(t, store);
    const othersFund = await createFund(t, store, otherLab, 'ERC-8');
    const closed = await createFund(t, store, lab, 'ERC-9');
    expect(
      (await callAs(t, store, 'PATCH', `/api/labs/${lab}/funds/${closed}/`, { active: false })).statusCode,
    ).toBe(200);
    const record = await createStockRecord(t, store, 'glassware', 4);
    await fillCart([['GLASSWARE', record, 1]]);

    const foreign = await merge(lab, { fund: othersFund });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ fund: [`Invalid pk "${othersFund}" - object does not exist.`] });
    const inactive = await merge(lab, { fund: closed });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json()).toEqual({ fund: ['This fund is not active.'] });
    expect(await stockQuantity(t, 'glassware', record)).toBe(4);
    expect((await callAs(t, store, 'GET', CART)).json()).toHaveLength(1);
  });
});
