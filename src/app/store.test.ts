import { loggedIn, loggedOut } from '../features/auth/authSlice';
import { config } from './config';
import { makeStore } from './store';

describe('makeStore', () => {
  it('starts with the token found in localStorage', () => {
    localStorage.setItem(config.tokenStorageKey, 'stored-token');
    expect(makeStore().getState().auth.token).toBe('stored-token');
  });

  it('starts signed out when localStorage has no token', () => {
    expect(makeStore().getState().auth.token).toBeNull();
  });

  it('writes the token to localStorage on loggedIn and removes it on loggedOut', () => {
    const store = makeStore();
    store.dispatch(loggedIn('new-token'));
    expect(localStorage.getItem('labstore.accessToken')).toBe('new-token');
    store.dispatch(loggedOut());
    expect(localStorage.getItem('labstore.accessToken')).toBeNull();
    expect(store.getState().auth.token).toBeNull();
  });
});
