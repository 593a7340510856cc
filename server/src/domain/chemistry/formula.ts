import { atomicWeightOf } from './atomicWeights';

/** Why a formula was rejected; `position` is the index in the text where parsing stopped. */
export class InvalidFormulaError extends Error {
  override readonly name = 'InvalidFormulaError';

  constructor(
    readonly formula: string,
    readonly reason: string,
    readonly position: number,
  ) {
    super(`Invalid molecular formula at position ${position}: ${reason}`);
  }
}

/** Atom counts per element symbol, in order of first appearance. */
export type Composition = ReadonlyMap<string, number>;

export type FormulaParseResult =
  { ok: true; composition: Composition; molarMass: number } | { ok: false; error: InvalidFormulaError };

const PART_SEPARATORS = new Set(['·', '.', '*']);
const CLOSER_OF: ReadonlyMap<string, string> = new Map([
  ['(', ')'],
  ['[', ']'],
]);
// A count longer than this cannot be a real formula and would lose integer precision.
const MAX_COUNT_DIGITS = 9;

interface Frame {
  readonly atoms: Map<string, number>;
  readonly closer: string;
  items: number;
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '9';
}

function isUpper(char: string | undefined): boolean {
  return char !== undefined && char >= 'A' && char <= 'Z';
}

function isLower(char: string | undefined): boolean {
  return char !== undefined && char >= 'a' && char <= 'z';
}

function addAtoms(target: Map<string, number>, source: Composition, factor: number): boolean {
  for (const [symbol, count] of source) {
    const total = (target.get(symbol) ?? 0) + count * factor;
    if (!Number.isSafeInteger(total)) return false;
    target.set(symbol, total);
  }
  return true;
}

/**
 * Parses a molecular formula (SERVER.md §4.6) and computes its molar mass, rounded to 3 decimals.
 * The parser is iterative and linear in the input length, so pathological input (very long text,
 * deep nesting, huge counts) is rejected or parsed without recursion.
 */
export function parseFormula(formula: string): FormulaParseResult {
  let position = 0;
  const fail = (reason: string): FormulaParseResult => ({
    ok: false,
    error: new InvalidFormulaError(formula, reason, position),
  });

  /** Reads an optional positive integer without a leading zero; returns `defaultValue` when none. */
  const readCount = (defaultValue: number): number | string => {
    if (!isDigit(formula[position])) return defaultValue;
    if (formula[position] === '0') return 'a count may not be zero or start with 0';
    const start = position;
    while (isDigit(formula[position])) position++;
    if (position - start > MAX_COUNT_DIGITS) return 'count too large';
    return Number(formula.slice(start, position));
  };

  if (formula.length === 0) return fail('empty formula');

  const total = new Map<string, number>();
  let coefficient = 1;
  let stack: Frame[] = [];

  const startPart = (): string | undefined => {
    const count = readCount(1);
    if (typeof count === 'string') return count;
    coefficient = count;
    stack = [{ atoms: new Map(), closer: '', items: 0 }];
    return undefined;
  };
  const finishPart = (): string | undefined => {
    if (stack.length > 1) return 'unbalanced brackets';
    if (stack[0].items === 0) return 'empty part';
    return addAtoms(total, stack[0].atoms, coefficient) ? undefined : 'count too large';
  };

  const startError = startPart();
  if (startError) return fail(startError);

  while (position < formula.length) {
    const char = formula[position];
    const top = stack[stack.length - 1];
    if (isUpper(char)) {
      let end = position + 1;
      while (isLower(formula[end])) end++;
      const symbol = formula.slice(position, end);
      if (atomicWeightOf(symbol) === undefined) return fail(`unknown element ${symbol}`);
      position = end;
      const count = readCount(1);
      if (typeof count === 'string') return fail(count);
      const atoms = (top.atoms.get(symbol) ?? 0) + count;
      if (!Number.isSafeInteger(atoms)) return fail('count too large');
      top.atoms.set(symbol, atoms);
      top.items++;
    } else if (CLOSER_OF.has(char)) {
      stack.push({ atoms: new Map(), closer: CLOSER_OF.get(char) as string, items: 0 });
      position++;
    } else if (char === ')' || char === ']') {
      if (top.closer !== char) return fail('unbalanced brackets');
      if (top.items === 0) return fail('empty brackets');
      position++;
      const count = readCount(1);
      if (typeof count === 'string') return fail(count);
      stack.pop();
      const parent = stack[stack.length - 1];
      if (!addAtoms(parent.atoms, top.atoms, count)) return fail('count too large');
      parent.items++;
    } else if (PART_SEPARATORS.has(char)) {
      const partError = finishPart();
      if (partError) return fail(partError);
      position++;
      const nextError = startPart();
      if (nextError) return fail(nextError);
    } else {
      return fail(`unexpected character ${JSON.stringify(char)}`);
    }
  }
  const endError = finishPart();
  if (endError) return fail(endError);

  let mass = 0;
  for (const [symbol, count] of total) mass += count * (atomicWeightOf(symbol) as number);
  if (!Number.isFinite(mass)) return fail('count too large');
  return { ok: true, composition: total, molarMass: Math.round(mass * 1000) / 1000 };
}

/** Molar mass in g/mol rounded to 3 decimals; throws InvalidFormulaError for an unparseable formula. */
export function molarMass(formula: string): number {
  const result = parseFormula(formula);
  if (!result.ok) throw result.error;
  return result.molarMass;
}

export function isValidFormula(formula: string): boolean {
  return parseFormula(formula).ok;
}
