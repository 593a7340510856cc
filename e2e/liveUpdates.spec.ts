import type { Page } from '@playwright/test';
import {
  adminAccessToken,
  adminStorageState,
  expect,
  openPage,
  postAsAdmin,
  postStock,
  submitIssue,
  test,
} from './fixtures';

// Issue 25: every open page shows a change made elsewhere, without a reload: the store issues the last of a
// chemical, and the other administrator's Store and the lab terminal's record page show the new amount.

const run = Date.now().toString(36);

/** Marks the page's document, so a test can tell that it was never reloaded. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.documentElement.dataset.sameDocument = 'yes';
  });
}

async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.dataset.sameDocument)).toBe('yes');
}

test('an issue made in one browser updates the Store of another and the terminal’s record page without a reload', async ({
  browser,
  request,
}) => {
  const name = `Livenol ${run}`;
  const token = await adminAccessToken(request);
  const { id } = await postStock(request, token, 'chemicalobjs', {
    name,
    CAS_RN: '67-64-1',
    molecular_formula: 'C3H6O',
    purity: 99.5,
    manufacturer: 'Merck',
    supplier: 'Daraz',
    state: 'LIQUID',
    quantity: 200,
  });

  const issuer = await browser.newContext({ storageState: adminStorageState });
  const watcher = await browser.newContext({ storageState: adminStorageState });
  const terminal = await browser.newContext();
  try {
    const issuing = await issuer.newPage();
    const location = `Live Lab ${run}`;
    await postAsAdmin(issuing, '/api/management/store-consumers/', {
      name: location,
      consumer_type: 'ORGANIC',
      room_number: '12',
      building_name: 'Science Building',
    });

    // The other administrator has the Store open on the chemical.
    const store = await watcher.newPage();
    await store.goto('/adminapp');
    await openPage(store, 'Store');
    await store.getByRole('searchbox', { name: 'Filter' }).fill(name);
    const row = store.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('200 ml');
    await markDocument(store);

    // The lab terminal shows the record's page.
    const kiosk = await terminal.newPage();
    await kiosk.goto('/?terminal');
    await expect(kiosk.getByRole('searchbox', { name: 'Search' })).toBeFocused();
    await kiosk.goto(`/chemicals/${id}`);
    await expect(kiosk.getByRole('heading', { level: 1, name })).toBeVisible();
    // Still the kiosk: no way into the admin area.
    await expect(kiosk.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    const amount = kiosk.getByText('Amount', { exact: true }).locator('xpath=following-sibling::dd[1]');
    await expect(amount).toHaveText('200 ml');
    await markDocument(kiosk);

    // The store issues most of it through Create an Issue.
    await issuing.goto('/adminapp');
    await openPage(issuing, 'Create an Issue');
    const chosen = issuing.getByRole('form', { name: 'Chosen item' });
    await issuing.getByRole('combobox', { name: 'Name' }).fill(name);
    await issuing
      .getByRole('option', { name: new RegExp(name) })
      .first()
      .click();
    await chosen.getByLabel(/^Quantity/).fill('150');
    await chosen.getByRole('button', { name: 'Add' }).click();
    await issuing.getByRole('button', { name: location }).click();
    await submitIssue(issuing, location);
    await expect(issuing.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);

    // Both other pages show it, each without a reload.
    await expect(row).toContainText('50 ml');
    await expect(amount).toHaveText('50 ml');
    await expectSameDocument(store);
    await expectSameDocument(kiosk);
  } finally {
    await Promise.all([issuer.close(), watcher.close(), terminal.close()]);
  }
});
