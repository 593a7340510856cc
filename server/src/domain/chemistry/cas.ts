const CAS_FORMAT = /^[1-9][0-9]{1,6}-[0-9]{2}-[0-9]$/;

/** The check digit for the digits of a CAS registry number that precede it (SERVER.md §4.5). */
export function casCheckDigit(digits: string): number {
  let sum = 0;
  for (let position = 1; position <= digits.length; position++) {
    sum += position * Number(digits[digits.length - position]);
  }
  return sum % 10;
}

/** True for a CAS registry number in the form `NNNNNNN-NN-N` whose check digit is right. */
export function isValidCasNumber(text: string): boolean {
  if (!CAS_FORMAT.test(text)) return false;
  const digits = text.replaceAll('-', '');
  return casCheckDigit(digits.slice(0, -1)) === Number(digits[digits.length - 1]);
}
