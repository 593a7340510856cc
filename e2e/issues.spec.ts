import { adminStorageState, createStock, expect, openPage, submitIssue, test } from './fixtures';

test.use({ storageState: adminStorageState });

test('items are issued to a new location; stock goes down and the issue shows, also publicly', async ({
  page,
  browser,
}) => {
  await createStock(page, 'chemicalobjs', {
    name: 'Salicylic acid',
    CAS_RN: '69-72-7',
    molecular_formula: 'C7H6O3',
    purity: 99,
    manufacturer: 'Merck',
    supplier: 'Daraz',
    state: 'SOLID',
    quantity: 20,
  });
  await createStock(page, 'glasswareobjs', {
    name: 'Petri dish',
    manufacturer: 'Duran',
    supplier: 'Daraz',
    size: 90,
    material_type: 'Soda-lime',
    quantity: 30,
  });
  const location = `Organic Lab ${Date.now()}`;

  await page.goto('/adminapp');
  await openPage(page, 'Location');
  await page.getByRole('button', { name: 'Create' }).click();
  const create = page.getByRole('dialog', { name: 'Create Location' });
  await create.getByLabel(/^Name/).fill(location);
  await create.getByLabel(/^Building Name/).fill('Science Building');
  await create.getByLabel(/^Room Number/).fill('210');
  await create.getByRole('combobox', { name: /^Type/ }).click();
  await page.getByRole('option', { name: 'Organic Lab', exact: true }).click();
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create).toBeHidden();
  await expect(
    page.getByRole('list', { name: 'Organic Lab' }).getByRole('button', { name: location }),
  ).toBeVisible();

  await openPage(page, 'Create an Issue');
  const chosen = page.getByRole('form', { name: 'Chosen item' });
  await page.getByRole('combobox', { name: 'Name' }).fill('salicylic');
  await page
    .getByRole('option', { name: /Salicylic acid/ })
    .first()
    .click();
  await chosen.getByLabel(/^Quantity/).fill('5');
  await chosen.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('combobox', { name: 'Name' }).fill('petri');
  await page
    .getByRole('option', { name: /Petri dish/ })
    .first()
    .click();
  await chosen.getByLabel(/^Quantity/).fill('4');
  await chosen.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('button', { name: 'Delete Petri dish' })).toBeVisible();

  // More than is in stock: the server's message is shown and nothing is added.
  await page.getByRole('combobox', { name: 'Name' }).fill('salicylic');
  await page
    .getByRole('option', { name: /Salicylic acid/ })
    .first()
    .click();
  await chosen.getByLabel(/^Quantity/).fill('100');
  await chosen.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText(/Only 20 ml in stock\./).first()).toBeVisible();
  await chosen.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: location }).click();
  await submitIssue(page, location);
  await expect(page.getByRole('button', { name: 'Delete Petri dish' })).toHaveCount(0);

  await openPage(page, 'Store');
  await expect(page.getByRole('row', { name: /Salicylic acid/ })).toContainText('15 ml');
  await page.getByRole('tab', { name: 'Glassware' }).click();
  await expect(page.getByRole('row', { name: /Petri dish/ })).toContainText('26 pieces');

  await openPage(page, 'Location');
  await page.getByRole('button', { name: location }).click();
  await expect(page.getByRole('article')).toContainText('Salicylic acid — 5 ml');
  await expect(page.getByRole('article')).toContainText('Petri dish — 4 pieces');
  await expect(page.getByRole('article').getByRole('heading', { level: 4 })).toHaveText([
    'Chemical items (ml)',
    'Glassware items (pieces)',
  ]);

  // Anyone at a lab terminal sees the issue without signing in, and has no write controls.
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto('/');
  await openPage(publicPage, 'Location');
  await expect(publicPage.getByRole('button', { name: 'Create' })).toHaveCount(0);
  await publicPage.getByRole('button', { name: location }).click();
  await expect(publicPage.getByRole('article')).toContainText('Salicylic acid — 5 ml');
  await visitor.close();
});
