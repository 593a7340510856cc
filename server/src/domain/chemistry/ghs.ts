// GHS hazard communication: the hazard statements (H-codes) with their English texts, the pictogram and signal
// word each one calls for, and the label a set of codes derives. Hand-written because it is a domain rule: no
// maintained npm package carries the table (docs/api.md, 'Hazard data'). The SPA imports this module too, so the
// multi-select, the pictograms shown while editing and the server's answers follow one table and one rule.
//
// Source: the UN Globally Harmonized System, revision 9 (2021), Annex 1 (allocation of label elements per hazard
// class and category) and Annex 3 section 1 (Table A3.1.1–A3.1.3, the codes and texts). Revision 10 keeps these
// codes; its new explosive sub-categories (H209–H211) are not in this table. The lettered codes of carcinogens and
// reproductive toxicants (H350i, H360F … H360Df, H361f/d/fd) and their texts come from the EU's CLP regulation
// (1272/2008, Annex III part 1): suppliers' labels and safety data sheets print them, and a lower-case letter means
// suspected where the upper case means known, so their case is part of the code.
//
// A code that several categories share with different label elements (H221: flammable gas 1B with the flame and
// 'Danger', or category 2 with neither; H228, H242, H261, H272, H207 likewise) derives the label of its most
// severe category, the safe side; the signal word can be overridden on the record. Combined codes such as
// H300+H310 are a printing convention for several codes at once: send the single codes, which derive the same label.

import { choiceBySpelling } from '../choiceSpelling';

export const GHS_PICTOGRAMS = [
  'GHS01',
  'GHS02',
  'GHS03',
  'GHS04',
  'GHS05',
  'GHS06',
  'GHS07',
  'GHS08',
  'GHS09',
] as const;
export type GhsPictogramCode = (typeof GHS_PICTOGRAMS)[number];

/** Each pictogram's accessible name, as the app shows and announces it. */
export const PICTOGRAM_NAMES: Record<GhsPictogramCode, string> = {
  GHS01: 'Explosive',
  GHS02: 'Flammable',
  GHS03: 'Oxidising',
  GHS04: 'Gas under pressure',
  GHS05: 'Corrosive',
  GHS06: 'Acute toxicity',
  GHS07: 'Harmful / irritant',
  GHS08: 'Health hazard',
  GHS09: 'Hazardous to the environment',
};

export const SIGNAL_WORDS = ['DANGER', 'WARNING'] as const;
export type SignalWord = (typeof SIGNAL_WORDS)[number];

/** What an exclamation mark (GHS07) stands for, which decides whether a stronger pictogram suppresses it. */
type ExclamationMarkUse = 'skin or eye irritation' | 'skin sensitisation' | 'other';

export type HazardGroup = 'physical' | 'health' | 'environmental';

export interface HazardStatement {
  code: string;
  text: string;
  group: HazardGroup;
  /** The pictograms this code calls for on its own, before the precedence rules. */
  pictograms: readonly GhsPictogramCode[];
  /** null: the code calls for no signal word. */
  signalWord: SignalWord | null;
  exclamationMarkFor?: ExclamationMarkUse;
  /** Respiratory sensitisation: its health hazard pictogram suppresses some exclamation marks. */
  respiratorySensitiser?: boolean;
}

const GROUPS: Record<string, HazardGroup> = { '2': 'physical', '3': 'health', '4': 'environmental' };

function statement(
  code: string,
  text: string,
  pictograms: readonly GhsPictogramCode[],
  signalWord: SignalWord | null,
  extra: Pick<HazardStatement, 'exclamationMarkFor' | 'respiratorySensitiser'> = {},
): HazardStatement {
  const exclamationMarkFor = pictograms.includes('GHS07') ? (extra.exclamationMarkFor ?? 'other') : undefined;
  return { code, text, group: GROUPS[code[1]], pictograms, signalWord, ...extra, exclamationMarkFor };
}

const D = 'DANGER';
const W = 'WARNING';

/** Every GHS hazard statement, in code order. */
export const HAZARD_STATEMENTS: readonly HazardStatement[] = [
  // Physical hazards
  statement('H200', 'Unstable explosive', ['GHS01'], D),
  statement('H201', 'Explosive; mass explosion hazard', ['GHS01'], D),
  statement('H202', 'Explosive; severe projection hazard', ['GHS01'], D),
  statement('H203', 'Explosive; fire, blast or projection hazard', ['GHS01'], D),
  statement('H204', 'Fire or projection hazard', ['GHS01'], W),
  // Division 1.5: 'Danger' without a symbol (Annex 1, Table A1.1).
  statement('H205', 'May mass explode in fire', [], D),
  statement(
    'H206',
    'Fire, blast or projection hazard; increased risk of explosion if desensitizing agent is reduced',
    ['GHS02'],
    D,
  ),
  statement(
    'H207',
    'Fire or projection hazard; increased risk of explosion if desensitizing agent is reduced',
    ['GHS02'],
    D,
  ),
  statement(
    'H208',
    'Fire hazard; increased risk of explosion if desensitizing agent is reduced',
    ['GHS02'],
    W,
  ),
  statement('H220', 'Extremely flammable gas', ['GHS02'], D),
  statement('H221', 'Flammable gas', ['GHS02'], D),
  statement('H222', 'Extremely flammable aerosol', ['GHS02'], D),
  statement('H223', 'Flammable aerosol', ['GHS02'], W),
  statement('H224', 'Extremely flammable liquid and vapour', ['GHS02'], D),
  statement('H225', 'Highly flammable liquid and vapour', ['GHS02'], D),
  statement('H226', 'Flammable liquid and vapour', ['GHS02'], W),
  statement('H227', 'Combustible liquid', [], W),
  statement('H228', 'Flammable solid', ['GHS02'], D),
  statement('H229', 'Pressurized container: may burst if heated', [], W),
  // Chemically unstable gases: added to the flammable gas label, with no symbol or signal word of their own.
  statement('H230', 'May react explosively even in the absence of air', [], null),
  statement(
    'H231',
    'May react explosively even in the absence of air at elevated pressure and/or temperature',
    [],
    null,
  ),
  statement('H232', 'May ignite spontaneously if exposed to air', ['GHS02'], D),
  statement('H240', 'Heating may cause an explosion', ['GHS01'], D),
  statement('H241', 'Heating may cause a fire or explosion', ['GHS01', 'GHS02'], D),
  statement('H242', 'Heating may cause a fire', ['GHS02'], D),
  statement('H250', 'Catches fire spontaneously if exposed to air', ['GHS02'], D),
  statement('H251', 'Self-heating; may catch fire', ['GHS02'], D),
  statement('H252', 'Self-heating in large quantities; may catch fire', ['GHS02'], W),
  statement(
    'H260',
    'In contact with water releases flammable gases which may ignite spontaneously',
    ['GHS02'],
    D,
  ),
  statement('H261', 'In contact with water releases flammable gas', ['GHS02'], D),
  statement('H270', 'May cause or intensify fire; oxidizer', ['GHS03'], D),
  statement('H271', 'May cause fire or explosion; strong oxidizer', ['GHS03'], D),
  statement('H272', 'May intensify fire; oxidizer', ['GHS03'], D),
  statement('H280', 'Contains gas under pressure; may explode if heated', ['GHS04'], W),
  statement('H281', 'Contains refrigerated gas; may cause cryogenic burns or injury', ['GHS04'], W),
  statement(
    'H282',
    'Extremely flammable chemical under pressure: may explode if heated',
    ['GHS02', 'GHS04'],
    D,
  ),
  statement('H283', 'Flammable chemical under pressure: may explode if heated', ['GHS02', 'GHS04'], W),
  statement('H284', 'Chemical under pressure: may explode if heated', ['GHS04'], W),
  statement('H290', 'May be corrosive to metals', ['GHS05'], W),
  // Health hazards
  statement('H300', 'Fatal if swallowed', ['GHS06'], D),
  statement('H301', 'Toxic if swallowed', ['GHS06'], D),
  statement('H302', 'Harmful if swallowed', ['GHS07'], W),
  statement('H303', 'May be harmful if swallowed', [], W),
  statement('H304', 'May be fatal if swallowed and enters airways', ['GHS08'], D),
  statement('H305', 'May be harmful if swallowed and enters airways', ['GHS08'], W),
  statement('H310', 'Fatal in contact with skin', ['GHS06'], D),
  statement('H311', 'Toxic in contact with skin', ['GHS06'], D),
  statement('H312', 'Harmful in contact with skin', ['GHS07'], W),
  statement('H313', 'May be harmful in contact with skin', [], W),
  statement('H314', 'Causes severe skin burns and eye damage', ['GHS05'], D),
  statement('H315', 'Causes skin irritation', ['GHS07'], W, { exclamationMarkFor: 'skin or eye irritation' }),
  statement('H316', 'Causes mild skin irritation', [], W),
  statement('H317', 'May cause an allergic skin reaction', ['GHS07'], W, {
    exclamationMarkFor: 'skin sensitisation',
  }),
  statement('H318', 'Causes serious eye damage', ['GHS05'], D),
  statement('H319', 'Causes serious eye irritation', ['GHS07'], W, {
    exclamationMarkFor: 'skin or eye irritation',
  }),
  statement('H320', 'Causes eye irritation', [], W),
  statement('H330', 'Fatal if inhaled', ['GHS06'], D),
  statement('H331', 'Toxic if inhaled', ['GHS06'], D),
  statement('H332', 'Harmful if inhaled', ['GHS07'], W),
  statement('H333', 'May be harmful if inhaled', [], W),
  statement(
    'H334',
    'May cause allergy or asthma symptoms or breathing difficulties if inhaled',
    ['GHS08'],
    D,
    { respiratorySensitiser: true },
  ),
  statement('H335', 'May cause respiratory irritation', ['GHS07'], W),
  statement('H336', 'May cause drowsiness or dizziness', ['GHS07'], W),
  statement('H340', 'May cause genetic defects', ['GHS08'], D),
  statement('H341', 'Suspected of causing genetic defects', ['GHS08'], W),
  statement('H350', 'May cause cancer', ['GHS08'], D),
  statement('H350i', 'May cause cancer by inhalation', ['GHS08'], D),
  statement('H351', 'Suspected of causing cancer', ['GHS08'], W),
  statement('H360', 'May damage fertility or the unborn child', ['GHS08'], D),
  statement('H360F', 'May damage fertility', ['GHS08'], D),
  statement('H360D', 'May damage the unborn child', ['GHS08'], D),
  statement('H360FD', 'May damage fertility. May damage the unborn child', ['GHS08'], D),
  statement('H360Fd', 'May damage fertility. Suspected of damaging the unborn child', ['GHS08'], D),
  statement('H360Df', 'May damage the unborn child. Suspected of damaging fertility', ['GHS08'], D),
  statement('H361', 'Suspected of damaging fertility or the unborn child', ['GHS08'], W),
  statement('H361f', 'Suspected of damaging fertility', ['GHS08'], W),
  statement('H361d', 'Suspected of damaging the unborn child', ['GHS08'], W),
  statement(
    'H361fd',
    'Suspected of damaging fertility. Suspected of damaging the unborn child',
    ['GHS08'],
    W,
  ),
  // Effects on or via lactation: no symbol, no signal word.
  statement('H362', 'May cause harm to breast-fed children', [], null),
  statement('H370', 'Causes damage to organs', ['GHS08'], D),
  statement('H371', 'May cause damage to organs', ['GHS08'], W),
  statement('H372', 'Causes damage to organs through prolonged or repeated exposure', ['GHS08'], D),
  statement('H373', 'May cause damage to organs through prolonged or repeated exposure', ['GHS08'], W),
  // Environmental hazards
  statement('H400', 'Very toxic to aquatic life', ['GHS09'], W),
  statement('H401', 'Toxic to aquatic life', [], null),
  statement('H402', 'Harmful to aquatic life', [], null),
  statement('H410', 'Very toxic to aquatic life with long lasting effects', ['GHS09'], W),
  statement('H411', 'Toxic to aquatic life with long lasting effects', ['GHS09'], null),
  statement('H412', 'Harmful to aquatic life with long lasting effects', [], null),
  statement('H413', 'May cause long lasting harmful effects to aquatic life', [], null),
  statement(
    'H420',
    'Harms public health and the environment by destroying ozone in the upper atmosphere',
    ['GHS07'],
    W,
  ),
];

export const HAZARD_CODES: readonly string[] = HAZARD_STATEMENTS.map((entry) => entry.code);

const BY_CODE = new Map(HAZARD_STATEMENTS.map((entry) => [entry.code, entry]));
const ORDER = new Map(HAZARD_CODES.map((code, index) => [code, index]));
const hazardCodeOf = choiceBySpelling(HAZARD_CODES);

/**
 * The statement of a code (`H225`, any case where the case tells no two codes apart: `h350i`, but `H360Fd` only so),
 * or undefined when GHS has no such code.
 */
export function hazardStatement(code: string): HazardStatement | undefined {
  const known = hazardCodeOf(code.trim());
  return known === undefined ? undefined : BY_CODE.get(known);
}

/** Known codes as the table spells them, each once, in code order; unknown ones are left out (validation says so). */
export function normalizeHazardCodes(codes: readonly string[]): string[] {
  const known = new Set(
    codes.map((code) => hazardStatement(code)?.code).filter((code) => code !== undefined),
  );
  return [...known].sort((a, b) => (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0));
}

const statementsOf = (codes: readonly string[]): HazardStatement[] =>
  normalizeHazardCodes(codes).map((code) => BY_CODE.get(code) as HazardStatement);

/**
 * The pictograms a label with these codes shows, GHS01 to GHS09, after the precedence rules for health hazards
 * (GHS rev. 9, 1.4.10.5.3.1): (a) where the skull and crossbones (GHS06) applies, the exclamation mark (GHS07)
 * does not appear; (b) where the corrosion symbol (GHS05) applies, the exclamation mark does not appear for skin
 * or eye irritation; (c) where the health hazard symbol (GHS08) appears for respiratory sensitisation, the
 * exclamation mark does not appear for skin sensitisation or for skin or eye irritation. Physical hazard symbols
 * are all kept, as workplace labels show them (ibid.: the transport precedence is left to the UN Model Regulations).
 */
export function derivePictograms(codes: readonly string[]): GhsPictogramCode[] {
  const statements = statementsOf(codes);
  const shown = new Set(statements.flatMap((entry) => entry.pictograms));
  const skull = shown.has('GHS06');
  const corrosion = shown.has('GHS05');
  const respiratorySensitiser = statements.some((entry) => entry.respiratorySensitiser);
  const exclamationMarkStays = statements.some(({ exclamationMarkFor: use }) => {
    if (use === undefined || skull) return false;
    if (use === 'skin or eye irritation') return !corrosion && !respiratorySensitiser;
    if (use === 'skin sensitisation') return !respiratorySensitiser;
    return true;
  });
  if (!exclamationMarkStays) shown.delete('GHS07');
  return GHS_PICTOGRAMS.filter((pictogram) => shown.has(pictogram));
}

/**
 * The signal word of a label with these codes: 'Danger' where any code calls for it, which then replaces
 * 'Warning' (GHS rev. 9, 1.4.10.5.2 (a)); null when no code calls for one.
 */
export function deriveSignalWord(codes: readonly string[]): SignalWord | null {
  const words = new Set(statementsOf(codes).map((entry) => entry.signalWord));
  if (words.has('DANGER')) return 'DANGER';
  if (words.has('WARNING')) return 'WARNING';
  return null;
}

/** How a signal word reads on a label. */
export const SIGNAL_WORD_TEXT: Record<SignalWord, string> = { DANGER: 'Danger', WARNING: 'Warning' };

/** 'H225 Highly flammable liquid and vapour': a code as lists and pickers show it. */
export function hazardStatementLabel(code: string): string {
  const entry = hazardStatement(code);
  return entry ? `${entry.code} ${entry.text}` : code;
}

/**
 * What a record stores of its signal word: null while it is the derived one, else the override (`NONE`: no
 * signal word). A write sends `DANGER`, `WARNING`, null (no signal word) or `DERIVED`; a value equal to the derived
 * one is stored as derived, so a client that sends back the signal word it read does not pin it.
 */
export type SignalWordOverride = SignalWord | 'NONE' | null;
export type SignalWordChoice = SignalWord | 'DERIVED' | null;

export function signalWordOverride(sent: SignalWordChoice, derived: SignalWord | null): SignalWordOverride {
  if (sent === 'DERIVED' || sent === derived) return null;
  return sent ?? 'NONE';
}

/** The signal word a label shows: the override when there is one, else the derived one. */
export function effectiveSignalWord(
  codes: readonly string[],
  override: SignalWordOverride,
): SignalWord | null {
  if (override === null) return deriveSignalWord(codes);
  return override === 'NONE' ? null : override;
}
