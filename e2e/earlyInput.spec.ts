import type { Page } from '@playwright/test';
import { createStock, expect, test } from './fixtures';

// Issue 33, items 17 and 16: `/` and `/?terminal` are prerendered, so a person (or a scanner) can type before the
// app runs. What is typed then is kept and played once the app runs: a scanner's burst opens the record, and Enter in
// the search box searches instead of submitting the page as `GET /?`.

const run = Date.now().toString(36);
const name = `Early Scanol ${run}`;

/**
 * Holds back the app's scripts until `release` is called: the prerendered screen and after-first-paint.js (which
 * keeps the input) are there, the app is not, so what the test types certainly comes before the app runs.
 */
async function holdTheApp(page: Page): Promise<() => Promise<void>> {
  const held: (() => Promise<void>)[] = [];
  let released = false;
  await page.route(/\/assets\/(?!after-first-paint\.).*\.js$/, async (route) => {
    if (released) return route.continue();
    await new Promise<void>((resolve) => held.push(async () => resolve()));
    return route.continue();
  });
  return async () => {
    released = true;
    for (const resume of held.splice(0)) await resume();
  };
}

let recordPath: string;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  const { id } = await createStock(page, 'chemicalobjs', {
    name,
    CAS_RN: '64-17-5',
    molecular_formula: 'C2H6O',
    purity: 99.5,
    manufacturer: 'Merck',
    supplier: 'Daraz',
    state: 'LIQUID',
    quantity: 250,
  });
  recordPath = `/chemicals/${id}`;
  await page.close();
});

for (const address of ['/', '/?terminal']) {
  test(`a label scanned on ${address} before the app runs opens the record once it does`, async ({
    page,
  }) => {
    const release = await holdTheApp(page);
    await page.goto(address, { waitUntil: 'domcontentloaded' });
    // The scanner types the label's QR code, the record's public URL, then Enter, with nothing focused.
    await page.keyboard.type(`${new URL(page.url()).origin}${recordPath}`);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${address.replace('?', '\\?')}$`));

    await release();
    await expect(page).toHaveURL(new RegExp(`${recordPath}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });
}

test('Enter in the search box before the app runs searches once it does, without submitting the page', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest())
      requests.push(new URL(request.url()).pathname + new URL(request.url()).search);
  });
  const release = await holdTheApp(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await page.getByRole('searchbox', { name: 'Search' }).click();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');

  await release();
  const results = page.getByRole('table');
  // A new record's first search can take a while on a loaded machine (the index catches up first).
  await expect(results.getByRole('row').filter({ hasText: name })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(name);
  expect(requests).toEqual(['/']);
});
