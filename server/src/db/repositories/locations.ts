import { rowById } from '../rowById';
import type { Dialect } from '../dialect';
import { nextVersion } from '../versions';
import type { ConsumerType, StoreConsumerRow } from '../tables';
import type { Executor } from '../executor';

// Locations (SERVER.md §8.1): the store consumers that items are issued to.

export type Location = StoreConsumerRow;

export interface LocationFields {
  name: string;
  consumer_type: ConsumerType;
  room_number: string;
  building_name: string;
}

export async function listLocations(db: Executor): Promise<Location[]> {
  return db.selectFrom('store_consumers').selectAll().orderBy('id').execute();
}

/**
 * Every location's id, name and type, id ascending: what the public consumers tree shows. Only these columns are
 * read because the tree is asked for on every page of the public area, and each column read costs.
 */
export async function listLocationNames(
  db: Executor,
): Promise<Pick<Location, 'id' | 'name' | 'consumer_type'>[]> {
  return db.selectFrom('store_consumers').select(['id', 'name', 'consumer_type']).orderBy('id').execute();
}

export const findLocation = (db: Executor, id: number) => rowById(db, 'store_consumers', id);

/**
 * The location, locked until the transaction ends where the engine has row locks: a merge holds it while it adds
 * an issue, so a concurrent delete waits and then sees the issue (409) instead of breaking the foreign key.
 */
export const lockLocation = (trx: Executor, dialect: Dialect, id: number) =>
  rowById(trx, 'store_consumers', id, dialect);

export async function insertLocation(
  db: Executor,
  fields: LocationFields,
  createdAt: string,
): Promise<Location> {
  return db
    .insertInto('store_consumers')
    .values({ ...fields, created_at: createdAt })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Sets the given fields, the location's version raised with them (db/versions.ts). */
export async function updateLocation(
  db: Executor,
  id: number,
  changes: Partial<LocationFields>,
): Promise<Location | undefined> {
  if (Object.keys(changes).length === 0) return findLocation(db, id);
  return db
    .updateTable('store_consumers')
    .set({ ...changes, ...nextVersion(db, 'store_consumers', [id]) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteLocation(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('store_consumers').where('id', '=', id).execute();
}

export async function hasIssues(db: Executor, locationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('issues')
    .select('id')
    .where('consumer_id', '=', locationId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The first of `ids` that names no location; undefined when every one does. */
export async function firstMissingLocation(
  db: Executor,
  ids: readonly number[],
): Promise<number | undefined> {
  if (ids.length === 0) return undefined;
  const rows = await db.selectFrom('store_consumers').select('id').where('id', 'in', ids).execute();
  const found = new Set(rows.map((row) => row.id));
  return ids.find((id) => !found.has(id));
}
