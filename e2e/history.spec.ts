import { adminEmail, adminStorageState, createStock, expect, openPage, test } from './fixtures';

test.use({ storageState: adminStorageState });

test('a merged shipment shows on the Ledger page and in the record’s History, with the balance it left', async ({
  page,
}) => {
  const name = `Erlenmeyer flask ${Date.now()}`;
  await createStock(page, 'glasswareobjs', {
    name,
    manufacturer: 'Duran',
    supplier: 'Daraz',
    size: 500,
    material_type: 'Borosilicate',
    quantity: 4,
  });
  await page.goto('/adminapp');
  await openPage(page, 'Add Shipment', 'Staging list');
  await page.getByRole('tab', { name: 'Glassware' }).click();
  await page.getByRole('combobox', { name: 'Find or create glassware' }).fill(name);
  await page.getByRole('option', { name: `500 - ${name} - 4 pieces - Duran - Daraz` }).click();
  const line = page.getByRole('form', { name: 'Glassware line' });
  await line.getByLabel(/^New Quantity/).fill('6');
  await line.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  const merge = page.getByRole('dialog', { name: 'Merge 1 line into stock?' });
  await merge.getByRole('button', { name: 'Merge' }).click();
  await expect(merge).toBeHidden();

  // The Ledger page, its text filter narrowed to the flask: the shipment, then the record's creation.
  await openPage(page, 'Ledger');
  await page.getByRole('searchbox', { name: 'Item' }).fill(name);
  const entries = page.getByRole('table', { name: 'ledger entries' }).getByRole('row');
  await expect(entries).toHaveCount(3); // the header and two entries
  await expect(entries.nth(1)).toContainText('Shipment');
  await expect(entries.nth(1)).toContainText('+6 pieces');
  await expect(entries.nth(1)).toContainText('10 pieces');
  await expect(entries.nth(1)).toContainText(adminEmail);
  await expect(entries.nth(1).getByRole('button', { name: /^Shipment #\d+$/ })).toBeVisible();
  await expect(entries.nth(2)).toContainText('Adjustment');
  await expect(entries.nth(2)).toContainText('+4 pieces');
  await page.screenshot({ path: 'test-results/history-ledger.png', fullPage: true });

  // The record's History drawer from the Store: both entries, the chart, and the current quantity.
  await openPage(page, 'Store');
  await page.getByRole('tab', { name: 'Glassware' }).click();
  await page.getByRole('button', { name: `History of ${name}` }).click();
  const history = page.getByRole('dialog', { name: `History of ${name}` });
  await expect(history.getByText('Current quantity: 10 pieces')).toBeVisible();
  const chart = history.getByRole('figure', { name: `Balance of ${name}` });
  await expect(chart).toBeVisible();
  await expect(chart.locator('.MuiLineChart-line')).toHaveCount(1);
  await expect(chart).toContainText('Stock after each change, oldest first: 4 pieces, 10 pieces.');
  await page.screenshot({ path: 'test-results/history-drawer.png' });
  await history.getByRole('button', { name: 'Close' }).click();
  await expect(history).toBeHidden();
});

test('a location created in the app shows in the audit log with its fields', async ({ page }) => {
  const location = `Inorganic Lab ${Date.now()}`;
  await page.goto('/adminapp');
  await openPage(page, 'Location');
  await page.getByRole('button', { name: 'Create' }).click();
  const create = page.getByRole('dialog', { name: 'Create Location' });
  await create.getByLabel(/^Name/).fill(location);
  await create.getByLabel(/^Building Name/).fill('Science Building');
  await create.getByLabel(/^Room Number/).fill('120');
  await create.getByRole('combobox', { name: /^Type/ }).click();
  await page.getByRole('option', { name: 'Inorganic Lab', exact: true }).click();
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create).toBeHidden();

  await openPage(page, 'Audit');
  await page.getByRole('searchbox', { name: 'Text' }).fill(location);
  const entries = page.getByRole('table', { name: 'audit entries' }).getByRole('row');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(1)).toContainText('Location created');
  await expect(entries.nth(1)).toContainText(adminEmail);
  await entries
    .nth(1)
    .getByRole('button', { name: /^Details of entry \d+$/ })
    .click();
  const details = page.getByRole('dialog', { name: /^Location created \(entry #\d+\)$/ });
  const changes = details.getByRole('table', { name: 'Changes' });
  await expect(changes.getByRole('row', { name: /^name/ })).toContainText(location);
  await expect(changes.getByRole('row', { name: /^room_number/ })).toContainText('120');
  await page.screenshot({ path: 'test-results/history-audit.png' });
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();
});
