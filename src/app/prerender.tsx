/**
 * The first screens prerendered at build time (issue 26): the public area `/` and the lab terminal `/?terminal`
 * rendered to HTML with react-dom/server, with the CSS Emotion wrote for them, into copies of the build's
 * index.html. The server sends them for `/` (server/src/plugins/spa.ts), so a slow device paints the screen before
 * the app's code has arrived, and index.tsx hydrates it. Both screens are a search box and its hint, the same for
 * everyone: no data is rendered, so none can be stale. The production build runs it (webpack.config.js) on the
 * index.html it made and emits the pages as `prerendered/public.html` and `prerendered/terminal.html`.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';

/** What the browser keeps per visit; Node has neither, and a prerendered screen is a first visit, signed out. */
class VisitStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

export const PRERENDERED_SCREENS = { public: '/', terminal: '/?terminal' } as const;
export type PrerenderedScreen = keyof typeof PRERENDERED_SCREENS;

/**
 * The CSS Emotion wrote while rendering, as the style tags its client cache (key `css`, MUI's default) takes over
 * at hydration instead of inserting the rules again: one per global style, then the rest (@emotion/server's
 * extractCriticalToChunks, which is this and a dependency more).
 */
function styleTags(cache: EmotionCache): string {
  const tags: string[] = [];
  const regular: string[] = [];
  let regularCss = '';
  for (const [id, css] of Object.entries(cache.inserted)) {
    if (typeof css !== 'string') continue;
    if (cache.registered[`${cache.key}-${id}`] === undefined) {
      tags.push(`<style data-emotion="${cache.key}-global ${id}">${css}</style>`);
    } else {
      regular.push(id);
      regularCss += css;
    }
  }
  tags.push(`<style data-emotion="${cache.key} ${regular.join(' ')}">${regularCss}</style>`);
  return tags.join('');
}

async function renderScreen(screen: PrerenderedScreen, template: string, starter: string): Promise<string> {
  globalThis.sessionStorage = new VisitStorage();
  globalThis.localStorage = new VisitStorage();
  // Imported once the storages exist: the store reads the token as it is made.
  const [{ App }, { publicPages, terminalPages }] = await Promise.all([
    import('./App'),
    import('./shells/publicPages'),
  ]);
  // The home page's code is loaded first, so that it renders instead of its lazy fallback.
  await (screen === 'terminal' ? terminalPages : publicPages)[0].Page.preload();
  // `compat`: the rules go to `cache.inserted` for styleTags, not into the markup beside each element.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const ScreenRouter = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={PRERENDERED_SCREENS[screen]}>{children}</StaticRouter>
  );
  // The tree index.tsx hydrates, with the cache beside it (a provider adds nothing to the markup or to React's ids).
  const html = renderToString(
    <StrictMode>
      <CacheProvider value={cache}>
        <App Router={ScreenRouter} />
      </CacheProvider>
    </StrictMode>,
  );
  // No box takes the focus before the app runs (the terminal's search has autoFocus): typing there would go to a
  // screen that cannot search yet, and the app's start is what makes the tab a terminal (app/terminal.ts). React
  // focuses it as it hydrates.
  const markup = html.replaceAll(' autofocus=""', '');
  // The build writes index.html minified (`<div id=root></div>`).
  const root = /<div id="?root"?><\/div>/;
  if (!root.test(template) || !template.includes('</head>')) {
    throw new Error('index.html has no empty root element or </head> to prerender into');
  }
  // The page's scripts are only named, in a data block: public/after-first-paint.js asks for them and runs them once
  // this screen is painted, so that nothing the app needs competes with the first paint on a slow network.
  const scripts = /<script defer(?:="defer")? src="?([^" >]+)"?><\/script>/g;
  const sources = [...template.matchAll(scripts)].map((match) => match[1]);
  if (sources.length === 0)
    throw new Error(`index.html has no deferred scripts to start after the first paint: ${template}`);
  const appScripts = `<script type="application/json" id="app-scripts">${JSON.stringify(sources)}</script>`;
  return template
    .replace(scripts, '')
    .replace(
      '</head>',
      () => `${styleTags(cache)}${appScripts}<script defer src="${starter}"></script></head>`,
    )
    .replace(root, () => `<div id="root" data-prerendered="${screen}">${markup}</div>`);
}

/**
 * Reads the build's index.html on stdin; writes each screen's HTML, by screen, as JSON on stdout. `starter` is the
 * address of public/after-first-paint.js in the build.
 */
async function main(starter: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const template = Buffer.concat(chunks).toString('utf8');
  const pages: Record<string, string> = {};
  for (const screen of Object.keys(PRERENDERED_SCREENS) as PrerenderedScreen[]) {
    pages[screen] = await renderScreen(screen, template, starter);
  }
  process.stdout.write(JSON.stringify(pages));
}

if (require.main === module) {
  main(process.argv[2]).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
