import { casCheckDigit, isValidCasNumber } from './cas';

describe('isValidCasNumber', () => {
  it.each([
    '7732-18-5',
    '64-17-5',
    '50-00-0',
    '7647-14-5',
    '7758-98-7',
    '1333-74-0',
    '10025-69-1',
    '1234567-89-5',
  ])('accepts %s', (cas) => expect(isValidCasNumber(cas)).toBe(true));

  it.each([
    ['wrong check digit', '7732-18-4'],
    ['wrong check digit (ethanol)', '64-17-6'],
    ['leading zero', '07732-18-5'],
    ['one leading digit only', '5-00-5'],
    ['eight leading digits', '12345678-90-2'],
    ['missing dashes', '7732185'],
    ['three middle digits', '7732-180-5'],
    ['two check digits', '7732-18-55'],
    ['letters', '77A2-18-5'],
    ['surrounding space', ' 7732-18-5'],
    ['empty', ''],
  ])('rejects %s (%s)', (_reason, cas) => expect(isValidCasNumber(cas)).toBe(false));

  it('computes the check digit as in the SERVER.md example', () => {
    expect(casCheckDigit('773218')).toBe(5);
  });
});
