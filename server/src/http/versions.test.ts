import { matches, parseIfMatch } from './versions';

describe('If-Match (RFC 9110 §13.1.1)', () => {
  it.each([
    ['"3"', ['3']],
    ['W/"3"', ['3']],
    ['  "3" ', ['3']],
    ['"1", "2",W/"3"', ['1', '2', '3']],
    [', "1" ,, "2" ,', ['1', '2']],
    ['"a,b", ""', ['a,b', '']],
    ['*', '*'],
    [' * ', '*'],
  ])('reads %j', (header, expected) => {
    expect(parseIfMatch(header)).toEqual(expected);
  });

  it.each([
    '',
    ' ',
    ',',
    '3',
    '"3',
    '3"',
    'W/3',
    'w/"3"',
    'W/ "3"',
    '"3" "4"',
    '"3"x',
    '*, "3"',
    '"3", *',
    '**',
    '"a"b"',
  ])('refuses %j', (header) => {
    expect(parseIfMatch(header)).toBeUndefined();
  });

  it('lets through no If-Match, *, or a list naming the version', () => {
    expect(matches(undefined, 4)).toBe(true);
    expect(matches('*', 4)).toBe(true);
    expect(matches(['3', '4'], 4)).toBe(true);
    expect(matches(['3', '04'], 4)).toBe(false);
  });
});
