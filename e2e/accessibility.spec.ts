import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { adminStorageState, expect, test } from './fixtures';

// axe-core's checks on the screens every visitor sees: the page as shown, every rule axe runs, and a failure for any
// violation that axe rates serious or critical (the ones that shut someone out, rather than slow them down).

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** The serious and critical violations on the page as it is now, one readable line each. */
async function blockingViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}, at ${violation.nodes
          .map((node) => node.target.join(' '))
          .join('; ')}`,
    );
}

async function openSidebar(page: Page, sidebarLabel: string): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  // Checked once the drawer has slid in, so axe sees what the user sees: its first entry wholly on screen (the
  // whole list may be taller than the window).
  await expect(
    page.getByRole('navigation', { name: sidebarLabel }).getByRole('button').first(),
  ).toBeInViewport({ ratio: 1 });
}

test('the public area, its sidebar and the terminal home have no serious accessibility violations', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
  expect(await blockingViolations(page), 'public area').toEqual([]);

  await openSidebar(page, 'Pages');
  expect(await blockingViolations(page), 'public sidebar open').toEqual([]);

  await page.goto('/?terminal');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeFocused();
  expect(await blockingViolations(page), 'terminal home').toEqual([]);
});

test.describe('admin area', () => {
  test.use({ storageState: adminStorageState });

  test('the admin area with its sidebar open has no serious accessibility violations', async ({ page }) => {
    await page.goto('/adminapp');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    expect(await blockingViolations(page), 'admin area').toEqual([]);

    await openSidebar(page, 'Admin pages');
    // The page with sub-entries expanded too: its nested list is checked along with the main one.
    await page.getByRole('button', { name: /^Add Shipment/ }).click();
    await expect(page.getByRole('list', { name: 'Add Shipment' })).toBeVisible();
    expect(await blockingViolations(page), 'admin sidebar open').toEqual([]);
  });
});
