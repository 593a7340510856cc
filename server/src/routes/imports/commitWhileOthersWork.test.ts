import { sql } from 'kysely';
import { insertStockRows, updateImport } from '../../db/repositories/imports';
import { addLedgerEntries } from '../../db/repositories/stockLedger';
import { recordSearchChanges } from '../../search/changeLog';
import { WRITES_PER_SLICE } from '../../services/imports';
import { multipartBody } from '../../testing/multipart';
import { createStockRecord, expectStockConsistent, stockQuantity } from '../../testing/stockApi';
import { authHeader, buildTestApp, type TestApp } from '../../testing/testApp';

// An import commit (docs/api.md §13.5) while others use the server: reads and the health check answer while it
// holds its transaction, other writes wait for it, and a failure at any point of it leaves nothing written.

// The commit's writes go through the real functions; a test holds or fails one of them.
jest.mock('../../db/repositories/imports', () => {
  const actual = jest.requireActual<typeof import('../../db/repositories/imports')>(
    '../../db/repositories/imports',
  );
  return {
    ...actual,
    insertStockRows: jest.fn(actual.insertStockRows),
    updateImport: jest.fn(actual.updateImport),
  };
});
jest.mock('../../db/repositories/stockLedger', () => {
  const actual = jest.requireActual<typeof import('../../db/repositories/stockLedger')>(
    '../../db/repositories/stockLedger',
  );
  return { ...actual, addLedgerEntries: jest.fn(actual.addLedgerEntries) };
});
jest.mock('../../search/changeLog', () => {
  const actual = jest.requireActual<typeof import('../../search/changeLog')>('../../search/changeLog');
  return { ...actual, recordSearchChanges: jest.fn(actual.recordSearchChanges) };
});

let t: TestApp;
let token: string;

beforeAll(async () => {
  // On SQLite a file, as a server's database is: only a file can be read beside a writer's transaction.
  t = await buildTestApp({}, { sqliteFile: true });
  ({ token } = await t.signedInUser());
});
afterAll(() => t.close());

let names = 0;
/** A name no other test uses. */
const unique = (name: string) => `${name} ${++names}`;

const post = (url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: authHeader(token) });
const commit = (id: number) => post(`/api/management/imports/${id}/commit/`);
const importStatus = async (id: number) =>
  (
    (await t.app.inject({ url: `/api/management/imports/${id}/`, headers: authHeader(token) })).json() as {
      status: string;
    }
  ).status;

/** An import session of a chemical CSV with these lines under the header. */
async function opened(lines: string[]): Promise<number> {
  const csv = ['name;CAS RN;Molecular formula;purity;manufacturer;supplier;state;Quantity', ...lines].join(
    '\n',
  );
  const body = await multipartBody([['file', csv, 'delivery.csv']]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/management/chemical-imports/',
    payload: body.payload,
    headers: { ...authHeader(token), ...body.headers },
  });
  if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: number }).id;
}

/** `count` new chemicals named `name 0`, `name 1`, …, from a maker and a supplier no record has yet. */
const newChemicals = (name: string, count: number, maker = unique('Maker'), supplier = unique('Supplier')) =>
  Array.from(
    { length: count },
    (_, row) => `${name} ${row};64-17-5;C2H6O;99;${maker};${supplier};LIQUID;1.5`,
  );

interface StockPage {
  count: number;
  results: { id: number; chemical: { name: string } }[];
}
const storePage = async (search?: string) => {
  const query = search === undefined ? '' : `&search=${encodeURIComponent(search)}`;
  const response = await t.app.inject({ url: `/api/storeobjects/chemicalobjs/?limit=100${query}` });
  expect(response.statusCode).toBe(200);
  return response.json() as StockPage;
};

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

// Released after each test too, so a test that fails while a commit is held does not hold the next ones up.
let releaseHeldCommit = () => {};
afterEach(() => releaseHeldCommit());

/**
 * Starts the commit of `id` and holds it inside its transaction, right after it inserted its first new records,
 * until `release` is called. Resolves once it is held.
 */
async function heldCommit(id: number) {
  const actual = jest.requireActual<typeof import('../../db/repositories/imports')>(
    '../../db/repositories/imports',
  );
  const held = gate();
  const released = gate();
  releaseHeldCommit = released.open;
  jest.mocked(insertStockRows).mockImplementationOnce(async (...args) => {
    const inserted = await actual.insertStockRows(...args);
    held.open();
    await released.opened;
    return inserted;
  });
  const answer = commit(id);
  await held.opened;
  return { answer, release: released.open };
}

describe('while an import commit holds its transaction', () => {
  it('answers public reads and the health check, which show what was committed before and none of the import', async () => {
    const earlier = unique('Committed earlier');
    await createStockRecord(t, token, 'chemical', 5, earlier);
    const importing = unique('Being imported');
    const session = await opened(newChemicals(importing, 30));
    const before = await storePage();

    const { answer, release } = await heldCommit(session);
    try {
      // Before: these waited for the commit's end (the database's one connection), and the health check said 503.
      expect((await storePage()).count).toBe(before.count);
      expect((await storePage(earlier)).results.map((record) => record.chemical.name)).toEqual([earlier]);
      expect((await storePage(importing)).count).toBe(0);
      const health = await t.app.inject({ url: '/api/health/' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok', database: 'ok' });
    } finally {
      release();
    }
    expect((await answer).statusCode).toBe(200);
    // Read right after the commit, the import is there.
    expect((await storePage(importing)).count).toBe(30);
    expect((await storePage()).count).toBe(before.count + 30);
  });

  it('makes a write sent meanwhile wait for the commit, then succeed', async () => {
    const session = await opened(newChemicals(unique('Imported first'), 10));
    const { answer, release } = await heldCommit(session);
    let written = false;
    let writing: Promise<number>;
    try {
      writing = createStockRecord(t, token, 'chemical', 2, unique('Written meanwhile')).finally(() => {
        written = true;
      });
      // The server answers others meanwhile…
      expect((await t.app.inject({ url: '/api/health/' })).statusCode).toBe(200);
      // …but on SQLite writes take turns: this one waits until the commit has ended. (PostgreSQL runs both at
      // once, the rows they share locked.)
      if (t.app.dialect === 'sqlite') expect(written).toBe(false);
    } finally {
      release();
    }
    expect((await answer).statusCode).toBe(200);
    const record = await writing;
    expect(await stockQuantity(t, 'chemical', record)).toBe(2);
    await expectStockConsistent(t, token, 'chemical', record, 2);
  });
});

describe('a commit that fails at any point', () => {
  // Large enough that each write the commit makes in slices runs several times.
  const ROWS = 4 * WRITES_PER_SLICE + 1;
  let session: number;
  let existing: number;
  let existingName: string;

  beforeAll(async () => {
    existingName = unique('Already stocked');
    existing = await createStockRecord(t, token, 'chemical', 100, existingName);
    session = await opened([
      `${existingName};64-17-5;C2H6O;99.5;Merck;Daraz;LIQUID;2 L`,
      ...newChemicals(unique('All or nothing'), ROWS - 1),
    ]);
  });

  const tables = [
    'chemical_stock',
    'chemicals',
    'manufacturers',
    'suppliers',
    'stock_ledger',
    'search_changes',
    'audit_log',
  ] as const;
  const rowCounts = async () =>
    Object.fromEntries(
      await Promise.all(
        tables.map(async (table) => {
          const { rows } = await sql<{
            count: number;
          }>`select count(*) as count from ${sql.table(table)}`.execute(t.db);
          return [table, Number(rows[0].count)] as const;
        }),
      ),
    );

  /** Makes the `call`-th call (from 1) of `write` throw, until the answered function is called. */
  const failing = <A extends unknown[]>(
    write: jest.MockedFunction<(...args: A) => Promise<unknown>>,
    call: number,
  ) => {
    const actual = write.getMockImplementation()!;
    let calls = 0;
    write.mockImplementation(async (...args: A) => {
      calls += 1;
      if (calls === call) throw new Error('disk full');
      return actual(...args);
    });
    return () => write.mockImplementation(actual);
  };

  const writes = {
    insertStockRows: jest.mocked(insertStockRows),
    addLedgerEntries: jest.mocked(addLedgerEntries),
    recordSearchChanges: jest.mocked(recordSearchChanges),
    updateImport: jest.mocked(updateImport),
  };
  // How often a successful commit of this file calls each: ROWS - 1 new records and one added to, written a slice at
  // a time (the test of a successful commit below checks these).
  const slices = (rows: number) => Math.ceil(rows / WRITES_PER_SLICE);
  const callsOfACommit = {
    insertStockRows: slices(ROWS - 1),
    addLedgerEntries: slices(ROWS),
    recordSearchChanges: slices(ROWS),
    updateImport: 1,
  };

  it.each([
    ['insertStockRows', 'first'],
    ['insertStockRows', 'middle'],
    ['insertStockRows', 'last'],
    ['addLedgerEntries', 'last'],
    ['recordSearchChanges', 'last'],
    ['updateImport', 'last'],
  ] as const)('writes nothing when %s fails at its %s call', async (write, which) => {
    const calls = callsOfACommit[write];
    const call = which === 'first' ? 1 : which === 'middle' ? Math.ceil(calls / 2) : calls;
    const before = await rowCounts();
    const restore = failing(
      writes[write] as jest.MockedFunction<(...args: unknown[]) => Promise<unknown>>,
      call,
    );
    try {
      const response = await commit(session);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'Internal server error.' });
    } finally {
      restore();
    }
    // No record, catalog entry, ledger entry, search-change note or audit entry: the database as before.
    expect(await rowCounts()).toEqual(before);
    expect(await stockQuantity(t, 'chemical', existing)).toBe(100);
    expect(await importStatus(session)).toBe('PENDING');
  });

  it('commits in full once the fault is gone', async () => {
    for (const write of Object.values(writes)) write.mockClear();
    const before = await rowCounts();
    const response = await commit(session);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'COMMITTED', created_count: ROWS - 1, added_count: 1 });
    // The calls the failures above were placed by.
    for (const [write, calls] of Object.entries(callsOfACommit)) {
      expect(writes[write as keyof typeof writes]).toHaveBeenCalledTimes(calls);
    }
    const after = await rowCounts();
    expect(after.chemical_stock - before.chemical_stock).toBe(ROWS - 1);
    expect(after.stock_ledger - before.stock_ledger).toBe(ROWS);
    await expectStockConsistent(t, token, 'chemical', existing, 2100);
  });
});
