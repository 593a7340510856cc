import { createAction } from '@reduxjs/toolkit';

// The session events live here, below the features, because the shared base query must both read the token
// and end the session on a 401; features/auth owns the state that reacts to them.
export const loggedIn = createAction<string>('auth/loggedIn');
export const loggedOut = createAction('auth/loggedOut');

export interface SessionState {
  auth: { token: string | null };
}

export const selectToken = (state: SessionState) => state.auth.token;
