import { multipartBody } from '../../testing/multipart';
import { authHeader, buildTestApp, requestHelper, type TestApp } from '../../testing/testApp';

// Hazard data on chemical stock records (docs/api.md, 'Hazard data').

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

async function created(body: object, url = CHEMICALS) {
  const response = await call('POST', url, body);
  expect(response.statusCode).toBe(201);
  return response.json();
}

const NO_HAZARDS = {
  hazard_statements: [],
  signal_word: null,
  signal_word_overridden: false,
  pictograms: [],
  storage_classes: [],
};

describe('hazard fields on chemical records', () => {
  it('derive the pictograms and the signal word from the H-codes, which are kept once each in code order', async () => {
    const record = await created(chemical({ hazard_statements: ['h319', 'H225', 'H336', 'H225'] }));
    expect(record).toMatchObject({
      hazard_statements: ['H225', 'H319', 'H336'],
      signal_word: 'DANGER',
      signal_word_overridden: false,
      pictograms: ['GHS02', 'GHS07'],
      storage_classes: [],
    });
    expect((await call('GET', `${CHEMICALS}${record.id}/`)).json()).toMatchObject({
      hazard_statements: ['H225', 'H319', 'H336'],
      pictograms: ['GHS02', 'GHS07'],
    });
  });

  it('take a comma-separated text as a spreadsheet cell holds it', async () => {
    const record = await created(
      chemical({ hazard_statements: 'H314, h290', storage_classes: 'acid,AQUEOUS' }),
    );
    expect(record).toMatchObject({
      hazard_statements: ['H290', 'H314'],
      signal_word: 'DANGER',
      pictograms: ['GHS05'],
      storage_classes: ['ACID', 'AQUEOUS'],
    });
  });

  it('are empty on a record created by a client that never sends them, and kept by its PUT', async () => {
    const plain = await created(chemical());
    expect(plain).toMatchObject(NO_HAZARDS);

    const marked = await created(
      chemical({ hazard_statements: ['H271'], signal_word: 'WARNING', storage_classes: ['ACID'] }),
    );
    // Every §4.3 field, none of the hazard ones.
    const oldPut = chemical({ name: marked.chemical.name, quantity: 5 });
    const put = await call('PUT', `${CHEMICALS}${marked.id}/`, oldPut);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      quantity: 5,
      hazard_statements: ['H271'],
      signal_word: 'WARNING',
      signal_word_overridden: true,
      pictograms: ['GHS03'],
      storage_classes: ['ACID'],
    });
  });

  it('keep the CLP lettered codes as written, H360FD and H360Fd apart, and refuse a spelling that could be either', async () => {
    const record = await created(chemical({ hazard_statements: ['H360Fd', 'h350I', 'H360FD', 'h361fd'] }));
    expect(record).toMatchObject({
      hazard_statements: ['H350i', 'H360FD', 'H360Fd', 'H361fd'],
      signal_word: 'DANGER',
      pictograms: ['GHS08'],
    });
    const ambiguous = await call('PATCH', `${CHEMICALS}${record.id}/`, { hazard_statements: ['h360fd'] });
    expect(ambiguous.json()).toEqual({ hazard_statements: ['"h360fd" is not a valid choice.'] });
  });

  it('are cleared by null or an empty list', async () => {
    const record = await created(chemical({ hazard_statements: ['H225'], storage_classes: ['BASE'] }));
    const cleared = await call('PATCH', `${CHEMICALS}${record.id}/`, {
      hazard_statements: null,
      storage_classes: [],
    });
    expect(cleared.json()).toMatchObject(NO_HAZARDS);
  });

  it('refuse unknown codes and classes, keyed by their field, with every other error at once', async () => {
    const response = await call(
      'POST',
      CHEMICALS,
      chemical({
        hazard_statements: ['H225', 'H999', 'EUH066'],
        storage_classes: ['SALT'],
        signal_word: 'CAUTION',
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      hazard_statements: ['"H999" is not a valid choice.', '"EUH066" is not a valid choice.'],
      storage_classes: ['"SALT" is not a valid choice.'],
      signal_word: ['"CAUTION" is not a valid choice.'],
    });
    expect((await call('POST', CHEMICALS, chemical({ hazard_statements: [7] }))).json()).toEqual({
      hazard_statements: ['Not a valid string.'],
    });
  });
});

describe('the signal word', () => {
  it('follows the codes while derived', async () => {
    const record = await created(chemical({ hazard_statements: ['H226'] }));
    expect(record.signal_word).toBe('WARNING');
    const patched = await call('PATCH', `${CHEMICALS}${record.id}/`, { hazard_statements: ['H226', 'H318'] });
    expect(patched.json()).toMatchObject({ signal_word: 'DANGER', signal_word_overridden: false });
  });

  it('is overridden by an explicit value, which stays while the codes change, until DERIVED', async () => {
    const record = await created(chemical({ hazard_statements: ['H228'], signal_word: 'warning' }));
    expect(record).toMatchObject({ signal_word: 'WARNING', signal_word_overridden: true });
    const url = `${CHEMICALS}${record.id}/`;
    expect((await call('PATCH', url, { hazard_statements: ['H228', 'H301'] })).json()).toMatchObject({
      signal_word: 'WARNING',
      signal_word_overridden: true,
    });
    expect((await call('PATCH', url, { signal_word: 'DERIVED' })).json()).toMatchObject({
      signal_word: 'DANGER',
      signal_word_overridden: false,
    });
  });

  it('is none when null is sent, though the codes call for one', async () => {
    const record = await created(chemical({ hazard_statements: ['H302'], signal_word: null }));
    expect(record).toMatchObject({ signal_word: null, signal_word_overridden: true, pictograms: ['GHS07'] });
  });

  it('stays derived when a client sends back the value it read', async () => {
    const record = await created(chemical({ hazard_statements: ['H225'] }));
    const url = `${CHEMICALS}${record.id}/`;
    expect((await call('PATCH', url, { signal_word: record.signal_word })).json()).toMatchObject({
      signal_word: 'DANGER',
      signal_word_overridden: false,
    });
    // Derived, it follows the codes again.
    expect((await call('PATCH', url, { hazard_statements: ['H226'] })).json().signal_word).toBe('WARNING');
  });
});

describe('every chemical shape', () => {
  it('carries the hazard fields: the management list, pages, search results and staging lines', async () => {
    const record = await created(
      chemical({ name: 'Hydrogen peroxide 30', hazard_statements: ['H271', 'H302', 'H318'] }),
      '/api/management/chemicals/',
    );
    const expected = {
      id: record.id,
      hazard_statements: ['H271', 'H302', 'H318'],
      signal_word: 'DANGER',
      pictograms: ['GHS03', 'GHS05', 'GHS07'],
    };
    const list = (await call('GET', '/api/management/chemicals/')).json();
    expect(list.find((item: { id: number }) => item.id === record.id)).toMatchObject(expected);
    const page = (await call('GET', `${CHEMICALS}?limit=1&search=peroxide`)).json();
    expect(page.results[0]).toMatchObject(expected);
    const search = (
      await call('GET', '/api/management/fuzzysearch/?query=Hydrogen%20peroxide&type=chemical')
    ).json();
    expect(search[0]).toMatchObject(expected);

    const line = await call('POST', '/api/management/chemical-temp-shipment/', {
      chemical: record.id,
      quantity: 5,
    });
    expect(line.statusCode).toBe(201);
    expect(line.json().chemical).toMatchObject(expected);
  });

  it('audits a change of hazard data', async () => {
    const record = await created(chemical());
    await call('PATCH', `${CHEMICALS}${record.id}/`, { hazard_statements: ['H225'] });
    const audit = (await call('GET', '/api/management/audit/?action=stock.updated&limit=1')).json();
    expect(audit.results[0].changes).toMatchObject({
      hazard_statements: [null, ['H225']],
      signal_word: [null, 'DANGER'],
    });
  });
});

describe('the chemical import', () => {
  async function uploadChemicals(csv: string) {
    const body = await multipartBody([['file', csv, 'chemicals.csv']]);
    return t.app.inject({
      method: 'POST',
      url: '/api/management/chemical-imports/',
      payload: body.payload,
      headers: { ...authHeader(token), ...body.headers },
    });
  }

  it('reads the hazard columns of a spreadsheet, blank cells giving none', async () => {
    const csv =
      'name;CAS RN;molecular formula;purity;manufacturer;supplier;state;quantity;hazard statements;signal word;storage classes\r\n' +
      'Imported nitric acid;7697-37-2;HNO3;65;Merck;Daraz;LIQUID;500;"H272, H290, H314";;acid,aqueous\r\n' +
      'Imported hexane;110-54-3;C6H14;95;Merck;Daraz;LIQUID;1000;H225 , H304,H315,H336,H361,H373,H411;warning;\r\n' +
      'Imported salt;7647-14-5;NaCl;99;Merck;Daraz;SOLID;100;;;\r\n';
    const upload = await uploadChemicals(csv);
    expect(upload.statusCode).toBe(201);
    expect(upload.json().mapping).toMatchObject({
      hazard_statements: 8,
      signal_word: 9,
      storage_classes: 10,
    });
    const commit = await call('POST', `/api/management/imports/${upload.json().id}/commit/`, {});
    expect(commit.statusCode).toBe(200);

    const page = (await call('GET', `${CHEMICALS}?limit=10&search=imported&ordering=name`)).json();
    expect(page.results).toMatchObject([
      {
        chemical: { name: 'Imported hexane' },
        hazard_statements: ['H225', 'H304', 'H315', 'H336', 'H361', 'H373', 'H411'],
        signal_word: 'WARNING',
        signal_word_overridden: true,
        pictograms: ['GHS02', 'GHS07', 'GHS08', 'GHS09'],
        storage_classes: [],
      },
      {
        chemical: { name: 'Imported nitric acid' },
        hazard_statements: ['H272', 'H290', 'H314'],
        signal_word: 'DANGER',
        pictograms: ['GHS03', 'GHS05'],
        storage_classes: ['ACID', 'AQUEOUS'],
      },
      { chemical: { name: 'Imported salt' }, ...NO_HAZARDS },
    ]);
  });

  it('reports an unknown code in its cell', async () => {
    const csv =
      'name,CAS RN,molecular formula,purity,manufacturer,supplier,state,hazard_statements\r\n' +
      'Bad codes,64-17-5,C2H6O,99,Merck,Daraz,LIQUID,"H225,H2255"\r\n';
    const upload = await uploadChemicals(csv);
    const preview = await call('POST', `/api/management/imports/${upload.json().id}/preview/`, {});
    expect(preview.json().rows[0].errors).toEqual({ hazard_statements: ['"H2255" is not a valid choice.'] });
  });
});
