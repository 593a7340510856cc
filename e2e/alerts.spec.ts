import { adminStorageState, createStock, expect, openPage, postAsAdmin, test } from './fixtures';

test.use({ storageState: adminStorageState });

test('a minimum above the stock shows Low; a past expiry date marks the public Store and Create an Issue asks first', async ({
  page,
  browser,
}) => {
  const name = `Benzaldehyde ${Date.now()}`;
  await createStock(page, 'chemicalobjs', {
    name,
    CAS_RN: '100-52-7',
    molecular_formula: 'C7H6O',
    purity: 98,
    manufacturer: 'Merck',
    supplier: 'Daraz',
    state: 'LIQUID',
    quantity: 40,
  });
  const location = await postAsAdmin<{ id: number; name: string }>(page, '/api/management/store-consumers/', {
    name: `Inorganic Lab ${Date.now()}`,
    consumer_type: 'INORGANIC',
    room_number: '120',
    building_name: 'Science Building',
  });

  // The admin Store: a minimum above the 40 ml in stock.
  await page.goto('/adminapp');
  await openPage(page, 'Store');
  await page.getByLabel('Filter').fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const form = page.getByRole('dialog', { name: 'Edit Chemical' });
  await form.getByLabel('Minimum quantity').fill('52.5');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(row).toContainText('Low · 12.5 ml short');

  // An expiry date in the past.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await form.getByLabel('Expiry date').fill('2020-01-31');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(row).toContainText('2020-01-31Expired');

  // A person at a lab terminal sees it marked in the public Store, without signing in.
  const visitor = await browser.newContext();
  const terminal = await visitor.newPage();
  await terminal.goto('/');
  await openPage(terminal, 'Store');
  await terminal.getByLabel('Filter').fill(name);
  await expect(terminal.getByRole('row', { name: new RegExp(name) }).getByText('Expired')).toBeVisible();
  await visitor.close();

  // Create an Issue asks before it goes into the cart (Cancel adds nothing), and again before it is issued.
  await openPage(page, 'Create an Issue');
  const chosen = page.getByRole('form', { name: 'Chosen item' });
  await page.getByRole('combobox', { name: 'Name' }).fill('benzaldehyde');
  await page
    .getByRole('option', { name: new RegExp(name) })
    .first()
    .click();
  await expect(chosen.getByText('Expired on 2020-01-31.')).toBeVisible();
  await chosen.getByLabel(/^Quantity/).fill('2');
  await chosen.getByRole('button', { name: 'Add' }).click();
  const question = `${name} expired on 2020-01-31. Issue it anyway?`;
  const ask = page.getByRole('dialog', { name: question });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);

  await chosen.getByRole('button', { name: 'Add' }).click();
  await ask.getByRole('button', { name: 'Add anyway' }).click();
  await expect(page.getByRole('button', { name: `Delete ${name}` })).toBeVisible();

  await page.getByRole('button', { name: location.name }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  const confirmation = page.getByRole('dialog', { name: `Issue the cart to ${location.name}?` });
  await expect(confirmation).toContainText(`${name}Expired on 2020-01-31.`);
  await confirmation.getByRole('button', { name: 'Issue', exact: true }).click();
  await expect(page.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);

  await openPage(page, 'Store');
  await page.getByLabel('Filter').fill(name);
  await expect(row).toContainText('38 ml');
  await expect(row).toContainText('Low · 14.5 ml short');
});
