import { STOCK_KIND_SPECS, type StockKind } from './stockKinds';
import { UNIT_PRICE_SCALE } from './unitPrice';

// Prices and charges (issue 24). A unit price is kept as an integer count of ten-thousandths of the currency's major
// unit (0.0452 EUR per ml is 452), an amount as an integer count of its minor units (cents), so sums are exact. The
// arithmetic is written here, not taken from a decimal library, because it is one multiplication and one rounding
// rule of the store's own (half-up per line, a return mirroring its issue) over integers that BigInt holds exactly.

/** How many minor units a major unit has, by ISO 4217 code: EUR 2, JPY 0, KWD 3 (from the platform's Intl data). */
export function minorDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** Whether `code` is an ISO 4217 currency the platform knows. */
export function isCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code);
}

/** Base units per unit of a kind's quantity: a chemical's base unit is the thousandth of a ml, a piece is a piece. */
function baseScale(kind: StockKind): bigint {
  return 10n ** BigInt(STOCK_KIND_SPECS[kind].decimals);
}

/** n / d rounded half away from zero (half-up on the magnitude), so a negative amount mirrors its positive. */
export function divideRoundingHalfUp(n: bigint, d: bigint): bigint {
  const negative = n < 0n;
  const magnitude = negative ? -n : n;
  const rounded = (magnitude * 2n + d) / (d * 2n);
  return negative ? -rounded : rounded;
}

/**
 * What `baseQuantity` (signed, in the kind's base units) costs at `unitPriceE4`, in minor units of a currency with
 * `digits` minor digits, rounded half-up per line: 250.5 ml at 0.0452 EUR per ml → 1132 (11.3226 EUR → 11.32).
 * No price → 0.
 */
export function chargeAmount(
  kind: StockKind,
  baseQuantity: number,
  unitPriceE4: number | null,
  digits: number,
): number {
  if (unitPriceE4 === null) return 0;
  const numerator = BigInt(baseQuantity) * BigInt(unitPriceE4) * 10n ** BigInt(digits);
  const amount = divideRoundingHalfUp(numerator, baseScale(kind) * BigInt(UNIT_PRICE_SCALE));
  if (amount > BigInt(Number.MAX_SAFE_INTEGER) || amount < BigInt(-Number.MAX_SAFE_INTEGER)) {
    throw new Error(`a charge of ${amount} minor units is beyond what a number holds exactly`);
  }
  return Number(amount);
}

/** Minor units as the currency writes them without a symbol: 1132 EUR → "11.32", 5 JPY → "5", -250 → "-2.50". */
export function amountText(amount: number, digits: number): string {
  const negative = amount < 0;
  const magnitude = String(Math.abs(amount)).padStart(digits + 1, '0');
  const whole = digits === 0 ? magnitude : magnitude.slice(0, -digits);
  const fraction = digits === 0 ? '' : `.${magnitude.slice(-digits)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * Minor units as a number of major units, for a file's cell that spreadsheets add up: 1132 EUR → 11.32, -700 → -7.
 * Read from amountText's exact decimal, so the number is the nearest to it and prints as it (never rounded again).
 */
export function amountNumber(amount: number, digits: number): number {
  return Number(amountText(amount, digits));
}
