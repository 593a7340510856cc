import {
  moneyAmountText,
  chargeAmount,
  isCurrency,
  MAX_LINE_CHARGE,
  minorDigits,
  withinChargeLimit,
} from './money';
import { toUnitPriceE4 } from './unitPrice';
import { toBaseQuantity } from './stockKindHelpers';

describe('chargeAmount', () => {
  it('prices a chemical per ml and rounds each line half-up to the minor unit', () => {
    // 250.5 ml at 0.0452 per ml = 11.3226 → 11.32
    expect(chargeAmount('chemical', toBaseQuantity('chemical', 250.5), toUnitPriceE4(0.0452), 2)).toBe(1132);
    // 0.125 ml at 0.1 per ml = 0.0125 → 0.01; 0.375 ml → 0.0375 → 0.04 (half-up)
    expect(chargeAmount('chemical', 125, 1000, 2)).toBe(1);
    expect(chargeAmount('chemical', 375, 1000, 2)).toBe(4);
    // exactly half a cent goes up
    expect(chargeAmount('chemical', 50, 1000, 2)).toBe(1); // 0.05 ml × 0.1 = 0.005
  });

  it('prices pieces whole, in currencies with 0 and 3 minor digits', () => {
    expect(chargeAmount('glassware', 3, toUnitPriceE4(12.3456), 2)).toBe(3704); // 37.0368
    expect(chargeAmount('instrument', 2, toUnitPriceE4(1500.5), 0)).toBe(3001);
    expect(chargeAmount('instrument', 1, toUnitPriceE4(0.0005), 3)).toBe(1); // 0.0005 → 0.001
  });

  it('mirrors a return: the negative of the same quantity at the same price', () => {
    for (const base of [50, 125, 375, 250_500, 1]) {
      expect(chargeAmount('chemical', -base, 1000, 2) + chargeAmount('chemical', base, 1000, 2)).toBe(0);
    }
  });

  it('charges nothing for a record without a price', () => {
    expect(chargeAmount('chemical', 1000, null, 2)).toBe(0);
  });

  it('is exact where floating point is not, and refuses what a line may not cost', () => {
    // 1,000,000,000 ml × 1,000,000 per ml = 1e15 major units: beyond MAX_LINE_CHARGE, refused rather than rounded
    const billion = toBaseQuantity('chemical', 1e9);
    expect(withinChargeLimit('chemical', billion, toUnitPriceE4(1e6))).toBe(false);
    expect(() => chargeAmount('chemical', billion, toUnitPriceE4(1e6), 2)).toThrow(/more than a line may/);
    // 123,456.789 ml at 0.0001 = 12.3456789 → 12.35, computed without a float in between
    expect(chargeAmount('chemical', 123_456_789, 1, 2)).toBe(1235);
  });

  it('allows a line up to MAX_LINE_CHARGE exactly, a return as its issue, and stays exact in 3-digit currencies', () => {
    // 10,000 pieces at 1,000,000 = 10,000,000,000: the limit itself
    expect(withinChargeLimit('instrument', 10_000, toUnitPriceE4(1e6))).toBe(true);
    expect(withinChargeLimit('instrument', -10_000, toUnitPriceE4(1e6))).toBe(true);
    expect(withinChargeLimit('instrument', 10_001, toUnitPriceE4(1e6))).toBe(false);
    expect(withinChargeLimit('instrument', 1_000_000_000, null)).toBe(true);
    expect(chargeAmount('instrument', 10_000, toUnitPriceE4(1e6), 3)).toBe(MAX_LINE_CHARGE * 1000);
    // A request's MAX_REQUEST_LINES lines at the limit still add up to an exact number.
    expect(Number.isSafeInteger(MAX_LINE_CHARGE * 1000 * 200)).toBe(true);
  });
});

describe('currencies', () => {
  it('takes the minor digits from the platform', () => {
    expect(minorDigits('EUR')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
  });

  it('knows ISO 4217 codes only', () => {
    expect(isCurrency('EUR')).toBe(true);
    expect(isCurrency('eur')).toBe(false);
    expect(isCurrency('XYZ')).toBe(false);
  });

  it('writes minor units as the currency does, signs included', () => {
    expect(moneyAmountText(1132, 2)).toBe('11.32');
    expect(moneyAmountText(-250, 2)).toBe('-2.50');
    expect(moneyAmountText(5, 2)).toBe('0.05');
    expect(moneyAmountText(5, 0)).toBe('5');
    expect(moneyAmountText(1, 3)).toBe('0.001');
  });
});
