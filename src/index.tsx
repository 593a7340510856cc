import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { terminalSettings } from './app/terminal';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The server sends `/` and `/?terminal` with their first screen prerendered (app/prerender.tsx), which the app takes
// over as it is. Only a screen the app would render the same way is hydrated: a tab that is a terminal by its
// session (app/terminal.ts) but was sent the public area's screen, having asked for plain `/`, renders afresh.
const prerendered = root.dataset.prerendered;
const screen = terminalSettings(window.location.search) ? 'terminal' : 'public';
if (prerendered !== undefined && window.location.pathname === '/' && prerendered === screen) {
  hydrateRoot(root, app);
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}
