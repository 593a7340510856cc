import { insertCategory } from '../db/repositories/categories';
import { MAX_EVENT_IDS } from '../domain/changeTopics';
import { createTestDatabase, type TestDatabase } from '../testing/testApp';
import { coalesce, onChangesCommitted, recordChange, writeTransaction } from './changeLog';

/** Writing change events: only in a write transaction, at its end, coalesced, and never for a rollback. */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const events = () =>
  database.db
    .selectFrom('change_events')
    .select(['topic', 'action', 'ids', 'lab_id', 'user_id', 'actor_id', 'origin'])
    .orderBy('seq')
    .execute();

beforeEach(async () => {
  await database.db.deleteFrom('change_events').execute();
});

it('refuses a change noted outside writeTransaction: it would never be written', async () => {
  const note = (trx: Parameters<typeof recordChange>[0]) =>
    recordChange(trx, { topic: 'location', action: 'created', ids: [1] });
  expect(() => note(database.db)).toThrow('recordChange(location) outside writeTransaction');
  await expect(database.db.transaction().execute(async (trx) => note(trx))).rejects.toThrow(
    'outside writeTransaction',
  );
  expect(await events()).toEqual([]);
});

it('writes the changes at the end of the transaction, one row per topic, action and scope, with the actor', async () => {
  const actor = { id: 7, origin: 'tab-1' };
  await writeTransaction(database.db, async (trx) => {
    recordChange(trx, { topic: 'chemical', action: 'quantity', ids: [5, 3], actor });
    recordChange(trx, { topic: 'chemical', action: 'quantity', ids: [3, 9] });
    recordChange(trx, { topic: 'cart', action: 'deleted', ids: [2], userId: 7, actor });
    recordChange(trx, { topic: 'cart', action: 'deleted', ids: [1], userId: 8, actor });
    recordChange(trx, { topic: 'issue', action: 'created', ids: [4], labId: 3, actor });
    // Nothing changed: no event.
    recordChange(trx, { topic: 'file', action: 'updated', ids: [], actor });
  });
  expect(await events()).toEqual([
    {
      topic: 'chemical',
      action: 'quantity',
      ids: '[3,5,9]',
      lab_id: null,
      user_id: null,
      actor_id: 7,
      origin: 'tab-1',
    },
    { topic: 'cart', action: 'deleted', ids: '[2]', lab_id: null, user_id: 7, actor_id: 7, origin: 'tab-1' },
    { topic: 'cart', action: 'deleted', ids: '[1]', lab_id: null, user_id: 8, actor_id: 7, origin: 'tab-1' },
    { topic: 'issue', action: 'created', ids: '[4]', lab_id: 3, user_id: null, actor_id: 7, origin: 'tab-1' },
  ]);
});

it('writes `[]` for more than MAX_EVENT_IDS ids: "refetch the list"', async () => {
  const many = Array.from({ length: MAX_EVENT_IDS + 1 }, (_, index) => index + 1);
  await writeTransaction(database.db, async (trx) => {
    recordChange(trx, { topic: 'instrument', action: 'created', ids: many });
    recordChange(trx, { topic: 'instrument', action: 'quantity', ids: many.slice(0, MAX_EVENT_IDS) });
  });
  expect((await events()).map(({ action, ids }) => [action, ids])).toEqual([['created', '[]']]);
});

it('writes nothing for a transaction that rolls back, and wakes no stream', async () => {
  const woken = jest.fn();
  const stop = onChangesCommitted(database.db, woken);
  await expect(
    writeTransaction(database.db, async (trx) => {
      recordChange(trx, { topic: 'location', action: 'created', ids: [1] });
      await insertCategory(trx, 'Rolled back');
      throw new Error('refused');
    }),
  ).rejects.toThrow('refused');
  expect(await events()).toEqual([]);
  expect(woken).not.toHaveBeenCalled();

  await writeTransaction(database.db, async (trx) => {
    recordChange(trx, { topic: 'location', action: 'created', ids: [1] });
  });
  expect(woken).toHaveBeenCalledTimes(1);
  // A transaction that noted nothing wakes nobody either.
  await writeTransaction(database.db, async () => undefined);
  expect(woken).toHaveBeenCalledTimes(1);
  stop();
});

describe('coalesce', () => {
  const pending = (
    action: 'created' | 'updated' | 'deleted' | 'quantity',
    ids: number[],
    labId: number | null = null,
  ) => ({
    topic: 'chemical' as const,
    action,
    labId,
    userId: null,
    ids: new Set(ids),
  });
  const brief = (list: ReturnType<typeof coalesce>) => list.map((event) => [event.action, [...event.ids]]);

  it('leaves out of updated and quantity what was created or deleted, and out of quantity what was updated', () => {
    expect(
      brief(
        coalesce([
          pending('quantity', [4, 1, 2, 3]),
          pending('created', [1]),
          pending('updated', [2, 5]),
          pending('deleted', [3, 5]),
        ]),
      ),
    ).toEqual([
      ['quantity', [4]],
      ['created', [1]],
      ['updated', [2]],
      ['deleted', [3, 5]],
    ]);
  });

  it('compares within one scope only', () => {
    expect(brief(coalesce([pending('created', [1], 1), pending('updated', [1], 2)]))).toEqual([
      ['created', [1]],
      ['updated', [1]],
    ]);
  });
});
