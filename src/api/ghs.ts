// The GHS hazard statements and the label rules (pictogram precedence, signal word) come from the server's domain
// module itself, so the app's picker, its live preview and the server's answers follow one table and one rule; the
// table is code, so it needs no request and works on a terminal that just lost the network.
export {
  derivePictograms,
  effectiveSignalWord,
  GHS_PICTOGRAMS,
  HAZARD_STATEMENTS,
  hazardStatement,
  hazardStatementLabel,
  PICTOGRAM_NAMES,
  SIGNAL_WORD_TEXT,
  type GhsPictogramCode,
  type HazardStatement,
  type SignalWord,
  type SignalWordChoice,
} from '../../server/src/domain/chemistry/ghs';
export {
  HAZARD_GROUP_LABELS,
  HAZARD_GROUPS,
  type HazardGroup,
} from '../../server/src/domain/chemistry/hazardGroups';
export {
  STORAGE_CLASS_NAMES,
  STORAGE_CLASSES,
  type MarkedStorageClass,
} from '../../server/src/domain/chemistry/storageCompatibility';

import type { SignalWordChoice } from '../../server/src/domain/chemistry/ghs';
import type { MarkedStorageClass } from '../../server/src/domain/chemistry/storageCompatibility';
import type { HazardLabel as RecordHazards } from './stockKinds';

/** What a chemical record reads of its hazards that its label shows (docs/api.md, 'Hazard data'). */
export type HazardLabel = Pick<RecordHazards, 'hazard_statements' | 'signal_word' | 'pictograms'>;

/** The hazard write fields: `signal_word` 'DERIVED' derives it from the codes again. */
export interface HazardFields {
  hazard_statements: string[];
  signal_word: SignalWordChoice;
  storage_classes: MarkedStorageClass[];
}

export const NO_HAZARD_FIELDS: HazardFields = {
  hazard_statements: [],
  signal_word: 'DERIVED',
  storage_classes: [],
};

/**
 * What a record's form sends of its hazards: the fields the person changed, from `from` (the record as the form
 * opened it; for a new record, none). The H-codes and the signal word are the substance's (docs/api.md §16): sent
 * unchanged, a new record's empty fields would clear them for every record of the substance, and an edit that
 * renames the record to another substance would give that one the old substance's hazards.
 */
export function changedHazards(
  hazards: HazardFields,
  from: HazardFields = NO_HAZARD_FIELDS,
): Partial<HazardFields> {
  return Object.fromEntries(
    Object.entries(hazards).filter(
      ([name, value]) => JSON.stringify(value) !== JSON.stringify(from[name as keyof HazardFields]),
    ),
  );
}

/** A record's hazards as the form edits them. */
export const hazardFieldsOf = (record: RecordHazards): HazardFields => ({
  hazard_statements: record.hazard_statements,
  signal_word: record.signal_word_overridden ? record.signal_word : 'DERIVED',
  storage_classes: record.storage_classes,
});
