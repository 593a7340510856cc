import { CMR_STATEMENTS, cmrStatements, needsStoreApproval } from './cmr';
import { hazardStatement } from './ghs';

describe('CMR statements', () => {
  it('are the category 1 mutagens, carcinogens and reproductive toxicants, H340, H350 and H360 with their letters', () => {
    expect(Object.keys(CMR_STATEMENTS)).toEqual([
      'H340',
      'H350',
      'H350i',
      'H360',
      'H360F',
      'H360D',
      'H360FD',
      'H360Fd',
      'H360Df',
    ]);
    // Each is a code the GHS table knows, with Danger; the suspected ones (category 2) are not among them.
    for (const code of Object.keys(CMR_STATEMENTS)) expect(hazardStatement(code)?.signalWord).toBe('DANGER');
    for (const code of ['H341', 'H351', 'H361', 'H361f', 'H361d', 'H361fd'])
      expect(CMR_STATEMENTS[code]).toBeUndefined();
  });

  it('make a record need the store’s approval when it carries one', () => {
    expect(needsStoreApproval({ hazard_statements: ['H225', 'H350'] })).toBe(true);
    expect(cmrStatements({ hazard_statements: ['H360', 'H225', 'H340'] })).toEqual(['H360', 'H340']);
    expect(needsStoreApproval({ hazard_statements: ['H225', 'H360Fd'] })).toBe(true);
    expect(needsStoreApproval({ hazard_statements: ['H225', 'H351', 'H361', 'H361fd'] })).toBe(false);
    // Instruments and glassware carry no hazard data.
    expect(needsStoreApproval({})).toBe(false);
  });
});
