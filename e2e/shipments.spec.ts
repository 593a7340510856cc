import { adminStorageState, createStock, expect, openPage, test } from './fixtures';

test.use({ storageState: adminStorageState });

test('a shipment with a brand-new chemical and an existing glassware line is staged, edited and merged', async ({
  page,
  browser,
}) => {
  await createStock(page, 'glasswareobjs', {
    name: 'Griffin beaker',
    manufacturer: 'Pyrex',
    supplier: 'Daraz',
    size: 250,
    material_type: 'Borosilicate',
    quantity: 10,
  });
  await page.goto('/adminapp');
  await openPage(page, 'Add Shipment', 'Staging list');

  // A brand-new chemical: created in stock with quantity 0, then staged with the entered quantity.
  await page.getByRole('combobox', { name: 'Find or create chemical' }).fill('Thymol');
  await page.getByRole('option', { name: 'Create "Thymol"' }).click();
  const newItem = page.getByRole('dialog', { name: 'Add New Chemical' });
  await expect(newItem.getByLabel(/^Name/)).toHaveValue('Thymol');
  await newItem.getByLabel(/^CAS RN/).fill('89-83-8');
  await newItem.getByLabel(/^Molecular Formula/).fill('C10H14O');
  await newItem.getByLabel(/^Purity/).fill('99');
  await newItem.getByLabel(/^Manufacturer/).fill('Sigma');
  await newItem.getByLabel(/^Supplier/).fill('Daraz');
  await newItem.getByRole('combobox', { name: /^State/ }).click();
  await page.getByRole('option', { name: 'Solid' }).click();
  await newItem.getByLabel(/^New Quantity/).fill('12.5');
  await newItem.getByRole('button', { name: 'Add' }).click();
  await expect(newItem).toBeHidden();
  await expect(page.getByRole('row', { name: /Thymol/ })).toContainText('12.5');

  await page.getByRole('button', { name: 'Submit' }).click();
  const mergeChemicals = page.getByRole('dialog', { name: 'Merge 1 line into stock?' });
  await mergeChemicals.getByRole('button', { name: 'Merge' }).click();
  await expect(mergeChemicals).toBeHidden();
  await expect(page.getByText('Nothing staged yet.')).toBeVisible();

  // An existing glassware item: only the new quantity is entered; then the staged quantity is edited.
  await page.getByRole('tab', { name: 'Glassware' }).click();
  await page.getByRole('combobox', { name: 'Find or create glassware' }).fill('griffin');
  await page.getByRole('option', { name: '250 - Griffin beaker - 10 pieces - Pyrex - Daraz' }).click();
  const line = page.getByRole('form', { name: 'Glassware line' });
  await expect(line.getByLabel('Material Type')).toHaveValue('Borosilicate');
  await expect(line.getByLabel('Material Type')).toHaveAttribute('readonly');
  await line.getByLabel(/^New Quantity/).fill('5');
  await line.getByRole('button', { name: 'Add' }).click();
  const staged = page.getByRole('row', { name: /Griffin beaker/ });
  const stagedQuantity = staged.getByRole('cell').nth(7); // # Name Size Material Quantity Manufacturer Supplier New
  await expect(stagedQuantity).toHaveText('5 pieces');
  await staged.getByRole('button', { name: 'Edit Griffin beaker' }).click();
  await page
    .getByRole('form', { name: 'Glassware line' })
    .getByLabel(/^New Quantity/)
    .fill('7');
  await page.getByRole('form', { name: 'Glassware line' }).getByRole('button', { name: 'Edit' }).click();
  await expect(stagedQuantity).toHaveText('7 pieces');
  await page.getByRole('button', { name: 'Submit' }).click();
  const mergeGlassware = page.getByRole('dialog', { name: 'Merge 1 line into stock?' });
  await mergeGlassware.getByRole('button', { name: 'Merge' }).click();
  await expect(mergeGlassware).toBeHidden();

  // The history shows the shipment with the old and new totals.
  await openPage(page, 'Shipment');
  await page.getByRole('tab', { name: 'Glassware' }).click();
  const card = page.getByRole('region', { name: /^Shipment Date: \d{4}-\d{2}-\d{2}$/ }).first();
  await expect(card.getByRole('row', { name: /Griffin beaker/ })).toContainText('10');
  await expect(card.getByRole('row', { name: /Griffin beaker/ })).toContainText('17');

  // The public store shows the new amounts without signing in.
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto('/');
  await openPage(publicPage, 'Store');
  // Filtered first: earlier specs' records fill the screen, and the table draws only the rows in view.
  await publicPage.getByRole('searchbox', { name: 'Filter' }).fill('Thymol');
  await expect(publicPage.getByRole('row', { name: /Thymol/ })).toContainText('12.5 ml');
  await publicPage.getByRole('tab', { name: 'Glassware' }).click();
  await publicPage.getByRole('searchbox', { name: 'Filter' }).fill('Griffin beaker');
  await expect(publicPage.getByRole('row', { name: /Griffin beaker/ })).toContainText('17 pieces');
  await visitor.close();
});
