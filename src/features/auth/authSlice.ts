import { createSlice } from '@reduxjs/toolkit';
import { loggedIn, loggedOut, selectToken } from '../../api/session';

export interface AuthState {
  token: string | null;
}

const initialState: AuthState = { token: null };

// The token's persistence in localStorage is a side effect, so it lives in a listener (src/app/tokenStorage.ts).
export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loggedIn, (_state, action) => ({ token: action.payload }))
      .addCase(loggedOut, () => ({ token: null }));
  },
});

export { loggedIn, loggedOut, selectToken };
