import { ATOMIC_WEIGHTS } from './atomicWeights';
import { InvalidFormulaError, molarMass, parseFormula } from './formula';

describe('molarMass', () => {
  it.each([
    ['H2O', 18.015],
    ['HCl', 36.461],
    ['Ca(OH)2', 74.093],
    ['(NH4)2SO4', 132.14],
    ['C12H22O11', 342.3],
    ['(CH2)12', 168.32],
    ['((CH3)3C)2O', 130.23],
    ['K4[Fe(CN)6]', 368.35],
    ['CuSO4·5H2O', 249.68],
    ['Na2CO3.10H2O', 286.14],
  ])('matches the SERVER.md reference value for %s', (formula, expected) => {
    expect(Math.abs(molarMass(formula) - expected)).toBeLessThanOrEqual(0.05);
  });

  it.each([
    ['C6H12O6', 180.156],
    ['NaCl', 58.44],
    ['(CH3)2CO', 58.08],
    ['Fe2(SO4)3', 399.88],
    ['C2H5OH', 46.069],
    ['MgSO4*7H2O', 246.47],
    ['2H2O', 36.03],
    ['[Cu(NH3)4]SO4·H2O', 245.75],
    ['UO2(NO3)2·6H2O', 502.13],
  ])('computes %s', (formula, expected) => {
    expect(Math.abs(molarMass(formula) - expected)).toBeLessThanOrEqual(0.05);
  });

  it('rounds to 3 decimals', () => {
    expect(molarMass('C2H6O')).toBe(46.069);
    expect(molarMass('H2O')).toBe(18.015);
  });

  it('counts atoms through groups, coefficients and hydrate parts', () => {
    const result = parseFormula('2Fe2(SO4)3·5H2O');
    expect(result.ok && Object.fromEntries(result.composition)).toEqual({ Fe: 4, S: 6, O: 29, H: 10 });
  });

  it('knows all 118 elements', () => {
    expect(Object.keys(ATOMIC_WEIGHTS)).toHaveLength(118);
    expect(molarMass('Og')).toBe(294);
    expect(molarMass('U')).toBe(238.029);
  });
});

describe('parseFormula rejections', () => {
  it.each([
    ['unknown element', 'Xy'],
    ['unknown element after valid ones', 'NaXx2'],
    ['lowercase start', 'h2o'],
    ['lowercase element', 'cl2'],
    ['unbalanced open bracket', 'Ca(OH2'],
    ['unbalanced close bracket', 'CaOH)2'],
    ['mismatched brackets', 'K4[Fe(CN)6)'],
    ['empty round brackets', 'Ca()2'],
    ['empty square brackets', '[]'],
    ['zero count', 'H0'],
    ['zero group count', '(OH)0'],
    ['leading zero', 'H02'],
    ['zero coefficient', 'CuSO4·0H2O'],
    ['space', 'H2 O'],
    ['leading space', ' H2O'],
    ['positive charge', 'NH4+'],
    ['negative charge', 'SO4-2'],
    ['caret charge', 'Fe^3'],
    ['other character', 'C2H5OH!'],
    ['unicode dot that is not a separator', 'CuSO4•5H2O'],
    ['empty', ''],
    ['only a coefficient', '5'],
    ['trailing separator', 'CuSO4·'],
    ['leading separator', '·H2O'],
    ['double separator', 'CuSO4..5H2O'],
    ['separator inside brackets', '(CuSO4·H2O)'],
    ['digit inside a group start', '(2H)'],
  ])('rejects %s (%j)', (_reason, formula) => {
    const result = parseFormula(formula);
    expect(result.ok).toBe(false);
    expect(() => molarMass(formula)).toThrow(InvalidFormulaError);
  });

  it('survives pathological input without overflow or hang', () => {
    const depth = 200_000;
    const deep = `${'('.repeat(depth)}H${')'.repeat(depth)}`;
    expect(molarMass(deep)).toBe(1.008);
    expect(parseFormula(`${'('.repeat(depth)}H${')9'.repeat(depth)}`).ok).toBe(false);
    expect(parseFormula('H99999999999999999999').ok).toBe(false);
    expect(parseFormula('C'.repeat(1_000_000)).ok).toBe(true);
    expect(parseFormula(`${'('.repeat(depth)}H`).ok).toBe(false);
  });
});
