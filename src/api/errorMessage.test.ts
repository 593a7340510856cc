import { errorMessage, fieldErrors, fieldHelperText, formErrors } from './errorMessage';

describe('errorMessage', () => {
  it('names the first key and its first message when the first value is a non-empty list', () => {
    const error = {
      status: 400,
      data: { email: ['Enter a valid email address.', 'Too long.'], password: ['x'] },
    };
    expect(errorMessage(error)).toBe('email: Enter a valid email address.');
  });

  it('falls back to the generic text when the first value is an empty list', () => {
    expect(errorMessage({ status: 400, data: { email: [], password: ['x'] } })).toBe('Something Went Wrong.');
  });

  it('shows a plain first value as it is', () => {
    expect(errorMessage({ status: 403, data: { detail: 'Superuser accounts cannot be changed.' } })).toBe(
      'Superuser accounts cannot be changed.',
    );
  });

  it('falls back to the generic text when the body has no keys or is not an object', () => {
    expect(errorMessage({ status: 500, data: {} })).toBe('Something Went Wrong.');
    expect(errorMessage({ status: 500, data: null })).toBe('Something Went Wrong.');
    expect(errorMessage({ status: 500, data: ['x'] })).toBe('Something Went Wrong.');
    expect(errorMessage(undefined)).toBe('Something Went Wrong.');
  });

  it('reports a failed fetch as a network error', () => {
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      'Network Error',
    );
  });

  it('reports an aborted request, whether fetch or the mutation was aborted', () => {
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'AbortError: This operation was aborted' })).toBe(
      'Request aborted',
    );
    expect(errorMessage({ name: 'AbortError', message: 'Aborted' })).toBe('Request aborted');
  });

  it('reports a time-out with its limit', () => {
    expect(errorMessage({ status: 'TIMEOUT_ERROR', error: 'TimeoutError' }, 30000)).toBe(
      'timeout of 30000 ms exceeded',
    );
  });

  it('reports a failing response that is not JSON by its status code', () => {
    const error = {
      status: 'PARSING_ERROR',
      originalStatus: 502,
      data: '<html>Bad Gateway</html>',
      error: 'x',
    } as const;
    expect(errorMessage(error)).toBe('Request failed with status code 502');
  });

  it('shows a custom error text and treats other thrown errors as generic', () => {
    expect(errorMessage({ status: 'CUSTOM_ERROR', error: 'Bad answer' })).toBe('Bad answer');
    expect(errorMessage({ name: 'Error', message: 'boom' })).toBe('Something Went Wrong.');
  });
});

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
    expect(fieldHelperText('lines', 'Line 2: quantity: Enter 1 or more.')).toBe('Line 2: quantity: Enter 1 or more.');
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
    expect(formErrors({ status: 409, data: { detail: 'In use.' } }, ['name'])).toEqual({ fields: {}, others: [] });
  });
});
