import { Type, type Static, type TSchema } from '@fastify/type-provider-typebox';
import type { OrderingTerm } from '../domain/stockListing';

/**
 * Builders for request fields. They return TypeBox schemas (so routes get static types and OpenAPI docs)
 * carrying the rules validate.ts enforces with the API's messages.
 */

type TextOptions = {
  maxLength?: number;
  minLength?: number;
  /** An empty string (after trimming) is accepted instead of rejected as blank. */
  allowBlank?: boolean;
  /** A blank value is reported as `This field is required.` (the token endpoints, §2.2–2.3). */
  blankIsMissing?: boolean;
  /**
   * false: a password, taken exactly as typed: leading and trailing whitespace kept, and the control characters
   * other text may not hold allowed (validate.ts says why).
   */
  trim?: boolean;
  description?: string;
  /** What an absent value stands for (documented; a caller such as contract/requests' lineOwnFields applies it). */
  default?: string;
};

/**
 * A trimmed string without control characters or bidirectional overrides; a JSON number is accepted as its decimal
 * text.
 */
export function text({ allowBlank, blankIsMissing, trim = true, ...options }: TextOptions = {}) {
  return Type.String({
    ...options,
    ...(allowBlank ? { 'x-allowBlank': true } : {}),
    ...(blankIsMissing ? { 'x-blankIsMissing': true } : {}),
    ...(trim ? {} : { 'x-noTrim': true }),
  });
}

export function email({ maxLength = 100 }: { maxLength?: number } = {}) {
  return Type.String({ format: 'email', maxLength });
}

/** A CAS registry number with a correct check digit (SERVER.md §4.5). */
export function casNumber(description?: string) {
  return Type.String({ format: 'cas-number', description });
}

/** A parseable molecular formula (SERVER.md §4.6). */
export function molecularFormula({
  maxLength,
  description,
}: { maxLength?: number; description?: string } = {}) {
  return Type.String({ format: 'molecular-formula', maxLength, description });
}

type RangeOptions = {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  description?: string;
};

/** A JSON number or a string holding one. */
export function number(range: RangeOptions = {}) {
  return Type.Number(range);
}

/** A JSON number or a string holding one, with at most `maxDecimals` decimal places. */
export function decimal({ maxDecimals, ...range }: RangeOptions & { maxDecimals: number }) {
  return Type.Number({ ...range, 'x-decimals': maxDecimals });
}

/** A JSON number or numeric string without a fractional part (`2`, `2.0`, `"2"`). */
export function integer(range: RangeOptions = {}) {
  return Type.Integer(range);
}

/** One of the listed codes, exactly. */
export function choice<const Values extends string[]>(values: readonly [...Values], description?: string) {
  return Type.Enum(values, { description });
}

/** One of the listed codes, compared case-insensitively; the listed spelling is what the handler gets. */
export function choiceIgnoringCase<const Values extends string[]>(
  values: readonly [...Values],
  description?: string,
) {
  return Type.Enum(values, { description, 'x-ignoreCase': true });
}

/**
 * Up to MAX_LIST_ITEMS of the listed codes (validate.ts), compared case-insensitively, separated by commas
 * (`SHIPMENT,issue`) or given as a repeated query parameter; the handler gets the listed spellings, each once.
 * Blank: an empty list.
 */
export function choiceList<const Values extends string[]>(
  values: readonly [...Values],
  description?: string,
) {
  return Type.Unsafe<Values[number][]>({ type: 'string', description, 'x-choiceList': values });
}

/**
 * A list of codes in a JSON body: an array (or, as a spreadsheet cell holds it, a comma-separated text) of up to
 * MAX_LIST_ITEMS of the listed codes, compared case-insensitively; the handler gets the listed spellings, each once.
 */
export function codeList<const Values extends string[]>(values: readonly [...Values], description?: string) {
  return Type.Unsafe<Values[number][]>({
    type: 'array',
    items: { type: 'string', enum: values },
    description,
    'x-choiceList': values,
  });
}

/** A date (`2026-11-21`) or a date and time (`2026-11-21T19:56:46Z`, offset optional) as domain/timeRange reads it. */
export function dateOrDateTime(description?: string) {
  return Type.String({ format: 'date-or-datetime', description });
}

/** A calendar month, `2026-11`, from 1900 (domain/timeRange.ts). */
export function month(description?: string) {
  return Type.String({ format: 'month', description });
}

/** A real calendar date (`2027-03-31`), not before 1900 (domain/calendarDate.ts). */
export function stockDate(description?: string) {
  return Type.String({ format: 'stock-date', description });
}

/**
 * The id of a row; whether it exists is checked by the service (`messages.pkMissing`), except past MAX_ROW_ID,
 * where no row can exist.
 */
export function idRef(description?: string, range: { minimum?: number } = {}) {
  return Type.Integer({ 'x-pk': true, description, ...range });
}

/**
 * An id that filters a list or names the record a query reads (`?object_id=`): an unknown one is not a field error
 * there but an empty list or a 404, so an id past MAX_ROW_ID is read as NO_ROW_ID and answered the same way.
 */
export function idFilter(description?: string, range: { minimum?: number } = {}) {
  return Type.Integer({ 'x-pk': true, 'x-filter': true, description, ...range });
}

/** At most MAX_LIST_ITEMS ids (validate.ts); the handler gets each once, in the order first sent. */
export function idList({
  allowEmpty = true,
  description,
}: { allowEmpty?: boolean; description?: string } = {}) {
  return Type.Array(idRef(), { description, 'x-unique': true, ...(allowEmpty ? {} : { minItems: 1 }) });
}

/**
 * An `ordering` value as Django REST framework's OrderingFilter reads it: comma-separated field names, each
 * prefixed with `-` for descending (`name,-quantity`); blank items are skipped, and at most MAX_LIST_ITEMS items are
 * read (validate.ts). The handler gets the terms in order, each field once (its first term decides); a name outside
 * `fields` is reported as an invalid choice.
 */
export function orderingList<const Field extends string>(fields: readonly Field[], description?: string) {
  return Type.Unsafe<OrderingTerm<Field>[]>({ type: 'string', description, 'x-ordering': fields });
}

/** A name field that also accepts an object carrying it, `{"name": …}` (other keys such as `id` are ignored). */
export function named<T extends TSchema>(schema: T) {
  return Type.Unsafe<Static<T>>({ ...schema, 'x-named': true });
}

/**
 * A field that, when absent from the body, is read at `path` instead (`['chemical', 'CAS_RN']` reads
 * `body.chemical.CAS_RN`): the alternative nested forms clients send back from what they read.
 * Errors stay keyed by the field itself.
 */
export function fallbackTo<T extends TSchema>(path: readonly string[], schema: T) {
  return Type.Unsafe<Static<T>>({ ...schema, 'x-fallbackPath': path });
}

/**
 * A field for which a blank string (`""`, or spaces) counts as absent: `molecular_weight`, which the original SPA's
 * form sends as `""` when it has no input for it (SERVER.md §4.3).
 */
export function blankIsAbsent<T extends TSchema>(schema: T) {
  return Type.Unsafe<Static<T>>({ ...schema, 'x-blankIsAbsent': true });
}

/** A field that also accepts JSON null. */
export function nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}
