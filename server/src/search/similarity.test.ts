import { mulberry32 } from '../../../bench/dataset';
import { referenceLcs } from '../testing/referenceLcs';
import { distinctCodes, lcsLength, LcsMatcher, similarity } from './similarity';

describe('LcsMatcher', () => {
  const random = mulberry32(77);
  // A small alphabet makes long common subsequences likely; 'é', '·' and a surrogate pair test non-ASCII units.
  const alphabet = ['a', 'b', 'c', '-', ' ', '1', 'é', '·', '🧪'];
  const text = (maxLength: number): string => {
    let result = '';
    const length = Math.floor(random() * (maxLength + 1));
    while (result.length < length) result += alphabet[Math.floor(random() * alphabet.length)];
    return result;
  };

  it('equals the textbook LCS for patterns of one word and of several (over 32 and 64 characters)', () => {
    for (let round = 0; round < 600; round++) {
      const pattern = text(round % 3 === 0 ? 100 : 40);
      const matcher = new LcsMatcher(pattern);
      for (let i = 0; i < 5; i++) {
        const other = text(90);
        expect(`${pattern}|${other}|${matcher.lcs(other)}`).toBe(
          `${pattern}|${other}|${referenceLcs(pattern, other)}`,
        );
      }
    }
  });

  it('advances a column one character at a time, giving the LCS of every pattern prefix', () => {
    for (let round = 0; round < 200; round++) {
      const pattern = text(70);
      const other = text(50);
      const matcher = new LcsMatcher(pattern);
      const columns = new Int32Array(2 * matcher.words);
      matcher.start(columns, 0);
      let at = 0;
      for (let i = 0; i < other.length; i++) {
        const next = matcher.words - at;
        matcher.advance(columns, at, other.charCodeAt(i), columns, next);
        at = next;
      }
      for (let length = 0; length <= pattern.length; length++) {
        expect(matcher.prefixLcs(columns, at, length)).toBe(referenceLcs(pattern.slice(0, length), other));
      }
    }
  });

  it('computes similarity as 2·LCS / (len a + len b), 1 for two empty strings', () => {
    expect(similarity('ethanol', 'etanol')).toBeCloseTo((2 * 6) / 13);
    expect(similarity('', '')).toBe(1);
    expect(similarity('abc', '')).toBe(0);
    expect(lcsLength('a'.repeat(40), 'a'.repeat(70))).toBe(40);
  });

  it('counts distinct UTF-16 code units, the unit of lengths', () => {
    expect(distinctCodes('a🧪a🧪')).toEqual(['a'.charCodeAt(0), 0xd83e, 0xddea]);
  });
});
