import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter, parsePath, type RouteObject } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { makeStore, type RootState } from '../app/store';
import { meApi } from '../api/me';
import { accountSignedInWith, adminToken } from './seed';

interface RenderRoutesOptions {
  preloadedState?: Partial<RootState>;
  /** The URL the memory router starts at. */
  route?: string;
  /** The state of the history entry the memory router starts at (what a reload of a page keeps). */
  historyState?: unknown;
  /** False: the store has not read the signed-in person's `me` yet (the sign-in gate's own tests). */
  accountLoaded?: boolean;
}

/** Renders route objects with the real store and providers; `router.state.location` shows navigation. */
export function renderRoutes(
  routes: RouteObject[],
  { preloadedState, route = '/', historyState, accountLoaded = true }: RenderRoutesOptions = {},
) {
  const store = makeStore(preloadedState);
  const token = store.getState().auth.token;
  const account = token === null ? undefined : accountSignedInWith(token);
  // The sign-in gate has `me` before any signed-in page renders: a page rendered alone has it too.
  if (accountLoaded && token !== null && account) {
    store.dispatch(meApi.util.upsertQueryEntries([{ endpointName: 'me', arg: token, value: account }]));
  }
  const entry = historyState === undefined ? route : { ...parsePath(route), state: historyState };
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { store, router, user, ...view };
}

interface RenderOptions extends RenderRoutesOptions {
  /** The route pattern `ui` is mounted on (defaults to `route`); other URLs render nothing. */
  path?: string;
}

/** Renders one component at one route, as the app would; navigating away renders nothing. */
export function renderWithProviders(ui: ReactElement, { path, ...options }: RenderOptions = {}) {
  return renderRoutes(
    [
      { path: path ?? options.route ?? '/', element: ui },
      { path: '*', element: null },
    ],
    options,
  );
}

/** State of the seeded administrator, signed in (see seedAdmin). */
export function signedInState(): Partial<RootState> {
  return { auth: { token: adminToken() } };
}
