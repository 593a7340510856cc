import { STOCK_KINDS, type StockKind } from '../../domain/stockKinds';
import { describeConditionalWrites } from '../../testing/conditionalWrites';
import { multipartBody } from '../../testing/multipart';
import { callAs, createFund, labUser, requestAction, submitRequest } from '../../testing/requestApi';
import { createLocation, createStockRecord, issueStock, ledgerOf, stockBody } from '../../testing/stockApi';
import { authHeader, buildTestApp, type TestApp } from '../../testing/testApp';

// Stock records' versions (docs/api.md §28): every read carries one, every change of what a read shows raises it
// by one (its quantity's included, whoever changes it), and If-Match on their writes.

let t: TestApp;
let token: string;
let other: { token: string; email: string };

beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await t.signedInUser());
  const { user, token: otherToken } = await t.signedInUser();
  other = { token: otherToken, email: user.email };
});
afterAll(() => t.close());

const SEGMENTS: Record<StockKind, { store: string; management: string }> = {
  chemical: { store: 'chemicalobjs', management: 'chemicals' },
  instrument: { store: 'instrumentobjs', management: 'instruments' },
  glassware: { store: 'glasswareobjs', management: 'glasswares' },
};
const recordUrl = (kind: StockKind, id: number) => `/api/storeobjects/${SEGMENTS[kind].store}/${id}/`;

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: authHeader(token) });

async function versionOf(kind: StockKind, id: number): Promise<number> {
  const response = await t.app.inject({ url: recordUrl(kind, id) });
  expect(response.statusCode).toBe(200);
  return response.json().version;
}

/** Runs `change` and answers by how much the record's version went up. */
async function raisedBy(kind: StockKind, id: number, change: () => Promise<unknown>): Promise<number> {
  const before = await versionOf(kind, id);
  await change();
  return (await versionOf(kind, id)) - before;
}

let places = 0;
for (const kind of STOCK_KINDS) {
  describeConditionalWrites(`${kind} stock records`, {
    t: () => t,
    token: () => token,
    other: () => other,
    create: async () => recordUrl(kind, await createStockRecord(t, token, kind, 5)),
    method: 'PATCH',
    change: async () => ({ storage_place: `Shelf ${++places}` }),
  });
}

describe('stock record versions in reads', () => {
  it.each(STOCK_KINDS)('every %s list carries them: public and management, paged and whole', async (kind) => {
    const id = await createStockRecord(t, token, kind, 3);
    await call('PATCH', recordUrl(kind, id), { storage_place: 'Cabinet 4' });
    const { store, management } = SEGMENTS[kind];
    for (const url of [`/api/storeobjects/${store}/`, `/api/management/${management}/`]) {
      const whole = (await t.app.inject({ url })).json() as { id: number; version: number }[];
      expect(whole.find((record) => record.id === id)).toMatchObject({ version: 2 });
      const page = (await t.app.inject({ url: `${url}?limit=1000&ordering=-id` })).json();
      expect(page.results.find((record: { id: number }) => record.id === id)).toMatchObject({ version: 2 });
    }
    const single = await t.app.inject({ url: recordUrl(kind, id) });
    expect(single.json()).toMatchObject({ id, version: 2 });
    expect(single.headers.etag).toBe('"2"');
  });

  it('every nested record carries it too: a staging line, a cart line, a search result', async () => {
    const id = await createStockRecord(t, token, 'chemical', 3, 'Nestedine');
    const staged = await call('POST', '/api/management/chemical-temp-shipment/', {
      chemical: id,
      quantity: 1,
    });
    expect(staged.json().chemical).toMatchObject({ id, version: 1 });
    const carted = await call('POST', '/api/management/issue-cart/', {
      object_type: 'CHEMICAL',
      object_id: id,
      quantity: 1,
    });
    expect(carted.json().object).toMatchObject({ id, version: 1 });
    const found = await t.app.inject({ url: '/api/management/fuzzysearch/?query=Nestedine&type=chemical' });
    expect(found.json()).toEqual([expect.objectContaining({ id, version: 1 })]);
    await call('DELETE', `/api/management/chemical-temp-shipment/${staged.json().id}/`);
    await call('DELETE', `/api/management/issue-cart/${carted.json().id}/`);
  });
});

describe('what raises a stock record version', () => {
  it('each edit of a field raises it by one, however many fields change; an edit that changes nothing does not', async () => {
    const id = await createStockRecord(t, token, 'chemical', 10, 'Versionol');
    const url = recordUrl('chemical', id);
    const edits: [object, number][] = [
      [{ purity: 98 }, 1],
      [{ hazard_statements: ['H225', 'H319'] }, 1],
      [{ signal_word: 'WARNING' }, 1],
      [{ storage_classes: ['ACID'] }, 1],
      [{ storage_place: 'Cabinet 2' }, 1],
      [{ unit_price: 0.25 }, 1],
      [{ minimum_quantity: 5 }, 1],
      [{ expiry_date: '2030-01-31' }, 1],
      [{ opened_on: '2026-01-02' }, 1],
      [{ quantity: 12.5 }, 1],
      [{ quantity: 20, storage_place: 'Cabinet 3', manufacturer: 'Sigma' }, 1],
      [{ CAS_RN: '67-64-1', molecular_formula: 'C3H6O' }, 1],
      [{ storage_place: 'Cabinet 3', quantity: 20, purity: 98 }, 0],
      [{}, 0],
    ];
    for (const [edit, raised] of edits) {
      const answer = await raisedBy('chemical', id, async () =>
        expect((await call('PATCH', url, edit)).statusCode).toBe(200),
      );
      expect({ edit, raised: answer }).toEqual({ edit, raised });
    }
    const record = (await t.app.inject({ url })).json();
    const {
      id: _id,
      version,
      chemical,
      manufacturer,
      supplier,
      pictograms: _p,
      signal_word_overridden: _s,
      ...rest
    } = record;
    const put = await call('PUT', url, {
      ...rest,
      ...chemical,
      manufacturer: manufacturer.name,
      supplier: supplier.name,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().version).toBe(version);
  });

  it("a new chemical entry's substance raises every record of the chemical, once each", async () => {
    const first = await createStockRecord(t, token, 'chemical', 1, 'Substantol');
    const second = await createStockRecord(t, token, 'chemical', 1, 'Substantol', { manufacturer: 'Sigma' });
    const elsewhere = await createStockRecord(t, token, 'chemical', 1, 'Otherol');
    const [secondBefore, elsewhereBefore] = [
      await versionOf('chemical', second),
      await versionOf('chemical', elsewhere),
    ];
    expect(
      await raisedBy('chemical', first, async () =>
        expect((await call('PATCH', recordUrl('chemical', first), { CAS_RN: '67-64-1' })).statusCode).toBe(
          200,
        ),
      ),
    ).toBe(1);
    expect(await versionOf('chemical', second)).toBe(secondBefore + 1);
    expect(await versionOf('chemical', elsewhere)).toBe(elsewhereBefore);
  });

  it('an issue, a return, a shipment merged (with its expiry date and price) and undone: one each', async () => {
    const id = await createStockRecord(t, token, 'glassware', 20, 'Versioned flask');
    const location = await createLocation(t, token);
    let issue: Awaited<ReturnType<typeof issueStock>> | undefined;
    expect(
      await raisedBy('glassware', id, async () => {
        issue = await issueStock(t, token, location, [['glassware', id, 4]]);
      }),
    ).toBe(1);
    expect(
      await raisedBy('glassware', id, async () => {
        const line = issue!.objects[0].line_id;
        const url = `/api/management/issues/${issue!.id}/lines/${line}/return/`;
        expect((await call('POST', url, { quantity: 1 })).statusCode).toBe(200);
      }),
    ).toBe(1);
    let shipment = 0;
    expect(
      await raisedBy('glassware', id, async () => {
        const staging = '/api/management/glassware-temp-shipment/';
        for (const line of [
          { glassware: id, quantity: 2, expiry_date: '2031-05-01', unit_price: 1.5 },
          { glassware: id, quantity: 3, expiry_date: '2031-06-01' },
        ]) {
          expect((await call('POST', staging, line)).statusCode).toBe(201);
        }
        shipment = (await call('POST', `${staging}merge/`)).json().id;
      }),
    ).toBe(1);
    expect((await t.app.inject({ url: recordUrl('glassware', id) })).json()).toMatchObject({
      quantity: 22,
      // The 17 pieces it held have no date: a staged date does not replace an unknown one (docs/api.md §11).
      expiry_date: null,
      unit_price: 1.5,
    });
    expect(
      await raisedBy('glassware', id, async () =>
        expect((await call('POST', `/api/management/shipments/${shipment}/revert/`)).statusCode).toBe(200),
      ),
    ).toBe(1);
  });

  it('an import that adds to the record and its undo: one each; a record it creates starts at 1', async () => {
    const name = 'Imported pipette';
    const id = await createStockRecord(t, token, 'glassware', 1, name);
    const fresh = 'Imported burette';
    const csv =
      'name,manufacturer,supplier,size,material_type,quantity\n' +
      `${name},Pyrex,Daraz,250,Borosilicate,5 pcs\n${fresh},Pyrex,Daraz,50,Borosilicate,2 pcs\n`;
    let session = 0;
    expect(
      await raisedBy('glassware', id, async () => {
        const body = await multipartBody([['file', csv, 'stock.csv']]);
        const opened = await t.app.inject({
          method: 'POST',
          url: '/api/management/glassware-imports/',
          payload: body.payload,
          headers: { ...authHeader(token), ...body.headers },
        });
        session = opened.json().id;
        expect((await call('POST', `/api/management/imports/${session}/commit/`)).statusCode).toBe(200);
      }),
    ).toBe(1);
    const created = (await t.app.inject({ url: `/api/storeobjects/glasswareobjs/?search=burette` })).json();
    expect(created).toEqual([expect.objectContaining({ quantity: 2, version: 1 })]);
    expect(
      await raisedBy('glassware', id, async () =>
        expect((await call('POST', `/api/management/imports/${session}/revert/`)).statusCode).toBe(200),
      ),
    ).toBe(1);
  });

  it('a request fulfilled from the record: one', async () => {
    const id = await createStockRecord(t, token, 'instrument', 6, 'Requested balance');
    const lab = await createLocation(t, token);
    const member = await labUser(t, token, [{ location: lab, role: 'manager' }]);
    const fund = await createFund(t, member.token, lab, 'V-1');
    const asked = await submitRequest(t, member.token, lab, {
      fund,
      lines: [{ object_type: 'INSTRUMENT', object_id: id, quantity: 2 }],
    });
    expect((await requestAction(t, member.token, asked.id, 'approve')).statusCode).toBe(200);
    expect(
      await raisedBy('instrument', id, async () => {
        const response = await callAs(t, token, 'POST', `/api/management/requests/${asked.id}/fulfil/`, {
          lines: [{ request_line: asked.lines[0].id, object_id: id, quantity: 2 }],
        });
        expect(response.statusCode).toBe(200);
      }),
    ).toBe(1);
  });

  it('a 412 after an issue names the one who issued, at the time of its ledger entry', async () => {
    const id = await createStockRecord(t, token, 'chemical', 50, 'Issuedol');
    const { version } = (await t.app.inject({ url: recordUrl('chemical', id) })).json();
    await issueStock(t, other.token, await createLocation(t, token), [['chemical', id, 7.5]]);
    const [entry] = await ledgerOf(t, token, 'chemical', id);
    const created_at = (
      await t.db
        .selectFrom('stock_ledger')
        .select('created_at')
        .where('object_type', '=', 'CHEMICAL')
        .where('object_id', '=', id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).created_at;
    expect(entry.user_email).toBe(other.email);
    const response = await t.app.inject({
      method: 'PUT',
      url: recordUrl('chemical', id),
      payload: stockBody('chemical', { quantity: 100 }, 'Issuedol'),
      headers: { ...authHeader(token), 'if-match': `"${version}"` },
    });
    expect(response.statusCode).toBe(412);
    expect(response.json()).toMatchObject({
      detail: `Changed by ${other.email} at ${created_at}.`,
      changed_by: other.email,
      changed_at: created_at,
      version: version + 1,
      current: { id, quantity: 42.5 },
    });
    expect((await ledgerOf(t, token, 'chemical', id)).length).toBe(2);
  });

  it('a 412 for a row no journal names says someone else changed it', async () => {
    const id = await createStockRecord(t, token, 'instrument', 0, 'Unjournalled');
    await t.db
      .deleteFrom('audit_log')
      .where('target_type', '=', 'instrument')
      .where('target_id', '=', id)
      .execute();
    await t.db.updateTable('instrument_stock').set({ version: 4 }).where('id', '=', id).execute();
    const response = await t.app.inject({
      method: 'PATCH',
      url: recordUrl('instrument', id),
      payload: { storage_place: 'Drawer' },
      headers: { ...authHeader(token), 'if-match': '"1"' },
    });
    expect(response.statusCode).toBe(412);
    expect(response.json()).toMatchObject({
      detail: 'Changed by someone else.',
      changed_by: null,
      changed_at: null,
      version: 4,
    });
  });
});

describe('CORS (SERVER.md §1.6)', () => {
  it('lets a page of another origin send If-Match and read the ETag', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: recordUrl('chemical', 1),
      headers: { origin: 'https://other.example', 'access-control-request-headers': 'if-match' },
    });
    expect(preflight.headers['access-control-allow-headers']).toMatch(/(^|, )if-match(,|$)/);
    const read = await t.app.inject({ url: '/api/storeobjects/chemicalobjs/' });
    expect(read.headers['access-control-expose-headers']).toBe('ETag');
  });
});

describe('the OpenAPI document', () => {
  it('lists If-Match and the 412 on every versioned write, and version in every versioned read', async () => {
    type Operation = {
      parameters?: { in: string; name: string }[];
      responses: Record<string, { content?: { 'application/json': { schema: { properties: object } } } }>;
    };
    const document = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Partial<Record<'get' | 'put' | 'patch' | 'delete', Operation>>>;
    };
    const rows = [
      '/api/storeobjects/chemicalobjs/{id}/',
      '/api/storeobjects/instrumentobjs/{id}/',
      '/api/storeobjects/glasswareobjs/{id}/',
      '/api/management/store-consumers/{id}/',
      '/api/account/users/{id}/',
      '/api/filemanager/categories/{id}/',
      '/api/filemanager/files/{id}/',
    ];
    const writes = rows.flatMap((path) =>
      (['put', 'patch', 'delete'] as const).flatMap((method) => {
        const operation = document.paths[path][method];
        if (!operation) return [];
        const header = operation.parameters?.some((p) => p.in === 'header' && p.name === 'if-match');
        return [
          `${method} ${path}: ${header ? 'If-Match' : '-'} ${operation.responses['412'] ? '412' : '-'}`,
        ];
      }),
    );
    expect(writes).toHaveLength(rows.length * 3 - 1);
    for (const write of writes) expect(write).toMatch(/: If-Match 412$/);
    for (const path of rows) {
      const read = document.paths[path].get!.responses['200'].content!['application/json'].schema;
      expect({ path, version: 'version' in read.properties }).toEqual({ path, version: true });
    }
  });
});
