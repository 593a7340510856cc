/**
 * `npm run bench:first-load`: the JavaScript a first visit downloads, as the server actually sends it (compressed
 * when the browser accepts it). Needs a production build in dist/ (`npm run build`). Starts the app on a free
 * loopback port with an empty in-memory database, opens each entry page in a fresh Debian Chromium context (so
 * nothing is cached), lets it settle and prints every script with its bytes on the wire, then the total against
 * the target. Exits non-zero when a page misses it. `STATIC_DIR=…` measures another build.
 */
import type { Browser, Response } from 'playwright-core';
import { measureBuild } from './browser';
import { exitWith } from './report';

const FIRST_LOAD_TARGET_BYTES = 170 * 1024;

/** The two pages anyone can open without signing in; each must show what it names before it counts as loaded. */
const entryPages = [
  { name: 'public area /', url: '/', ready: { role: 'heading', name: 'Search' } },
  { name: 'login /adminapp/login', url: '/adminapp/login', ready: { role: 'button', name: 'Login' } },
] as const;

interface Script {
  file: string;
  bytesOnWire: number;
  encoding: string;
  /** What a client that accepts only gzip gets instead. */
  gzipBytes: number;
}

const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;

async function scriptsOf(browser: Browser, baseUrl: string, page: (typeof entryPages)[number]) {
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    const responses: Response[] = [];
    tab.on('response', (response) => {
      if (response.request().resourceType() === 'script') responses.push(response);
    });
    await tab.goto(new URL(page.url, baseUrl).href);
    await tab.getByRole(page.ready.role, { name: page.ready.name }).first().waitFor();
    // A prerendered screen is there before any script runs, and on a busy machine the app may start more than
    // networkidle's half second later: the scripts count once the app has taken the screen over (index.tsx ends the
    // early-input list then; a page without it has none).
    await tab.waitForFunction(
      () => (window as { labstoreEarlyInput?: unknown }).labstoreEarlyInput === undefined,
    );
    // Chunks requested while the page renders finish loading before it settles.
    await tab.waitForLoadState('networkidle');
    return await Promise.all(
      responses.map(async (response): Promise<Script> => {
        const sizes = await response.request().sizes();
        const gzip = await fetch(response.url(), { headers: { 'accept-encoding': 'gzip' } });
        return {
          file: new URL(response.url()).pathname,
          bytesOnWire: sizes.responseBodySize,
          encoding: (await response.headerValue('content-encoding')) ?? 'identity',
          gzipBytes: Number(gzip.headers.get('content-length')),
        };
      }),
    );
  } finally {
    await context.close();
  }
}

async function main(): Promise<number> {
  return measureBuild(async (browser, baseUrl) => {
    let failed = 0;
    for (const page of entryPages) {
      const scripts = await scriptsOf(browser, baseUrl, page);
      const total = scripts.reduce((sum, script) => sum + script.bytesOnWire, 0);
      const gzipTotal = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
      const pass = total <= FIRST_LOAD_TARGET_BYTES;
      if (!pass) failed += 1;
      console.log(`${page.name}: ${scripts.length} scripts`);
      for (const script of scripts) {
        console.log(
          `  ${script.file.padEnd(48)} ${kib(script.bytesOnWire).padStart(10)}  ${script.encoding}`,
        );
      }
      console.log(
        `  total JavaScript on the wire: ${kib(total)} (target ≤ ${kib(FIRST_LOAD_TARGET_BYTES)}) ${pass ? 'PASS' : 'FAIL'}`,
      );
      // Browsers offer brotli only to HTTPS and localhost origins: over plain HTTP to another host they get gzip.
      console.log(`  the same scripts to a gzip-only client: ${kib(gzipTotal)}\n`);
    }
    return failed === 0 ? 0 : 1;
  });
}

exitWith(main);
