import type { Page } from '@playwright/test';
import { adminStorageState, expect, openPage, test } from './fixtures';

// The admin area is the webpack chunk named admin-shell (src/app/router.tsx); every admin page loads through it.
const ADMIN_CHUNK = /^\/assets\/admin-/;
// The lab users' area (issue 23) is the chunk lab-shell.
const LAB_CHUNK = /^\/assets\/lab-/;

interface LoadedScript {
  path: string;
  encoding: string | undefined;
}

function recordScripts(page: Page): LoadedScript[] {
  const scripts: LoadedScript[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({
      path: new URL(response.url()).pathname,
      encoding: response.headers()['content-encoding'],
    });
  });
  return scripts;
}

test('the public area and the login screen load no admin or lab code, each script precompressed', async ({
  page,
}) => {
  const scripts = recordScripts(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Search' })).toBeVisible();
  for (const label of ['Store', 'Location', 'File Management', 'Search']) {
    await openPage(page, label);
    await expect(page.getByRole('heading', { name: label, level: 1 })).toBeVisible();
  }
  await page.goto('/adminapp/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((script) => ADMIN_CHUNK.test(script.path))).toEqual([]);
  expect(scripts.filter((script) => LAB_CHUNK.test(script.path))).toEqual([]);
  expect(scripts.filter((script) => script.encoding !== 'br')).toEqual([]);
});

test.describe('signed in', () => {
  test.use({ storageState: adminStorageState });

  // Without this, a rename of the admin chunk would let the test above pass without checking anything.
  test('the admin area loads its own chunk', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/adminapp');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(scripts.filter((script) => ADMIN_CHUNK.test(script.path))).not.toEqual([]);
    expect(scripts.filter((script) => LAB_CHUNK.test(script.path))).toEqual([]);
  });
});
