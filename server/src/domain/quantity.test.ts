import {
  countDecimals,
  fromThousandths,
  QuantityPrecisionError,
  roundToThousandths,
  toThousandths,
} from './quantity';

describe('quantities in thousandths', () => {
  it('converts API numbers to integer thousandths and back', () => {
    expect(toThousandths(12.5)).toBe(12500);
    expect(toThousandths(12.345)).toBe(12345);
    expect(toThousandths(1_000_000_000)).toBe(1_000_000_000_000);
    expect(toThousandths(0)).toBe(0);
    expect(fromThousandths(12500)).toBe(12.5);
    expect(fromThousandths(-1)).toBe(-0.001);
  });

  it('adds exactly', () => {
    expect(fromThousandths(toThousandths(0.1) + toThousandths(0.2))).toBe(0.3);
    expect(JSON.stringify(fromThousandths(toThousandths(250.5) - toThousandths(0.005)))).toBe('250.495');
  });

  it('refuses numbers with more than 3 decimals', () => {
    expect(() => toThousandths(0.0001)).toThrow(QuantityPrecisionError);
    expect(() => toThousandths(Number.NaN)).toThrow(QuantityPrecisionError);
  });

  it('rounds a free number to 3 decimals', () => {
    expect(roundToThousandths(46.06844)).toBe(46.068);
    expect(roundToThousandths(1.0005)).toBe(1.001);
    expect(roundToThousandths(-2.3456)).toBe(-2.346);
    expect(roundToThousandths(1e-7)).toBe(0);
  });
});

describe('countDecimals', () => {
  it.each([
    [12.345, 3],
    [0.1, 1],
    [12, 0],
    [1e-7, 7],
    [1.5e-7, 8],
    [1e21, 0],
    [-0.25, 2],
    [0.30000000000000004, 17],
  ])('%p has %p decimals', (value, decimals) => expect(countDecimals(value)).toBe(decimals));
});
