import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { AppProviders } from './AppProviders';
import { ChangeFeed } from './ChangeFeed';
import { routes } from './router';
import { makeStore } from './store';

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The router is react-router's declarative one over the same route objects: the app has no loaders or actions,
 * and the data router (`createBrowserRouter`) adds 14 KiB (brotli) to every first load. Prerendering the first
 * screens (prerender.tsx) passes a static one instead: the same tree, so React takes the markup over as it is.
 * `onStarted` runs once the app is in the page (hydrated or rendered).
 */
export function App({
  Router = BrowserRouter,
  onStarted,
}: {
  Router?: ComponentType<{ children: ReactNode }>;
  onStarted?: () => void;
}) {
  const [store] = useState(makeStore);
  useEffect(() => onStarted?.(), [onStarted]);
  return (
    <AppProviders store={store}>
      <ChangeFeed />
      <Router>
        <AppRoutes />
      </Router>
    </AppProviders>
  );
}
