import type { FastifySchemaCompiler } from 'fastify';
import { isValidCasNumber } from '../domain/chemistry/cas';
import { isValidFormula } from '../domain/chemistry/formula';
import { isStockDate } from '../domain/calendarDate';
import type { OrderingTerm } from '../domain/stockListing';
import { choiceBySpelling } from '../domain/choiceSpelling';
import { isMonth, parseTimeBound } from '../domain/timeRange';
import { MAX_ROW_ID, NO_ROW_ID } from '../http/schemas';
import { firstFewOf, messages, type FieldErrors, ValidationError } from './errors';

/**
 * The subset of JSON Schema our request schemas use, plus extension keywords
 * (set through the builders in fields.ts): `x-decimals` (max decimal places), `x-pk` (an id reference),
 * `x-allowBlank` (a string that may be empty), `x-blankIsMissing` (blank reported as missing),
 * `x-blankIsAbsent` (a blank string counts as an absent field),
 * `x-noTrim` (a password: taken exactly as sent), `x-ignoreCase` (a choice compared case-insensitively),
 * `x-named` (also accepts `{"name": value}`), `x-fallbackPath` (where an absent field is read instead),
 * `x-ordering` (the fields a comma-separated ordering may name),
 * `x-choiceList` (comma-separated codes of a list, in any case that tells no two codes apart) and
 * `x-unique` (a list whose repeated items are dropped).
 */
export interface RequestSchema {
  type?: string;
  properties?: Record<string, RequestSchema>;
  required?: string[];
  items?: RequestSchema;
  anyOf?: RequestSchema[];
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  'x-decimals'?: number;
  'x-pk'?: boolean;
  'x-filter'?: boolean;
  'x-allowBlank'?: boolean;
  'x-noTrim'?: boolean;
  'x-blankIsMissing'?: boolean;
  'x-blankIsAbsent'?: boolean;
  'x-ignoreCase'?: boolean;
  'x-named'?: boolean;
  'x-fallbackPath'?: string[];
  'x-ordering'?: string[];
  'x-choiceList'?: string[];
  'x-unique'?: boolean;
}

type Read<T> = { ok: true; value: T } | { ok: false; errors: string[] };
type Result = Read<unknown>;

const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const fail = (error: string): Read<never> => ({ ok: false, errors: [error] });
const failWith = (errors: string[]): Read<never> => ({ ok: false, errors });

/**
 * The longest numeric string read (after trimming): far more than any real value needs (a quantity takes at most
 * 14 characters), and checked before any pattern runs, so no number costs the server noticeable time.
 */
export const MAX_NUMBER_LENGTH = 100;

/**
 * The most items a list in a request may hold (ids, codes, ordering terms; blank items of a comma-separated value
 * count too): as many as an upload's link values (routes/files), far more than any real list, and checked before
 * the items are read one by one.
 */
export const MAX_LIST_ITEMS = 1000;

// Each part of a number can be matched in one way only, so a failing match costs time linear in its length.
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+(?:\.0*)?$/;

/**
 * What no text field takes: control characters (C0, DEL and C1: NUL, which PostgreSQL cannot store, line breaks,
 * tabs, escapes…) and the bidirectional overrides and isolates U+202A–U+202E and U+2066–U+2069, which make a name
 * display as another (`Toluol\u202Egnp.exe` shows as "Toluolexe.png") in the Store, the audit log and exports.
 * No field of the API holds more than one line, so none needs a line break or a tab.
 */
const FORBIDDEN_CHARACTER = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

/** The first character a text field may not hold, as `U+202E`; undefined when there is none. */
export function forbiddenCharacterIn(text: string): string | undefined {
  const index = text.search(FORBIDDEN_CHARACTER);
  if (index === -1) return undefined;
  return `U+${text.charCodeAt(index).toString(16).toUpperCase().padStart(4, '0')}`;
}

// Close to Django's EmailValidator: a dot-atom local part and a domain with a top-level label.
const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** String formats beyond the JSON Schema ones, with the message each failure reports. */
const FORMATS: Record<string, { test: (text: string) => boolean; message: string }> = {
  email: { test: (text) => EMAIL.test(text), message: messages.email },
  'cas-number': { test: isValidCasNumber, message: messages.casNumber },
  'molecular-formula': { test: isValidFormula, message: messages.molecularFormula },
  'date-or-datetime': {
    test: (text) => parseTimeBound(text) !== undefined,
    message: messages.dateOrDateTime,
  },
  'stock-date': { test: isStockDate, message: messages.stockDate },
  month: { test: isMonth, message: messages.month },
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function decimalPlaces(value: number): number {
  const [mantissa, exponent = '0'] = String(value).toLowerCase().split('e');
  const fraction = mantissa.split('.')[1] ?? '';
  return Math.max(0, fraction.length - Number(exponent));
}

function checkRange(schema: RequestSchema, value: number): string[] {
  const errors: string[] = [];
  if (schema.minimum !== undefined && value < schema.minimum) errors.push(messages.minimum(schema.minimum));
  if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum)
    errors.push(messages.exclusiveMinimum(schema.exclusiveMinimum));
  if (schema.maximum !== undefined && value > schema.maximum) errors.push(messages.maximum(schema.maximum));
  return errors;
}

/**
 * A JSON number, or a string holding one as `pattern` writes it; `invalid` for anything else, a string too long
 * to be a real value included, and for what is not finite: `1e400` (as text or as a JSON number) reads as Infinity.
 */
function readNumber(value: unknown, pattern: RegExp, invalid: string): Read<number> {
  if (typeof value === 'number') return Number.isFinite(value) ? ok(value) : fail(invalid);
  if (typeof value !== 'string') return fail(invalid);
  const text = value.trim();
  if (text.length > MAX_NUMBER_LENGTH) return fail(messages.numberLength(MAX_NUMBER_LENGTH));
  if (!pattern.test(text)) return fail(invalid);
  const number = Number(text);
  return Number.isFinite(number) ? ok(number) : fail(invalid);
}

/** A number without a fractional part (`2`, `2.0`, `"2"`) that JavaScript holds exactly. */
function readInteger(value: unknown, invalid: string): Read<number> {
  const number = readNumber(value, INTEGER, invalid);
  return number.ok && !Number.isSafeInteger(number.value) ? fail(invalid) : number;
}

function validateString(schema: RequestSchema, value: unknown): Result {
  if (typeof value === 'number' && Number.isFinite(value)) value = String(value);
  if (typeof value !== 'string') return fail(messages.string);
  const password = schema['x-noTrim'] === true;
  const text = password ? value : value.trim();
  if (text === '') {
    if (schema['x-allowBlank']) return ok(text);
    return fail(schema['x-blankIsMissing'] ? messages.required : messages.blank);
  }
  // Passwords are taken exactly as typed: they are only ever hashed, never stored as text or shown, and refusing a
  // character now would lock out whoever chose one before.
  const forbidden = password ? undefined : forbiddenCharacterIn(text);
  if (forbidden !== undefined) return fail(messages.controlCharacter(forbidden));
  const errors: string[] = [];
  if (schema.maxLength !== undefined && text.length > schema.maxLength)
    errors.push(messages.maxLength(schema.maxLength));
  if (schema.minLength !== undefined && text.length < schema.minLength)
    errors.push(messages.minLength(schema.minLength));
  const format = schema.format === undefined ? undefined : FORMATS[schema.format];
  if (format && !format.test(text)) errors.push(format.message);
  return errors.length > 0 ? failWith(errors) : ok(text);
}

/**
 * The items of comma-separated values (one, or each of a repeated query parameter), trimmed, blank ones dropped;
 * undefined past MAX_LIST_ITEMS, found without splitting any further.
 */
export function commaSeparatedItems(values: readonly string[]): string[] | undefined {
  if (values.length > MAX_LIST_ITEMS) return undefined;
  const items: string[] = [];
  let count = 0;
  for (const value of values) {
    const parts = value.split(',', MAX_LIST_ITEMS + 1);
    count += parts.length;
    if (count > MAX_LIST_ITEMS) return undefined;
    for (const part of parts) {
      const item = part.trim();
      if (item !== '') items.push(item);
    }
  }
  return items;
}

/** Unknown items of a list, each once (as first written), named in the first few of its messages. */
function unknownChoices(unknown: Iterable<string>): Read<never> {
  return failWith(firstFewOf([...unknown].map(messages.choice), messages.moreChoices));
}

function validateOrdering(fields: readonly string[], value: unknown): Result {
  if (typeof value !== 'string') return fail(messages.string);
  const items = commaSeparatedItems([value]);
  if (items === undefined) return fail(messages.maxItems(MAX_LIST_ITEMS));
  const terms: OrderingTerm[] = [];
  const ordered = new Set<string>();
  const unknown = new Set<string>();
  for (const item of items) {
    const descending = item.startsWith('-');
    const field = descending ? item.slice(1) : item;
    if (!fields.includes(field)) unknown.add(item);
    // Records that tie on a field tie on any later term for it too: only its first term can order them.
    else if (!ordered.has(field)) {
      ordered.add(field);
      terms.push({ field, descending });
    }
  }
  return unknown.size > 0 ? unknownChoices(unknown) : ok(terms);
}

/**
 * Every code of a comma-separated value (or of each value of a repeated query parameter, or of a JSON array) must
 * be a listed one; the listed spellings, each once.
 */
function validateChoiceList(choices: readonly string[], value: unknown): Result {
  const values: unknown[] = Array.isArray(value) ? value : [value];
  if (values.length > MAX_LIST_ITEMS) return fail(messages.maxItems(MAX_LIST_ITEMS));
  if (!values.every((item) => typeof item === 'string')) return fail(messages.string);
  const codes = commaSeparatedItems(values as string[]);
  if (codes === undefined) return fail(messages.maxItems(MAX_LIST_ITEMS));
  const choiceOf = choiceBySpelling(choices);
  const found = new Set<string>();
  const unknownByKey = new Map<string, string>();
  for (const code of codes) {
    const choice = choiceOf(code);
    if (choice !== undefined) found.add(choice);
    else if (!unknownByKey.has(code.toLowerCase())) unknownByKey.set(code.toLowerCase(), code);
  }
  return unknownByKey.size > 0 ? unknownChoices(unknownByKey.values()) : ok([...found]);
}

function validateValue(schema: RequestSchema, value: unknown): Result {
  if (schema['x-named'] && isPlainObject(value)) {
    if (value.name === undefined) return fail(messages.required);
    value = value.name;
  }
  if (value === null) {
    const nullable = schema.anyOf?.some((branch) => branch.type === 'null') ?? schema.type === 'null';
    return nullable ? ok(null) : fail(messages.null);
  }
  if (schema.anyOf !== undefined) {
    const branch = schema.anyOf.find((candidate) => candidate.type !== 'null');
    return branch ? validateValue(branch, value) : fail(messages.null);
  }
  if (schema.enum !== undefined) {
    const match = schema['x-ignoreCase']
      ? schema.enum.find(
          (code) => typeof value === 'string' && String(code).toLowerCase() === value.toLowerCase(),
        )
      : schema.enum.find((code) => code === value);
    return match !== undefined ? ok(match) : fail(messages.choice(value));
  }
  if (schema['x-ordering'] !== undefined) return validateOrdering(schema['x-ordering'], value);
  if (schema['x-choiceList'] !== undefined) return validateChoiceList(schema['x-choiceList'], value);
  if (schema['x-pk']) {
    const id = readInteger(value, messages.pkType(value));
    if (!id.ok) return id;
    // No row has a larger id: it is an unknown one, answered before PostgreSQL would fail to compare it.
    if (id.value > MAX_ROW_ID) return schema['x-filter'] ? ok(NO_ROW_ID) : fail(messages.pkMissing(value));
    const errors = checkRange(schema, id.value);
    return errors.length > 0 ? failWith(errors) : id;
  }
  switch (schema.type) {
    case 'string':
      return validateString(schema, value);
    case 'number': {
      const number = readNumber(value, DECIMAL, messages.number);
      if (!number.ok) return number;
      const errors = checkRange(schema, number.value);
      const maxDecimals = schema['x-decimals'];
      if (maxDecimals !== undefined && decimalPlaces(number.value) > maxDecimals)
        errors.push(messages.decimals(maxDecimals));
      return errors.length > 0 ? failWith(errors) : number;
    }
    case 'integer': {
      const integer = readInteger(value, messages.integer);
      if (!integer.ok) return integer;
      const errors = checkRange(schema, integer.value);
      return errors.length > 0 ? failWith(errors) : integer;
    }
    case 'boolean':
      if (typeof value === 'boolean') return ok(value);
      if (value === 'true' || value === 1 || value === '1') return ok(true);
      if (value === 'false' || value === 0 || value === '0') return ok(false);
      return fail(messages.boolean);
    case 'array': {
      if (!Array.isArray(value)) return fail(messages.list(value));
      if (value.length > MAX_LIST_ITEMS) return fail(messages.maxItems(MAX_LIST_ITEMS));
      if (schema.minItems !== undefined && value.length < schema.minItems) return fail(messages.emptyList);
      const items: unknown[] = [];
      for (const item of value) {
        const result = schema.items ? validateValue(schema.items, item) : ok(item);
        if (!result.ok) return result;
        items.push(result.value);
      }
      return ok(schema['x-unique'] ? [...new Set(items)] : items);
    }
    case 'object': {
      // An item of a list of objects (a user's labs): its fields' errors are told apart by the field's name.
      if (!isPlainObject(value)) return fail(messages.notObject(value));
      try {
        return ok(validateObject(schema, value).value);
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        return failWith(
          Object.entries(error.fields).flatMap(([field, errors]) =>
            errors.map((text) => `${field}: ${text}`),
          ),
        );
      }
    }
    default:
      return ok(value);
  }
}

function valueAt(input: Record<string, unknown>, path: readonly string[]): unknown {
  let value: unknown = input;
  for (const key of path) {
    if (!isPlainObject(value) || !Object.hasOwn(value, key)) return undefined;
    value = value[key];
  }
  return value;
}

/** A field not given, or given blank where a blank counts as absent (`x-blankIsAbsent`). */
function isAbsent(schema: RequestSchema, value: unknown): boolean {
  if (value === undefined) return true;
  return schema['x-blankIsAbsent'] === true && typeof value === 'string' && value.trim() === '';
}

/**
 * Validates a request object (body, query or params) against a TypeBox object schema, the way the
 * original API's serializers did: every failing field at once, coerced values, unknown fields dropped.
 */
export function validateObject(schema: RequestSchema, data: unknown): { value: Record<string, unknown> } {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new ValidationError({ non_field_errors: [messages.notObject(data)] });
  }
  const input = data as Record<string, unknown>;
  const required = new Set(schema.required ?? []);
  const value: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  for (const [field, fieldSchema] of Object.entries(schema.properties ?? {})) {
    const given = Object.hasOwn(input, field) ? input[field] : undefined;
    const fallbackPath = fieldSchema['x-fallbackPath'];
    const fieldValue = isAbsent(fieldSchema, given) && fallbackPath ? valueAt(input, fallbackPath) : given;
    if (isAbsent(fieldSchema, fieldValue)) {
      if (required.has(field)) errors[field] = [messages.required];
      continue;
    }
    const result = validateValue(fieldSchema, fieldValue);
    if (result.ok) value[field] = result.value;
    else errors[field] = result.errors;
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { value };
}

/** Fastify validator compiler: request parts are checked by validateObject; headers are not validated. */
export const requestValidatorCompiler: FastifySchemaCompiler<RequestSchema> = ({ schema, httpPart }) => {
  if (httpPart === 'headers') return () => true;
  return (data: unknown) => {
    try {
      return validateObject(schema, data);
    } catch (error) {
      if (error instanceof ValidationError) return { error };
      throw error;
    }
  };
};
