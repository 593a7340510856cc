import { fieldErrors, fieldHelperText, formErrors } from './fieldMessages';

describe('fieldErrors', () => {
  it('maps each field to its first message and ignores non-field values', () => {
    const error = { status: 400, data: { email: ['Taken.', 'Other.'], password: [], detail: 'x' } };
    expect(fieldErrors(error)).toEqual({ email: 'Taken.' });
  });

  it("says the server's messages in a person's words, naming the field as its form does", () => {
    const error = {
      status: 400,
      data: {
        CAS_RN: ['This field may not be blank.'],
        state: ['"" is not a valid choice.'],
        consumer_type: ['"LAB" is not a valid choice.'],
        role: ['This field is required.'],
        room_number: ['Ensure this field has no more than 20 characters.'],
        quantity: ['Ensure this value is greater than or equal to 0.'],
        purity: ['A valid number is required.'],
        name: ['category with this name already exists.'],
        fund: ['Invalid pk "9" - object does not exist.'],
      },
    };
    expect(fieldErrors(error)).toEqual({
      CAS_RN: 'Enter a CAS number.',
      state: 'Choose a state.',
      consumer_type: 'Choose a type from the list.',
      role: 'Choose a role.',
      room_number: 'Use at most 20 characters.',
      quantity: 'Enter 0 or more.',
      purity: 'Enter a number.',
      name: 'Another category already has this name.',
      fund: 'Choose a fund again: the one chosen no longer exists.',
    });
  });

  it('shows a message it does not know as it is, without the field name before it', () => {
    expect(fieldHelperText('CAS_RN', 'CAS_RN: Enter a valid CAS registry number.')).toBe(
      'Enter a valid CAS registry number.',
    );
    expect(fieldHelperText('quantity', 'Only 12 ml left in stock.')).toBe('Only 12 ml left in stock.');
    expect(fieldHelperText('lines', 'Line 2: quantity: Enter 1 or more.')).toBe(
      'Line 2: quantity: Enter 1 or more.',
    );
  });

  it('is empty for client-side failures and no error', () => {
    expect(fieldErrors({ status: 'FETCH_ERROR', error: 'x' })).toEqual({});
    expect(fieldErrors(undefined)).toEqual({});
  });
});

describe('formErrors', () => {
  it("puts the form's own fields beside them and names the others by what they are", () => {
    const error = {
      status: 400,
      data: {
        name: ['This field may not be blank.'],
        storage_place: ['Ensure this field has no more than 100 characters.'],
        lines: ['Line 2: quantity: Ensure this value is greater than 0.'],
      },
    };
    expect(formErrors(error, ['name'])).toEqual({
      fields: { name: 'Enter a name.' },
      others: ['Storage place: Use at most 100 characters.', 'Line 2: Enter more than 0.'],
    });
  });

  it('has nothing to say of a refusal that names no field, which goes to the toast or dialog', () => {
    expect(formErrors({ status: 409, data: { detail: 'In use.' } }, ['name'])).toEqual({
      fields: {},
      others: [],
    });
  });
});
