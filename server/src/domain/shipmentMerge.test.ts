import { mergedExpiryDate, mergedUnitPriceE4, type Lot } from './shipmentMerge';

const lot = (quantity: number, expiryDate: string | null, unitPriceE4: number | null): Lot => ({
  quantity,
  expiryDate,
  unitPriceE4,
});

describe('mergedExpiryDate', () => {
  it('keeps the earliest date of what the record holds: a later lot never moves it', () => {
    expect(mergedExpiryDate(lot(2_500_000, '2027-06-30', null), [lot(1_000_000, '2028-03-31', null)])).toBe(
      '2027-06-30',
    );
    expect(mergedExpiryDate(lot(2_500_000, '2027-06-30', null), [lot(1_000_000, '2026-12-31', null)])).toBe(
      '2026-12-31',
    );
    expect(
      mergedExpiryDate(lot(1, '2027-06-30', null), [lot(1, '2027-01-31', null), lot(1, '2026-11-30', null)]),
    ).toBe('2026-11-30');
  });

  it('gives the earliest staged date to a record that held nothing, and keeps an unknown date of held stock', () => {
    expect(mergedExpiryDate(lot(0, '2020-01-01', null), [lot(5, '2028-03-31', null)])).toBe('2028-03-31');
    expect(
      mergedExpiryDate(lot(0, null, null), [lot(5, '2028-03-31', null), lot(5, '2027-03-31', null)]),
    ).toBe('2027-03-31');
    expect(mergedExpiryDate(lot(5, null, null), [lot(5, '2028-03-31', null)])).toBeNull();
  });

  it('leaves the date alone when no lot has one', () => {
    expect(mergedExpiryDate(lot(5, '2029-01-01', null), [lot(2, null, null)])).toBe('2029-01-01');
    expect(mergedExpiryDate(lot(0, '2020-01-01', null), [lot(2, null, null)])).toBe('2020-01-01');
  });
});

describe('mergedUnitPriceE4', () => {
  it('is the quantity-weighted average of what is held and what arrives, rounded half-up to 4 decimals', () => {
    // 2,500 ml at 0.0200 + 1,000 ml at 0.0250: 75 / 3,500 = 0.0214285… → 0.0214.
    expect(mergedUnitPriceE4(lot(2_500_000, null, 200), [lot(1_000_000, null, 250)])).toBe(214);
    // 1 piece at 1.0000 + 1 at 1.0001: 1.00005 → 1.0001 (half-up).
    expect(mergedUnitPriceE4(lot(1, null, 10_000), [lot(1, null, 10_001)])).toBe(10_001);
    // Two lots and what is held: (10 × 3 + 20 × 4 + 30 × 6) / 60 = 4.8333… → 4.8333.
    expect(mergedUnitPriceE4(lot(10, null, 30_000), [lot(20, null, 40_000), lot(30, null, 60_000)])).toBe(
      48_333,
    );
  });

  it('takes the priced lots’ price when the record held nothing or had no price', () => {
    expect(mergedUnitPriceE4(lot(0, null, 90_000), [lot(3, null, 15_000)])).toBe(15_000);
    expect(mergedUnitPriceE4(lot(5, null, null), [lot(1, null, 10_000), lot(3, null, 20_000)])).toBe(17_500);
  });

  it('counts a lot without a price at the record’s price, and keeps the price when no lot has one', () => {
    // 1 at 2 held, 1 unpriced (at 2), 2 at 5: (2 + 2 + 10) / 4 = 3.5.
    expect(mergedUnitPriceE4(lot(1, null, 20_000), [lot(1, null, null), lot(2, null, 50_000)])).toBe(35_000);
    expect(mergedUnitPriceE4(lot(1, null, 20_000), [lot(7, null, null)])).toBe(20_000);
    expect(mergedUnitPriceE4(lot(1, null, null), [lot(7, null, null)])).toBeNull();
  });
});
