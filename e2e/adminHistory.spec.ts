import { adminStorageState, expect, openPage, test } from './fixtures';

// Issue 33, item 11: the admin area keeps SPEC's one address, /adminapp, with its pages chosen in the sidebar; the
// browser's Back and Forward go from page to page within it, and a reload opens the page it showed.
test.use({ storageState: adminStorageState });
test.setTimeout(90_000);

test('Back and Forward move between the admin pages chosen, and a reload keeps the page', async ({
  page,
}) => {
  await page.goto('/adminapp');
  const heading = (name: string) => page.getByRole('heading', { name, level: 1 });
  // Choosing a page adds its history entry just after the page shows (the router writes it a moment later): a Back
  // sent within those milliseconds would leave the area's first entry instead, so the test waits for the entry.
  const historyLength = () => page.evaluate(() => window.history.length);
  // The admin area's first visit loads its code: slow on a loaded machine.
  await expect(heading('Dashboard')).toBeVisible({ timeout: 30_000 });
  const first = await historyLength();
  await openPage(page, 'Ledger');
  await expect(heading('Ledger')).toBeVisible();
  await expect.poll(historyLength).toBe(first + 1);
  await openPage(page, 'Audit');
  await expect(heading('Audit')).toBeVisible();
  await expect.poll(historyLength).toBe(first + 2);
  await expect(page).toHaveURL(/\/adminapp$/);

  await page.goBack();
  await expect(heading('Ledger')).toBeVisible();
  await expect(page).toHaveURL(/\/adminapp$/);
  await page.goBack();
  await expect(heading('Dashboard')).toBeVisible();
  await page.goForward();
  await expect(heading('Ledger')).toBeVisible();

  await page.reload();
  await expect(heading('Ledger')).toBeVisible();
  await expect(page).toHaveURL(/\/adminapp$/);
  await page.goForward();
  await expect(heading('Audit')).toBeVisible();
});
