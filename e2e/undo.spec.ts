import { adminStorageState, createStock, expect, openPage, postAsAdmin, test } from './fixtures';

test.use({ storageState: adminStorageState });

const glassware = (name: string, quantity: number) => ({
  name,
  manufacturer: 'Pyrex',
  supplier: 'Daraz',
  size: 100,
  material_type: 'Borosilicate',
  quantity,
});

test('a merged shipment is undone from its history card: the stock is back and the card is marked', async ({
  page,
}) => {
  const name = `Undo flask ${Date.now()}`;
  await createStock(page, 'glasswareobjs', glassware(name, 10));
  await page.goto('/adminapp');

  await openPage(page, 'Add Shipment', 'Staging list');
  await page.getByRole('tab', { name: 'Glassware' }).click();
  await page.getByRole('combobox', { name: 'Find or create glassware' }).fill(name);
  await page.getByRole('option', { name: `100 - ${name} - 10 pieces - Pyrex - Daraz` }).click();
  await page
    .getByRole('form', { name: 'Glassware line' })
    .getByLabel(/^New Quantity/)
    .fill('5');
  await page.getByRole('form', { name: 'Glassware line' }).getByRole('button', { name: 'Add' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  const merge = page.getByRole('dialog', { name: 'Merge 1 line into stock?' });
  await merge.getByRole('button', { name: 'Merge' }).click();
  await expect(merge).toBeHidden();

  await openPage(page, 'Store');
  await page.getByRole('tab', { name: 'Glassware' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('15 pieces');

  await openPage(page, 'Shipment');
  await page.getByRole('tab', { name: 'Glassware' }).click();
  const card = page.getByRole('region').filter({ has: page.getByRole('row', { name: new RegExp(name) }) });
  await card.getByRole('button', { name: /^Undo shipment of \d{4}-\d{2}-\d{2}$/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Undo shipment?' });
  await expect(confirm.getByRole('list', { name: 'Taken back' })).toHaveText(`${name} — 5 pieces`);
  await confirm.getByRole('button', { name: 'Undo shipment' }).click();
  await expect(confirm).toBeHidden();
  await expect(card).toContainText(/Reverted on [A-Z][a-z]+ \d{1,2}, \d{4} by admin@lab\.org/);
  await expect(card.getByRole('button', { name: /Undo shipment/ })).toHaveCount(0);

  await openPage(page, 'Store');
  await page.getByRole('tab', { name: 'Glassware' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('10 pieces');

  // The Ledger keeps the shipment and adds its reversal on top: nothing is rewritten.
  await openPage(page, 'Ledger');
  await page.getByRole('searchbox', { name: 'Item' }).fill(name);
  const entries = page.getByRole('table', { name: 'ledger entries' }).getByRole('row');
  await expect(entries).toHaveCount(4); // the header, the reversal, the shipment, the record's creation
  await expect(entries.nth(1)).toContainText('Reversal');
  await expect(entries.nth(1)).toContainText('-5 pieces');
  await expect(entries.nth(2)).toContainText('Shipment');
  await expect(entries.nth(2)).toContainText('+5 pieces');
});

test('one glassware piece is returned from an issue card and the stock rises by one', async ({ page }) => {
  const name = `Return beaker ${Date.now()}`;
  const item = await createStock(page, 'glasswareobjs', glassware(name, 8));
  const location = await postAsAdmin<{ id: number; name: string }>(page, '/api/management/store-consumers/', {
    name: `Physical Lab ${Date.now()}`,
    consumer_type: 'PHYSICAL',
    room_number: '110',
    building_name: 'Science Building',
  });
  await postAsAdmin(page, '/api/management/issue-cart/', {
    object_type: 'GLASSWARE',
    object_id: item.id,
    quantity: 3,
  });
  await postAsAdmin(page, `/api/management/issue-cart/${location.id}/merge/`);
  await page.goto('/adminapp');

  await openPage(page, 'Store');
  await page.getByRole('tab', { name: 'Glassware' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('5 pieces');

  await openPage(page, 'Location');
  await page.getByRole('button', { name: location.name }).click();
  const card = page.getByRole('article');
  await expect(card).toContainText(`${name} — 3 pieces`);
  await card.getByRole('button', { name: `Return ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Return ${name}` });
  await dialog.getByLabel(/^Quantity/).fill('1');
  await dialog.getByRole('button', { name: 'Return' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText(`${name} — 3 pieces (1 returned)`);

  await openPage(page, 'Store');
  await page.getByRole('tab', { name: 'Glassware' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('6 pieces');
});
