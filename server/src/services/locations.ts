import type { Db } from '../db';
import type { Dialect } from '../db/dialect';
import * as locations from '../db/repositories/locations';
import { listLabMembers } from '../db/repositories/labMemberships';
import type { ConsumerType } from '../db/tables';
import type { ConsumersTree, Location, LocationFields } from '../contract/locations';
import { changedValues, raiseVersions } from '../db/versions';
import { recordChange, writeTransaction } from '../feed/changeLog';
import { conflict, notFound } from '../http/errors';
import type { IfMatch } from '../http/versions';
import {
  fieldChanges,
  locationSnapshot,
  locationTarget,
  recordAudit,
  recordEdit,
  type Actor,
} from '../audit/entries';
import { lockVersioned } from '../audit/versions';

export interface LocationsContext {
  db: Db;
  dialect: Dialect;
  now: () => Date;
}

const TREE_KEYS: Record<ConsumerType, keyof ConsumersTree> = {
  PHYSICAL: 'PhysicalLab',
  ORGANIC: 'OrganicLab',
  INORGANIC: 'InorganicLab',
  PERSONAL: 'Personal',
};

export async function listLocations({ db }: LocationsContext): Promise<Location[]> {
  return locations.listLocations(db);
}

export async function getLocation({ db }: LocationsContext, id: number): Promise<Location> {
  const location = await locations.findLocation(db, id);
  if (!location) throw notFound();
  return location;
}

export async function createLocation(
  { db, now }: LocationsContext,
  actor: Actor,
  fields: LocationFields,
): Promise<Location> {
  return writeTransaction(db, async (trx) => {
    const at = now();
    const location = await locations.insertLocation(trx, fields, at.toISOString());
    await recordAudit(trx, {
      at,
      actor,
      action: 'location.created',
      target: locationTarget(location),
      changes: fieldChanges(null, locationSnapshot(location)),
    });
    return location;
  });
}

/**
 * Audited with the fields that changed; a request that changes nothing writes no entry and keeps the version. 412
 * when If-Match names another version.
 */
export async function updateLocation(
  { db, dialect, now }: LocationsContext,
  actor: Actor,
  id: number,
  changes: Partial<LocationFields>,
  ifMatch?: IfMatch,
): Promise<Location> {
  return writeTransaction(db, async (trx) => {
    const before = await lockVersioned(trx, ifMatch, 'location', () =>
      locations.lockLocation(trx, dialect, id),
    );
    const location = await locations.updateLocation(trx, id, changedValues(before, changes));
    if (!location) throw notFound();
    await recordEdit(trx, {
      at: now(),
      actor,
      action: 'location.updated',
      target: locationTarget(location),
      before: locationSnapshot(before),
      after: locationSnapshot(location),
    });
    return location;
  });
}

/** 409 when it has issues; its lab members lose it (a new version each). 412 when If-Match names another version. */
export async function deleteLocation(
  { db, dialect, now }: LocationsContext,
  actor: Actor,
  id: number,
  ifMatch?: IfMatch,
): Promise<void> {
  await writeTransaction(db, async (trx) => {
    // Locked so a merge into this location either commits its issue first (then 409) or waits for the delete.
    const location = await lockVersioned(trx, ifMatch, 'location', () =>
      locations.lockLocation(trx, dialect, id),
    );
    if (await locations.hasIssues(trx, id)) throw conflict('This location has issues and cannot be deleted.');
    // Its memberships go with it (ON DELETE CASCADE): each member loses the lab, and their account a new version.
    const members = await listLabMembers(trx, id);
    await raiseVersions(
      trx,
      'users',
      members.map((member) => member.id),
    );
    for (const member of members) {
      recordChange(trx, {
        topic: 'membership',
        action: 'deleted',
        ids: [member.id],
        labId: id,
        userId: member.id,
        actor,
      });
    }
    await locations.deleteLocation(trx, id);
    await recordAudit(trx, {
      at: now(),
      actor,
      action: 'location.deleted',
      target: locationTarget(location),
      changes: fieldChanges(locationSnapshot(location), null),
    });
  });
}

export async function consumersTree({ db }: LocationsContext): Promise<ConsumersTree> {
  const tree: ConsumersTree = { PhysicalLab: [], OrganicLab: [], InorganicLab: [], Personal: [] };
  for (const location of await locations.listLocationNames(db)) {
    tree[TREE_KEYS[location.consumer_type]].push({ id: location.id, name: location.name });
  }
  return tree;
}
