import { Type } from '@fastify/type-provider-typebox';
import { ValidationError } from './errors';
import { casNumber, fallbackTo, molecularFormula, named, nullable, number, text } from './fields';
import { validateObject, type RequestSchema } from './validate';

const schema = Type.Object({
  maker: Type.Optional(named(text({ maxLength: 10 }))),
  name: Type.Optional(fallbackTo(['item'], named(text()))),
  cas: Type.Optional(fallbackTo(['item', 'cas'], casNumber())),
  formula: Type.Optional(molecularFormula({ maxLength: 10 })),
  weight: Type.Optional(fallbackTo(['item', 'weight'], nullable(number({ exclusiveMinimum: 0 })))),
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

describe('named, fallbackTo and the chemistry formats', () => {
  it('takes a name from a {"name"} object, ignoring its other keys', () => {
    expect(validateObject(schema, { maker: { id: 3, name: ' Merck ' } }).value).toEqual({ maker: 'Merck' });
    expect(errorsOf({ maker: { id: 3 } })).toEqual({ maker: ['This field is required.'] });
    expect(errorsOf({ maker: { name: 'A much too long name' } })).toEqual({
      maker: ['Ensure this field has no more than 10 characters.'],
    });
  });

  it('reads an absent field at its fallback path, and only when it is absent', () => {
    expect(validateObject(schema, { item: 'Beaker' }).value).toEqual({ name: 'Beaker' });
    expect(validateObject(schema, { item: { name: 'Beaker', cas: '64-17-5', weight: null } }).value).toEqual({
      name: 'Beaker',
      cas: '64-17-5',
      weight: null,
    });
    expect(validateObject(schema, { name: 'Flask', item: { name: 'Beaker' } }).value).toEqual({
      name: 'Flask',
    });
    expect(validateObject(schema, { item: 7 }).value).toEqual({ name: '7' });
    expect(errorsOf({ item: [] })).toEqual({ name: ['Not a valid string.'] });
  });

  it('keys errors of a fallback value by the field itself', () => {
    expect(errorsOf({ item: { name: '', cas: '64-17-6', weight: 0 } })).toEqual({
      name: ['This field may not be blank.'],
      cas: ['Enter a valid CAS registry number.'],
      weight: ['Ensure this value is greater than 0.'],
    });
  });

  it('checks CAS numbers and molecular formulas with their messages', () => {
    expect(validateObject(schema, { cas: ' 7732-18-5 ', formula: 'CuSO4·5H2O' }).value).toEqual({
      cas: '7732-18-5',
      formula: 'CuSO4·5H2O',
    });
    expect(errorsOf({ cas: '7732-18-4', formula: 'Xy' })).toEqual({
      cas: ['Enter a valid CAS registry number.'],
      formula: ['Enter a valid molecular formula.'],
    });
  });
});
