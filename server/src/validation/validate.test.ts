import { Type } from '@fastify/type-provider-typebox';
import { ValidationError } from './errors';
import {
  choice,
  choiceIgnoringCase,
  choiceList,
  dateOrDateTime,
  decimal,
  idList,
  idRef,
  integer,
  nullable,
  text,
} from './fields';
import { validateObject, type RequestSchema } from './validate';

const schema = Type.Object({
  quantity: Type.Optional(decimal({ maxDecimals: 3, minimum: 0, maximum: 1_000_000_000 })),
  pieces: Type.Optional(integer({ exclusiveMinimum: 0 })),
  kind: Type.Optional(choice(['chemical', 'instrument'])),
  unit: Type.Optional(choiceIgnoringCase(['ml', 'pieces'])),
  location: Type.Optional(idRef()),
  files: Type.Optional(idList()),
  note: Type.Optional(nullable(text({ maxLength: 5, allowBlank: true }))),
  label: Type.Optional(text()),
}) as unknown as RequestSchema;

function errorsOf(data: unknown) {
  try {
    validateObject(schema, data);
  } catch (error) {
    if (error instanceof ValidationError) return error.fields;
    throw error;
  }
  throw new Error('expected a validation error');
}

describe('validateObject', () => {
  it('coerces numbers, integers, ids and strings and drops unknown fields', () => {
    expect(
      validateObject(schema, {
        quantity: '12.5',
        pieces: '2.0',
        location: '7',
        files: [1, '2'],
        label: 42,
        note: null,
        extra: 'ignored',
      }).value,
    ).toEqual({ quantity: 12.5, pieces: 2, location: 7, files: [1, 2], label: '42', note: null });
  });

  it('reports the range, precision, choice and reference messages', () => {
    expect(
      errorsOf({
        quantity: 1.2345,
        pieces: 0,
        kind: 'Chemical',
        location: 'abc',
        files: 'x',
        note: 'toolong',
        label: true,
      }),
    ).toEqual({
      quantity: ['Ensure that there are no more than 3 decimal places.'],
      pieces: ['Ensure this value is greater than 0.'],
      kind: ['"Chemical" is not a valid choice.'],
      location: ['Incorrect type. Expected pk value, received str.'],
      files: ['Expected a list of items but got type "str".'],
      note: ['Ensure this field has no more than 5 characters.'],
      label: ['Not a valid string.'],
    });
    expect(errorsOf({ quantity: -1, pieces: 1.5 })).toEqual({
      quantity: ['Ensure this value is greater than or equal to 0.'],
      pieces: ['A valid integer is required.'],
    });
    expect(errorsOf({ quantity: 'many', label: null })).toEqual({
      quantity: ['A valid number is required.'],
      label: ['This field may not be null.'],
    });
    expect(errorsOf({ quantity: 1_000_000_001 })).toEqual({
      quantity: ['Ensure this value is less than or equal to 1000000000.'],
    });
  });

  it('compares a case-insensitive choice ignoring case and hands over the listed spelling', () => {
    expect(validateObject(schema, { unit: 'PIECES' }).value).toEqual({ unit: 'pieces' });
    expect(errorsOf({ unit: 'Litre', kind: 'CHEMICAL' })).toEqual({
      unit: ['"Litre" is not a valid choice.'],
      kind: ['"CHEMICAL" is not a valid choice.'],
    });
    expect(errorsOf({ unit: '' })).toEqual({ unit: ['"" is not a valid choice.'] });
  });

  it('answers lists and objects in choice and scalar fields with the field message, however deeply nested', () => {
    let deep: unknown = [];
    for (let level = 0; level < 5000; level += 1) deep = [deep];
    const fields = {
      kind: deep,
      unit: deep,
      label: deep,
      pieces: deep,
      quantity: deep,
      location: deep,
      note: deep,
    };
    expect(errorsOf(fields)).toEqual({
      kind: ['"[…]" is not a valid choice.'],
      unit: ['"[…]" is not a valid choice.'],
      label: ['Not a valid string.'],
      pieces: ['A valid integer is required.'],
      quantity: ['A valid number is required.'],
      location: ['Incorrect type. Expected pk value, received list.'],
      note: ['Not a valid string.'],
    });
    // Never the text of what the list or object holds: ["chemical"] is not the choice "chemical".
    expect(errorsOf({ kind: ['chemical'], unit: { ml: 1 } })).toEqual({
      kind: ['"[…]" is not a valid choice.'],
      unit: ['"{…}" is not a valid choice.'],
    });
  });

  it('accepts a blank string only where allowed', () => {
    expect(validateObject(schema, { note: '  ' }).value).toEqual({ note: '' });
    expect(errorsOf({ label: '  ' })).toEqual({ label: ['This field may not be blank.'] });
  });
});

describe('choiceList and dateOrDateTime', () => {
  const filters = Type.Object({
    kinds: Type.Optional(choiceList(['SHIPMENT', 'ISSUE', 'RETURN'])),
    from: Type.Optional(dateOrDateTime()),
  }) as unknown as RequestSchema;
  const read = (data: object) => validateObject(filters, data).value;
  const refusal = (data: object) => {
    try {
      read(data);
    } catch (error) {
      if (error instanceof ValidationError) return error.fields;
      throw error;
    }
    throw new Error('expected a validation error');
  };

  it('reads comma-separated and repeated codes in any case, each once, as listed', () => {
    expect(read({ kinds: 'shipment, Return,,SHIPMENT' })).toEqual({ kinds: ['SHIPMENT', 'RETURN'] });
    expect(read({ kinds: ['issue', 'return,shipment'] })).toEqual({ kinds: ['ISSUE', 'RETURN', 'SHIPMENT'] });
    expect(read({ kinds: ' , ' })).toEqual({ kinds: [] });
  });

  it('names every unknown code', () => {
    expect(refusal({ kinds: 'ISSUE,LOSS,gift' })).toEqual({
      kinds: ['"LOSS" is not a valid choice.', '"gift" is not a valid choice.'],
    });
    expect(refusal({ kinds: { a: 1 } })).toEqual({ kinds: ['Not a valid string.'] });
  });

  it('accepts dates and dates with times, and refuses anything else with one message', () => {
    expect(read({ from: ' 2026-11-21 ' })).toEqual({ from: '2026-11-21' });
    expect(read({ from: '2026-11-21T19:56:46.310Z' })).toEqual({ from: '2026-11-21T19:56:46.310Z' });
    expect(refusal({ from: '21.11.2026' })).toEqual({
      from: ['Enter a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDThh:mm[:ss[.sss]][Z|±hh:mm]).'],
    });
  });
});
