import { messages } from '../../validation/errors';
import { authHeader, buildTestApp, requestHelper, type TestApp } from '../../testing/testApp';

// Expiry dates, 'opened on' and minimum quantities on stock records (docs/api.md §11).

let t: TestApp;
let token: string;
const call = requestHelper(
  () => t,
  () => token,
);

beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await t.signedInUser());
});
afterAll(() => t.close());

const CHEMICALS = '/api/storeobjects/chemicalobjs/';
const INSTRUMENTS = '/api/storeobjects/instrumentobjs/';
const GLASSWARES = '/api/storeobjects/glasswareobjs/';

let names = 0;
const chemical = (fields: object = {}) => ({
  name: `Acetone ${++names}`,
  CAS_RN: '67-64-1',
  molecular_formula: 'C3H6O',
  purity: 99,
  manufacturer: 'Merck',
  supplier: 'Daraz',
  state: 'LIQUID',
  quantity: 100,
  ...fields,
});
const instrument = (fields: object = {}) => ({
  name: `Balance ${++names}`,
  manufacturer: 'Mettler',
  supplier: 'Daraz',
  quantity: 2,
  ...fields,
});
const glassware = (fields: object = {}) => ({
  name: `Flask ${++names}`,
  manufacturer: 'Pyrex',
  supplier: 'Daraz',
  size: 500,
  material_type: 'Borosilicate',
  quantity: 10,
  ...fields,
});

async function created(url: string, body: object) {
  const response = await call('POST', url, body);
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('the new fields on stock records', () => {
  it('are stored and returned in API units, and null when not sent', async () => {
    const chem = await created(
      CHEMICALS,
      chemical({ expiry_date: '2027-03-31', opened_on: '2026-01-15', minimum_quantity: 250.125 }),
    );
    expect(chem).toMatchObject({
      expiry_date: '2027-03-31',
      opened_on: '2026-01-15',
      minimum_quantity: 250.125,
    });
    expect((await call('GET', `${CHEMICALS}${chem.id}/`)).json()).toMatchObject({
      expiry_date: '2027-03-31',
      opened_on: '2026-01-15',
      minimum_quantity: 250.125,
    });

    const inst = await created(INSTRUMENTS, instrument({ minimum_quantity: 3, expiry_date: '2027-01-01' }));
    expect(inst.minimum_quantity).toBe(3);
    expect(inst).not.toHaveProperty('expiry_date');

    const glass = await created(GLASSWARES, glassware({ expiry_date: '2030-12-31', minimum_quantity: 0 }));
    expect(glass).toMatchObject({ expiry_date: '2030-12-31', minimum_quantity: 0 });
    expect(glass).not.toHaveProperty('opened_on');

    const plain = await created(CHEMICALS, chemical());
    expect(plain).toMatchObject({ expiry_date: null, opened_on: null, minimum_quantity: null });
  });

  it('appear in the lists, paged or not', async () => {
    const glass = await created(GLASSWARES, glassware({ expiry_date: '2028-02-29', minimum_quantity: 4 }));
    const all = (await call('GET', GLASSWARES)).json() as { id: number }[];
    expect(all.find((record) => record.id === glass.id)).toMatchObject({
      expiry_date: '2028-02-29',
      minimum_quantity: 4,
    });
    const page = (await call('GET', `${GLASSWARES}?limit=100`)).json() as { results: { id: number }[] };
    expect(page.results.find((record) => record.id === glass.id)).toMatchObject({
      expiry_date: '2028-02-29',
    });
  });

  it('keep their values when a write leaves them out, and are cleared by null', async () => {
    const chem = await created(CHEMICALS, chemical({ expiry_date: '2027-03-31', minimum_quantity: 50 }));
    // An old client's PUT: every §4.3 field, none of the new ones.
    const replaced = await call(
      'PUT',
      `${CHEMICALS}${chem.id}/`,
      chemical({ name: chem.chemical.name, quantity: 80 }),
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ quantity: 80, expiry_date: '2027-03-31', minimum_quantity: 50 });

    const patched = await call('PATCH', `${CHEMICALS}${chem.id}/`, {
      expiry_date: null,
      opened_on: '2026-06-01',
    });
    expect(patched.json()).toMatchObject({
      expiry_date: null,
      opened_on: '2026-06-01',
      minimum_quantity: 50,
    });
  });

  it('are audited when they change', async () => {
    const inst = await created(INSTRUMENTS, instrument());
    await call('PATCH', `${INSTRUMENTS}${inst.id}/`, { minimum_quantity: 5 });
    const audit = (
      await call(
        'GET',
        `/api/management/audit/?target_type=instrument&target_id=${inst.id}&action=stock.updated`,
      )
    ).json() as { results: { changes: Record<string, unknown> }[] };
    expect(audit.results[0].changes).toEqual({ minimum_quantity: [null, 5] });
  });
});

describe('validation', () => {
  const dateMessage = messages.stockDate;

  it.each([
    ['2026-02-30', 'no such day'],
    ['1899-12-31', 'before 1900'],
    ['31/03/2027', 'another format'],
    ['2027-3-31', 'no leading zero'],
    ['2027-03-31T00:00:00Z', 'a date and time'],
  ])('refuses the date %s (%s), keyed by the field', async (value) => {
    const response = await call('POST', CHEMICALS, chemical({ expiry_date: value, opened_on: value }));
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ expiry_date: [dateMessage], opened_on: [dateMessage] });
  });

  it('accepts 1900-01-01 and leap days', async () => {
    expect((await call('POST', GLASSWARES, glassware({ expiry_date: '1900-01-01' }))).statusCode).toBe(201);
    expect((await call('POST', GLASSWARES, glassware({ expiry_date: '2028-02-29' }))).statusCode).toBe(201);
  });

  it('holds minimums to zero or more with the kind’s precision', async () => {
    const negative = await call('POST', CHEMICALS, chemical({ minimum_quantity: -1 }));
    expect(negative.json()).toEqual({ minimum_quantity: [messages.minimum(0)] });
    const tooFine = await call('POST', CHEMICALS, chemical({ minimum_quantity: 0.0005 }));
    expect(tooFine.json()).toEqual({ minimum_quantity: [messages.decimals(3)] });
    const halfPiece = await call('POST', INSTRUMENTS, instrument({ minimum_quantity: 1.5 }));
    expect(halfPiece.json()).toEqual({ minimum_quantity: [messages.integer] });
    const notANumber = await call('PATCH', `${GLASSWARES}${(await created(GLASSWARES, glassware())).id}/`, {
      minimum_quantity: 'lots',
    });
    expect(notANumber.json()).toEqual({ minimum_quantity: [messages.integer] });
  });
});

describe('staging lines carry the expiry date of what arrives', () => {
  const STAGING = '/api/management/chemical-temp-shipment/';

  it('is returned on the line, validated, and set on the record by the merge', async () => {
    const chem = await created(CHEMICALS, chemical({ expiry_date: '2026-12-31', quantity: 0 }));
    const refused = await call('POST', STAGING, {
      chemical: chem.id,
      quantity: 5,
      expiry_date: '2026-13-01',
    });
    expect(refused.json()).toEqual({ expiry_date: [messages.stockDate] });

    const first = await call('POST', STAGING, { chemical: chem.id, quantity: 5, expiry_date: '2027-06-30' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ quantity: 5, expiry_date: '2027-06-30' });
    // A later line without a date leaves the staged one standing.
    const second = (await call('POST', STAGING, { chemical: chem.id, quantity: 1 })).json();
    expect(second.expiry_date).toBeNull();
    const patched = await call('PATCH', `${STAGING}${first.json().id}/`, { expiry_date: '2027-09-30' });
    expect(patched.json()).toMatchObject({ expiry_date: '2027-09-30' });

    expect((await call('POST', `${STAGING}merge/`)).statusCode).toBe(201);
    expect((await call('GET', `${CHEMICALS}${chem.id}/`)).json()).toMatchObject({
      quantity: 6,
      expiry_date: '2027-09-30',
    });
  });

  it('leaves the record’s date alone when no line gives one', async () => {
    const glass = await created(GLASSWARES, glassware({ expiry_date: '2029-01-01' }));
    const staging = '/api/management/glassware-temp-shipment/';
    const line = (await call('POST', staging, { glassware: glass.id, quantity: 2 })).json();
    expect(line.expiry_date).toBeNull();
    await call('POST', `${staging}merge/`);
    expect((await call('GET', `${GLASSWARES}${glass.id}/`)).json().expiry_date).toBe('2029-01-01');
  });

  it('audits the date a merge gives a record, as stock.updated, and nothing when the date stays', async () => {
    const audit = async (type: string, id: number) =>
      (
        await call('GET', `/api/management/audit/?action=stock.updated&target_type=${type}&target_id=${id}`)
      ).json().results;
    const chem = await created(CHEMICALS, chemical({ expiry_date: '2026-12-31', quantity: 0 }));
    const glass = await created(GLASSWARES, glassware({ expiry_date: '2029-01-01' }));
    await call('POST', STAGING, { chemical: chem.id, quantity: 5, expiry_date: '2027-06-30' });
    await call('POST', '/api/management/glassware-temp-shipment/', {
      glassware: glass.id,
      quantity: 2,
      expiry_date: '2029-01-01',
    });
    expect((await call('POST', `${STAGING}merge/`)).statusCode).toBe(201);
    expect((await call('POST', '/api/management/glassware-temp-shipment/merge/')).statusCode).toBe(201);

    expect(await audit('chemical', chem.id)).toEqual([
      expect.objectContaining({
        action: 'stock.updated',
        target_type: 'chemical',
        target_id: chem.id,
        target_label: `${chem.chemical.name} 99% Merck/Daraz (chemical #${chem.id})`,
        // The quantity the merge added is the ledger's SHIPMENT entry.
        changes: { expiry_date: ['2026-12-31', '2027-06-30'] },
        authenticated: true,
      }),
    ]);
    // The glassware's date was already the staged one.
    expect(await audit('glassware', glass.id)).toEqual([]);
  });

  it('has no expiry date on instrument lines', async () => {
    const inst = await created(INSTRUMENTS, instrument());
    const line = await t.app.inject({
      method: 'POST',
      url: '/api/management/instrument-temp-shipment/',
      payload: { instrument: inst.id, quantity: 1, expiry_date: '2027-01-01' },
      headers: authHeader(token),
    });
    expect(line.statusCode).toBe(201);
    expect(line.json()).not.toHaveProperty('expiry_date');
  });
});
