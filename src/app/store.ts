import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { apiSlice } from '../api/apiSlice';
import { changeFeedMiddleware } from '../api/changeFeed';
import { authSlice } from '../features/auth/authSlice';
import { errorToasts } from './errorToasts';
import { readStoredToken, tokenStorage } from './tokenStorage';
import { uiSlice } from './uiSlice';

const rootReducer = combineSlices(apiSlice, authSlice, uiSlice);

export type RootState = ReturnType<typeof rootReducer>;

/** The one store factory, used by the app and by every test. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: { auth: { token: readStoredToken() }, ...preloadedState },
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        // The API cache holds whole stock lists (10,000+ rows); it is plain JSON from the server, and walking it on
        // every action would make development builds and tests crawl.
        immutableCheck: { ignoredPaths: [apiSlice.reducerPath] },
        serializableCheck: {
          ignoredPaths: [apiSlice.reducerPath],
          ignoredActionPaths: ['meta.arg', 'meta.baseQueryMeta', 'payload'],
        },
      })
        .prepend(tokenStorage.middleware)
        .concat(apiSlice.middleware, changeFeedMiddleware, errorToasts),
    devTools: { name: 'LabStore' },
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
