import type { Page } from '@playwright/test';
import {
  adminAccessToken,
  adminStorageState,
  createStock,
  expect,
  openPage,
  postAsAdmin,
  submitIssue,
  test,
} from './fixtures';

test.use({ storageState: adminStorageState });

/** Gives a chemical H-codes in its Edit dialog in the admin Store, checking the pictograms the form derives. */
async function giveHazard(page: Page, name: string, code: string, text: string, pictogram: string) {
  await openPage(page, 'Store');
  await page.getByRole('searchbox', { name: 'Filter' }).fill(name);
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Chemical' });
  await edit.getByRole('combobox', { name: 'Hazard statements' }).fill(code);
  await page.getByRole('option', { name: `${code} ${text}` }).click();
  await expect(
    edit.getByRole('region', { name: 'Label preview' }).getByRole('img', { name: pictogram }),
  ).toBeVisible();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
}

async function addToCart(page: Page, name: string, quantity: string) {
  await page.getByRole('combobox', { name: 'Name' }).fill(name);
  await page
    .getByRole('option', { name: new RegExp(name) })
    .first()
    .click();
  const chosen = page.getByRole('form', { name: 'Chosen item' });
  await chosen.getByLabel(/^Quantity/).fill(quantity);
  await chosen.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('button', { name: `Delete ${name}` })).toBeVisible();
}

test('issuing a flammable to a lab that holds an oxidiser warns, naming both, and still issues', async ({
  page,
}) => {
  const suffix = Date.now();
  const oxidiser = `Peroxide ${suffix}`;
  const flammable = `Acetone ${suffix}`;
  const chemical = { manufacturer: 'Merck', supplier: 'Daraz', state: 'LIQUID', quantity: 100 };
  await createStock(page, 'chemicalobjs', {
    ...chemical,
    name: oxidiser,
    CAS_RN: '7722-84-1',
    molecular_formula: 'H2O2',
    purity: 50,
  });
  await createStock(page, 'chemicalobjs', {
    ...chemical,
    name: flammable,
    CAS_RN: '67-64-1',
    molecular_formula: 'C3H6O',
    purity: 99.5,
  });
  const lab = `Inorganic Lab ${suffix}`;
  await postAsAdmin(page, '/api/management/store-consumers/', {
    name: lab,
    consumer_type: 'INORGANIC',
    room_number: '301',
    building_name: 'Science Building',
  });

  await page.goto('/adminapp');
  await giveHazard(page, oxidiser, 'H271', 'May cause fire or explosion; strong oxidizer', 'Oxidising');
  await openPage(page, 'Create an Issue');
  await addToCart(page, oxidiser, '10');
  await page.getByRole('button', { name: lab }).click();
  await submitIssue(page, lab);
  await expect(page.getByText('The cart is empty.')).toBeVisible();

  await giveHazard(page, flammable, 'H225', 'Highly flammable liquid and vapour', 'Flammable');
  await openPage(page, 'Create an Issue');
  await addToCart(page, flammable, '5');
  await page.getByRole('button', { name: lab }).click();
  const warning = page.getByRole('alert').filter({ hasText: 'Storage conflict at this location' });
  await expect(warning).toContainText(`${flammable} (99.5%) and ${oxidiser} (50%), which is already there`);
  await expect(warning).toContainText('Oxidisers must be stored apart from flammables');

  // It warns, never blocks. The first issue's toast to the same lab may still be showing on a slow machine: the
  // newest one is this issue's, and the emptied cart says it went through.
  await submitIssue(page, lab);
  await expect(page.getByText('The cart is empty.')).toBeVisible();
  await expect(page.getByText(`Issued to ${lab}.`).last()).toBeVisible();
});

test('H225 and Enter in the hazard picker picks it and stays in the dialog; closing with changes asks first', async ({
  page,
}) => {
  const name = `Pentane ${Date.now()}`;
  const { id } = await createStock(page, 'chemicalobjs', {
    name,
    CAS_RN: '109-66-0',
    molecular_formula: 'C5H12',
    purity: 99,
    manufacturer: 'Merck',
    supplier: 'Daraz',
    state: 'LIQUID',
    quantity: 500,
  });
  await page.goto('/adminapp');
  await openPage(page, 'Store');
  await page.getByRole('searchbox', { name: 'Filter' }).fill(name);
  const edit = page.getByRole('button', { name: `Edit ${name}` });
  const dialog = page.getByRole('dialog', { name: 'Edit Chemical' });
  const discard = page.getByRole('dialog', { name: 'Discard your changes?' });

  // Nothing changed: Escape closes at once.
  await edit.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(discard).toBeHidden();

  await edit.click();
  const codes = dialog.getByRole('combobox', { name: 'Hazard statements' });
  await codes.fill('H225');
  await codes.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'H225 Highly flammable liquid and vapour' })).toBeVisible();

  // Escape (once the list is closed) and a click beside the dialog both ask; Keep editing keeps the code.
  if (await page.getByRole('listbox').isVisible()) await codes.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(discard).toBeHidden();
  await page.mouse.click(5, 5);
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog.getByRole('button', { name: 'H225 Highly flammable liquid and vapour' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const token = await adminAccessToken(page.request);
  const saved = await page.request.get(`/api/storeobjects/chemicalobjs/${id}/`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(((await saved.json()) as { hazard_statements: string[] }).hazard_statements).toEqual(['H225']);

  // Cancel with a change, then Discard: the dialog goes and nothing is saved.
  await edit.click();
  await dialog.getByLabel(/^Supplier/).fill('Sigma-Aldrich');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Daraz');
});
