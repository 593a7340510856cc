import type { Db } from '../db';
import {
  MAX_CONFLICTS_LISTED,
  type ConflictingChemical,
  type StorageConflict,
  type StorageConflicts,
} from '../contract/storageCompatibility';
import { chemicalsAtLocation } from '../db/repositories/issues';
import { findLocation } from '../db/repositories/locations';
import { findStockRecords, type ChemicalRecord } from '../db/repositories/stock';
import { opposingSides, ruleSides, rulesBrokenBy } from '../domain/chemistry/storageCompatibility';
import { notFound } from '../http/errors';
import { firstFewOf, messages, ValidationError } from '../validation/errors';

const described = (record: ChemicalRecord): ConflictingChemical => ({
  id: record.id,
  name: record.chemical.name,
  purity: record.purity,
});

interface Sided {
  record: ChemicalRecord;
  sides: number;
}

/** The chemicals concerned by some rule, with their sides. */
const sided = (records: readonly ChemicalRecord[]): Sided[] =>
  records.map((record) => ({ record, sides: ruleSides(record) })).filter(({ sides }) => sides !== 0);

/** The chemicals grouped by equal sides (at most 2^(2 × rules) groups), each group in the given order. */
function bySides(chemicals: readonly Sided[]): Map<number, Sided[]> {
  const groups = new Map<number, Sided[]>();
  for (const chemical of chemicals) {
    const group = groups.get(chemical.sides);
    if (group) group.push(chemical);
    else groups.set(chemical.sides, [chemical]);
  }
  return groups;
}

/** How many conflicts there are in all, counted by groups of equal sides (never pair by pair). */
function countConflicts(incoming: Map<number, Sided[]>, present: Map<number, Sided[]>): number {
  const broken = (first: number, second: number) => rulesBrokenBy(first, second).length;
  const groups = [...incoming];
  let total = 0;
  groups.forEach(([sides, { length }], index) => {
    for (const [presentSides, group] of present) total += length * group.length * broken(sides, presentSides);
    // Pairs within the group, then with each later group: each pair of incoming chemicals once.
    total += ((length * (length - 1)) / 2) * broken(sides, sides);
    for (const [otherSides, other] of groups.slice(index + 1))
      total += length * other.length * broken(sides, otherSides);
  });
  return total;
}

/** The chemicals of the groups on `sides`, in their given order (`position`): a merge of the groups' lists. */
function* inOrder(groups: readonly Sided[][], position: Map<Sided, number>): Generator<Sided> {
  const next = groups.map(() => 0);
  for (;;) {
    let best = -1;
    groups.forEach((group, index) => {
      const candidate = group[next[index]];
      if (candidate && (best === -1 || position.get(candidate)! < position.get(groups[best][next[best]])!))
        best = index;
    });
    if (best === -1) return;
    yield groups[best][next[best]++];
  }
}

/**
 * What the storage rules say of issuing these chemicals to a location: each incoming chemical against the
 * chemicals already there (issued and not all returned), and against the other incoming ones, listed in that order
 * up to MAX_CONFLICTS_LISTED, with how many more there are. Only pairs that conflict are visited, so a cart of a
 * thousand chemicals against a lab of thousands answers at once. Warns, never blocks: the issue itself does not ask.
 */
export async function storageConflicts(
  { db }: { db: Db },
  locationId: number,
  incomingIds: readonly number[],
): Promise<StorageConflicts> {
  if (!(await findLocation(db, locationId))) throw notFound();
  const incoming = await findStockRecords(db, 'chemical', [...new Set(incomingIds)]);
  const incomingSet = new Set(incoming.map((record) => record.id));
  const missing = new Set(incomingIds.filter((id) => !incomingSet.has(id)));
  if (missing.size > 0) {
    const errors = [...missing].map((id) => messages.pkMissing(id));
    throw new ValidationError({ chemicals: firstFewOf(errors, messages.morePksMissing) });
  }
  const present = sided(
    await findStockRecords(
      db,
      'chemical',
      (await chemicalsAtLocation(db, locationId)).filter((id) => !incomingSet.has(id)),
    ),
  );
  const arriving = sided(incoming);
  const presentGroups = bySides(present);
  const position = new Map(present.map((chemical, index) => [chemical, index]));

  const conflicts: StorageConflict[] = [];
  const add = (chemical: Sided, other: Sided, alreadyIssued: boolean) => {
    for (const rule of rulesBrokenBy(chemical.sides, other.sides)) {
      if (conflicts.length === MAX_CONFLICTS_LISTED) return;
      conflicts.push({
        rule: rule.id,
        reason: rule.reason,
        chemical: described(chemical.record),
        conflicts_with: { ...described(other.record), already_issued: alreadyIssued },
      });
    }
  };
  for (const [index, chemical] of arriving.entries()) {
    if (conflicts.length === MAX_CONFLICTS_LISTED) break;
    const opposing = opposingSides(chemical.sides);
    const groups = [...presentGroups].filter(([sides]) => sides & opposing).map(([, group]) => group);
    for (const other of inOrder(groups, position)) {
      if (conflicts.length === MAX_CONFLICTS_LISTED) break;
      add(chemical, other, true);
    }
    for (const other of arriving.slice(index + 1)) {
      if (conflicts.length === MAX_CONFLICTS_LISTED) break;
      if (other.sides & opposing) add(chemical, other, false);
    }
  }
  const total = countConflicts(bySides(arriving), presentGroups);
  return { location: locationId, conflicts, more_conflicts: total - conflicts.length };
}
