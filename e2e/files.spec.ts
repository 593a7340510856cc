import { adminStorageState, createStock, expect, openPage, test } from './fixtures';

test.use({ storageState: adminStorageState });

test('a categorised file is uploaded with a substance link, downloaded intact, relinked, shown publicly and deleted', async ({
  page,
  browser,
}) => {
  const chemical = (name: string, CAS_RN: string, molecular_formula: string) =>
    createStock(page, 'chemicalobjs', {
      name,
      CAS_RN,
      molecular_formula,
      purity: 99,
      manufacturer: 'Merck',
      supplier: 'Daraz',
      state: 'SOLID',
      quantity: 50,
    });
  await chemical('Caffeine', '58-08-2', 'C8H10N4O2');
  await chemical('Glycine', '56-40-6', 'C2H5NO2');
  const category = `MSDS ${Date.now()}`;
  const bytes = Buffer.from(`Caffeine safety data sheet\n${'Handle with care. '.repeat(200)}\n`);

  await page.goto('/adminapp');
  await openPage(page, 'Category');
  await page.getByRole('button', { name: 'New Category' }).click();
  const createCategory = page.getByRole('dialog', { name: 'Create Category' });
  await expect(createCategory).toContainText('Enter a name for the new Category.');
  await createCategory.getByLabel(/^Name/).fill(category);
  await createCategory.getByRole('button', { name: 'Create' }).click();
  await expect(createCategory).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(category) })).toBeVisible();

  await openPage(page, 'File Managment');
  await page.getByRole('button', { name: 'Upload File' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload File' });
  await upload.getByRole('combobox', { name: /^Categories/ }).click();
  await page.getByRole('option', { name: category }).click();
  await page.keyboard.press('Escape');
  await upload.getByLabel('Search substances').fill('caffeine');
  await upload
    .getByRole('list', { name: 'Substances found' })
    .getByRole('button', { name: 'Add' })
    .first()
    .click();
  await expect(upload.getByRole('list', { name: 'Substances to link' })).toContainText('Caffeine');
  await upload.getByLabel('File', { exact: true }).setInputFiles({
    name: 'caffeine-sds.txt',
    mimeType: 'text/plain',
    buffer: bytes,
  });
  await upload.getByRole('button', { name: 'Submit' }).click();
  await expect(upload).toBeHidden();
  const row = page.getByRole('row', { name: /caffeine-sds\.txt/ });
  await expect(row).toContainText(category);

  // The open-file link serves exactly the uploaded bytes.
  const href = await row.getByRole('link', { name: 'Open caffeine-sds.txt' }).getAttribute('href');
  expect(href).toMatch(/\/media\/files\/caffeine-sds.*\.txt$/);
  const download = await page.request.get(href!);
  expect(Buffer.from(await download.body()).equals(bytes)).toBe(true);

  await row.getByRole('button', { name: '1 substance linked to caffeine-sds.txt' }).click();
  const links = page.getByRole('dialog', { name: 'Link File to Substances' });
  await expect(links.getByRole('row', { name: /Caffeine/ })).toBeVisible();
  await links.getByRole('button', { name: 'Add Links' }).click();
  const addLinks = page.getByRole('dialog', { name: 'Add Substance Links' });
  await addLinks.getByLabel('Search substances').fill('glycine');
  await addLinks.getByRole('button', { name: 'Add Link' }).first().click();
  // The link dialog underneath is hidden from assistive technology while this one is open.
  await addLinks.getByRole('button', { name: 'Close' }).click();
  await expect(links.getByRole('row', { name: /Glycine/ })).toBeVisible();
  await links.getByRole('button', { name: 'Remove Caffeine' }).click();
  await expect(links.getByRole('row', { name: /Caffeine/ })).toHaveCount(0);
  await links.getByRole('button', { name: 'Close' }).click();
  await expect(row.getByRole('button', { name: '1 substance linked to caffeine-sds.txt' })).toBeVisible();

  // Anyone sees the file without signing in, read-only.
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto('/');
  await openPage(publicPage, 'File Management');
  const publicRow = publicPage.getByRole('row', { name: /caffeine-sds\.txt/ });
  await expect(publicRow.getByRole('link', { name: 'Open caffeine-sds.txt' })).toBeVisible();
  await expect(publicRow.getByRole('button', { name: 'Delete caffeine-sds.txt' })).toHaveCount(0);
  await visitor.close();

  await row.getByRole('button', { name: 'Delete caffeine-sds.txt' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete File' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('row', { name: /caffeine-sds\.txt/ })).toHaveCount(0);
  expect((await page.request.get(href!)).status()).toBe(404);
});
