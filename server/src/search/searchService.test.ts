import {
  BinaryOperationNode,
  OperatorNode,
  ValueNode,
  type KyselyPlugin,
  type RootOperationNode,
} from 'kysely';
import type { Db, DatabaseHandle } from '../db';
import type { StockObjectType } from '../db/tables';
import { deleteStock, insertGlasswareStock, insertInstrumentStock } from '../testing/stockRows';
import { slicesOf } from '../db/slices';
import { turnsOfTheEventLoopWhile } from '../testing/eventLoop';
import { buildTestApp, createTestDatabase } from '../testing/testApp';
import { pruneSearchChanges, prunedThroughSeq, recordSearchChanges } from './changeLog';
import { CATCH_UP_STEP, GAP_WAIT_MS, LOAD_STEP, SearchService } from './searchService';

let database: DatabaseHandle;
let now: number;
let service: SearchService;

beforeEach(async () => {
  database = await createTestDatabase();
  now = 1_000_000;
  service = new SearchService(database.db, () => now);
});
afterEach(() => database.destroy());

const names = async (query: string): Promise<string[]> =>
  (await service.search(query)).map(({ record }) =>
    'instrument' in record
      ? record.instrument.name
      : 'glassware' in record
        ? record.glassware.name
        : record.chemical.name,
  );

/** Writes a search-change note with a chosen seq, as a transaction that got its number earlier but commits later. */
const noteChange = (
  seq: number,
  object_type: StockObjectType,
  object_id: number,
  created_at = new Date().toISOString(),
) => database.db.insertInto('search_changes').values({ seq, object_type, object_id, created_at }).execute();

/** An instrument stock record whose change note the test writes itself (noteChange). */
const instrumentWithoutNote = (name: string) =>
  insertInstrumentStock(database.db, { name }, { logChange: false });

const HOUR_MS = 3_600_000;
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR_MS);
/** Prunes every note written so far, as housekeeping does once they are old. */
const pruneAll = () => pruneSearchChanges(database.db, hoursFromNow(1));

describe('SearchService', () => {
  it('loads every record once, however many searches arrive before the load ends', async () => {
    for (let n = 1; n <= 20; n++) await insertInstrumentStock(database.db, { name: `Burette stand ${n}` });
    const counted = countingFullLoads(database.db);
    service = new SearchService(counted.db, () => now);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => service.search('burette stand 7', { limit: 1 })),
    );
    expect(results.map((hits) => hits.map(({ record }) => record.id))).toEqual(Array(5).fill([7]));
    expect(counted.fullLoads).toBe(1);
  });

  it('waits for a change note that commits after a later one (PostgreSQL seq order is not commit order)', async () => {
    await names('warm up');
    const early = await instrumentWithoutNote('Abbe refractometer');
    const late = await instrumentWithoutNote('Ostwald viscometer');
    // seq 2 commits first; seq 1 was taken earlier by a transaction that is still open.
    await noteChange(2, 'INSTRUMENT', late);
    expect(await names('ostwald')).toEqual(['Ostwald viscometer']);
    expect(await names('abbe')).toEqual([]);
    await noteChange(1, 'INSTRUMENT', early);
    expect(await names('abbe')).toEqual(['Abbe refractometer']);
  });

  it('waits for notes below the newest one found at the first load', async () => {
    const present = await insertGlasswareStock(
      database.db,
      { name: 'Petri dish', size: 90, material_type: 'Soda-lime' },
      { logChange: false },
    );
    await noteChange(5, 'GLASSWARE', present);
    expect(await names('petri')).toEqual(['Petri dish']);
    const late = await insertGlasswareStock(
      database.db,
      { name: 'Watch glass', size: 100, material_type: 'Soda-lime' },
      { logChange: false },
    );
    await noteChange(3, 'GLASSWARE', late);
    expect(await names('watch')).toEqual(['Watch glass']);
  });

  it('stops waiting for a missing note after GAP_WAIT_MS (a rolled-back transaction never fills it)', async () => {
    await names('warm up');
    const late = await instrumentWithoutNote('Abbe refractometer');
    const other = await instrumentWithoutNote('Ostwald viscometer');
    await noteChange(2, 'INSTRUMENT', other);
    expect(await names('ostwald')).toEqual(['Ostwald viscometer']);
    now += GAP_WAIT_MS;
    expect(await names('abbe')).toEqual([]);
    await noteChange(1, 'INSTRUMENT', late);
    expect(await names('abbe')).toEqual([]);
  });

  it('follows a rename noted several times', async () => {
    const id = await insertInstrumentStock(database.db, { name: 'Vacuum pump' });
    expect(await names('vacuum')).toEqual(['Vacuum pump']);
    await database.db
      .updateTable('instruments')
      .set({ name: 'Diaphragm pump', name_key: 'diaphragm pump' })
      .execute();
    for (let seq = 10; seq < 15; seq++) await noteChange(seq, 'INSTRUMENT', id);
    expect(await names('vacuum')).toEqual([]);
    expect(await names('diaphragm')).toEqual(['Diaphragm pump']);
  });
});

/**
 * `count` instrument records like a first one (a bulk import's), written straight to the table with their notes:
 * thousands through the API would take most of a minute.
 */
async function bulkInstruments(count: number): Promise<void> {
  const template = await insertInstrumentStock(database.db, { name: 'Burette stand' });
  const { manufacturer_id, supplier_id } = await database.db
    .selectFrom('instrument_stock')
    .select(['manufacturer_id', 'supplier_id'])
    .where('id', '=', template)
    .executeTakeFirstOrThrow();
  const names = Array.from({ length: count - 1 }, (_, n) => `Burette stand ${n}`);
  for (const slice of slicesOf(names)) {
    await database.db.transaction().execute(async (trx) => {
      const entries = await trx
        .insertInto('instruments')
        .values(slice.map((name) => ({ name, name_key: name.toLowerCase() })))
        .returning('id')
        .execute();
      const ids = await trx
        .insertInto('instrument_stock')
        .values(entries.map(({ id }) => ({ instrument_id: id, manufacturer_id, supplier_id, quantity: 1 })))
        .returning('id')
        .execute();
      await recordSearchChanges(
        trx,
        ids.map(({ id }) => ({ object_type: 'INSTRUMENT', object_id: id })),
      );
    });
  }
}

describe('SearchService in steps', () => {
  it('catches up on thousands of notes with turns for other requests between steps, and misses none', async () => {
    await names('warm up');
    await bulkInstruments(2 * CATCH_UP_STEP + 5);
    await insertInstrumentStock(database.db, { name: 'Kjeldahl flask' });
    const search = service.search('kjeldahl');
    expect(await turnsOfTheEventLoopWhile(search)).toBeGreaterThanOrEqual(2);
    expect((await search).map(({ record }) => record.id)).toHaveLength(1);
    expect(await names('burette stand 2003')).toContain('Burette stand 2003');
  });

  it('loads every record in steps, with turns for other requests between them', async () => {
    await bulkInstruments(2 * LOAD_STEP + 5);
    await insertInstrumentStock(database.db, { name: 'Kjeldahl flask' });
    const search = names('kjeldahl');
    expect(await turnsOfTheEventLoopWhile(search)).toBeGreaterThanOrEqual(2);
    expect(await search).toEqual(['Kjeldahl flask']);
  });

  it('answers a search during a catch-up in the background with every write committed before it', async () => {
    await names('warm up');
    await bulkInstruments(2 * CATCH_UP_STEP + 5);
    service.catchUpInBackground();
    const id = await insertInstrumentStock(database.db, { name: 'Kjeldahl flask' });
    expect(await names('kjeldahl')).toEqual(['Kjeldahl flask']);
    await deleteStock(database.db, 'INSTRUMENT', id);
    service.catchUpInBackground();
    expect(await names('kjeldahl')).toEqual([]);
  });

  it("applies the server's own writes as they commit, before any search asks", async () => {
    const t = await buildTestApp();
    try {
      const { token } = await t.signedInUser();
      const search = async (query: string) =>
        (
          (await t.app.inject({ url: `/api/management/fuzzysearch/?query=${query}` })).json() as {
            id: number;
          }[]
        ).map((record) => record.id);
      expect(await search('kjeldahl')).toEqual([]);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/storeobjects/instrumentobjs/',
        headers: { authorization: `Bearer ${token}` },
        payload: { name: 'Kjeldahl flask', manufacturer: 'Schott', supplier: 'Daraz', quantity: 2 },
      });
      expect(created.statusCode).toBe(201);
      await t.app.stockSearch.idle();
      // With its note gone (and no prune announced), only a catch-up made before this search can have applied it.
      await t.db.deleteFrom('search_changes').execute();
      expect(await search('kjeldahl')).toEqual([(created.json() as { id: number }).id]);
    } finally {
      await t.close();
    }
  });
});

describe('pruneSearchChanges', () => {
  const seqs = async () =>
    (await database.db.selectFrom('search_changes').select('seq').orderBy('seq').execute()).map(
      (row) => row.seq,
    );

  it('deletes the notes written before the cutoff and raises the watermark to the newest one deleted', async () => {
    const id = await instrumentWithoutNote('Rotary evaporator');
    await noteChange(1, 'INSTRUMENT', id, hoursFromNow(-30).toISOString());
    await noteChange(2, 'INSTRUMENT', id, hoursFromNow(-1).toISOString());
    await noteChange(3, 'INSTRUMENT', id, hoursFromNow(-26).toISOString());
    await noteChange(4, 'INSTRUMENT', id);

    expect(await pruneSearchChanges(database.db, hoursFromNow(-24))).toBe(2);
    expect(await seqs()).toEqual([2, 4]);
    expect(await prunedThroughSeq(database.db)).toBe(3);

    expect(await pruneSearchChanges(database.db, hoursFromNow(-24))).toBe(0);
    expect(await prunedThroughSeq(database.db)).toBe(3);
  });

  it('never lowers the watermark', async () => {
    const id = await instrumentWithoutNote('Rotary evaporator');
    await noteChange(7, 'INSTRUMENT', id, hoursFromNow(-30).toISOString());
    await pruneAll();
    await noteChange(5, 'INSTRUMENT', id, hoursFromNow(-30).toISOString());
    expect(await pruneSearchChanges(database.db, hoursFromNow(-24))).toBe(1);
    expect(await seqs()).toEqual([]);
    expect(await prunedThroughSeq(database.db)).toBe(7);
  });
});

describe('a process that fell behind a prune', () => {
  let behind: SearchService;
  let counted: ReturnType<typeof countingFullLoads>;
  const namesFoundBy = async (searchService: SearchService, query: string) =>
    (await searchService.search(query)).map(({ record }) =>
      'instrument' in record ? record.instrument.name : '',
    );

  beforeEach(async () => {
    counted = countingFullLoads(database.db);
    behind = new SearchService(counted.db, () => now);
    expect(await namesFoundBy(behind, 'warm up')).toEqual([]);
    expect(await names('warm up')).toEqual([]);
  });

  it('reloads everything once and sees the changes whose notes were pruned', async () => {
    const kept = await insertInstrumentStock(database.db, { name: 'Soxhlet extractor' });
    await insertInstrumentStock(database.db, { name: 'Abbe refractometer' });
    expect(await names('soxhlet')).toEqual(['Soxhlet extractor']);
    expect(await namesFoundBy(behind, 'soxhlet')).toEqual(['Soxhlet extractor']);
    await deleteStock(database.db, 'INSTRUMENT', kept);
    await insertInstrumentStock(database.db, { name: 'Ostwald viscometer' });
    expect(await names('ostwald')).toEqual(['Ostwald viscometer']);

    await pruneAll();
    expect(await namesFoundBy(behind, 'ostwald')).toEqual(['Ostwald viscometer']);
    expect(await namesFoundBy(behind, 'soxhlet')).toEqual([]);
    expect(await namesFoundBy(behind, 'abbe')).toEqual(['Abbe refractometer']);
    expect(counted.fullLoads).toBe(2);
    // The process that had applied every note before the prune keeps its index.
    expect(await names('ostwald')).toEqual(['Ostwald viscometer']);
  });

  it('loads once, not at every search, when every note was pruned before its first search', async () => {
    await insertInstrumentStock(database.db, { name: 'Kugelrohr oven' });
    await pruneAll();
    counted = countingFullLoads(database.db);
    behind = new SearchService(counted.db, () => now);
    for (let n = 0; n < 3; n++) expect(await namesFoundBy(behind, 'kugelrohr')).toEqual(['Kugelrohr oven']);
    expect(counted.fullLoads).toBe(1);

    await insertInstrumentStock(database.db, { name: 'Claisen adapter' });
    expect(await namesFoundBy(behind, 'claisen')).toEqual(['Claisen adapter']);
    expect(counted.fullLoads).toBe(1);
  });

  it('reloads once when a note it still waits for may have been pruned', async () => {
    const late = await instrumentWithoutNote('Abbe refractometer');
    const other = await instrumentWithoutNote('Ostwald viscometer');
    // seq 1 is taken by a transaction that commits after seq 2; both are pruned before the next search.
    await noteChange(2, 'INSTRUMENT', other);
    expect(await namesFoundBy(behind, 'ostwald')).toEqual(['Ostwald viscometer']);
    await noteChange(1, 'INSTRUMENT', late);
    await pruneAll();
    expect(await namesFoundBy(behind, 'abbe')).toEqual(['Abbe refractometer']);
    expect(await namesFoundBy(behind, 'ostwald')).toEqual(['Ostwald viscometer']);
    expect(counted.fullLoads).toBe(2);
  });
});

/** The database seen through a counter of reads of instrument_stock from its start: one per full index load. */
function countingFullLoads(db: Db) {
  const counter = { db, fullLoads: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      if (isReadFromStart(node, 'instrument_stock')) counter.fullLoads += 1;
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  counter.db = db.withPlugin(plugin);
  return counter;
}

/** A read of the whole table, or of its first keyset batch (ids after 0). */
function isReadFromStart(node: RootOperationNode, table: string): boolean {
  if (node.kind !== 'SelectQueryNode' || !JSON.stringify(node.from).includes(`"${table}"`)) return false;
  if (node.where === undefined) return true;
  const condition = node.where.where;
  return (
    BinaryOperationNode.is(condition) &&
    OperatorNode.is(condition.operator) &&
    condition.operator.operator === '>' &&
    ValueNode.is(condition.rightOperand) &&
    condition.rightOperand.value === 0
  );
}
