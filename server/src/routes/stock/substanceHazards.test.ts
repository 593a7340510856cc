import fs from 'node:fs';
import { postUpload } from '../../testing/multipart';
import { authHeader, buildTestApp, requestHelper, type TestApp } from '../../testing/testApp';

// Hazards belong to the substance (issue 33, item 5; docs/api.md §16): every record of a chemical shows the hazard
// data of its chemical entry, a write to one record's hazards is a write to all of them, and a chemical's page
// offers the safety data sheets linked to any record of the substance.

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
afterAll(async () => {
  await t.close();
  fs.rmSync(t.config.dataDir, { recursive: true, force: true });
});

const CHEMICALS = '/api/storeobjects/chemicalobjs/';

let names = 0;
/** A new substance's name, so that each test starts with records of its own. */
const substance = () => `Dichloromethane ${++names}`;

const record = (name: string, manufacturer: string, fields: object = {}) => ({
  name,
  CAS_RN: '75-09-2',
  molecular_formula: 'CH2Cl2',
  purity: 99.8,
  manufacturer,
  supplier: 'Daraz',
  state: 'LIQUID',
  quantity: 1000,
  ...fields,
});

async function created(body: object) {
  const response = await call('POST', CHEMICALS, body);
  expect(response.statusCode).toBe(201);
  return response.json();
}

/** A record as the public reads it: its page, the Store's list. */
async function publicRead(id: number) {
  const response = await t.app.inject({ method: 'GET', url: `${CHEMICALS}${id}/` });
  expect(response.statusCode).toBe(200);
  return { record: response.json(), etag: response.headers.etag };
}

const DICHLOROMETHANE_HAZARDS = {
  hazard_statements: ['H315', 'H319', 'H336', 'H351'],
  signal_word: 'WARNING',
  pictograms: ['GHS07', 'GHS08'],
};

describe('hazard data of a substance', () => {
  it("shows on a second record of the substance, created without any (the first one's hazards)", async () => {
    const name = substance();
    const first = await created(
      record(name, 'Merck', { hazard_statements: ['H351', 'H336', 'H319', 'H315'] }),
    );
    const second = await created(record(name, 'Sigma'));

    expect(second).toMatchObject(DICHLOROMETHANE_HAZARDS);
    expect((await publicRead(second.id)).record).toMatchObject(DICHLOROMETHANE_HAZARDS);
    expect((await publicRead(first.id)).record).toMatchObject(DICHLOROMETHANE_HAZARDS);
    const list = (await t.app.inject({ method: 'GET', url: CHEMICALS })).json() as { id: number }[];
    expect(list.find((listed) => listed.id === second.id)).toMatchObject(DICHLOROMETHANE_HAZARDS);
  });

  it("changes on every record when one record's hazards are edited, with their versions", async () => {
    const name = substance();
    const first = await created(record(name, 'Merck'));
    const second = await created(record(name, 'Sigma'));
    const before = await publicRead(first.id);
    expect(before.record).toMatchObject({ hazard_statements: [], signal_word: null, pictograms: [] });
    const newest = async (table: 'change_events' | 'search_changes') =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.max('seq').as('seq'))
            .executeTakeFirstOrThrow()
        ).seq ?? 0,
      );
    const eventsBefore = await newest('change_events');
    const searchBefore = await newest('search_changes');

    const edited = await call('PATCH', `${CHEMICALS}${second.id}/`, {
      hazard_statements: ['H315', 'H319', 'H336', 'H351'],
    });
    expect(edited.statusCode).toBe(200);

    const after = await publicRead(first.id);
    expect(after.record).toMatchObject(DICHLOROMETHANE_HAZARDS);
    // Open pages hear that the other record changed (§27), and the search reads it again.
    const events = await t.db
      .selectFrom('change_events')
      .select(['topic', 'action', 'ids'])
      .where('seq', '>', eventsBefore)
      .execute();
    expect(
      events.some(
        (event) =>
          event.topic === 'chemical' &&
          event.action === 'updated' &&
          (JSON.parse(event.ids) as number[]).includes(first.id),
      ),
    ).toBe(true);
    const noted = await t.db
      .selectFrom('search_changes')
      .select('object_id')
      .where('seq', '>', searchBefore)
      .where('object_type', '=', 'CHEMICAL')
      .execute();
    expect(noted.map((note) => note.object_id)).toContain(first.id);
    // What it shows changed, so a form opened on it before is out of date (If-Match, docs/api.md §28).
    expect(after.etag).not.toBe(before.etag);
    const stale = await call(
      'PATCH',
      `${CHEMICALS}${first.id}/`,
      { storage_place: 'Cabinet B2' },
      {
        ...authHeader(token),
        'if-match': before.etag as string,
      },
    );
    expect(stale.statusCode).toBe(412);

    const overridden = await call('PATCH', `${CHEMICALS}${first.id}/`, { signal_word: 'DANGER' });
    expect(overridden.statusCode).toBe(200);
    expect((await publicRead(second.id)).record).toMatchObject({
      signal_word: 'DANGER',
      signal_word_overridden: true,
    });
  });

  it("keeps a record's storage classes its own", async () => {
    const name = substance();
    const acid = await created(record(name, 'Merck', { storage_classes: ['ACID'] }));
    const other = await created(record(name, 'Sigma'));
    expect((await publicRead(acid.id)).record.storage_classes).toEqual(['ACID']);
    expect((await publicRead(other.id)).record.storage_classes).toEqual([]);
  });

  it('follow a record renamed to another substance: it shows that one’s hazards', async () => {
    const flammable = substance();
    await created(record(flammable, 'Merck', { hazard_statements: ['H225'] }));
    const moved = await created(record(substance(), 'Sigma', { hazard_statements: ['H351'] }));

    const renamed = await call('PATCH', `${CHEMICALS}${moved.id}/`, { name: flammable });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ hazard_statements: ['H225'], signal_word: 'DANGER' });
  });
});

describe("a chemical's files (GET /api/storeobjects/chemicalobjs/{id}/files/)", () => {
  it("list the safety data sheets linked to any record of the substance, not the others' other files", async () => {
    const name = substance();
    const linked = await created(record(name, 'Merck'));
    const sibling = await created(record(name, 'Sigma'));
    const category = async (categoryName: string) => {
      const response = await call('POST', '/api/filemanager/categories/', { name: categoryName });
      expect(response.statusCode).toBe(201);
      return String(response.json().id);
    };
    const sds = await category('SDS');
    const other = await category(`Certificates ${name}`);
    const upload = async (fileName: string, categoryId: string) => {
      const response = await postUpload(
        t.app,
        [
          ['file', 'content', fileName],
          ['categories', categoryId],
          ['chemicals', String(linked.id)],
        ],
        authHeader(token),
      );
      expect(response.statusCode).toBe(201);
      return response.json().id as number;
    };
    const sheet = await upload('dcm_sds.pdf', sds);
    await upload('dcm_certificate.pdf', other);

    const files = await t.app.inject({ method: 'GET', url: `${CHEMICALS}${sibling.id}/files/` });
    expect(files.statusCode).toBe(200);
    expect(files.json()).toEqual([expect.objectContaining({ id: sheet, safety_data_sheet: true })]);
  });
});
