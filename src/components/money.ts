import { chargeAmount, minorDigits, moneyAmountText, toUnitPriceE4 } from '../api/statements';
import { toBaseQuantity, type StockKind } from '../api/stockKinds';

export { fundHeading } from '../api/statements';

// What a request or a cart issue will cost. The server's estimate (a request line's `estimated_cost`) is what a saved
// request shows; a request being written, and a cart about to be issued, are estimated here with the server's own
// rounding (domain/money), so the estimate and the charges agree to the minor unit.

/** Until the server has said the store's currency, amounts are written with the common two decimals. */
const UNKNOWN_CURRENCY_DIGITS = 2;

/** The minor digits of `currency`, or the common two when it is not known yet. */
export const digitsOf = (currency: string | undefined): number =>
  currency === undefined ? UNKNOWN_CURRENCY_DIGITS : minorDigits(currency);

/**
 * `quantity` of a record at its `unitPrice` (per ml or piece), in minor units: null without a price or without a
 * quantity the kind can hold (positive, with no more decimals than its unit has).
 */
export function estimatedCost(
  kind: StockKind,
  quantity: number | null,
  unitPrice: number | null,
  digits: number,
): number | null {
  if (unitPrice === null || quantity === null || !Number.isFinite(quantity) || quantity <= 0) return null;
  try {
    return chargeAmount(kind, toBaseQuantity(kind, quantity), toUnitPriceE4(unitPrice), digits);
  } catch {
    // More decimals than the kind's unit has: the server will say so when it is sent.
    return null;
  }
}

/**
 * An amount in minor units with its currency code: '4.52 EUR'; the code left out while it is not known. The one way
 * the pages write money (requests, carts, statements).
 */
export function moneyText(amount: number, digits: number, currency: string | undefined): string {
  const text = moneyAmountText(amount, digits);
  return currency === undefined ? text : `${text} ${currency}`;
}
