import { useState } from 'react';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { AppProviders } from './AppProviders';
import { ChangeFeed } from './ChangeFeed';
import { routes } from './router';
import { makeStore } from './store';

/** The routes, under whichever router: the browser's here, a static one when the first screens are prerendered. */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The router is react-router's declarative one over the same route objects: the app has no loaders or actions,
 * and the data router (`createBrowserRouter`) adds 14 KiB (brotli) to every first load.
 */
export function App() {
  const [store] = useState(makeStore);
  return (
    <AppProviders store={store}>
      <ChangeFeed />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
