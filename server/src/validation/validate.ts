import type { FastifySchemaCompiler } from 'fastify';
import { isValidCasNumber } from '../domain/chemistry/cas';
import { isValidFormula } from '../domain/chemistry/formula';
import { isStockDate } from '../domain/calendarDate';
import { parseTimeBound } from '../domain/timeRange';
import { messages, type FieldErrors, ValidationError } from './errors';

/**
 * The subset of JSON Schema our request schemas use, plus extension keywords
 * (set through the builders in fields.ts): `x-decimals` (max decimal places), `x-pk` (an id reference),
 * `x-allowBlank` (a string that may be empty), `x-blankIsMissing` (blank reported as missing),
 * `x-noTrim` (keep surrounding whitespace, for passwords), `x-ignoreCase` (a choice compared case-insensitively),
 * `x-named` (also accepts `{"name": value}`), `x-fallbackPath` (where an absent field is read instead),
 * `x-ordering` (the fields a comma-separated ordering may name) and
 * `x-choiceList` (comma-separated codes of a list, compared case-insensitively).
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
  'x-allowBlank'?: boolean;
  'x-noTrim'?: boolean;
  'x-blankIsMissing'?: boolean;
  'x-ignoreCase'?: boolean;
  'x-named'?: boolean;
  'x-fallbackPath'?: string[];
  'x-ordering'?: string[];
  'x-choiceList'?: string[];
}

type Result = { ok: true; value: unknown } | { ok: false; errors: string[] };

const ok = (value: unknown): Result => ({ ok: true, value });
const fail = (...errors: string[]): Result => ({ ok: false, errors });

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+(\.0*)?$/;
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

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && DECIMAL.test(value.trim())) return Number(value.trim());
  return undefined;
}

function toInteger(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && INTEGER.test(value.trim())) {
    const number = Number(value.trim());
    return Number.isSafeInteger(number) ? number : undefined;
  }
  return undefined;
}

function validateString(schema: RequestSchema, value: unknown): Result {
  if (typeof value === 'number' && Number.isFinite(value)) value = String(value);
  if (typeof value !== 'string') return fail(messages.string);
  const text = schema['x-noTrim'] ? value : value.trim();
  if (text === '') {
    if (schema['x-allowBlank']) return ok(text);
    return fail(schema['x-blankIsMissing'] ? messages.required : messages.blank);
  }
  const errors: string[] = [];
  if (schema.maxLength !== undefined && text.length > schema.maxLength)
    errors.push(messages.maxLength(schema.maxLength));
  if (schema.minLength !== undefined && text.length < schema.minLength)
    errors.push(messages.minLength(schema.minLength));
  const format = schema.format === undefined ? undefined : FORMATS[schema.format];
  if (format && !format.test(text)) errors.push(format.message);
  return errors.length > 0 ? fail(...errors) : ok(text);
}

function validateOrdering(fields: readonly string[], value: unknown): Result {
  if (typeof value !== 'string') return fail(messages.string);
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  const terms = items.map((item) => ({ field: item.replace(/^-/, ''), descending: item.startsWith('-') }));
  const unknown = items.filter((_item, index) => !fields.includes(terms[index].field));
  return unknown.length > 0 ? fail(...unknown.map(messages.choice)) : ok(terms);
}

/** Every code of a comma-separated value (or of each value of a repeated query parameter) must be a listed one. */
function validateChoiceList(choices: readonly string[], value: unknown): Result {
  const values = Array.isArray(value) ? value : [value];
  if (!values.every((item) => typeof item === 'string')) return fail(messages.string);
  const codes = values
    .flatMap((item: string) => item.split(','))
    .map((code) => code.trim())
    .filter((code) => code !== '');
  const matches = codes.map((code) => choices.find((choice) => choice.toLowerCase() === code.toLowerCase()));
  const unknown = codes.filter((_code, index) => matches[index] === undefined);
  return unknown.length > 0 ? fail(...unknown.map(messages.choice)) : ok([...new Set(matches)]);
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
    const id = typeof value === 'boolean' ? undefined : toInteger(value);
    return id === undefined ? fail(messages.pkType(value)) : ok(id);
  }
  switch (schema.type) {
    case 'string':
      return validateString(schema, value);
    case 'number': {
      const number = typeof value === 'boolean' ? undefined : toNumber(value);
      if (number === undefined) return fail(messages.number);
      const errors = checkRange(schema, number);
      const maxDecimals = schema['x-decimals'];
      if (maxDecimals !== undefined && decimalPlaces(number) > maxDecimals)
        errors.push(messages.decimals(maxDecimals));
      return errors.length > 0 ? fail(...errors) : ok(number);
    }
    case 'integer': {
      const integer = typeof value === 'boolean' ? undefined : toInteger(value);
      if (integer === undefined) return fail(messages.integer);
      const errors = checkRange(schema, integer);
      return errors.length > 0 ? fail(...errors) : ok(integer);
    }
    case 'boolean':
      if (typeof value === 'boolean') return ok(value);
      if (value === 'true' || value === 1 || value === '1') return ok(true);
      if (value === 'false' || value === 0 || value === '0') return ok(false);
      return fail(messages.boolean);
    case 'array': {
      if (!Array.isArray(value)) return fail(messages.list(value));
      if (schema.minItems !== undefined && value.length < schema.minItems) return fail(messages.emptyList);
      const items: unknown[] = [];
      for (const item of value) {
        const result = schema.items ? validateValue(schema.items, item) : ok(item);
        if (!result.ok) return result;
        items.push(result.value);
      }
      return ok(items);
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
    const fieldValue = given === undefined && fallbackPath ? valueAt(input, fallbackPath) : given;
    if (fieldValue === undefined) {
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
