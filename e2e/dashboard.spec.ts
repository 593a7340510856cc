import {
  adminAccessToken,
  adminEmail,
  adminPassword,
  createStock,
  expect,
  openPage,
  postAsAdmin,
  signIn,
  test,
} from './fixtures';

const chemical = (name: string, supplier: string, quantity: number) => ({
  name,
  CAS_RN: '64-17-5',
  molecular_formula: 'C2H6O',
  purity: 96,
  manufacturer: 'Merck',
  supplier,
  state: 'LIQUID',
  quantity,
});

test('a record below its minimum shows on the dashboard, as a badge on Store and on the reorder list', async ({
  page,
}) => {
  const name = `Reorder ethanol ${Date.now()}`;
  // The same item from two suppliers; only the one from Sigma was ever shipped.
  const fromDaraz = await createStock(page, 'chemicalobjs', chemical(name, 'Daraz', 5));
  const fromSigma = await createStock(page, 'chemicalobjs', chemical(name, 'Sigma', 0));
  await postAsAdmin(page, '/api/management/chemical-temp-shipment/', {
    chemical: fromSigma.id,
    quantity: 20,
  });
  await postAsAdmin(page, '/api/management/chemical-temp-shipment/merge/');
  // docs/api.md §11: a PUT of every field plus the minimum.
  const token = await adminAccessToken(page.request);
  const put = await page.request.put(`/api/storeobjects/chemicalobjs/${fromDaraz.id}/`, {
    data: { ...chemical(name, 'Daraz', 5), minimum_quantity: 100 },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(put.status(), await put.text()).toBe(200);

  await signIn(page, adminEmail, adminPassword);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const belowMinimum = page.getByRole('region', { name: 'Below minimum' });
  const row = belowMinimum.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('5 ml');
  await expect(row).toContainText('100 ml');
  await expect(row).toContainText('95 ml');

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    page.getByRole('navigation').getByRole('button', { name: /^Store ?, \d+ needs? attention$/ }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation')).toBeHidden();

  await belowMinimum.getByRole('button', { name: 'Reorder list' }).click();
  const reorder = page.getByRole('dialog', { name: 'Reorder list' });
  const line = reorder.getByRole('row', { name: new RegExp(name) });
  await expect(line).toContainText('Daraz');
  await expect(line).toContainText('Sigma');
  await expect(line).toContainText('20 ml');
  await reorder.getByRole('button', { name: 'Close' }).click();
  await expect(reorder).toBeHidden();

  // A row opens the record in the Store, with its history.
  await row.getByRole('button', { name }).click();
  await expect(page.getByRole('dialog', { name: `History of ${name}` })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await openPage(page, 'Dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});
