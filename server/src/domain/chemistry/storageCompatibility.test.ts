import { incompatibilities, storageClassesOf, STORAGE_RULES } from './storageCompatibility';

const chemical = (hazard_statements: string[], storage_classes: string[] = []) => ({
  hazard_statements,
  storage_classes,
});
const rulesOf = (first: ReturnType<typeof chemical>, second: ReturnType<typeof chemical>) =>
  incompatibilities(first, second).map((rule) => rule.id);

describe('storage classes', () => {
  it('derives oxidisers, flammables and water-reactives from the H-codes', () => {
    for (const code of ['H270', 'H271', 'H272'])
      expect(storageClassesOf(chemical([code]))).toContain('OXIDISER');
    for (const code of ['H220', 'H221', 'H222', 'H223', 'H224', 'H225', 'H226', 'H227', 'H228', 'H242'])
      expect(storageClassesOf(chemical([code]))).toContain('FLAMMABLE');
    for (const code of ['H260', 'H261'])
      expect(storageClassesOf(chemical([code]))).toContain('WATER_REACTIVE');
    expect([...storageClassesOf(chemical(['H314', 'H319', 'H290', 'H250']))]).toEqual([]);
  });

  it('takes acids, bases and aqueous solutions only from what the record marks', () => {
    expect([...storageClassesOf(chemical(['H314'], ['ACID', 'AQUEOUS']))]).toEqual(['ACID', 'AQUEOUS']);
    expect([...storageClassesOf(chemical(['H314']))]).toEqual([]);
  });
});

describe('the incompatible pairs', () => {
  it('has the three rules, each with its reason', () => {
    expect(STORAGE_RULES.map((rule) => rule.id)).toEqual([
      'OXIDISER_FLAMMABLE',
      'ACID_BASE',
      'WATER_REACTIVE_AQUEOUS',
    ]);
  });

  it('keeps oxidisers from flammables, either way round', () => {
    const nitricAcid = chemical(['H272', 'H314']);
    const ethanol = chemical(['H225', 'H319']);
    expect(rulesOf(nitricAcid, ethanol)).toEqual(['OXIDISER_FLAMMABLE']);
    expect(rulesOf(ethanol, nitricAcid)).toEqual(['OXIDISER_FLAMMABLE']);
  });

  it('keeps acids from bases', () => {
    expect(rulesOf(chemical(['H314'], ['ACID']), chemical(['H314'], ['BASE']))).toEqual(['ACID_BASE']);
  });

  it('keeps water-reactives from aqueous solutions', () => {
    expect(rulesOf(chemical(['H260', 'H314']), chemical([], ['AQUEOUS']))).toEqual([
      'WATER_REACTIVE_AQUEOUS',
    ]);
  });

  it('names every rule a pair breaks', () => {
    const sodium = chemical(['H260', 'H314'], ['BASE']);
    const oxidisingAcid = chemical(['H271'], ['ACID', 'AQUEOUS']);
    const flammableSolvent = chemical(['H225']);
    expect(rulesOf(sodium, oxidisingAcid)).toEqual(['ACID_BASE', 'WATER_REACTIVE_AQUEOUS']);
    expect(rulesOf(oxidisingAcid, flammableSolvent)).toEqual(['OXIDISER_FLAMMABLE']);
  });

  it('finds nothing between compatible chemicals, or two of one class', () => {
    expect(rulesOf(chemical(['H225']), chemical(['H226']))).toEqual([]);
    expect(rulesOf(chemical(['H271']), chemical(['H272']))).toEqual([]);
    expect(rulesOf(chemical([], ['ACID']), chemical([], ['ACID', 'AQUEOUS']))).toEqual([]);
    expect(rulesOf(chemical([]), chemical([]))).toEqual([]);
  });
});
