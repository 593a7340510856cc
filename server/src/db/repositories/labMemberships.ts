import type { Executor } from '../executor';
import type { ConsumerType, LabRole } from '../tables';

// A lab user's labs (docs/api.md, 'Roles and permissions'): locations with the user's role in each.

export interface LabMembership {
  location: number;
  role: LabRole;
}

/** A membership with what the account's own page shows of the location. */
export interface NamedLabMembership extends LabMembership {
  name: string;
  consumer_type: ConsumerType;
}

/** The labs of each given user (every user when `userIds` is not given), each list by location id. */
export async function labsOfUsers(
  db: Executor,
  userIds?: readonly number[],
): Promise<Map<number, NamedLabMembership[]>> {
  const labs = new Map<number, NamedLabMembership[]>();
  if (userIds?.length === 0) return labs;
  let query = db
    .selectFrom('lab_memberships')
    .innerJoin('store_consumers', 'store_consumers.id', 'lab_memberships.location_id')
    .select([
      'lab_memberships.user_id',
      'lab_memberships.location_id',
      'lab_memberships.role',
      'store_consumers.name',
      'store_consumers.consumer_type',
    ])
    .orderBy('lab_memberships.user_id')
    .orderBy('lab_memberships.location_id');
  if (userIds !== undefined) query = query.where('lab_memberships.user_id', 'in', userIds);
  for (const row of await query.execute()) {
    const list = labs.get(row.user_id) ?? [];
    list.push({
      location: row.location_id,
      role: row.role,
      name: row.name,
      consumer_type: row.consumer_type,
    });
    labs.set(row.user_id, list);
  }
  return labs;
}

/** The user's labs replaced by `labs` (an empty list removes them all). */
export async function replaceLabs(
  trx: Executor,
  userId: number,
  labs: readonly LabMembership[],
): Promise<void> {
  await trx.deleteFrom('lab_memberships').where('user_id', '=', userId).execute();
  if (labs.length === 0) return;
  await trx
    .insertInto('lab_memberships')
    .values(labs.map(({ location, role }) => ({ user_id: userId, location_id: location, role })))
    .execute();
}

/** The user's role in the lab; undefined when the user is no member of it. */
export async function labRoleOf(
  db: Executor,
  userId: number,
  locationId: number,
): Promise<LabRole | undefined> {
  const row = await db
    .selectFrom('lab_memberships')
    .select('role')
    .where('user_id', '=', userId)
    .where('location_id', '=', locationId)
    .executeTakeFirst();
  return row?.role;
}

export interface LabMember {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: LabRole;
}

/** The members and managers of a lab, by user id. Only lab users have labs (services/users.ts). */
export async function listLabMembers(db: Executor, locationId: number): Promise<LabMember[]> {
  return db
    .selectFrom('lab_memberships')
    .innerJoin('users', 'users.id', 'lab_memberships.user_id')
    .select(['users.id', 'users.email', 'users.first_name', 'users.last_name', 'lab_memberships.role'])
    .where('lab_memberships.location_id', '=', locationId)
    .orderBy('users.id')
    .execute();
}
