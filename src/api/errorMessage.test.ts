import { errorMessage, hasFieldErrors } from './errorMessage';

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

describe('hasFieldErrors', () => {
  it('is true for a body naming a field with a message, false for a refusal that names none', () => {
    expect(hasFieldErrors({ status: 400, data: { name: ['This field may not be blank.'] } })).toBe(true);
    expect(hasFieldErrors({ status: 409, data: { detail: 'In use.' } })).toBe(false);
    expect(hasFieldErrors({ status: 400, data: { name: [] } })).toBe(false);
    expect(hasFieldErrors({ status: 'FETCH_ERROR', error: 'x' })).toBe(false);
  });
});
