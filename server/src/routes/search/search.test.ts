import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { pruneJobs } from '../../services/housekeeping';
import {
  deleteStock,
  insertChemicalStock,
  insertGlasswareStock,
  insertInstrumentStock,
  renameChemical,
} from '../../testing/stockRows';
import { callAs } from '../../testing/requestApi';
import { createStockRecord } from '../../testing/stockApi';
import { buildTestApp, type TestApp } from '../../testing/testApp';

let t: TestApp;
const ids = {} as Record<
  | 'ethanolMerck'
  | 'ethanolSigma'
  | 'methanol'
  | 'sodiumChloride'
  | 'copperSulfate'
  | 'spectrophotometer'
  | 'ethanolStill'
  | 'beaker'
  | 'volumetricFlask'
  | 'ethanolBottle',
  number
>;

beforeAll(async () => {
  t = await buildTestApp();
  ids.ethanolMerck = await insertChemicalStock(t.db, {
    name: 'Ethanol',
    CAS_RN: '64-17-5',
    molecular_formula: 'C2H6O',
    purity: 99.5,
    manufacturer: 'Merck',
    supplier: 'Daraz',
    state: 'LIQUID',
    quantity: 250.5,
  });
  ids.ethanolSigma = await insertChemicalStock(t.db, {
    name: 'Ethanol',
    CAS_RN: '64-17-5',
    molecular_formula: 'C2H6O',
    manufacturer: 'Sigma-Aldrich',
  });
  ids.methanol = await insertChemicalStock(t.db, {
    name: 'Methanol',
    CAS_RN: '67-56-1',
    molecular_formula: 'CH4O',
  });
  ids.sodiumChloride = await insertChemicalStock(t.db, {
    name: 'Sodium chloride',
    CAS_RN: '7647-14-5',
    molecular_formula: 'NaCl',
    state: 'SOLID',
  });
  ids.copperSulfate = await insertChemicalStock(t.db, {
    name: 'Copper(II) sulfate pentahydrate',
    CAS_RN: '7758-99-8',
    molecular_formula: 'CuSO4·5H2O',
    state: 'SOLID',
  });
  ids.spectrophotometer = await insertInstrumentStock(t.db, {
    name: 'Spectrophotometer',
    manufacturer: 'Shimadzu',
    supplier: 'Daraz',
    quantity: 3,
  });
  ids.ethanolStill = await insertInstrumentStock(t.db, { name: 'Ethanol Still' });
  ids.beaker = await insertGlasswareStock(t.db, {
    name: 'Beaker',
    size: 250,
    material_type: 'Borosilicate',
    manufacturer: 'Pyrex',
    supplier: 'Daraz',
    quantity: 20,
  });
  ids.volumetricFlask = await insertGlasswareStock(t.db, {
    name: 'Volumetric flask',
    size: 1000,
    material_type: 'Borosilicate',
  });
  ids.ethanolBottle = await insertGlasswareStock(t.db, {
    name: 'Ethanol bottle',
    size: 2500,
    material_type: 'Soda-lime',
  });
});
afterAll(() => t.close());

const search = (params: string, app: FastifyInstance = t.app) =>
  app.inject({ method: 'GET', url: `/api/management/fuzzysearch/?${params}` });

type Item = { id: number; type?: string };

async function found(params: string, app?: FastifyInstance): Promise<string[]> {
  const response = await search(params, app);
  expect(response.statusCode).toBe(200);
  return (response.json() as Item[]).map((item) => `${item.type ?? '-'}:${item.id}`);
}

describe('validation (§11)', () => {
  it.each([
    ['type=plasma&query=ethanol', { type: ['"plasma" is not a valid choice.'] }],
    ['type=&query=ethanol', { type: ['"" is not a valid choice.'] }],
    ['type=chemicals&query=ethanol', { type: ['"chemicals" is not a valid choice.'] }],
    ['limit=0&query=ethanol', { limit: ['Ensure this value is greater than or equal to 1.'] }],
    ['limit=-5&query=ethanol', { limit: ['Ensure this value is greater than or equal to 1.'] }],
    ['limit=abc&query=ethanol', { limit: ['A valid integer is required.'] }],
    ['limit=1.5&query=ethanol', { limit: ['A valid integer is required.'] }],
    ['limit=&query=ethanol', { limit: ['A valid integer is required.'] }],
    [
      'type=Plasma&limit=0&query=ethanol',
      {
        type: ['"Plasma" is not a valid choice.'],
        limit: ['Ensure this value is greater than or equal to 1.'],
      },
    ],
    // type and limit are checked before the query is looked at: no query still gives the 400.
    ['type=plasma', { type: ['"plasma" is not a valid choice.'] }],
    ['query=&limit=0', { limit: ['Ensure this value is greater than or equal to 1.'] }],
  ])('?%s → 400', async (params, body) => {
    const response = await search(params);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(body);
  });

  it('accepts the type in any case', async () => {
    for (const type of ['chemical', 'CHEMICAL', 'Chemical', 'cHeMiCaL']) {
      expect(await found(`type=${type}&query=ethanol`)).toEqual([
        `-:${ids.ethanolMerck}`,
        `-:${ids.ethanolSigma}`,
        `-:${ids.methanol}`,
      ]);
    }
    expect(await found('type=GlassWare&query=beaker')).toEqual([`-:${ids.beaker}`]);
  });

  it('answers [] to a missing or blank query', async () => {
    expect(await found('')).toEqual([]);
    expect(await found('query=')).toEqual([]);
    expect(await found('query=%20%20%20&type=instrument')).toEqual([]);
    expect(await found('limit=5')).toEqual([]);
  });

  it('ignores unknown parameters and the Authorization header, allows GET only', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/management/fuzzysearch?query=beaker&page=2',
      headers: { authorization: 'Bearer expired.or.garbage' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(1);
    const post = await t.app.inject({ method: 'POST', url: '/api/management/fuzzysearch/', payload: {} });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toContain('GET');
  });
});

describe('response shapes (§4.1)', () => {
  const ethanolMerck = () => ({
    id: ids.ethanolMerck,
    chemical: {
      id: expect.any(Number),
      CAS_RN: '64-17-5',
      name: 'Ethanol',
      molecular_formula: 'C2H6O',
      molecular_weight: 46.069,
    },
    purity: 99.5,
    manufacturer: { id: expect.any(Number), name: 'Merck' },
    supplier: { id: expect.any(Number), name: 'Daraz' },
    state: 'LIQUID',
    quantity: 250.5,
    expiry_date: null,
    opened_on: null,
    minimum_quantity: null,
    storage_place: null,
    unit_price: null,
    hazard_statements: [],
    signal_word: null,
    signal_word_overridden: false,
    pictograms: [],
    storage_classes: [],
    version: 1,
  });

  it('returns nested chemical records without a type key when a type is given', async () => {
    const response = await search('type=chemical&query=64-17-5&limit=1');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual([ethanolMerck()]);
    expect(Object.keys(response.json()[0])).not.toContain('type');
  });

  it('returns nested instrument and glassware records', async () => {
    expect((await search('type=instrument&query=spectrophotometer')).json()).toEqual([
      {
        id: ids.spectrophotometer,
        instrument: { id: expect.any(Number), name: 'Spectrophotometer' },
        manufacturer: { id: expect.any(Number), name: 'Shimadzu' },
        supplier: { id: expect.any(Number), name: 'Daraz' },
        quantity: 3,
        minimum_quantity: null,
        storage_place: null,
        unit_price: null,
        version: 1,
      },
    ]);
    expect((await search('type=glassware&query=beaker')).json()).toEqual([
      {
        id: ids.beaker,
        glassware: { id: expect.any(Number), name: 'Beaker' },
        manufacturer: { id: expect.any(Number), name: 'Pyrex' },
        supplier: { id: expect.any(Number), name: 'Daraz' },
        size: 250,
        material_type: 'Borosilicate',
        quantity: 20,
        expiry_date: null,
        minimum_quantity: null,
        storage_place: null,
        unit_price: null,
        version: 1,
      },
    ]);
  });

  it('adds the type to every record in mixed mode', async () => {
    const items = (await search('query=ethanol')).json() as Item[];
    expect(items[0]).toEqual({ ...ethanolMerck(), type: 'CHEMICAL' });
    expect(items.map((item) => item.type)).toEqual([
      'CHEMICAL',
      'CHEMICAL',
      'INSTRUMENT',
      'GLASSWARE',
      'CHEMICAL',
    ]);
  });
});

describe('matching and order (§11)', () => {
  it('orders exact, then prefix (shorter field first), then contains, ties by catalog name, type and id', async () => {
    expect(await found('query=ethanol')).toEqual([
      `CHEMICAL:${ids.ethanolMerck}`,
      `CHEMICAL:${ids.ethanolSigma}`,
      `INSTRUMENT:${ids.ethanolStill}`,
      `GLASSWARE:${ids.ethanolBottle}`,
      `CHEMICAL:${ids.methanol}`,
    ]);
  });

  it('tolerates a missing letter, a wrong letter and swapped letters', async () => {
    for (const query of ['etanol', 'ethenol', 'ehtanol', 'ETAHNOL']) {
      expect((await found(`type=chemical&query=${query}`)).slice(0, 2)).toEqual([
        `-:${ids.ethanolMerck}`,
        `-:${ids.ethanolSigma}`,
      ]);
    }
    expect(await found('type=instrument&query=spectrophotmeter')).toEqual([`-:${ids.spectrophotometer}`]);
  });

  it('matches a prefix of any word, case-insensitively', async () => {
    expect(await found('query=SPECTRO')).toEqual([`INSTRUMENT:${ids.spectrophotometer}`]);
    expect(await found('query=sulf')).toEqual([`CHEMICAL:${ids.copperSulfate}`]);
    expect(await found('query=vol&type=glassware')).toEqual([`-:${ids.volumetricFlask}`]);
  });

  it('finds chemicals by CAS number and formula, glassware by size and material', async () => {
    expect((await found('query=64-17-5')).slice(0, 2)).toEqual([
      `CHEMICAL:${ids.ethanolMerck}`,
      `CHEMICAL:${ids.ethanolSigma}`,
    ]);
    expect(await found('query=c2h6o')).toEqual([
      `CHEMICAL:${ids.ethanolMerck}`,
      `CHEMICAL:${ids.ethanolSigma}`,
    ]);
    expect(await found(`query=${encodeURIComponent('CuSO4·5H2O')}`)).toEqual([
      `CHEMICAL:${ids.copperSulfate}`,
    ]);
    expect(await found('query=nacl&type=chemical')).toEqual([`-:${ids.sodiumChloride}`]);
    expect(await found('query=250&type=glassware')).toEqual([`-:${ids.beaker}`, `-:${ids.ethanolBottle}`]);
    expect(await found('query=soda-lime')).toEqual([`GLASSWARE:${ids.ethanolBottle}`]);
  });

  it('does not search manufacturers or suppliers and never pads with unrelated records', async () => {
    expect(await found('query=zirconium')).toEqual([]);
    expect(await found('query=merck')).toEqual([]);
    expect(await found('query=daraz')).toEqual([]);
    expect(await found('query=beaker&type=chemical')).toEqual([]);
  });

  it('keeps to the asked kind', async () => {
    expect(await found('query=ethanol&type=instrument')).toEqual([`-:${ids.ethanolStill}`]);
    expect(await found('query=ethanol&type=glassware')).toEqual([`-:${ids.ethanolBottle}`]);
  });
});

describe('limit', () => {
  beforeAll(async () => {
    for (let n = 1; n <= 55; n++) await insertInstrumentStock(t.db, { name: `Zeta probe ${n}` });
  });

  it('defaults to 10, returns the best ones first and caps at 50', async () => {
    expect(await found('query=zeta')).toHaveLength(10);
    expect(await found('query=zeta&limit=3')).toHaveLength(3);
    expect(await found('query=zeta&limit=50')).toHaveLength(50);
    expect(await found('query=zeta&limit=1000')).toHaveLength(50);
    expect(await found('query=ethanol&limit=2.0')).toEqual([
      `CHEMICAL:${ids.ethanolMerck}`,
      `CHEMICAL:${ids.ethanolSigma}`,
    ]);
    // Exact matches come before longer ones whatever their insertion order.
    const names = (
      (await search('query=zeta probe 5&limit=2')).json() as { instrument: { name: string } }[]
    ).map((item) => item.instrument.name);
    expect(names).toEqual(['Zeta probe 5', 'Zeta probe 50']);
  });
});

describe('writes made by another server process', () => {
  let other: FastifyInstance;

  beforeAll(async () => {
    // A second app over the same database stands for a second process: it has its own search index.
    other = await buildApp({
      config: t.config,
      database: { db: t.db, dialect: t.app.dialect },
      logger: false,
    });
    await other.ready();
  });
  afterAll(() => other.close());

  it('are seen by the next search of both instances: insert, rename, delete', async () => {
    expect(await found('query=glycerol')).toEqual([]);
    expect(await found('query=glycerol', other)).toEqual([]);

    const glycerol = await insertChemicalStock(t.db, {
      name: 'Glycerol',
      CAS_RN: '56-81-5',
      molecular_formula: 'C3H8O3',
    });
    expect(await found('query=glycerol')).toEqual([`CHEMICAL:${glycerol}`]);
    expect(await found('query=glyecrol', other)).toEqual([`CHEMICAL:${glycerol}`]);

    await renameChemical(t.db, glycerol, 'Propanetriol');
    for (const app of [t.app, other]) {
      expect(await found('query=glycerol', app)).toEqual([]);
      expect(await found('query=propanetriol', app)).toEqual([`CHEMICAL:${glycerol}`]);
      expect(await found('query=56-81-5', app)).toEqual([`CHEMICAL:${glycerol}`]);
    }

    await deleteStock(t.db, 'CHEMICAL', glycerol);
    for (const app of [t.app, other]) {
      expect(await found('query=propanetriol', app)).toEqual([]);
      expect(await found('query=56-81-5', app)).toEqual([]);
    }
  });

  it('are seen by concurrent searches that start after the write', async () => {
    const still = await insertInstrumentStock(t.db, { name: 'Kugelrohr oven' });
    const results = await Promise.all([
      found('query=kugelrohr'),
      found('query=kugelrohr', other),
      found('query=kugelrohr&type=instrument'),
    ]);
    expect(results).toEqual([[`INSTRUMENT:${still}`], [`INSTRUMENT:${still}`], [`-:${still}`]]);
  });

  it('are seen by an instance that did not search while their notes were written and pruned', async () => {
    const funnel = await insertGlasswareStock(t.db, {
      name: 'Buchner funnel',
      size: 100,
      material_type: 'Porcelain',
    });
    expect(await found('query=buchner', other)).toEqual([`GLASSWARE:${funnel}`]);
    const soxhlet = await insertInstrumentStock(t.db, { name: 'Soxhlet extractor' });
    await deleteStock(t.db, 'GLASSWARE', funnel);
    expect(await found('query=soxhlet')).toEqual([`INSTRUMENT:${soxhlet}`]);

    // Housekeeping on a day when these notes are older than SEARCH_CHANGES_KEEP_HOURS.
    const nextDay = new Date(Date.now() + (t.config.searchChangesKeepHours + 1) * 3_600_000);
    for (const job of pruneJobs({ db: t.db, config: t.config, now: () => nextDay })) await job.run();
    expect(await t.db.selectFrom('search_changes').select('seq').execute()).toEqual([]);

    for (const app of [other, t.app]) {
      expect(await found('query=soxhlet', app)).toEqual([`INSTRUMENT:${soxhlet}`]);
      expect(await found('query=buchner', app)).toEqual([]);
    }
  });
});

describe('answers kept until the next write', () => {
  const records = async (params: string) =>
    (await search(params)).json() as (Item & { quantity: number; chemical?: { name: string } })[];

  it('shows every write made since: a new record, a new quantity, a new name, a deletion', async () => {
    const { token } = await t.signedInUser();
    expect(await found('query=xylitol')).toEqual([]);
    const xylitol = await createStockRecord(t, token, 'chemical', 5, 'Xylitol');
    expect(await found('query=xylitol')).toEqual([`CHEMICAL:${xylitol}`]);
    expect((await records('query=xylitol'))[0].quantity).toBe(5);

    // A field the index does not read: only the record shown changes.
    expect(
      (await callAs(t, token, 'PATCH', `/api/storeobjects/chemicalobjs/${xylitol}/`, { quantity: 2 }))
        .statusCode,
    ).toBe(200);
    expect((await records('query=xylitol'))[0].quantity).toBe(2);
    expect((await records('query=XYLITOL&type=chemical'))[0].quantity).toBe(2);

    await renameChemical(t.db, xylitol, 'Xylit');
    expect((await records('query=xylit'))[0].chemical?.name).toBe('Xylit');
    await deleteStock(t.db, 'CHEMICAL', xylitol);
    expect(await found('query=xylit')).toEqual([]);
  });

  it('are the answers of the search itself, for each spelling, kind and limit', async () => {
    for (const params of [
      'query=ethanol',
      'query=%20Ethanol%20',
      'query=ethanol&type=chemical',
      'query=ethanol&limit=2',
    ]) {
      const first = await search(params);
      const again = await search(params);
      expect(again.body).toBe(first.body);
      expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    }
    expect(await found('query=ethanol&limit=2')).toHaveLength(2);
    expect((await found('query=ethanol')).length).toBeGreaterThan(2);
  });

  it('are compressed as the client asks, each encoding once, the small ones not at all', async () => {
    const plain = await search('query=ethanol');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const ask = (encoding: string) =>
      t.app.inject({
        url: '/api/management/fuzzysearch/?query=ethanol',
        headers: { 'accept-encoding': encoding },
      });
    for (const [accepted, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1.0, br;q=0.5', 'gzip'],
      ['identity', undefined],
    ] as const) {
      for (let time = 0; time < 2; time++) {
        const answer = await ask(accepted);
        expect(answer.headers['content-encoding']).toBe(encoding);
        const text =
          encoding === 'br'
            ? zlib.brotliDecompressSync(answer.rawPayload).toString()
            : encoding === 'gzip'
              ? zlib.gunzipSync(answer.rawPayload).toString()
              : answer.body;
        expect(text).toBe(plain.body);
      }
    }
    const small = await t.app.inject({
      url: '/api/management/fuzzysearch/?query=zirconium',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('[]');
  });
});
