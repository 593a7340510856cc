import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/** Resolves in a later task, so that the browser may paint and answer input in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Evaluating the app's modules held the main thread for one task of about 70 ms here (four times that on the slow
 * phone Lighthouse simulates, issue 26). Eager imports stay in this chunk and download with it, but their modules
 * are evaluated only when imported, so the app starts in steps of a task each, every one measured at 15 ms or less:
 * each step evaluates what its module needs that earlier steps did not.
 */
const startupSteps = [
  // A package's main module is named with one export the app uses: a bare `import()` of it would keep all its
  // exports (webpack cannot tell which are used), 58 KiB more JavaScript on the first load. MUI's component modules
  // hold only what the app uses of them anyway.
  () => import(/* webpackMode: "eager", webpackExports: ["configureStore"] */ '@reduxjs/toolkit'),
  () => import(/* webpackMode: "eager", webpackExports: ["createApi"] */ '@reduxjs/toolkit/query/react'),
  () => import(/* webpackMode: "eager" */ './api/apiSlice'),
  () => import(/* webpackMode: "eager", webpackExports: ["ThemeContext"] */ '@emotion/react'),
  () => import(/* webpackMode: "eager", webpackExports: ["createTheme"] */ '@mui/system'),
  () => import(/* webpackMode: "eager" */ './app/theme'),
  () => import(/* webpackMode: "eager" */ './app/store'),
  // The components of the first screens, a few at a time.
  () => import(/* webpackMode: "eager" */ '@mui/material/ButtonBase'),
  () => import(/* webpackMode: "eager" */ '@mui/material/Typography'),
  () => import(/* webpackMode: "eager" */ '@mui/material/Paper'),
  () => import(/* webpackMode: "eager" */ './app/shells/ShellLayout'),
  () => import(/* webpackMode: "eager" */ '@mui/material/InputBase'),
  () => import(/* webpackMode: "eager" */ '@mui/material/TextField'),
  () => import(/* webpackMode: "eager" */ './features/auth/LoginPage'),
];

/** Plays again, once the app has taken the prerendered screen over, what was clicked and typed on it before. */
function replayEarlyInput() {
  const early = window.labstoreEarlyInput;
  // Taking the list stops after-first-paint.js keeping input. Its player is a small chunk of its own, loaded only when
  // there is something to play (the first load keeps its size); what is typed while it loads is kept, after the rest.
  if (early?.length)
    import(/* webpackChunkName: "early-input" */ './app/earlyInput')
      .finally(() => (window.labstoreEarlyInput = undefined))
      .then(
        (module) => module.replayEarlyInput(early),
        () => undefined,
      );
  else window.labstoreEarlyInput = undefined;
}

async function start() {
  for (const step of startupSteps) {
    await step();
    await nextTask();
  }
  const [{ App }, { terminalSettings }, { publicPages, terminalPages }] = await Promise.all([
    import(/* webpackMode: "eager" */ './app/App'),
    import(/* webpackMode: "eager" */ './app/terminal'),
    import(/* webpackMode: "eager" */ './app/shells/publicPages'),
  ]);
  await nextTask();

  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App onStarted={replayEarlyInput} />
    </StrictMode>
  );
  // The server sends `/` and `/?terminal` with their first screen prerendered (app/prerender.tsx), which the app
  // takes over as it is. Only a screen the app would render the same way is hydrated: a tab that is a terminal by its
  // session (app/terminal.ts) but was sent the public area's screen, having asked for plain `/`, renders afresh.
  const prerendered = root.dataset.prerendered;
  const screen = terminalSettings(window.location.search) ? 'terminal' : 'public';
  if (prerendered !== undefined && window.location.pathname === '/' && prerendered === screen) {
    // The screen's page is there before hydration, as it was when prerendered: the whole screen is the app's when it
    // starts (onStarted), with the terminal's search box focused, and what was typed meanwhile goes to its fields.
    await (screen === 'terminal' ? terminalPages : publicPages)[0].Page.preload().catch(() => undefined);
    // As a transition, hydration yields to the browser every few milliseconds instead of holding it to the end.
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
}

void start();
