import { divideRoundingHalfUp } from './money';

// What a shipment merge (docs/api.md §11, §23.2) makes of a record's expiry date and unit price, from what the record
// holds and the lots that arrive. Until containers carry their own date and price, a record stands for everything
// it holds, so its date must be the earliest of what it holds (the dashboard, the pick and the "Expired" warning read
// it) and its price what the stock cost on average (moving average cost). Pure, so the server's merge and the SPA's
// confirmation apply the same rule: a store's own rule, not a library's.

/** Stock as the merge weighs it: a quantity in base units, its expiry date and unit price (null: unknown). */
export interface Lot {
  quantity: number;
  expiryDate: string | null;
  /** Ten-thousandths of the currency's major unit (domain/unitPrice). */
  unitPriceE4: number | null;
}

/**
 * The record's expiry date after the lots arrive. A lot without a date says nothing about it. The earliest dated lot
 * gives its date to a record that held nothing (its old date was of stock that is gone), and otherwise only moves an
 * earlier date in: a later date never replaces the record's, and a record holding stock of unknown date keeps null
 * (a safety officer must not see stock of unknown age reported as good until a later, known date).
 */
export function mergedExpiryDate(held: Lot, arriving: readonly Lot[]): string | null {
  const earliest = arriving
    .map((lot) => lot.expiryDate)
    .filter((date): date is string => date !== null)
    .sort()[0];
  if (earliest === undefined) return held.expiryDate;
  if (held.quantity === 0) return earliest;
  if (held.expiryDate === null) return null;
  return earliest < held.expiryDate ? earliest : held.expiryDate;
}

/**
 * The record's unit price after the lots arrive (ten-thousandths): the quantity-weighted average of what it holds
 * and what arrives (2,500 ml at 0.0200 + 1,000 ml at 0.0250 → 0.0214), rounded half-up to the price's 4 decimals.
 * A lot without a price counts at the record's price (as if it cost the same); stock whose price is unknown (a record
 * without one) is left out of the average; without any priced lot the price stays as it is.
 */
export function mergedUnitPriceE4(held: Lot, arriving: readonly Lot[]): number | null {
  const priced = arriving.filter((lot) => lot.unitPriceE4 !== null);
  if (priced.length === 0) return held.unitPriceE4;
  const unpricedQuantity = arriving
    .filter((lot) => lot.unitPriceE4 === null)
    .reduce((sum, lot) => sum + lot.quantity, 0);
  const weighed =
    held.unitPriceE4 === null
      ? priced
      : [...priced, { quantity: held.quantity + unpricedQuantity, unitPriceE4: held.unitPriceE4 }];
  let value = 0n;
  let quantity = 0n;
  for (const lot of weighed) {
    value += BigInt(lot.quantity) * BigInt(lot.unitPriceE4!);
    quantity += BigInt(lot.quantity);
  }
  // Only lots of nothing (never staged: a staged quantity is > 0): the last price given stands.
  if (quantity === 0n) return priced[priced.length - 1].unitPriceE4;
  return Number(divideRoundingHalfUp(value, quantity));
}
