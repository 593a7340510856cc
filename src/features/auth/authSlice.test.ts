import { authSlice, loggedIn, loggedOut } from './authSlice';

describe('authSlice', () => {
  it('starts signed out', () => {
    expect(authSlice.reducer(undefined, { type: 'unknown' })).toEqual({ token: null });
  });

  it('keeps the token on loggedIn and drops it on loggedOut', () => {
    const signedIn = authSlice.reducer(undefined, loggedIn('abc'));
    expect(signedIn).toEqual({ token: 'abc' });
    expect(authSlice.reducer(signedIn, loggedOut())).toEqual({ token: null });
  });
});
