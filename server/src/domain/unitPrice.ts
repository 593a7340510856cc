// A unit price (issue 24) as the API gives it (major units, at most 4 decimals) and as it is stored (an integer count
// of ten-thousandths). Apart from domain/money, which needs the stock-kind table, because that table's price field
// needs these: neither module may load the other first.

/** Decimals a unit price may have (per ml or per piece). */
export const UNIT_PRICE_DECIMALS = 4;
/** The highest unit price accepted, in major units: far above any chemical's or instrument's. */
export const MAX_UNIT_PRICE = 1_000_000;
/** Ten-thousandths per major unit: how a price is stored. */
export const UNIT_PRICE_SCALE = 10 ** UNIT_PRICE_DECIMALS;

/** The API's unit price → stored ten-thousandths; null stays null. Callers have validated it (≤ 4 decimals). */
export function toUnitPriceE4(price: number | null): number | null {
  return price === null ? null : Math.round(price * UNIT_PRICE_SCALE);
}

/** Stored ten-thousandths → the API's unit price. */
export function fromUnitPriceE4(e4: number | null): number | null {
  return e4 === null ? null : Number(e4) / UNIT_PRICE_SCALE;
}
