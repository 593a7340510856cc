/** A sum or difference of quantities, exact to the 3 decimals quantities have, which binary floats are not. */
export function exactQuantity(quantity: number): number {
  return Math.round(quantity * 1000) / 1000;
}
