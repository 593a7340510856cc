import { adminStorageState, expect, openPage, test } from './fixtures';

test.use({ storageState: adminStorageState });

test('a 20-row spreadsheet with two bad rows is previewed, imported without them, and reaches the Store and the Ledger', async ({
  page,
}) => {
  const batch = `Import pipette ${Date.now()}`;
  // The Ledger's item search finds a term anywhere in a name, and the batch's digits could hold '20': the row
  // numbers carry a letter, which the batch's digits do not.
  const rows = Array.from({ length: 20 }, (_, n) => {
    const quantity = n === 6 ? '-3' : n === 13 ? '2 kg' : `${n + 1} pcs`;
    return `${batch} P${String(n + 1).padStart(2, '0')};${quantity};Eppendorf;Daraz`;
  });
  const csv = ['Name;Quantity (pieces);Manufacturer;Supplier', ...rows].join('\r\n');

  await page.goto('/adminapp');
  await openPage(page, 'Store');
  await page.getByRole('tab', { name: 'Instrument' }).click();
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import instruments' });
  await dialog.getByLabel('Spreadsheet file').setInputFiles({
    name: 'pipettes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Column “Quantity (pieces)”' })).toHaveText('quantity');
  await dialog.getByRole('button', { name: 'Preview' }).click();

  await expect(dialog.getByRole('status')).toHaveText(
    '18 new records, 0 rows add to existing records, 2 rows have errors.',
  );
  const preview = dialog.getByRole('table', { name: 'Preview' });
  await expect(preview.getByRole('row', { name: /^8 Error/ })).toContainText('⚠ Enter 0 or more.');
  await expect(preview.getByRole('row', { name: /^15 Error/ })).toContainText(
    '⚠ "2 kg" is not an amount in pieces',
  );
  await expect(dialog.getByRole('button', { name: 'Import 18 rows' })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'Skip rows with errors' }).check();
  await dialog.getByRole('button', { name: 'Import 18 rows' }).click();
  await expect(dialog.getByText(/Imported pipettes\.csv: 18 new records/)).toContainText(
    '2 rows with errors skipped',
  );
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  // The public Store shows the records.
  await page.goto('/');
  await openPage(page, 'Store');
  await page.getByRole('tab', { name: 'Instrument' }).click();
  await page.getByRole('searchbox', { name: 'Filter' }).fill(batch);
  const table = page.getByRole('table', { name: 'Instrument stock' });
  await expect(table).toHaveAttribute('aria-rowcount', '19'); // the header and 18 records
  await expect(table.getByRole('row', { name: new RegExp(`^${batch} P20 `) })).toContainText('20');

  // The Ledger shows their IMPORT entries.
  await page.goto('/adminapp');
  await openPage(page, 'Ledger');
  await page.getByRole('searchbox', { name: 'Item' }).fill(`${batch} P20`);
  const entries = page.getByRole('table', { name: 'ledger entries' }).getByRole('row');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(1)).toContainText('Import');
  await expect(entries.nth(1)).toContainText('20 pieces');
});
