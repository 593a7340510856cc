import type { KyselyPlugin, RootOperationNode } from 'kysely';
import type { Db, DatabaseHandle } from '../db';
import type { StockObjectType } from '../db/tables';
import { deleteStock, insertGlasswareStock, insertInstrumentStock } from '../testing/stockRows';
import { createTestDatabase } from '../testing/testApp';
import { pruneSearchChanges, prunedThroughSeq } from './changeLog';
import { GAP_WAIT_MS, SearchService } from './searchService';

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

/** The database seen through a counter of full reads of instrument_stock: one per full index load. */
function countingFullLoads(db: Db) {
  const counter = { db, fullLoads: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      if (isFullTableRead(node, 'instrument_stock')) counter.fullLoads += 1;
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  counter.db = db.withPlugin(plugin);
  return counter;
}

function isFullTableRead(node: RootOperationNode, table: string): boolean {
  if (node.kind !== 'SelectQueryNode' || node.where !== undefined) return false;
  return JSON.stringify(node.from).includes(`"${table}"`);
}
