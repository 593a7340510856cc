import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Download, Locator } from '@playwright/test';
import { adminStorageState, createStock, expect, openPage, test } from './fixtures';

// 'Export CSV' in the browser: the saved file holds what the table shows, column for column and row for row.

/** The Store's headers with the units its files name in them (docs/api.md §14). */
const unitHeaders: Record<string, string> = {
  'Molecular Weight': 'Molecular Weight (g/mol)',
  Purity: 'Purity (%)',
  Amount: 'Amount (ml)',
  Minimum: 'Minimum (ml)',
};

/** Text a spreadsheet would run as a formula is written with a leading ' (docs/api.md §7.2). */
const asWritten = (text: string) => (/^[=+\-@]/.test(text) ? `'${text}` : text);

async function savedRows(download: Download): Promise<string[][]> {
  return parse(await readFile(await download.path()), { bom: true }) as string[][];
}

async function shownHeaders(table: Locator): Promise<string[]> {
  return table.getByRole('columnheader').allTextContents();
}

async function shownRows(table: Locator): Promise<string[][]> {
  const rows = await table.locator('tbody tr').all();
  return Promise.all(rows.map((row) => row.getByRole('cell').allTextContents()));
}

async function download(button: Locator): Promise<Download> {
  const [saved] = await Promise.all([button.page().waitForEvent('download'), button.click()]);
  return saved;
}

const today = () => {
  const now = new Date();
  return [now.getFullYear(), now.getMonth() + 1, now.getDate()]
    .map((n) => String(n).padStart(2, '0'))
    .join('-');
};

test('the public Store exports the chemical tab as shown: its columns with units, its rows in its order', async ({
  page,
}) => {
  const fields = { CAS_RN: '64-17-5', molecular_formula: 'C2H6O', manufacturer: 'Merck', supplier: 'Daraz' };
  await createStock(page, 'chemicalobjs', {
    ...fields,
    name: 'Xportol',
    purity: 99.5,
    state: 'LIQUID',
    quantity: 1234.567,
  });
  await createStock(page, 'chemicalobjs', {
    ...fields,
    name: '=Xportol+1',
    purity: 96,
    state: 'SOLID',
    quantity: 0.001,
  });
  await createStock(page, 'chemicalobjs', {
    ...fields,
    name: 'Xportane',
    purity: 90,
    state: 'GAS',
    quantity: 250.5,
  });

  await page.goto('/');
  await openPage(page, 'Store');
  const table = page.getByRole('table', { name: 'Chemical stock' });
  await page.getByRole('searchbox', { name: 'Filter' }).fill('xport');
  await expect(table).toHaveAttribute('aria-rowcount', '4');
  await table.getByRole('button', { name: 'Amount' }).click();
  await table.getByRole('button', { name: 'Amount' }).click();
  await expect(table.locator('tbody tr').first()).toContainText('Xportol');

  const csv = await download(page.getByRole('link', { name: 'Export CSV' }));
  expect(csv.suggestedFilename()).toBe(`labstore-chemicals-${new Date().toISOString().slice(0, 10)}.csv`);
  const [header, ...rows] = await savedRows(csv);
  const headers = await shownHeaders(table);
  // The Hazards column is two in the file: the H-codes and the pictograms (docs/api.md §14).
  expect(header).toEqual(
    headers.flatMap((name) =>
      name === 'Hazards' ? ['Hazard statements', 'Pictograms'] : [unitHeaders[name] ?? name],
    ),
  );
  const amount = header.indexOf('Amount (ml)');
  const state = header.indexOf('State');
  const hazards = headers.indexOf('Hazards');
  // The screen writes the unit after an amount and a state by name; the file has the number and the state's code.
  // None of these chemicals has hazard data: both hazard cells are empty.
  const expected = (await shownRows(table)).map((cells) =>
    cells
      .flatMap((cell, column) => (column === hazards ? ['', ''] : [cell]))
      .map((cell, column) => {
        if (column === amount) return cell.replace(/ ml$/, '');
        if (column === state) return cell.toUpperCase();
        return asWritten(cell);
      }),
  );
  expect(rows).toEqual(expected);
  expect(rows.map((row) => row.slice(0, 2).concat(row[amount]))).toEqual([
    ['1', 'Xportol', '1234.567'],
    ['2', 'Xportane', '250.5'],
    ['3', "'=Xportol+1", '0.001'],
  ]);

  const excel = await download(page.getByRole('link', { name: 'Export Excel' }));
  expect(excel.suggestedFilename()).toMatch(/^labstore-chemicals-\d{4}-\d{2}-\d{2}\.xlsx$/);
});

test.describe('as an administrator', () => {
  test.use({ storageState: adminStorageState });

  test('the admin Store downloads the hazard register', async ({ page }) => {
    await createStock(page, 'chemicalobjs', {
      name: `Benzene ${Date.now()}`,
      CAS_RN: '71-43-2',
      molecular_formula: 'C6H6',
      purity: 99.8,
      manufacturer: 'Merck',
      supplier: 'Daraz',
      state: 'LIQUID',
      quantity: 100,
      storage_place: 'Flammables cabinet',
      hazard_statements: ['H225', 'H350'],
    });
    await page.goto('/adminapp');
    await openPage(page, 'Store');
    await page.getByRole('button', { name: 'Hazard register' }).click();
    const csv = await download(page.getByRole('menuitem', { name: 'CSV' }));
    expect(csv.suggestedFilename()).toBe(
      `labstore-hazard-register-${new Date().toISOString().slice(0, 10)}.csv`,
    );
    const [header, ...rows] = await savedRows(csv);
    expect(header).toEqual([
      'CAS RN',
      'Name',
      'Hazard statements',
      'Signal word',
      'Pictograms',
      'Amount (ml)',
      'Records',
      'Storage places',
    ]);
    expect(rows.find((row) => row[0] === '71-43-2')?.slice(2, 5)).toEqual([
      'H225, H350',
      'DANGER',
      'GHS02, GHS08',
    ]);
  });

  test('User Managment exports the accounts it lists', async ({ page }) => {
    await page.goto('/adminapp');
    await openPage(page, 'User Managment');
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.locator('tbody tr').first()).toBeVisible();

    const csv = await download(page.getByRole('button', { name: 'Export CSV' }));
    expect(csv.suggestedFilename()).toBe(`labstore-users-${today()}.csv`);
    const [header, ...rows] = await savedRows(csv);
    const headers = await shownHeaders(table);
    expect(headers.at(-1)).toBe('Action');
    expect(header).toEqual(headers.slice(0, -1));
    const shown = (await shownRows(table)).map((cells) => cells.slice(0, -1).map(asWritten));
    expect(rows).toEqual(shown);
  });
});
