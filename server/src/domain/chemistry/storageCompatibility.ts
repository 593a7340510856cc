import { normalizeHazardCodes } from './ghs';

// Which chemicals must not be stored together, for the warning at issue time (docs/api.md, 'Hazard data').
//
// Source: the reactivity groups of the US EPA's compatibility chart, H. K. Hatayama et al., "A Method for
// Determining the Compatibility of Hazardous Wastes", EPA-600/2-80-076 (1980), which CAMEO Chemicals and most
// university chemical-storage charts follow: oxidising agents (group 104) with combustible and flammable
// materials (101) give heat and fire; acids (groups 1–3) with caustics (10) give heat and violent reaction;
// water-reactive substances (107) with water and mixtures containing water (106) give heat and flammable gases.
//
// Oxidisers, flammables and water-reactives are read from the GHS codes. Whether a chemical is an acid, a base or
// an aqueous solution no H-code tells (H314 is as true of sodium hydroxide as of sulfuric acid), so a record
// says it in `storage_classes`: what a person marks, never guessed from a name or formula.

/** The classes a record marks itself; the others are derived from its H-codes. */
export const STORAGE_CLASSES = ['ACID', 'BASE', 'AQUEOUS'] as const;
export type MarkedStorageClass = (typeof STORAGE_CLASSES)[number];

export type StorageClass = MarkedStorageClass | 'OXIDISER' | 'FLAMMABLE' | 'WATER_REACTIVE';

export const STORAGE_CLASS_NAMES: Record<StorageClass, string> = {
  ACID: 'Acid',
  BASE: 'Base',
  AQUEOUS: 'Aqueous solution',
  OXIDISER: 'Oxidiser',
  FLAMMABLE: 'Flammable',
  WATER_REACTIVE: 'Water-reactive',
};

/** The H-codes that put a chemical in a class (GHS chapters 2.2–2.6, 2.13–2.15 and 2.12). */
const CLASSES_BY_CODE: Partial<Record<StorageClass, readonly string[]>> = {
  // Oxidising gases, liquids and solids.
  OXIDISER: ['H270', 'H271', 'H272'],
  // Flammable gases, aerosols, liquids (combustible ones included) and solids, and self-reactive substances.
  FLAMMABLE: ['H220', 'H221', 'H222', 'H223', 'H224', 'H225', 'H226', 'H227', 'H228', 'H242'],
  // Substances which, in contact with water, emit flammable gases.
  WATER_REACTIVE: ['H260', 'H261'],
};

export interface StorageRule {
  id: 'OXIDISER_FLAMMABLE' | 'ACID_BASE' | 'WATER_REACTIVE_AQUEOUS';
  classes: readonly [StorageClass, StorageClass];
  /** Why the two must be kept apart, as the warning says it. */
  reason: string;
}

/** The one table of incompatible pairs. */
export const STORAGE_RULES: readonly StorageRule[] = [
  {
    id: 'OXIDISER_FLAMMABLE',
    classes: ['OXIDISER', 'FLAMMABLE'],
    reason: 'Oxidisers must be stored apart from flammables: together they can start or feed a fire.',
  },
  {
    id: 'ACID_BASE',
    classes: ['ACID', 'BASE'],
    reason: 'Acids must be stored apart from bases: they react violently, giving off heat.',
  },
  {
    id: 'WATER_REACTIVE_AQUEOUS',
    classes: ['WATER_REACTIVE', 'AQUEOUS'],
    reason:
      'Water-reactive chemicals must be stored apart from aqueous solutions: water releases flammable gas.',
  },
];

export interface HazardProfile {
  hazard_statements: readonly string[];
  storage_classes: readonly string[];
}

/** Every class a chemical belongs to: derived from its H-codes, and marked. */
export function storageClassesOf(chemical: HazardProfile): Set<StorageClass> {
  const codes = new Set(normalizeHazardCodes(chemical.hazard_statements));
  const classes = new Set<StorageClass>();
  for (const [storageClass, classCodes] of Object.entries(CLASSES_BY_CODE)) {
    if (classCodes.some((code) => codes.has(code))) classes.add(storageClass as StorageClass);
  }
  for (const marked of chemical.storage_classes) {
    if ((STORAGE_CLASSES as readonly string[]).includes(marked)) classes.add(marked as MarkedStorageClass);
  }
  return classes;
}

/**
 * The sides of the rules a chemical is on, as bits: rule i's first class is bit 2i, its second bit 2i + 1 (0: no
 * rule concerns it). Two chemicals conflict when one's sides meet the other's `opposingSides`: one comparison of
 * numbers, so a location holding thousands of chemicals is checked by groups of equal sides, not pair by pair.
 */
export function ruleSides(chemical: HazardProfile): number {
  const classes = storageClassesOf(chemical);
  return STORAGE_RULES.reduce(
    (sides, { classes: [x, y] }, index) =>
      sides | (classes.has(x) ? 1 << (2 * index) : 0) | (classes.has(y) ? 1 << (2 * index + 1) : 0),
    0,
  );
}

/** The sides a chemical must be on to conflict with one on `sides`: each rule's two bits swapped. */
export function opposingSides(sides: number): number {
  let opposing = 0;
  STORAGE_RULES.forEach((_rule, index) => {
    if (sides & (1 << (2 * index))) opposing |= 1 << (2 * index + 1);
    if (sides & (1 << (2 * index + 1))) opposing |= 1 << (2 * index);
  });
  return opposing;
}

/** The rules broken by storing chemicals on these sides together, in the table's order. */
export function rulesBrokenBy(first: number, second: number): StorageRule[] {
  const met = first & opposingSides(second);
  return STORAGE_RULES.filter((_rule, index) => met & (0b11 << (2 * index)));
}

/** The rules two chemicals break by being stored together (none: compatible as far as the table knows). */
export function incompatibilities(first: HazardProfile, second: HazardProfile): StorageRule[] {
  return rulesBrokenBy(ruleSides(first), ruleSides(second));
}
