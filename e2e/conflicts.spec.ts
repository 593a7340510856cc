import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import {
  adminAccessToken,
  adminEmail,
  adminStorageState,
  createStock,
  expect,
  openPage,
  signIn,
  test,
} from './fixtures';

// No silent overwrites (docs/api.md §28): two store managers edit the same record in the admin Store; the second
// save is refused with who changed it and when, and the second manager reapplies their change.

test.use({ storageState: adminStorageState });

/** Where the conflict view's screenshot goes, for people to look at; none when the folder's parent is missing. */
const SCREENS = process.env.E2E_SCREENS_DIR ?? '/work/notes/screens25';

test('a stale edit shows who changed the record and when, and the second manager reapplies it', async ({
  page,
  browser,
}) => {
  const name = `Conflictol ${Date.now()}`;
  await createStock(page, 'chemicalobjs', {
    name,
    CAS_RN: '67-64-1',
    molecular_formula: 'C3H6O',
    purity: 99.5,
    manufacturer: 'Merck',
    supplier: 'Daraz',
    state: 'LIQUID',
    quantity: 100,
  });
  // A second store manager, made through the API.
  const second = { email: `bea${Date.now()}@lab.org`, password: 'bea-Password-1' };
  const created = await page.request.post('/api/account/users/', {
    data: { ...second, confirm_password: second.password, first_name: 'Bea', last_name: 'Berg' },
    headers: { Authorization: `Bearer ${await adminAccessToken(page.request)}` },
  });
  expect(created.status(), await created.text()).toBe(201);

  const other = await browser.newContext({ storageState: undefined });
  const bea = await other.newPage();
  await signIn(bea, second.email, second.password);

  // Both open the record's edit form in the admin Store.
  const forms = [];
  for (const each of [page, bea]) {
    if (each === page) await page.goto('/adminapp');
    await openPage(each, 'Store');
    await each.getByRole('searchbox', { name: 'Filter' }).fill(name);
    await each
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    forms.push(each.getByRole('dialog', { name: 'Edit Chemical' }));
  }
  const [mine, hers] = forms;

  // The first saves 120 ml.
  await mine.getByLabel(/^Quantity/).fill('120');
  await mine.getByRole('button', { name: 'Save' }).click();
  await expect(mine).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('120 ml');

  // The second, whose form still holds 100 ml, saves 80 ml: refused, with who and when, in her form.
  await hers.getByLabel(/^Quantity/).fill('80');
  await hers.getByRole('button', { name: 'Save' }).click();
  const notice = hers.getByRole('alert', { name: 'Changed meanwhile' });
  await expect(notice).toContainText(new RegExp(`Changed by ${adminEmail} at \\w{3} \\d{1,2}, \\d{4}, `));
  const differences = notice.getByRole('table', { name: 'Your values and the current ones' });
  await expect(differences.getByRole('row', { name: /Quantity/ })).toContainText('80');
  await expect(differences.getByRole('row', { name: /Quantity/ })).toContainText('120');
  // Read by everyone: no serious or critical accessibility violation in the conflict view.
  const { violations } = await new AxeBuilder({ page: bea }).include('[role="dialog"]').analyze();
  expect(
    violations
      .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
      .map((v) => v.id),
  ).toEqual([]);
  if (fs.existsSync(path.dirname(SCREENS))) {
    fs.mkdirSync(SCREENS, { recursive: true });
    await hers.screenshot({ path: path.join(SCREENS, 'conflict.png') });
    await bea.screenshot({ path: path.join(SCREENS, 'conflict-page.png') });
  }

  await notice.getByRole('button', { name: 'Reapply my changes' }).click();
  await expect(hers).toBeHidden();
  await expect(bea.getByRole('row', { name: new RegExp(name) })).toContainText('80 ml');
  await other.close();
});
