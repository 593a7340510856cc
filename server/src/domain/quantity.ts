/**
 * Exact chemical quantities (SERVER.md §1.2): API numbers carry at most 3 decimals and are stored and
 * added as integer thousandths, so 0.1 + 0.2 is exactly 0.3.
 */

export const QUANTITY_DECIMALS = 3;
export const MAX_QUANTITY = 1_000_000_000;

/** Thrown when a number cannot be represented exactly as thousandths. */
export class QuantityPrecisionError extends RangeError {
  override readonly name = 'QuantityPrecisionError';

  constructor(readonly value: number) {
    super(`${value} is not a finite number with at most ${QUANTITY_DECIMALS} decimal places`);
  }
}

/**
 * Number of decimal places in the shortest decimal text of a JSON number
 * (`12.345` → 3, `1e-7` → 7, `1.5e-7` → 8, `1e21` → 0).
 */
export function countDecimals(value: number): number {
  if (!Number.isFinite(value)) return Number.POSITIVE_INFINITY;
  const [mantissa, exponentText] = Math.abs(value).toString().split('e');
  const dot = mantissa.indexOf('.');
  const mantissaDecimals = dot === -1 ? 0 : mantissa.length - dot - 1;
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  return Math.max(0, mantissaDecimals - exponent);
}

/** 12.5 → 12500. Exact: the value has at most 3 decimals, so rounding the scaled value recovers the integer. */
export function toThousandths(value: number): number {
  if (countDecimals(value) > QUANTITY_DECIMALS) throw new QuantityPrecisionError(value);
  const thousandths = Math.round(value * 10 ** QUANTITY_DECIMALS);
  if (!Number.isSafeInteger(thousandths)) throw new QuantityPrecisionError(value);
  return thousandths;
}

/** 12500 → 12.5; the result prints as its shortest decimal text in JSON. */
export function fromThousandths(thousandths: number): number {
  return thousandths / 10 ** QUANTITY_DECIMALS;
}

/**
 * Rounds to 3 decimals, half away from zero as the decimal text reads (1.0005 → 1.001, which scaling the
 * binary value would round down), e.g. a molecular weight given by the client.
 */
export function roundToThousandths(value: number): number {
  const text = Math.abs(value).toString();
  // Exponent forms are either below 1e-6 (round to 0) or at least 1e21 (already integers).
  if (text.includes('e')) return Math.abs(value) < 1 ? 0 : value;
  const thousandths = Math.round(Number(`${text}e${QUANTITY_DECIMALS}`));
  return (Math.sign(value) * thousandths) / 10 ** QUANTITY_DECIMALS;
}

/** Purity percentages (at most 2 decimals, validated) are stored as integer hundredths. */
export function toHundredths(value: number): number {
  return Math.round(value * 100);
}

/** 9950 → 99.5; dividing the integer is exact to the printed decimal. */
export function fromHundredths(hundredths: number): number {
  return hundredths / 100;
}
