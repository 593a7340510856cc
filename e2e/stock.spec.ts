import { adminStorageState, expect, openPage, test } from './fixtures';

test.use({ storageState: adminStorageState });

test('a chemical is created through the modal, found in the public store and by a typo, edited and deleted', async ({
  page,
  browser,
}) => {
  await page.goto('/adminapp');
  await openPage(page, 'Store');

  await page.getByRole('button', { name: 'New' }).click();
  const form = page.getByRole('dialog', { name: 'New Chemical' });
  await form.getByLabel(/^Name/).fill('Vanillin');
  await form.getByLabel(/^CAS RN/).fill('121-33-4');
  await form.getByLabel(/^Molecular Formula/).fill('C8H8O3');
  await form.getByLabel(/^Purity/).fill('99');
  await form.getByLabel(/^Manufacturer/).fill('Merck');
  await form.getByLabel(/^Supplier/).fill('Daraz');
  await form.getByRole('combobox', { name: /^State/ }).click();
  await page.getByRole('option', { name: 'Solid' }).click();
  await form.getByLabel(/^Quantity/).fill('250.5');
  await form.getByRole('button', { name: 'Save' }).click();
  // The check digit of 121-33-4 is wrong: the server's message stands under the field.
  await expect(form.getByText('Enter a valid CAS registry number.')).toBeVisible();

  await form.getByLabel(/^CAS RN/).fill('121-33-5');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  // Filtered to it: the Store renders the rows in view, and the earlier tests' records may fill the screen.
  await page.getByRole('searchbox', { name: 'Filter' }).fill('Vanillin');
  await expect(page.getByRole('table', { name: 'Chemical stock' }).getByRole('row')).toHaveCount(2);
  const row = page.getByRole('row', { name: /Vanillin/ });
  // The molecular weight was computed by the server from the formula.
  await expect(row).toContainText('152.149');
  await expect(row).toContainText('250.5 ml');

  // Anyone at a lab terminal sees it without signing in, and finds it despite a typo.
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto('/');
  await openPage(publicPage, 'Store');
  await publicPage.getByRole('searchbox', { name: 'Filter' }).fill('Vanillin');
  await expect(publicPage.getByRole('row', { name: /Vanillin/ })).toContainText('121-33-5');
  await openPage(publicPage, 'Search');
  await publicPage.getByRole('searchbox', { name: 'Search' }).fill('vanilin');
  await publicPage.getByRole('button', { name: 'Search' }).click();
  await expect(publicPage.getByRole('row', { name: /Vanillin/ })).toContainText('C8H8O3');
  await visitor.close();

  await row.getByRole('button', { name: 'Edit Vanillin' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Chemical' });
  await edit.getByLabel(/^Purity/).fill('98.5');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('98.5');

  await row.getByRole('button', { name: 'Delete Vanillin' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Vanillin?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('row', { name: /Vanillin/ })).toHaveCount(0);
});
