import { type StockKind } from './stockKinds';
import { STOCK_UNITS } from './stockKindHelpers';

/**
 * Quantities as spreadsheets write them ('2.5 L', '500 mL', '3 pcs'), turned into the API's units (ml for
 * chemicals, pieces otherwise) where the unit says so unambiguously. The number is shifted by its power of ten as
 * text, never multiplied as a binary float, so '0.0012 L' is exactly 1.2 ml.
 */

/** Volume units and the power of ten that turns them into ml. Mass units are not here: without a density they
 * cannot become ml. */
const VOLUME_UNITS: Record<string, number> = {
  ml: 0,
  millilitre: 0,
  milliliter: 0,
  millilitres: 0,
  milliliters: 0,
  cc: 0,
  'cm³': 0,
  cm3: 0,
  l: 3,
  litre: 3,
  liter: 3,
  litres: 3,
  liters: 3,
  cl: 1,
  dl: 2,
  µl: -3,
  μl: -3,
  ul: -3,
  microlitre: -3,
  microliter: -3,
  microlitres: -3,
  microliters: -3,
};

const PIECE_UNITS = new Set(['pcs', 'pc', 'pce', 'pces', 'piece', 'pieces', 'ea', 'each']);

/**
 * A number and an optional unit. Each part can match in one way only (the unit starts with neither a digit nor a
 * point), so the pattern never backtracks: linear in the text, which MAX_AMOUNT_LENGTH bounds anyway.
 */
const AMOUNT = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*([^\s\d.]\S*)?$/u;

/** Characters an amount (or another number) may have: '1000000000.125 millilitres' has 26. */
export const MAX_AMOUNT_LENGTH = 40;

export type ImportedQuantity = { ok: true; value: string } | { ok: false; message: string };

/** The digits without their trailing zeros: a loop, since `/0+$/` tries every run of zeros to its end. */
function withoutTrailingZeros(digits: string): string {
  let end = digits.length;
  while (end > 0 && digits[end - 1] === '0') end -= 1;
  return digits.slice(0, end);
}

/** `12.5` shifted by `places` powers of ten, as decimal text without needless zeros ('2.5', 3 → '2500'). */
export function shiftDecimal(number: string, places: number): string {
  const negative = number.startsWith('-');
  const unsigned = number.replace(/^[+-]/, '');
  const [whole, fraction = ''] = unsigned.split('.');
  const digits = whole + fraction;
  const point = whole.length + places;
  const padded = point < 0 ? '0'.repeat(-point) + digits : digits.padEnd(point, '0');
  const at = Math.max(point, 0);
  const integerPart = padded.slice(0, at).replace(/^0+(?=\d)/, '') || '0';
  const fractionPart = withoutTrailingZeros(padded.slice(at));
  const text = fractionPart === '' ? integerPart : `${integerPart}.${fractionPart}`;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/**
 * A quantity cell in the kind's unit: a bare number is taken as that unit already; a number with a unit is
 * converted when the unit is one of the kind's (volumes for chemicals, pieces otherwise). The result is the
 * number as text, still to be checked by the API's own quantity rules (decimals, range). A blank cell is left
 * blank (the field's default applies).
 */
export function importedQuantity(kind: StockKind, cell: string): ImportedQuantity {
  const text = cell.trim();
  if (text === '') return { ok: true, value: '' };
  if (text.length > MAX_AMOUNT_LENGTH) return { ok: false, message: tooLong(kind) };
  const match = AMOUNT.exec(text);
  const unit = match?.[2]?.toLowerCase() ?? '';
  if (!match) return { ok: false, message: unreadable(kind, text) };
  if (unit === '') return { ok: true, value: match[1] };
  if (kind === 'chemical') {
    const places = VOLUME_UNITS[unit];
    if (places === undefined) return { ok: false, message: unreadable(kind, text) };
    return { ok: true, value: shiftDecimal(match[1], places) };
  }
  if (!PIECE_UNITS.has(unit)) return { ok: false, message: unreadable(kind, text) };
  return { ok: true, value: match[1] };
}

/**
 * A cell of another numeric field (purity, size, minimum…) as the validator will read it, refused first when it
 * is longer than any number: the validator's number patterns then never read a cell of 1,000 digits.
 */
export function importedNumber(cell: string): ImportedQuantity {
  const text = cell.trim();
  if (text.length > MAX_AMOUNT_LENGTH) {
    return { ok: false, message: `A number has at most ${MAX_AMOUNT_LENGTH} characters.` };
  }
  return { ok: true, value: text };
}

const unitsOf = (kind: StockKind) => (kind === 'chemical' ? 'ml, L, cl, dl or µL' : 'pieces (pcs)');

function unreadable(kind: StockKind, text: string): string {
  return `"${text}" is not an amount in ${STOCK_UNITS[kind]}: write a number, optionally with ${unitsOf(kind)}.`;
}

function tooLong(kind: StockKind): string {
  return `An amount in ${STOCK_UNITS[kind]} has at most ${MAX_AMOUNT_LENGTH} characters: write a number, optionally with ${unitsOf(kind)}.`;
}
