import { EARLIEST_DATE } from '../domain/calendarDate';
/** DRF-style field errors: every failing field with its messages; errors not tied to a field under `non_field_errors`. */
export type FieldErrors = Record<string, string[]>;

export class ValidationError extends Error {
  readonly statusCode = 400;

  constructor(readonly fields: FieldErrors) {
    super('Invalid request data.');
    this.name = 'ValidationError';
  }

  /** Throws for a single field, e.g. `ValidationError.field('email', 'user with this email already exists.')`. */
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

/** Collects errors from several checks so all of them are reported at once. */
export class FieldErrorCollector {
  private readonly errors: FieldErrors = {};

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  /** Adds the fields of another ValidationError; rethrows anything else. */
  merge(error: unknown): void {
    if (!(error instanceof ValidationError)) throw error;
    for (const [field, messages] of Object.entries(error.fields)) messages.forEach((m) => this.add(field, m));
  }

  has(field: string): boolean {
    return field in this.errors;
  }

  /** The errors collected so far, by field. */
  get fields(): FieldErrors {
    return this.errors;
  }

  throwIfAny(): void {
    if (Object.keys(this.errors).length > 0) throw new ValidationError(this.errors);
  }
}

/** How many unknown values one field's errors name; the rest are counted in one last message. */
export const MAX_NAMED_VALUES = 5;

/**
 * The messages about a list's unknown values (each value once): the first MAX_NAMED_VALUES, then one message
 * counting the others (`more`), so a list of a thousand unknown values answers six messages, not a thousand.
 */
export function firstFewOf(errors: readonly string[], more: (count: number) => string): string[] {
  if (errors.length <= MAX_NAMED_VALUES) return [...errors];
  return [...errors.slice(0, MAX_NAMED_VALUES), more(errors.length - MAX_NAMED_VALUES)];
}

/** How Python (and so the original API's messages) names the type of a JSON value. */
export function pythonTypeName(value: unknown): string {
  if (value === null || value === undefined) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  switch (typeof value) {
    case 'string':
      return 'str';
    case 'boolean':
      return 'bool';
    case 'number':
      return Number.isInteger(value) ? 'int' : 'float';
    default:
      return 'dict';
  }
}

/**
 * A request value as error messages quote it: scalars as their text; lists and objects only as `[…]` and `{…}`,
 * since their text would misquote them (`["A"]` reads as `A`) and stringifying a deeply nested one overflows the
 * stack.
 */
function quotable(value: unknown): string {
  if (Array.isArray(value)) return '[…]';
  if (typeof value === 'object' && value !== null) return '{…}';
  return String(value);
}

export const messages = {
  required: 'This field is required.',
  null: 'This field may not be null.',
  blank: 'This field may not be blank.',
  string: 'Not a valid string.',
  number: 'A valid number is required.',
  integer: 'A valid integer is required.',
  numberLength: (n: number) => `Ensure this number has no more than ${n} characters.`,
  boolean: 'Must be a valid boolean.',
  email: 'Enter a valid email address.',
  casNumber: 'Enter a valid CAS registry number.',
  molecularFormula: 'Enter a valid molecular formula.',
  stockDate: `Enter a real date (YYYY-MM-DD), not before ${EARLIEST_DATE}.`,
  month: 'Enter a month as YYYY-MM.',
  dateOrDateTime: 'Enter a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDThh:mm[:ss[.sss]][Z|±hh:mm]).',
  maxLength: (n: number) => `Ensure this field has no more than ${n} characters.`,
  /** `codePoint`: `U+202E`. */
  controlCharacter: (codePoint: string) =>
    `This field may not contain control characters or bidirectional overrides (found ${codePoint}).`,
  fileNameControlCharacter: (codePoint: string) =>
    `The file name may not contain control characters or bidirectional overrides (found ${codePoint}).`,
  minLength: (n: number) => `Ensure this field has at least ${n} characters.`,
  minimum: (n: number) => `Ensure this value is greater than or equal to ${n}.`,
  exclusiveMinimum: (n: number) => `Ensure this value is greater than ${n}.`,
  maximum: (n: number) => `Ensure this value is less than or equal to ${n}.`,
  decimals: (n: number) => `Ensure that there are no more than ${n} decimal places.`,
  choice: (value: unknown) => `"${quotable(value)}" is not a valid choice.`,
  moreChoices: (n: number) =>
    `…and ${n} more ${n === 1 ? 'value that is not a valid choice' : 'values that are not valid choices'}.`,
  pkType: (value: unknown) => `Incorrect type. Expected pk value, received ${pythonTypeName(value)}.`,
  pkMissing: (value: unknown) => `Invalid pk "${quotable(value)}" - object does not exist.`,
  morePksMissing: (n: number) => `…and ${n} more ${n === 1 ? 'id that does' : 'ids that do'} not exist.`,
  list: (value: unknown) => `Expected a list of items but got type "${pythonTypeName(value)}".`,
  emptyList: 'This list may not be empty.',
  /** Django REST framework's ListField message. */
  maxItems: (n: number) => `Ensure this field has no more than ${n} elements.`,
  notObject: (value: unknown) => `Invalid data. Expected a dictionary, but got ${pythonTypeName(value)}.`,
};
