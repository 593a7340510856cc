// The hazard groups a safety officer filters the Store by (issue 33, item 6): which GHS H-codes make a chemical CMR,
// flammable or acutely toxic, said once here and read by the server's stock lists (`hazard=`, docs/api.md) and the
// SPA's Store filter. Pure, like ghs.ts, so the SPA imports it as it is.

import { CMR_STATEMENTS } from './cmr';
import { HAZARD_CODES, HAZARD_STATEMENTS } from './ghs';

export const HAZARD_GROUPS = ['hazardous', 'cmr', 'flammable', 'acute_toxic'] as const;
export type HazardGroup = (typeof HAZARD_GROUPS)[number];

/** How the Store's filter names each group. */
export const HAZARD_GROUP_LABELS: Record<HazardGroup, string> = {
  hazardous: 'Any hazard statement',
  cmr: 'CMR (category 1)',
  flammable: 'Flammable',
  acute_toxic: 'Acute toxic',
};

/**
 * The H-codes of each group:
 * - hazardous: any hazard statement at all;
 * - cmr: the category 1 carcinogens, mutagens and reproductive toxicants of cmr.ts (the store approves their issue);
 * - flammable: every physical hazard whose label carries the flame (GHS02): flammable gases, aerosols, liquids and
 *   solids, pyrophoric, self-heating, self-reactive and water-reactive substances, organic peroxides, desensitized
 *   explosives and flammable chemicals under pressure. H227 (combustible liquid, category 4) has no flame and is not
 *   in it;
 * - acute_toxic: acute toxicity of categories 1 to 3, the skull and crossbones (GHS06): fatal or toxic if swallowed,
 *   in contact with skin or inhaled. The harmful categories (H302, H312, H332: exclamation mark) are not in it.
 */
export const HAZARD_GROUP_CODES: Readonly<Record<HazardGroup, readonly string[]>> = {
  hazardous: HAZARD_CODES,
  cmr: Object.keys(CMR_STATEMENTS),
  flammable: HAZARD_STATEMENTS.filter(
    (entry) => entry.group === 'physical' && entry.pictograms.includes('GHS02'),
  ).map((entry) => entry.code),
  acute_toxic: HAZARD_STATEMENTS.filter(
    (entry) => entry.group === 'health' && entry.pictograms.includes('GHS06'),
  ).map((entry) => entry.code),
};

/** What the `hazard` parameter takes: a group, or one H-code. */
export const HAZARD_FILTERS: readonly string[] = [...HAZARD_GROUPS, ...HAZARD_CODES];

/**
 * The H-codes a record must carry one of to pass a `hazard` filter of these values (groups and codes, as the
 * parameter's validation spells them); undefined: no filter.
 */
export function hazardFilterCodes(values: readonly string[]): string[] | undefined {
  if (values.length === 0) return undefined;
  const codes = new Set<string>();
  for (const value of values) {
    const group = Object.hasOwn(HAZARD_GROUP_CODES, value)
      ? HAZARD_GROUP_CODES[value as HazardGroup]
      : [value];
    for (const code of group) codes.add(code);
  }
  return [...codes];
}

/** Whether a list of H-codes holds one of `codes` (a stored list, or a record's `hazard_statements`). */
export function carriesHazardCode(statements: readonly string[], codes: readonly string[]): boolean {
  return statements.some((code) => codes.includes(code));
}
