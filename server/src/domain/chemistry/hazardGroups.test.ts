import { HAZARD_GROUP_CODES, hazardFilterCodes } from './hazardGroups';

describe('hazard groups', () => {
  it('make flammable the physical hazards with the flame, not the combustible liquid', () => {
    const flammable = HAZARD_GROUP_CODES.flammable;
    for (const code of ['H220', 'H224', 'H225', 'H226', 'H228', 'H250', 'H260', 'H242']) {
      expect(flammable).toContain(code);
    }
    for (const code of ['H227', 'H270', 'H290', 'H319', 'H350']) expect(flammable).not.toContain(code);
  });

  it('make acute toxic the skull-and-crossbones categories only', () => {
    expect(HAZARD_GROUP_CODES.acute_toxic).toEqual(['H300', 'H301', 'H310', 'H311', 'H330', 'H331']);
  });

  it('make CMR the category 1 codes of the CMR table, lettered ones included', () => {
    expect(HAZARD_GROUP_CODES.cmr).toEqual(expect.arrayContaining(['H340', 'H350', 'H350i', 'H360Fd']));
    expect(HAZARD_GROUP_CODES.cmr).not.toContain('H351');
  });

  it('turn a filter of groups and codes into the codes one of which a record carries', () => {
    expect(hazardFilterCodes([])).toBeUndefined();
    expect(hazardFilterCodes(['H314'])).toEqual(['H314']);
    expect(hazardFilterCodes(['acute_toxic', 'H301', 'H314'])).toEqual([
      'H300',
      'H301',
      'H310',
      'H311',
      'H330',
      'H331',
      'H314',
    ]);
    expect(hazardFilterCodes(['hazardous'])).toContain('H420');
  });
});
