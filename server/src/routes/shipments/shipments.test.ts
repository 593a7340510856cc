import { sql } from 'kysely';
import type { User } from '../../db/repositories/users';
import type { StockObjectType } from '../../db/tables';
import type { StockKind } from '../../domain/stockKinds';
import { renameChemical } from '../../testing/stockRows';
import {
  authHeader,
  buildTestApp,
  requestHelper,
  type HttpMethod,
  type TestApp,
} from '../../testing/testApp';

let t: TestApp;
let me: User;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ user: me, token } = await t.signedInUser());
});
afterAll(() => t.close());

const request = requestHelper(
  () => t,
  () => token,
);
const call = (method: HttpMethod, url: string, payload?: object, as = token) =>
  request(method, url, payload, authHeader(as));

const staging = (kind: StockKind, rest = '') => `/api/management/${kind}-temp-shipment/${rest}`;
const stage = (kind: StockKind, stockId: number, quantity: number | string, as = token) =>
  call('POST', staging(kind), { [kind]: stockId, quantity }, as);
const merge = (kind: StockKind, as = token) => call('POST', staging(kind, 'merge/'), undefined, as);
const history = (type: string, as = token) =>
  call('GET', `/api/management/shipments/?type=${type}`, undefined, as);

let counter = 0;
const unique = (name: string) => `${name} ${++counter}`;

const STOCK_PATHS = { chemical: 'chemicalobjs', instrument: 'instrumentobjs', glassware: 'glasswareobjs' };

const RECORD_FIELDS: Record<StockKind, object> = {
  chemical: {
    CAS_RN: '64-17-5',
    molecular_formula: 'C2H6O',
    purity: 99,
    manufacturer: 'Merck',
    supplier: 'Daraz',
    state: 'LIQUID',
  },
  instrument: { manufacturer: 'Shimadzu', supplier: 'Daraz' },
  glassware: { manufacturer: 'Pyrex', supplier: 'Daraz', size: 250, material_type: 'Borosilicate' },
};

/** A stock record of the kind with a unique identity, created through the API; `quantity` in API units. */
async function newRecord(kind: StockKind, quantity = 0, name = unique(kind)): Promise<number> {
  const response = await call('POST', `/api/storeobjects/${STOCK_PATHS[kind]}/`, {
    ...RECORD_FIELDS[kind],
    name,
    quantity,
  });
  if (response.statusCode !== 201) throw new Error(`stock create failed: ${response.body}`);
  return response.json().id;
}

const stockQuantity = async (kind: StockKind, id: number): Promise<number> =>
  (await call('GET', `/api/storeobjects/${STOCK_PATHS[kind]}/${id}/`)).json().quantity;

interface LedgerEntry {
  kind: string;
  change: number;
  balance: number;
  shipment_id: number | null;
  user_email: string;
}
const ledger = async (kind: StockKind, id: number): Promise<LedgerEntry[]> =>
  (await call('GET', `/api/management/stock-ledger/?type=${kind}&object_id=${id}`)).json();

/** §10: the changes of a record add up to its quantity (compared in thousandths, as stored). */
async function expectLedgerMatchesStock(kind: StockKind, id: number): Promise<void> {
  const entries = await ledger(kind, id);
  const quantity = await stockQuantity(kind, id);
  const sum = entries.reduce((total, entry) => total + Math.round(entry.change * 1000), 0);
  expect(sum).toBe(Math.round(quantity * 1000));
  if (entries.length > 0) expect(entries[0].balance).toBe(quantity);
}

const stagedIds = async (kind: StockKind, as = token): Promise<number[]> =>
  (await call('GET', staging(kind), undefined, as)).json().map((line: { id: number }) => line.id);

const shipmentCount = async (type: StockObjectType): Promise<number> =>
  (await t.db.selectFrom('shipments').select('id').where('type', '=', type).execute()).length;

const KINDS: StockKind[] = ['chemical', 'instrument', 'glassware'];

/** docs/api.md §10: a standing shipment can be undone until SHIPMENT_UNDO_DAYS (7 in tests) after its merge. */
const sevenDaysAfter = (dateTime: string) => new Date(Date.parse(dateTime) + 7 * 86_400_000).toISOString();

describe('credentials (§1.5)', () => {
  it('answers every route with 401 before looking at the id or the body', async () => {
    const stockId = await newRecord('chemical');
    for (const [method, url] of [
      ['GET', staging('chemical')],
      ['POST', staging('instrument')],
      ['GET', staging('glassware', '99999/')],
      ['PATCH', staging('chemical', '99999/')],
      ['PUT', staging('chemical', '99999/')],
      ['DELETE', staging('chemical', '99999/')],
      ['POST', staging('chemical', 'merge/')],
      ['GET', '/api/management/shipments/?type=chemical'],
      ['GET', '/api/management/shipments/'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: { chemical: stockId, quantity: 'x' } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    }
  });
});

describe('staging lines (§6)', () => {
  it.each(KINDS)(
    'creates, lists, reads, changes and deletes %s lines with the nested stock record',
    async (kind) => {
      const first = await newRecord(kind, 3);
      const second = await newRecord(kind, 5);
      const record = (await call('GET', `/api/storeobjects/${STOCK_PATHS[kind]}/${first}/`)).json();

      const created = await stage(kind, first, 2);
      expect(created.statusCode).toBe(201);
      const line = created.json();
      expect(line).toEqual({
        id: expect.any(Number),
        [kind]: record,
        quantity: 2,
        ...(kind !== 'instrument' && { expiry_date: null }),
        unit_price: null,
      });

      const other = (await stage(kind, second, '4')).json();
      expect(other.quantity).toBe(4);
      const list = await call('GET', staging(kind));
      expect(list.statusCode).toBe(200);
      expect(list.json().map((l: { id: number }) => l.id)).toEqual([line.id, other.id]);

      expect((await call('GET', staging(kind, `${line.id}/`))).json()).toEqual(line);

      const patched = await call('PATCH', staging(kind, `${line.id}/`), { quantity: 7 });
      expect(patched.statusCode).toBe(200);
      expect(patched.json()).toEqual({ ...line, quantity: 7 });

      const moved = await call('PATCH', staging(kind, `${line.id}/`), { [kind]: second });
      expect(moved.json()[kind].id).toBe(second);
      expect(moved.json().quantity).toBe(7);

      const replaced = await call('PUT', staging(kind, `${line.id}/`), { [kind]: first, quantity: 1 });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json()).toEqual({ ...line, quantity: 1 });

      expect((await call('DELETE', staging(kind, `${line.id}/`))).statusCode).toBe(204);
      expect((await call('GET', staging(kind, `${line.id}/`))).statusCode).toBe(404);
      expect(await stagedIds(kind)).toEqual([other.id]);
      await call('DELETE', staging(kind, `${other.id}/`));
    },
  );

  it('stages the same stock record on several lines and keeps the stock unchanged until the merge', async () => {
    const id = await newRecord('glassware', 10);
    const a = (await stage('glassware', id, 1)).json();
    const b = (await stage('glassware', id, 2)).json();
    expect(await stagedIds('glassware')).toEqual([a.id, b.id]);
    expect(await stockQuantity('glassware', id)).toBe(10);
    await call('DELETE', staging('glassware', `${a.id}/`));
    await call('DELETE', staging('glassware', `${b.id}/`));
  });

  it('reports every missing field at once, keyed by the kind', async () => {
    for (const kind of KINDS) {
      const response = await call('POST', staging(kind), {});
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        [kind]: ['This field is required.'],
        quantity: ['This field is required.'],
      });
    }
    const line = (await stage('chemical', await newRecord('chemical'), 1)).json();
    const put = await call('PUT', staging('chemical', `${line.id}/`), { quantity: 2 });
    expect(put.json()).toEqual({ chemical: ['This field is required.'] });
    await call('DELETE', staging('chemical', `${line.id}/`));
  });

  it('refuses a reference that is not an existing record of that kind', async () => {
    const instrument = await newRecord('instrument');
    const missing = await call('POST', staging('chemical'), { chemical: 99999, quantity: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ chemical: ['Invalid pk "99999" - object does not exist.'] });
    // An instrument id is not a glassware record.
    const wrongKind = await stage('glassware', instrument + 1000, 1);
    expect(wrongKind.json()).toEqual({
      glassware: [`Invalid pk "${instrument + 1000}" - object does not exist.`],
    });
    const text = await call('POST', staging('instrument'), { instrument: 'abc', quantity: 1 });
    expect(text.json()).toEqual({ instrument: ['Incorrect type. Expected pk value, received str.'] });

    const line = (await stage('instrument', instrument, 1)).json();
    const patch = await call('PATCH', staging('instrument', `${line.id}/`), { instrument: 99999 });
    expect(patch.json()).toEqual({ instrument: ['Invalid pk "99999" - object does not exist.'] });
    await call('DELETE', staging('instrument', `${line.id}/`));
  });

  it.each([
    ['chemical', 0, ['Ensure this value is greater than 0.']],
    ['chemical', -1, ['Ensure this value is greater than 0.']],
    ['chemical', 1.2345, ['Ensure that there are no more than 3 decimal places.']],
    ['chemical', 1_000_000_000.5, ['Ensure this value is less than or equal to 1000000000.']],
    ['chemical', 'lots', ['A valid number is required.']],
    ['chemical', null, ['This field may not be null.']],
    ['instrument', 0, ['Ensure this value is greater than or equal to 1.']],
    ['instrument', 1.5, ['A valid integer is required.']],
    ['glassware', 1_000_000_001, ['Ensure this value is less than or equal to 1000000000.']],
    ['glassware', '2.5', ['A valid integer is required.']],
  ] as const)('refuses a %s quantity of %p', async (kind, quantity, errors) => {
    const response = await stage(kind, await newRecord(kind), quantity as number);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ quantity: errors });
  });

  it.each([
    ['chemical', 0.5, 0.5],
    ['chemical', '12.125', 12.125],
    ['chemical', 1_000_000_000, 1_000_000_000],
    ['instrument', 1, 1],
    ['glassware', 2.0, 2],
    ['glassware', '3', 3],
  ] as const)('accepts a %s quantity of %p', async (kind, quantity, stored) => {
    const response = await stage(kind, await newRecord(kind), quantity);
    expect(response.statusCode).toBe(201);
    expect(response.json().quantity).toBe(stored);
    await call('DELETE', staging(kind, `${response.json().id}/`));
  });

  it('validates a PATCH quantity as on POST', async () => {
    const line = (await stage('instrument', await newRecord('instrument'), 1)).json();
    const response = await call('PATCH', staging('instrument', `${line.id}/`), { quantity: 0 });
    expect(response.json()).toEqual({ quantity: ['Ensure this value is greater than or equal to 1.'] });
    await call('DELETE', staging('instrument', `${line.id}/`));
  });

  it('answers ids that are not positive integers, and unknown ids, with 404', async () => {
    for (const id of ['abc', '1.5', '-1', '0', '99999']) {
      const response = await call('GET', staging('chemical', `${id}/`));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('answers 405 with Allow for unsupported methods', async () => {
    const response = await call('GET', staging('chemical', 'merge/'));
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST, OPTIONS');
  });
});

describe('per-user staging lists', () => {
  it("keeps another user's lines out of sight (404 before any 400) and out of the merge", async () => {
    const other = await t.signedInUser();
    const id = await newRecord('instrument', 1);
    const mine = (await stage('instrument', id, 2)).json();
    const theirs = (await stage('instrument', id, 3, other.token)).json();

    expect(await stagedIds('instrument', other.token)).toEqual([theirs.id]);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { quantity: 'bad' }],
      ['PUT', {}],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(method, staging('instrument', `${mine.id}/`), payload, other.token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }

    const merged = await merge('instrument', other.token);
    expect(merged.statusCode).toBe(201);
    expect(merged.json().instruments).toEqual([expect.objectContaining({ old_total: 1, added_quantity: 3 })]);
    expect(await stagedIds('instrument')).toEqual([mine.id]);
    expect((await call('GET', staging('instrument', `${mine.id}/`))).json().quantity).toBe(2);
    await call('DELETE', staging('instrument', `${mine.id}/`));
  });

  it("removes a user's staging lines with the account", async () => {
    const other = await t.signedInUser();
    await stage('chemical', await newRecord('chemical'), 1, other.token);
    expect(await stagedIds('chemical', other.token)).toHaveLength(1);
    expect((await call('DELETE', `/api/account/users/${other.user.id}/`)).statusCode).toBe(204);
    const left = await t.db
      .selectFrom('chemical_temp_shipment')
      .select('id')
      .where('user_id', '=', other.user.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('merge (§6)', () => {
  it('refuses an empty list without creating a shipment', async () => {
    const before = await shipmentCount('GLASSWARE');
    const response = await merge('glassware');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Nothing to merge.' });
    expect(await shipmentCount('GLASSWARE')).toBe(before);
  });

  it('adds every line to stock, accumulating old_total per record, writes the ledger and empties the list', async () => {
    const ethanol = await newRecord('chemical', 238, unique('Ethanol'));
    const acetone = await newRecord('chemical', 0.1, unique('Acetone'));
    await stage('chemical', ethanol, 12.5);
    await stage('chemical', acetone, 0.2);
    await stage('chemical', ethanol, 0.25);

    const response = await merge('chemical');
    expect(response.statusCode).toBe(201);
    const shipment = response.json();
    expect(shipment).toEqual({
      id: expect.any(Number),
      date_time: expect.any(String),
      reverted_at: null,
      reverted_by: null,
      undo_until: expect.any(String),
      chemicals: expect.any(Array),
    });
    expect(shipment.undo_until).toBe(sevenDaysAfter(shipment.date_time));
    expect(shipment.date_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(
      shipment.chemicals.map((line: { stock_id: number; old_total: number; added_quantity: number }) => [
        line.stock_id,
        line.old_total,
        line.added_quantity,
      ]),
    ).toEqual([
      [ethanol, 238, 12.5],
      [acetone, 0.1, 0.2],
      [ethanol, 250.5, 0.25],
    ]);

    expect(await stockQuantity('chemical', ethanol)).toBe(250.75);
    expect(await stockQuantity('chemical', acetone)).toBe(0.3);
    expect(await stagedIds('chemical')).toEqual([]);

    const entries = await ledger('chemical', ethanol);
    expect(entries.filter((entry) => entry.kind === 'SHIPMENT')).toEqual([
      expect.objectContaining({
        change: 0.25,
        balance: 250.75,
        shipment_id: shipment.id,
        user_email: me.email,
      }),
      expect.objectContaining({
        change: 12.5,
        balance: 250.5,
        shipment_id: shipment.id,
        user_email: me.email,
      }),
    ]);
    await expectLedgerMatchesStock('chemical', ethanol);
    await expectLedgerMatchesStock('chemical', acetone);

    expect((await history('chemical')).json()[0]).toEqual(shipment);
  });

  it('shows the merged quantities in search results', async () => {
    const name = unique('Quinhydrone');
    const id = await newRecord('instrument', 1, name);
    await stage('instrument', id, 4);
    await merge('instrument');
    const results = await t.app.inject({
      method: 'GET',
      url: `/api/management/fuzzysearch/?type=instrument&query=${encodeURIComponent(name)}`,
    });
    expect(results.json()[0]).toEqual(expect.objectContaining({ id, quantity: 5 }));
  });

  it('applies a list once when the same user merges it twice at the same moment', async () => {
    const id = await newRecord('instrument', 2);
    await stage('instrument', id, 3);
    await stage('instrument', id, 4);
    const before = await shipmentCount('INSTRUMENT');

    const responses = await Promise.all([merge('instrument'), merge('instrument')]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400]);
    expect(responses.find((response) => response.statusCode === 400)!.json()).toEqual({
      detail: 'Nothing to merge.',
    });
    expect(await stockQuantity('instrument', id)).toBe(9);
    expect(await shipmentCount('INSTRUMENT')).toBe(before + 1);
    await expectLedgerMatchesStock('instrument', id);
  });

  it('adds exactly 5 when 5 users each merge 1 piece of the same record concurrently', async () => {
    const id = await newRecord('glassware', 10);
    const users = await Promise.all([1, 2, 3, 4, 5].map(() => t.signedInUser()));
    for (const user of users) await stage('glassware', id, 1, user.token);

    const responses = await Promise.all(users.map((user) => merge('glassware', user.token)));
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(await stockQuantity('glassware', id)).toBe(15);
    const oldTotals = responses.map((response) => response.json().glasswares[0].old_total).sort();
    expect(oldTotals).toEqual([10, 11, 12, 13, 14]);
    await expectLedgerMatchesStock('glassware', id);
  });

  it('refuses a merge that would take a record above 1,000,000,000 and changes nothing', async () => {
    const small = await newRecord('instrument', 1);
    const full = await newRecord('instrument', 999_999_999, unique('Centrifuge'));
    await stage('instrument', small, 1);
    await stage('instrument', full, 1);
    await stage('instrument', full, 1);
    const before = await shipmentCount('INSTRUMENT');

    const response = await merge('instrument');
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toMatch(/^Centrifuge \d+: the stock would exceed 1000000000 pieces\.$/);
    expect(await stockQuantity('instrument', small)).toBe(1);
    expect(await stockQuantity('instrument', full)).toBe(999_999_999);
    expect(await stagedIds('instrument')).toHaveLength(3);
    expect(await shipmentCount('INSTRUMENT')).toBe(before);
    for (const id of await stagedIds('instrument')) await call('DELETE', staging('instrument', `${id}/`));
  });

  describe('a merge that fails in the middle', () => {
    const postgres = Boolean(process.env.TEST_DATABASE_URL);
    // The database refuses the second SHIPMENT ledger entry of a shipment: by then the shipment, its lines and
    // the stock updates have been written inside the transaction.
    beforeAll(async () => {
      if (postgres) {
        await sql`create function fail_second_shipment_entry() returns trigger language plpgsql as $$
          begin
            if (select count(*) from stock_ledger where shipment_id = new.shipment_id) >= 1 then
              raise exception 'injected failure';
            end if;
            return new;
          end $$`.execute(t.db);
        await sql`create trigger fail_second_shipment_entry before insert on stock_ledger for each row
          when (new.kind = 'SHIPMENT') execute function fail_second_shipment_entry()`.execute(t.db);
      } else {
        await sql`create trigger fail_second_shipment_entry before insert on stock_ledger
          when new.kind = 'SHIPMENT' and (select count(*) from stock_ledger where shipment_id = new.shipment_id) >= 1
          begin select raise(abort, 'injected failure'); end`.execute(t.db);
      }
    });
    afterAll(async () => {
      await sql`drop trigger fail_second_shipment_entry${sql.raw(postgres ? ' on stock_ledger' : '')}`.execute(
        t.db,
      );
      if (postgres) await sql`drop function fail_second_shipment_entry()`.execute(t.db);
    });

    it('leaves stock, ledger, shipments and the staging list unchanged', async () => {
      const first = await newRecord('chemical', 5);
      const second = await newRecord('chemical', 7);
      await stage('chemical', first, 1.5);
      await stage('chemical', second, 2);
      const lines = await stagedIds('chemical');
      const shipmentsBefore = await shipmentCount('CHEMICAL');
      const changesBefore = (await t.db.selectFrom('search_changes').select('seq').execute()).length;

      const response = await merge('chemical');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'Internal server error.' });

      expect(await stockQuantity('chemical', first)).toBe(5);
      expect(await stockQuantity('chemical', second)).toBe(7);
      expect((await ledger('chemical', first)).map((entry) => entry.kind)).toEqual(['ADJUSTMENT']);
      expect((await ledger('chemical', second)).map((entry) => entry.kind)).toEqual(['ADJUSTMENT']);
      expect(await stagedIds('chemical')).toEqual(lines);
      expect(await shipmentCount('CHEMICAL')).toBe(shipmentsBefore);
      expect(
        await t.db
          .selectFrom('shipment_lines')
          .select('id')
          .where('stock_id', 'in', [first, second])
          .execute(),
      ).toEqual([]);
      expect((await t.db.selectFrom('search_changes').select('seq').execute()).length).toBe(changesBefore);
      for (const id of lines) await call('DELETE', staging('chemical', `${id}/`));
    });
  });
});

describe('shipment history (§7)', () => {
  it.each(['', '?type=', '?type=plasma', '?type=chemicals'])('refuses %p', async (query) => {
    const response = await call('GET', `/api/management/shipments/${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ type: ['Expected one of: chemical, instrument, glassware.'] });
  });

  it('lists every kind newest first, with plain names, stock ids and the values at merge time', async () => {
    const other = await t.signedInUser();
    const instrument = await newRecord('instrument', 1, unique('Spectrophotometer'));
    await stage('instrument', instrument, 2);
    const older = (await merge('instrument')).json();
    await stage('instrument', instrument, 5, other.token);
    const newer = (await merge('instrument', other.token)).json();

    const response = await history('INSTRUMENT');
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((shipment: { id: number }) => shipment.id).slice(0, 2)).toEqual([newer.id, older.id]);
    expect(list[1]).toEqual({
      id: older.id,
      date_time: older.date_time,
      reverted_at: null,
      reverted_by: null,
      undo_until: sevenDaysAfter(older.date_time),
      instruments: [
        {
          stock_id: instrument,
          name: expect.stringMatching(/^Spectrophotometer \d+$/),
          manufacturer: 'Shimadzu',
          supplier: 'Daraz',
          old_total: 1,
          added_quantity: 2,
        },
      ],
    });
    expect(list[0].instruments[0]).toEqual(expect.objectContaining({ old_total: 3, added_quantity: 5 }));

    const glassware = await newRecord('glassware', 10, unique('Beaker'));
    await stage('glassware', glassware, 10);
    const merged = (await merge('glassware')).json();
    expect((await history('Glassware')).json()[0]).toEqual({
      id: merged.id,
      date_time: merged.date_time,
      reverted_at: null,
      reverted_by: null,
      undo_until: sevenDaysAfter(merged.date_time),
      glasswares: [
        {
          stock_id: glassware,
          name: expect.stringMatching(/^Beaker \d+$/),
          manufacturer: 'Pyrex',
          supplier: 'Daraz',
          size: 250,
          material_type: 'Borosilicate',
          old_total: 10,
          added_quantity: 10,
        },
      ],
    });
  });

  it("shows a chemical line's current descriptive values", async () => {
    const id = await newRecord('chemical', 1);
    await stage('chemical', id, 2.5);
    const shipment = (await merge('chemical')).json();
    expect(shipment.chemicals[0]).toEqual({
      stock_id: id,
      CAS_RN: '64-17-5',
      name: expect.any(String),
      molecular_formula: 'C2H6O',
      molecular_weight: 46.069,
      purity: 99,
      manufacturer: 'Merck',
      supplier: 'Daraz',
      state: 'LIQUID',
      old_total: 1,
      added_quantity: 2.5,
    });
    await renameChemical(t.db, id, 'Ethyl alcohol (renamed)');
    const listed = (await history('chemical')).json().find((s: { id: number }) => s.id === shipment.id);
    expect(listed.chemicals[0]).toEqual({ ...shipment.chemicals[0], name: 'Ethyl alcohol (renamed)' });
  });
});

describe('deleting stock records that shipments refer to (§4.7)', () => {
  it('refuses with 409 while a record is staged or in a shipment, and allows it once neither holds', async () => {
    for (const kind of KINDS) {
      const id = await newRecord(kind, 1);
      await stage(kind, id, 1);
      const staged = await call('DELETE', `/api/storeobjects/${STOCK_PATHS[kind]}/${id}/`);
      expect(staged.statusCode).toBe(409);
      expect(staged.json().detail).toContain("a user's shipment staging list");

      await merge(kind);
      const merged = await call('DELETE', `/api/storeobjects/${STOCK_PATHS[kind]}/${id}/`);
      expect(merged.statusCode).toBe(409);
      expect(merged.json().detail).toContain('shipment history');
      expect(merged.json().detail).not.toContain('staging');
      expect(await stockQuantity(kind, id)).toBe(2);
    }
    const unused = await newRecord('instrument');
    const line = (await stage('instrument', unused, 1)).json();
    await call('DELETE', staging('instrument', `${line.id}/`));
    expect((await call('DELETE', `/api/storeobjects/instrumentobjs/${unused}/`)).statusCode).toBe(204);
  });

  it('records each shipment as a SHIPMENT entry of the record type', async () => {
    const id = await newRecord('glassware', 0);
    await stage('glassware', id, 6);
    const shipment = (await merge('glassware')).json();
    const entries = await ledger('glassware', id);
    expect(entries).toEqual([
      expect.objectContaining({ kind: 'SHIPMENT', change: 6, balance: 6, shipment_id: shipment.id }),
    ]);
  });
});
