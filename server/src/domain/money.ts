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
 * The most one line may cost (an issue's line, a request's line at its estimate), in major units of any currency:
 * ten billion, far above anything a department buys or issues at once, and low enough that every amount in minor
 * units and a request's total of its lines stay integers a number holds exactly. A price or quantity beyond it is
 * refused where it is written (services/requests.ts, services/issues.ts), so a read never meets one it could
 * not state.
 */
export const MAX_LINE_CHARGE = 10_000_000_000;

/** MAX_LINE_CHARGE as people read it: `10,000,000,000`. */
export const MAX_LINE_CHARGE_TEXT = MAX_LINE_CHARGE.toLocaleString('en');

/** Why a line is refused: `2 pieces at a unit price of 9000000000 cost more than one line may be charged (…).` */
export const beyondChargeLimitText = (quantity: string, unitPrice: number | null): string =>
  `${quantity} at a unit price of ${unitPrice} cost more than one line may be charged ` +
  `(${MAX_LINE_CHARGE_TEXT} of the currency’s major units).`;

/** Whether `baseQuantity` (signed, in the kind's base units) at `unitPriceE4` costs at most MAX_LINE_CHARGE. */
export function withinChargeLimit(
  kind: StockKind,
  baseQuantity: number,
  unitPriceE4: number | null,
): boolean {
  if (unitPriceE4 === null) return true;
  const cost = BigInt(baseQuantity) * BigInt(unitPriceE4);
  const magnitude = cost < 0n ? -cost : cost;
  return magnitude <= BigInt(MAX_LINE_CHARGE) * BigInt(UNIT_PRICE_SCALE) * baseScale(kind);
}

/**
 * What `baseQuantity` (signed, in the kind's base units) costs at `unitPriceE4`, in minor units of a currency with
 * `digits` minor digits, rounded half-up per line: 250.5 ml at 0.0452 EUR per ml → 1132 (11.3226 EUR → 11.32).
 * No price → 0. Callers keep to MAX_LINE_CHARGE (withinChargeLimit); beyond it this throws.
 */
export function chargeAmount(
  kind: StockKind,
  baseQuantity: number,
  unitPriceE4: number | null,
  digits: number,
): number {
  if (unitPriceE4 === null) return 0;
  if (!withinChargeLimit(kind, baseQuantity, unitPriceE4))
    throw new Error(`${baseQuantity} base units at ${unitPriceE4} cost more than a line may be charged`);
  const numerator = BigInt(baseQuantity) * BigInt(unitPriceE4) * 10n ** BigInt(digits);
  return Number(divideRoundingHalfUp(numerator, baseScale(kind) * BigInt(UNIT_PRICE_SCALE)));
}

/**
 * How requests, statements and their exports name a fund: 'ERC-17 ERC grant 17'; none: the lab's issues made without
 * a request (docs/api.md §24).
 */
export const fundHeading = (fund: { code: string; name: string } | null): string =>
  fund === null ? 'No fund (cart issues)' : `${fund.code} ${fund.name}`;

/** Minor units as the currency writes them without a symbol: 1132 EUR → "11.32", 5 JPY → "5", -250 → "-2.50". */
export function moneyAmountText(amount: number, digits: number): string {
  const negative = amount < 0;
  const magnitude = String(Math.abs(amount)).padStart(digits + 1, '0');
  const whole = digits === 0 ? magnitude : magnitude.slice(0, -digits);
  const fraction = digits === 0 ? '' : `.${magnitude.slice(-digits)}`;
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * Minor units as a number of major units, for a file's cell that spreadsheets add up: 1132 EUR → 11.32, -700 → -7.
 * Read from moneyAmountText's exact decimal, so the number is the nearest to it and prints as it (never rounded again).
 */
export function amountNumber(amount: number, digits: number): number {
  return Number(moneyAmountText(amount, digits));
}
