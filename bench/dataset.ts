/**
 * Deterministic, realistic stock data for benchmarks and load tests. Records are shaped like the flat write
 * bodies of SERVER.md §4.3 and are unique per the identifying fields of §4.4 (compared case-insensitively).
 */
import { casCheckDigit } from '../server/src/domain/chemistry/cas';

export type ChemicalState = 'SOLID' | 'LIQUID' | 'GAS';

export interface ChemicalWrite {
  name: string;
  CAS_RN: string;
  molecular_formula: string;
  purity: number;
  manufacturer: string;
  supplier: string;
  state: ChemicalState;
  quantity: number;
  minimum_quantity?: number;
  expiry_date?: string;
}

export interface InstrumentWrite {
  name: string;
  manufacturer: string;
  supplier: string;
  quantity: number;
  minimum_quantity?: number;
}

export interface GlasswareWrite {
  name: string;
  manufacturer: string;
  supplier: string;
  size: number;
  material_type: string;
  quantity: number;
  minimum_quantity?: number;
  expiry_date?: string;
}

export interface Dataset {
  chemicals: ChemicalWrite[];
  instruments: InstrumentWrite[];
  glassware: GlasswareWrite[];
}

export type BenchmarkQueryKind =
  | 'exact name'
  | 'prefix 1'
  | 'prefix 2'
  | 'prefix 3'
  | 'typo'
  | 'transposition'
  | 'CAS number'
  | 'formula'
  | 'glassware size'
  | 'no match';

export interface BenchmarkQuery {
  kind: BenchmarkQueryKind;
  query: string;
  type?: 'CHEMICAL' | 'INSTRUMENT' | 'GLASSWARE';
}

/** Catalog description of one chemical substance. */
interface Substance {
  name: string;
  formula: string;
  cas: string;
  state: ChemicalState;
}

/** mulberry32: a small, fast, seedable PRNG. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

function integerBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

const REAL_SUBSTANCES: readonly (readonly [string, string, string, ChemicalState])[] = [
  ['Water', 'H2O', '7732-18-5', 'LIQUID'],
  ['Ethanol', 'C2H6O', '64-17-5', 'LIQUID'],
  ['Methanol', 'CH4O', '67-56-1', 'LIQUID'],
  ['Acetone', 'C3H6O', '67-64-1', 'LIQUID'],
  ['Acetic acid', 'C2H4O2', '64-19-7', 'LIQUID'],
  ['Hydrochloric acid', 'HCl', '7647-01-0', 'LIQUID'],
  ['Sulfuric acid', 'H2SO4', '7664-93-9', 'LIQUID'],
  ['Nitric acid', 'HNO3', '7697-37-2', 'LIQUID'],
  ['Phosphoric acid', 'H3PO4', '7664-38-2', 'LIQUID'],
  ['Ammonia', 'NH3', '7664-41-7', 'GAS'],
  ['Benzene', 'C6H6', '71-43-2', 'LIQUID'],
  ['Toluene', 'C7H8', '108-88-3', 'LIQUID'],
  ['Xylene', 'C8H10', '1330-20-7', 'LIQUID'],
  ['Chloroform', 'CHCl3', '67-66-3', 'LIQUID'],
  ['Dichloromethane', 'CH2Cl2', '75-09-2', 'LIQUID'],
  ['Diethyl ether', 'C4H10O', '60-29-7', 'LIQUID'],
  ['Acetonitrile', 'C2H3N', '75-05-8', 'LIQUID'],
  ['Dimethyl sulfoxide', 'C2H6OS', '67-68-5', 'LIQUID'],
  ['N,N-Dimethylformamide', 'C3H7NO', '68-12-2', 'LIQUID'],
  ['Tetrahydrofuran', 'C4H8O', '109-99-9', 'LIQUID'],
  ['D-Glucose', 'C6H12O6', '50-99-7', 'SOLID'],
  ['Sucrose', 'C12H22O11', '57-50-1', 'SOLID'],
  ['Urea', 'CH4N2O', '57-13-6', 'SOLID'],
  ['Phenol', 'C6H6O', '108-95-2', 'SOLID'],
  ['Naphthalene', 'C10H8', '91-20-3', 'SOLID'],
  ['Benzoic acid', 'C7H6O2', '65-85-0', 'SOLID'],
  ['Salicylic acid', 'C7H6O3', '69-72-7', 'SOLID'],
  ['Acetylsalicylic acid', 'C9H8O4', '50-78-2', 'SOLID'],
  ['Citric acid', 'C6H8O7', '77-92-9', 'SOLID'],
  ['Oxalic acid', 'C2H2O4', '144-62-7', 'SOLID'],
  ['Formaldehyde', 'CH2O', '50-00-0', 'GAS'],
  ['Glycerol', 'C3H8O3', '56-81-5', 'LIQUID'],
  ['Ethylene glycol', 'C2H6O2', '107-21-1', 'LIQUID'],
  ['Hydrogen peroxide', 'H2O2', '7722-84-1', 'LIQUID'],
  ['Sodium chloride', 'NaCl', '7647-14-5', 'SOLID'],
  ['Copper(II) sulfate', 'CuSO4', '7758-98-7', 'SOLID'],
  ['Copper(II) sulfate pentahydrate', 'CuSO4·5H2O', '7758-99-8', 'SOLID'],
  ['Silver nitrate', 'AgNO3', '7761-88-8', 'SOLID'],
  ['Potassium permanganate', 'KMnO4', '7722-64-7', 'SOLID'],
  ['Potassium dichromate', 'K2Cr2O7', '7778-50-9', 'SOLID'],
  ['Sodium carbonate', 'Na2CO3', '497-19-8', 'SOLID'],
  ['Sodium carbonate decahydrate', 'Na2CO3.10H2O', '6132-02-1', 'SOLID'],
  ['Sodium hydroxide', 'NaOH', '1310-73-2', 'SOLID'],
  ['Potassium hydroxide', 'KOH', '1310-58-3', 'SOLID'],
  ['Calcium carbonate', 'CaCO3', '471-34-1', 'SOLID'],
  ['Magnesium sulfate heptahydrate', 'MgSO4*7H2O', '10034-99-8', 'SOLID'],
  ['Potassium hexacyanoferrate(II)', 'K4[Fe(CN)6]', '13943-58-3', 'SOLID'],
  ['Ammonium sulfate', '(NH4)2SO4', '7783-20-2', 'SOLID'],
  ['EDTA', 'C10H16N2O8', '60-00-4', 'SOLID'],
  ['Iodine', 'I2', '7553-56-2', 'SOLID'],
  ['Bromine', 'Br2', '7726-95-6', 'LIQUID'],
  ['Hydrogen', 'H2', '1333-74-0', 'GAS'],
  ['Oxygen', 'O2', '7782-44-7', 'GAS'],
  ['Nitrogen', 'N2', '7727-37-9', 'GAS'],
  ['Argon', 'Ar', '7440-37-1', 'GAS'],
  ['Helium', 'He', '7440-59-7', 'GAS'],
  ['Carbon dioxide', 'CO2', '124-38-9', 'GAS'],
  ['Sodium', 'Na', '7440-23-5', 'SOLID'],
  ['Magnesium', 'Mg', '7439-95-4', 'SOLID'],
  ['Zinc', 'Zn', '7440-66-6', 'SOLID'],
  ['Iron', 'Fe', '7439-89-6', 'SOLID'],
  ['Copper', 'Cu', '7440-50-8', 'SOLID'],
  ['Aluminium', 'Al', '7429-90-5', 'SOLID'],
  ['Sulfur', 'S', '7704-34-9', 'SOLID'],
  ['Mercury', 'Hg', '7439-97-6', 'LIQUID'],
  ['Phenolphthalein', 'C20H14O4', '77-09-8', 'SOLID'],
  ['Methyl orange', 'C14H14N3NaO3S', '547-58-0', 'SOLID'],
  ['Pyridine', 'C5H5N', '110-86-1', 'LIQUID'],
  ['Aniline', 'C6H7N', '62-53-3', 'LIQUID'],
  ['Nitrobenzene', 'C6H5NO2', '98-95-3', 'LIQUID'],
  ['Cyclohexane', 'C6H12', '110-82-7', 'LIQUID'],
  ['tert-Butyl methyl ether', 'C5H12O', '1634-04-4', 'LIQUID'],
  ['Di-tert-butyl ether', '((CH3)3C)2O', '6163-66-2', 'LIQUID'],
  ['Sodium dodecyl sulfate', 'C12H25NaO4S', '151-21-3', 'SOLID'],
  ['Tris(hydroxymethyl)aminomethane', 'C4H11NO3', '77-86-1', 'SOLID'],
  ['Ascorbic acid', 'C6H8O6', '50-81-7', 'SOLID'],
  ['Caffeine', 'C8H10N4O2', '58-08-2', 'SOLID'],
  ['Cholesterol', 'C27H46O', '57-88-5', 'SOLID'],
  ['Vanillin', 'C8H8O3', '121-33-5', 'SOLID'],
];

const STEMS = [
  'Meth',
  'Eth',
  'Prop',
  'But',
  'Pent',
  'Hex',
  'Hept',
  'Oct',
  'Non',
  'Dec',
  'Undec',
  'Dodec',
  'Tridec',
  'Tetradec',
  'Pentadec',
  'Hexadec',
  'Heptadec',
  'Octadec',
  'Nonadec',
  'Icos',
];

/** [name, formula, charge, polyatomic] */
const CATIONS: readonly (readonly [string, string, number, boolean])[] = [
  ['Sodium', 'Na', 1, false],
  ['Potassium', 'K', 1, false],
  ['Lithium', 'Li', 1, false],
  ['Caesium', 'Cs', 1, false],
  ['Rubidium', 'Rb', 1, false],
  ['Silver', 'Ag', 1, false],
  ['Ammonium', 'NH4', 1, true],
  ['Copper(I)', 'Cu', 1, false],
  ['Magnesium', 'Mg', 2, false],
  ['Calcium', 'Ca', 2, false],
  ['Strontium', 'Sr', 2, false],
  ['Barium', 'Ba', 2, false],
  ['Zinc', 'Zn', 2, false],
  ['Cadmium', 'Cd', 2, false],
  ['Copper(II)', 'Cu', 2, false],
  ['Iron(II)', 'Fe', 2, false],
  ['Iron(III)', 'Fe', 3, false],
  ['Cobalt(II)', 'Co', 2, false],
  ['Nickel(II)', 'Ni', 2, false],
  ['Manganese(II)', 'Mn', 2, false],
  ['Lead(II)', 'Pb', 2, false],
  ['Tin(II)', 'Sn', 2, false],
  ['Mercury(II)', 'Hg', 2, false],
  ['Chromium(III)', 'Cr', 3, false],
  ['Aluminium', 'Al', 3, false],
];

const ANIONS: readonly (readonly [string, string, number, boolean])[] = [
  ['chloride', 'Cl', 1, false],
  ['bromide', 'Br', 1, false],
  ['iodide', 'I', 1, false],
  ['fluoride', 'F', 1, false],
  ['nitrate', 'NO3', 1, true],
  ['nitrite', 'NO2', 1, true],
  ['hydroxide', 'OH', 1, true],
  ['cyanide', 'CN', 1, true],
  ['thiocyanate', 'SCN', 1, true],
  ['perchlorate', 'ClO4', 1, true],
  ['chlorate', 'ClO3', 1, true],
  ['permanganate', 'MnO4', 1, true],
  ['hydrogen carbonate', 'HCO3', 1, true],
  ['dihydrogen phosphate', 'H2PO4', 1, true],
  ['acetate', 'CH3COO', 1, true],
  ['formate', 'HCOO', 1, true],
  ['sulfate', 'SO4', 2, true],
  ['sulfite', 'SO3', 2, true],
  ['carbonate', 'CO3', 2, true],
  ['hydrogen phosphate', 'HPO4', 2, true],
  ['chromate', 'CrO4', 2, true],
  ['dichromate', 'Cr2O7', 2, true],
  ['oxalate', 'C2O4', 2, true],
  ['thiosulfate', 'S2O3', 2, true],
  ['sulfide', 'S', 2, false],
  ['oxide', 'O', 2, false],
  ['phosphate', 'PO4', 3, true],
];

const HYDRATES: readonly (readonly [string, number])[] = [
  ['monohydrate', 1],
  ['dihydrate', 2],
  ['trihydrate', 3],
  ['tetrahydrate', 4],
  ['pentahydrate', 5],
  ['hexahydrate', 6],
  ['heptahydrate', 7],
  ['nonahydrate', 9],
  ['decahydrate', 10],
  ['dodecahydrate', 12],
];
const HYDRATE_SEPARATORS = ['·', '.', '*'];

const ALKYLS = ['Methyl', 'Ethyl', 'Propyl', 'Butyl', 'Pentyl', 'Hexyl', 'Heptyl', 'Octyl', 'Nonyl', 'Decyl'];
const HALOGENS: readonly (readonly [string, string])[] = [
  ['Chloro', 'Cl'],
  ['Bromo', 'Br'],
  ['Iodo', 'I'],
  ['Fluoro', 'F'],
];

const CHEMICAL_MANUFACTURERS = [
  'Merck',
  'Sigma-Aldrich',
  'Thermo Fisher Scientific',
  'Alfa Aesar',
  'TCI Chemicals',
  'Acros Organics',
  'Honeywell',
  'VWR Chemicals',
  'Loba Chemie',
  'Avantor',
  'Fluka',
  'Carl Roth',
  'Scharlau',
  'Panreac',
  'Duksan',
  'Daejung',
  'Santa Cruz Biotechnology',
  'Spectrum Chemical',
  'Strem Chemicals',
  'Fisher Chemical',
  'J.T. Baker',
  'Riedel-de Haën',
  'BDH',
  'Oakwood Chemical',
  'Combi-Blocks',
  'Apollo Scientific',
  'Fluorochem',
  'abcr',
  'Qualigens',
  'Himedia',
];
const INSTRUMENT_MANUFACTURERS = [
  'Shimadzu',
  'Agilent Technologies',
  'Mettler Toledo',
  'Eppendorf',
  'Hanna Instruments',
  'IKA',
  'Heidolph',
  'Ohaus',
  'Bruker',
  'PerkinElmer',
  'Thermo Fisher Scientific',
  'Sartorius',
  'Hettich',
  'Büchi',
  'Metrohm',
  'Jasco',
  'Hitachi',
  'Waters',
  'Anton Paar',
  'Memmert',
  'Binder',
  'Olympus',
  'Zeiss',
  'Bio-Rad',
  'Horiba',
];
const GLASSWARE_MANUFACTURERS = [
  'Pyrex',
  'Schott Duran',
  'Kimble',
  'Borosil',
  'Hirschmann',
  'Brand',
  'Witeg',
  'Vitlab',
  'Corning',
  'Kartell',
  'Nalgene',
  'Isolab',
  'Hario',
  'Simax',
  'Glassco',
  'Bomex',
  'Haldenwanger',
  'Qorpak',
];
const SUPPLIERS = [
  'Daraz',
  'Labtech Supplies',
  'Scientific Traders',
  'Chemlink',
  'LabMart',
  'Science House',
  'Bio Scientific',
  'Global Lab Supply',
  'Fisher Scientific',
  'VWR International',
  'Cole-Parmer',
  'Carolina Biological',
  'Lab Depot',
  'Scientific Equipment Co',
  'Chemdirect',
  'Medilab',
  'Star Scientific',
  'Modern Lab Services',
  'Eastern Chemicals',
  'Crescent Scientific',
  'Unique Traders',
  'National Scientific',
  'Apex Lab Solutions',
  'Prime Lab Supply',
  'Pak Scientific',
  'Crown Chemicals',
  'Delta Lab Store',
  'Orbit Traders',
  'Sunrise Scientific',
  'Metro Lab Mart',
];

const INSTRUMENT_TYPES = [
  'UV-Vis Spectrophotometer',
  'FTIR Spectrometer',
  'NMR Spectrometer',
  'Mass Spectrometer',
  'Gas Chromatograph',
  'HPLC System',
  'Atomic Absorption Spectrometer',
  'Fluorescence Spectrometer',
  'pH Meter',
  'Conductivity Meter',
  'Analytical Balance',
  'Precision Balance',
  'Centrifuge',
  'Microcentrifuge',
  'Magnetic Stirrer',
  'Hot Plate Stirrer',
  'Rotary Evaporator',
  'Drying Oven',
  'Muffle Furnace',
  'Water Bath',
  'Ultrasonic Cleaner',
  'Vortex Mixer',
  'Melting Point Apparatus',
  'Refractometer',
  'Polarimeter',
  'Potentiostat',
  'Microscope',
  'Thermal Cycler',
  'Incubator',
  'Autoclave',
  'Vacuum Pump',
  'Automatic Titrator',
  'Karl Fischer Titrator',
  'Viscometer',
  'Colorimeter',
  'Flame Photometer',
  'Freeze Dryer',
  'Orbital Shaker',
  'Dissolved Oxygen Meter',
  'Turbidimeter',
];
const MODEL_PREFIXES = [
  'UV',
  'AX',
  'MS',
  'HP',
  'LC',
  'GC',
  'TX',
  'PH',
  'EC',
  'RV',
  'CT',
  'SM',
  'IK',
  'XR',
  'DM',
  'BT',
];
const MODEL_SUFFIXES = ['', '', '', ' Plus', ' Pro', ' II', 'A', 'R', ' Touch'];

const GLASSWARE_TYPES = [
  'Beaker',
  'Beaker, low form',
  'Beaker, tall form',
  'Erlenmeyer flask',
  'Erlenmeyer flask, wide neck',
  'Volumetric flask',
  'Round-bottom flask',
  'Flat-bottom flask',
  'Two-neck round-bottom flask',
  'Burette',
  'Pipette',
  'Volumetric pipette',
  'Graduated pipette',
  'Graduated cylinder',
  'Measuring cylinder',
  'Test tube',
  'Petri dish',
  'Funnel',
  'Separatory funnel',
  'Buchner funnel',
  'Liebig condenser',
  'Allihn condenser',
  'Watch glass',
  'Crucible',
  'Desiccator',
  'Reagent bottle',
  'Dropping bottle',
  'Wash bottle',
  'Evaporating dish',
  'Weighing bottle',
  'Centrifuge tube',
  'Sample vial',
  'Conical flask',
  'Distillation flask',
  'Soxhlet extractor',
];
const GLASSWARE_SIZES = [1, 2, 5, 10, 25, 50, 100, 150, 200, 250, 300, 500, 1000, 2000, 5000];
const MATERIALS = [
  'Borosilicate',
  'Borosilicate 3.3',
  'Amber borosilicate',
  'Quartz',
  'Fused silica',
  'Soda-lime',
  'PTFE',
  'Polypropylene',
  'PMP',
  'HDPE',
  'Porcelain',
  'Alumina',
];
const PURITIES = [90, 95, 96, 97, 98, 99, 99.5, 99.8, 99.9, 99.95, 99.99, 100];

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

function formulaPart(symbol: string, count: number, polyatomic: boolean): string {
  if (count === 1) return symbol;
  return polyatomic ? `(${symbol})${count}` : `${symbol}${count}`;
}

function hydrocarbonFormula(carbons: number, hydrogens: number, rest = ''): string {
  return `C${carbons === 1 ? '' : carbons}H${hydrogens === 1 ? '' : hydrogens}${rest}`;
}

function systematicOrganics(): Omit<Substance, 'cas'>[] {
  const found: Omit<Substance, 'cas'>[] = [];
  const stateFor = (carbons: number, gasBelow: number, solidFrom: number): ChemicalState =>
    carbons < gasBelow ? 'GAS' : carbons >= solidFrom ? 'SOLID' : 'LIQUID';
  STEMS.forEach((stem, index) => {
    const n = index + 1;
    const lower = stem.toLowerCase();
    found.push({ name: `${stem}ane`, formula: hydrocarbonFormula(n, 2 * n + 2), state: stateFor(n, 5, 17) });
    found.push({
      name: `${stem}anoic acid`,
      formula: hydrocarbonFormula(n, 2 * n, 'O2'),
      state: stateFor(n, 0, 10),
    });
    found.push({
      name: `${stem}anal`,
      formula: hydrocarbonFormula(n, 2 * n, 'O'),
      state: stateFor(n, 2, 14),
    });
    for (let position = 1; position <= Math.ceil(n / 2); position++) {
      const alcohol = n <= 2 ? `${stem}anol` : `${position}-${stem}anol`;
      found.push({
        name: alcohol,
        formula: hydrocarbonFormula(n, 2 * n + 2, 'O'),
        state: stateFor(n, 0, 12),
      });
      const amine = n <= 2 ? `${stem}anamine` : `${position}-${stem}anamine`;
      found.push({ name: amine, formula: hydrocarbonFormula(n, 2 * n + 3, 'N'), state: stateFor(n, 3, 13) });
      for (const [halo, symbol] of HALOGENS) {
        const name = n <= 2 ? `${halo}${lower}ane` : `${position}-${halo}${lower}ane`;
        found.push({ name, formula: hydrocarbonFormula(n, 2 * n + 1, symbol), state: stateFor(n, 2, 16) });
      }
      if (n >= 2 && position <= n / 2) {
        const alkene = n === 2 ? 'Ethene' : `${position}-${stem}ene`;
        found.push({ name: alkene, formula: hydrocarbonFormula(n, 2 * n), state: stateFor(n, 5, 18) });
      }
      if (n >= 3 && position >= 2) {
        found.push({
          name: `${position}-${stem}anone`,
          formula: hydrocarbonFormula(n, 2 * n, 'O'),
          state: stateFor(n, 0, 13),
        });
      }
    }
  });
  ALKYLS.forEach((alkyl, alkylIndex) => {
    STEMS.slice(0, 10).forEach((stem, acidIndex) => {
      const carbons = alkylIndex + acidIndex + 2;
      found.push({
        name: `${alkyl} ${stem.toLowerCase()}anoate`,
        formula: hydrocarbonFormula(carbons, 2 * carbons, 'O2'),
        state: carbons >= 18 ? 'SOLID' : 'LIQUID',
      });
    });
  });
  return found;
}

function salts(random: Random): Omit<Substance, 'cas'>[] {
  const found: Omit<Substance, 'cas'>[] = [];
  for (const [cationName, cation, cationCharge, cationPolyatomic] of CATIONS) {
    for (const [anionName, anion, anionCharge, anionPolyatomic] of ANIONS) {
      const divisor = greatestCommonDivisor(cationCharge, anionCharge);
      const formula =
        formulaPart(cation, anionCharge / divisor, cationPolyatomic) +
        formulaPart(anion, cationCharge / divisor, anionPolyatomic);
      const name = `${cationName} ${anionName}`;
      found.push({ name, formula, state: 'SOLID' });
      if (random() < 0.3) {
        const [hydrateName, waters] = pick(random, HYDRATES);
        found.push({
          name: `${name} ${hydrateName}`,
          formula: `${formula}${pick(random, HYDRATE_SEPARATORS)}${waters}H2O`,
          state: 'SOLID',
        });
      }
    }
  }
  return found;
}

function randomCas(random: Random, taken: Set<string>): string {
  for (;;) {
    const body =
      String(integerBetween(random, 10, 9_999_999)) + String(integerBetween(random, 0, 99)).padStart(2, '0');
    const cas = `${body.slice(0, -2)}-${body.slice(-2)}-${casCheckDigit(body)}`;
    if (!taken.has(cas)) {
      taken.add(cas);
      return cas;
    }
  }
}

function substances(random: Random): Substance[] {
  const byName = new Map<string, Substance>();
  const takenCas = new Set<string>();
  for (const [name, formula, cas, state] of REAL_SUBSTANCES) {
    byName.set(name.toLowerCase(), { name, formula, cas, state });
    takenCas.add(cas);
  }
  for (const substance of [...systematicOrganics(), ...salts(random)]) {
    const key = substance.name.toLowerCase();
    if (!byName.has(key)) byName.set(key, { ...substance, cas: randomCas(random, takenCas) });
  }
  return [...byName.values()];
}

function instrumentNames(random: Random): string[] {
  const names = new Set<string>();
  for (const type of INSTRUMENT_TYPES) {
    const models = integerBetween(random, 20, 60);
    for (let i = 0; i < models; i++) {
      const model = `${pick(random, MODEL_PREFIXES)}-${integerBetween(random, 100, 9999)}${pick(random, MODEL_SUFFIXES)}`;
      names.add(`${type} ${model}`);
    }
  }
  return [...names];
}

/** Draws records until `count` distinct identifying keys are found. */
function uniqueRecords<T>(count: number, draw: () => T, key: (record: T) => string): T[] {
  const seen = new Set<string>();
  const records: T[] = [];
  while (records.length < count) {
    const record = draw();
    const identity = key(record).toLowerCase();
    if (seen.has(identity)) continue;
    seen.add(identity);
    records.push(record);
  }
  return records;
}

/** About 70% chemicals, 15% instruments and 15% glassware; the same seed and size give the same data. */
export function generateDataset({ seed, size }: { seed: number; size: number }): Dataset {
  return withAlerts(recordsOf({ seed, size }), mulberry32(seed ^ 0x5eed));
}

/** Share of records with a minimum quantity, and of chemicals and glassware with an expiry date. */
const MINIMUM_SHARE = 0.1;
const EXPIRY_SHARE = 0.15;
/** Expiry dates are drawn from these six years, so some have passed and some are near whenever the bench runs. */
const EXPIRY_FROM_UTC = Date.UTC(2024, 0, 1);
const EXPIRY_DAYS = 6 * 365;

/**
 * Gives some records a minimum (up to about a fifth of the kind's largest quantity, so many are below it) and some
 * an expiry date, from a random stream of their own so the records themselves stay as they were generated.
 */
function withAlerts(dataset: Dataset, random: Random): Dataset {
  const minimum = (largest: number, scale = 1) =>
    random() < MINIMUM_SHARE ? { minimum_quantity: integerBetween(random, 0, largest / 5) / scale } : {};
  const expiry = () =>
    random() < EXPIRY_SHARE
      ? {
          expiry_date: new Date(EXPIRY_FROM_UTC + integerBetween(random, 0, EXPIRY_DAYS) * 86_400_000)
            .toISOString()
            .slice(0, 10),
        }
      : {};
  return {
    chemicals: dataset.chemicals.map((record) => ({
      ...record,
      ...minimum(5_000_000, 1000),
      ...expiry(),
    })),
    instruments: dataset.instruments.map((record) => ({ ...record, ...minimum(12) })),
    glassware: dataset.glassware.map((record) => ({ ...record, ...minimum(500), ...expiry() })),
  };
}

function recordsOf({ seed, size }: { seed: number; size: number }): Dataset {
  const random = mulberry32(seed);
  const catalog = substances(random);
  const instruments = instrumentNames(random);
  const instrumentCount = Math.round(size * 0.15);
  const glasswareCount = Math.round(size * 0.15);
  const chemicalCount = size - instrumentCount - glasswareCount;
  const otherState = (state: ChemicalState): ChemicalState =>
    random() < 0.9 ? state : pick(random, ['SOLID', 'LIQUID', 'GAS'] as const);

  return {
    chemicals: uniqueRecords(
      chemicalCount,
      (): ChemicalWrite => {
        const substance = pick(random, catalog);
        return {
          name: substance.name,
          CAS_RN: substance.cas,
          molecular_formula: substance.formula,
          purity: pick(random, PURITIES),
          manufacturer: pick(random, CHEMICAL_MANUFACTURERS),
          supplier: pick(random, SUPPLIERS),
          state: otherState(substance.state),
          quantity: integerBetween(random, 0, 5_000_000) / 1000,
        };
      },
      (record) =>
        [record.name, record.purity, record.manufacturer, record.supplier, record.state].join('\u0000'),
    ),
    instruments: uniqueRecords(
      instrumentCount,
      (): InstrumentWrite => ({
        name: pick(random, instruments),
        manufacturer: pick(random, INSTRUMENT_MANUFACTURERS),
        supplier: pick(random, SUPPLIERS),
        quantity: integerBetween(random, 0, 12),
      }),
      (record) => [record.name, record.manufacturer, record.supplier].join('\u0000'),
    ),
    glassware: uniqueRecords(
      glasswareCount,
      (): GlasswareWrite => ({
        name: pick(random, GLASSWARE_TYPES),
        manufacturer: pick(random, GLASSWARE_MANUFACTURERS),
        supplier: pick(random, SUPPLIERS),
        size: pick(random, GLASSWARE_SIZES),
        material_type: pick(random, MATERIALS),
        quantity: integerBetween(random, 0, 500),
      }),
      (record) =>
        [record.name, record.manufacturer, record.supplier, record.size, record.material_type].join('\u0000'),
    ),
  };
}

function typo(random: Random, word: string): string {
  const position = integerBetween(random, 1, word.length - 2);
  if (random() < 0.5) return word.slice(0, position) + word.slice(position + 1);
  const replacement = pick(
    random,
    [...'abcdefghijklmnopqrstuvwxyz'].filter((letter) => letter !== word[position]),
  );
  return word.slice(0, position) + replacement + word.slice(position + 1);
}

function transposition(random: Random, word: string): string {
  const position = integerBetween(random, 1, word.length - 2);
  return word.slice(0, position) + word[position + 1] + word[position] + word.slice(position + 2);
}

const QUERY_TYPES = [undefined, undefined, 'CHEMICAL', 'INSTRUMENT', 'GLASSWARE'] as const;

/** A fixed list of queries of every kind, drawn from the dataset; about a third carry a type filter. */
export function benchmarkQueries(
  dataset: Dataset,
  { seed, perKind }: { seed: number; perKind: number },
): BenchmarkQuery[] {
  const random = mulberry32(seed);
  const names = [
    ...dataset.chemicals.map((record) => record.name),
    ...dataset.instruments.map((record) => record.name),
    ...dataset.glassware.map((record) => record.name),
  ];
  const longWords = [...new Set(names.flatMap((name) => name.split(/[\s\-,()/]+/)))].filter(
    (word) => word.length >= 5 && /^[a-z]+$/i.test(word),
  );
  const anyWord = (): string =>
    pick(random, names.flatMap((name) => name.split(/[\s\-,()/]+/)).filter(Boolean));
  const sample = <T>(items: readonly T[]): T => pick(random, items);
  const queries: BenchmarkQuery[] = [];
  const add = (kind: BenchmarkQueryKind, query: string, type = pick(random, QUERY_TYPES)): void => {
    queries.push(type === undefined ? { kind, query } : { kind, query, type });
  };
  for (let i = 0; i < perKind; i++) {
    add('exact name', sample(names));
    const word = anyWord();
    add('prefix 1', word.slice(0, 1));
    add('prefix 2', word.slice(0, 2));
    add('prefix 3', word.slice(0, 3));
    add('typo', typo(random, sample(longWords)).toLowerCase());
    add('transposition', transposition(random, sample(longWords)).toLowerCase());
    add('CAS number', sample(dataset.chemicals).CAS_RN, random() < 0.5 ? undefined : 'CHEMICAL');
    add(
      'formula',
      sample(dataset.chemicals).molecular_formula.toLowerCase(),
      random() < 0.5 ? undefined : 'CHEMICAL',
    );
    add('glassware size', String(sample(dataset.glassware).size), random() < 0.5 ? undefined : 'GLASSWARE');
    add('no match', `zq${integerBetween(random, 100, 999)}xv`);
  }
  return queries;
}
