import type { KyselyPlugin, RootOperationNode } from 'kysely';
import type { DatabaseHandle } from '../db';
import type { StockObjectType } from '../db/tables';
import { insertGlasswareStock, insertInstrumentStock } from '../testing/stockRows';
import { createTestDatabase } from '../testing/testApp';
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
const noteChange = (seq: number, object_type: StockObjectType, object_id: number) =>
  database.db.insertInto('search_changes').values({ seq, object_type, object_id }).execute();

describe('SearchService', () => {
  it('loads every record once, however many searches arrive before the load ends', async () => {
    for (let n = 1; n <= 20; n++) await insertInstrumentStock(database.db, { name: `Burette stand ${n}` });
    let fullLoads = 0;
    const countFullLoads: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (isFullTableRead(node, 'instrument_stock')) fullLoads += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    service = new SearchService(database.db.withPlugin(countFullLoads), () => now);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => service.search('burette stand 7', { limit: 1 })),
    );
    expect(results.map((hits) => hits.map(({ record }) => record.id))).toEqual(Array(5).fill([7]));
    expect(fullLoads).toBe(1);
  });

  it('waits for a change note that commits after a later one (PostgreSQL seq order is not commit order)', async () => {
    await names('warm up');
    const early = await insertInstrumentStock(
      database.db,
      { name: 'Abbe refractometer' },
      { logChange: false },
    );
    const late = await insertInstrumentStock(
      database.db,
      { name: 'Ostwald viscometer' },
      { logChange: false },
    );
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
    const late = await insertInstrumentStock(
      database.db,
      { name: 'Abbe refractometer' },
      { logChange: false },
    );
    const other = await insertInstrumentStock(
      database.db,
      { name: 'Ostwald viscometer' },
      { logChange: false },
    );
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

function isFullTableRead(node: RootOperationNode, table: string): boolean {
  if (node.kind !== 'SelectQueryNode' || node.where !== undefined) return false;
  return JSON.stringify(node.from).includes(`"${table}"`);
}
