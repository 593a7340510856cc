import type { Db } from '../db';
import { chemicalsAtLocation } from '../db/repositories/issues';
import { findLocation } from '../db/repositories/locations';
import { findStockRecords, type ChemicalRecord } from '../db/repositories/stock';
import { incompatibilities, type StorageRule } from '../domain/chemistry/storageCompatibility';
import { notFound } from '../http/errors';
import { firstFewOf, messages, ValidationError } from '../validation/errors';

/** A chemical as a conflict names it. */
export interface ConflictingChemical {
  id: number;
  name: string;
  purity: number;
}

export interface StorageConflict {
  rule: StorageRule['id'];
  reason: string;
  /** The chemical on its way to the location. */
  chemical: ConflictingChemical;
  /** What it must be kept apart from: already there (`already_issued`), or on its way with it. */
  conflicts_with: ConflictingChemical & { already_issued: boolean };
}

const described = (record: ChemicalRecord): ConflictingChemical => ({
  id: record.id,
  name: record.chemical.name,
  purity: record.purity,
});

/**
 * What the storage rules say of issuing these chemicals to a location: each incoming chemical against the
 * chemicals already there (issued and not all returned), and against the other incoming ones. Warns, never blocks:
 * the issue itself does not ask.
 */
export async function storageConflicts(
  { db }: { db: Db },
  locationId: number,
  incomingIds: readonly number[],
): Promise<{ location: number; conflicts: StorageConflict[] }> {
  if (!(await findLocation(db, locationId))) throw notFound();
  const incoming = await findStockRecords(db, 'chemical', [...new Set(incomingIds)]);
  const incomingSet = new Set(incoming.map((record) => record.id));
  const missing = new Set(incomingIds.filter((id) => !incomingSet.has(id)));
  if (missing.size > 0) {
    const errors = [...missing].map((id) => messages.pkMissing(id));
    throw new ValidationError({ chemicals: firstFewOf(errors, messages.morePksMissing) });
  }
  const present = await findStockRecords(
    db,
    'chemical',
    (await chemicalsAtLocation(db, locationId)).filter((id) => !incomingSet.has(id)),
  );

  const conflicts: StorageConflict[] = [];
  const add = (chemical: ChemicalRecord, other: ChemicalRecord, alreadyIssued: boolean) => {
    for (const rule of incompatibilities(chemical, other)) {
      conflicts.push({
        rule: rule.id,
        reason: rule.reason,
        chemical: described(chemical),
        conflicts_with: { ...described(other), already_issued: alreadyIssued },
      });
    }
  };
  incoming.forEach((chemical, index) => {
    present.forEach((other) => add(chemical, other, true));
    // Each pair of incoming chemicals once.
    incoming.slice(index + 1).forEach((other) => add(chemical, other, false));
  });
  return { location: locationId, conflicts };
}
