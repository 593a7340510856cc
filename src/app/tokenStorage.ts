import { createListenerMiddleware } from '@reduxjs/toolkit';
import { loggedIn, loggedOut } from '../features/auth/authSlice';
import { config } from './config';

export function readStoredToken(): string | null {
  return localStorage.getItem(config.tokenStorageKey) || null;
}

/** Keeps the access token in localStorage so a reload stays signed in (SPEC §7). */
export const tokenStorage = createListenerMiddleware();

tokenStorage.startListening({
  actionCreator: loggedIn,
  effect: (action) => localStorage.setItem(config.tokenStorageKey, action.payload),
});

tokenStorage.startListening({
  actionCreator: loggedOut,
  effect: () => localStorage.removeItem(config.tokenStorageKey),
});
