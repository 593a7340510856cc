/**
 * The public Store in a browser, as the browser benchmarks open it (storeBrowser.ts, and the click-to-first-row
 * row of run.ts): a fresh context on the public area with the menu open, and the time from an event to a row
 * drawn in the chemical table.
 */
import type { Browser, Page } from 'playwright-core';

export const TABLE = 'table[aria-label="Chemical stock"]';

// Everything a figure is taken from runs in the page, timed with its own clock (performance.now()): from the
// event's timeStamp to the animation frame in which the awaited row is in the table, ready to be painted.

/** Starts watching for a row; `act` then does what should bring it; resolves to the milliseconds it took. */
export async function timeToRow(
  page: Page,
  startEvent: 'click' | 'input' | 'scroll',
  row: { index: number; name?: string },
  act: () => Promise<void>,
): Promise<number> {
  const watching = page.evaluate(
    ({ table, startEvent, row }) =>
      new Promise<number>((resolve) => {
        let startedAt = 0;
        // For typing and scrolling, the last event counts: each one restarts the clock. Listening in the capture
        // phase also hears scroll events, which do not bubble.
        const start = (event: Event) => (startedAt = event.timeStamp);
        document.addEventListener(startEvent, start, { capture: true });
        const shown = () => {
          const cells = document.querySelector(
            `${table} tr[aria-rowindex="${row.index + 2}"]:not([aria-busy])`,
          )?.children;
          return cells !== undefined && (row.name === undefined || cells[1]?.textContent === row.name);
        };
        const observer = new MutationObserver(() => {
          if (startedAt === 0 || !shown()) return;
          observer.disconnect();
          document.removeEventListener(startEvent, start, { capture: true });
          requestAnimationFrame(() => resolve(performance.now() - startedAt));
        });
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
      }),
    { table: TABLE, startEvent, row },
  );
  await act();
  return watching;
}

/** A fresh context (nothing cached) on the public area, the menu open: ready for a click on Store. */
export async function publicAreaWithMenuOpen(browser: Browser, baseUrl: string) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  // tsx compiles this file keeping function names, through a helper `__name` that functions sent to the page
  // call there too: the page needs its own.
  await context.addInitScript('window.__name = (fn) => fn;');
  await context.addInitScript(() => {
    const tasks: PerformanceEntry[] = [];
    (window as unknown as { longTasks: PerformanceEntry[] }).longTasks = tasks;
    new PerformanceObserver((list) => tasks.push(...list.getEntries())).observe({ type: 'longtask' });
  });
  const page = await context.newPage();
  await page.goto(baseUrl);
  await page.getByRole('heading', { name: 'Search' }).waitFor();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const store = page.getByRole('navigation').getByRole('button', { name: 'Store', exact: true });
  await store.waitFor();
  // Someone reads the menu before choosing: the pages it preloads (lazyPage) have arrived by the click.
  await page.waitForLoadState('networkidle');
  return { context, page, clickStore: () => store.click() };
}

/** From the click on Store in the public area's menu to the first chemical row drawn, in `runs` fresh contexts. */
export async function storeFirstRows(browser: Browser, baseUrl: string, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const { context, page, clickStore } = await publicAreaWithMenuOpen(browser, baseUrl);
    try {
      times.push(await timeToRow(page, 'click', { index: 0 }, clickStore));
    } finally {
      await context.close();
    }
  }
  return times;
}
