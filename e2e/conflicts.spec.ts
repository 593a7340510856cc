import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import {
  adminAccessToken,
  adminEmail,
  adminStorageState,
  createStock,
  expect,
  openPage,
  postAsAdmin,
  signIn,
  test,
} from './fixtures';

// No silent overwrites (docs/api.md §28): two store managers edit the same record in the admin Store; the second
// save is refused with who changed it and when, and the second manager reapplies their change.

test.use({ storageState: adminStorageState });

/** Where the conflict view's screenshot goes, for people to look at; none when the folder's parent is missing. */
const SCREENS = process.env.E2E_SCREENS_DIR ?? '/work/notes/screens25';

// Two browsers, a second account and an accessibility scan: each test takes about 20 s on a quiet machine.
test.slow();

/**
 * A chemical of 100 ml, and a second store manager (Bea, in a browser context of her own); both open its Edit
 * dialog in the admin Store: `mine` in `page`, `hers` in `bea`.
 */
async function twoManagersEditing(page: Page, browser: Browser, name: string) {
  const { id } = await createStock(page, 'chemicalobjs', {
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
    // The filtered list first (the header and its one row): a click while the rows are drawn anew goes nowhere.
    await expect(each.getByRole('table', { name: 'Chemical stock' }).getByRole('row')).toHaveCount(2);
    await each
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const form = each.getByRole('dialog', { name: 'Edit Chemical' });
    await expect(form).toBeVisible();
    forms.push(form);
  }
  const [mine, hers] = forms;
  return { id, mine, hers, bea, other };
}

test('a stale edit shows who changed the record and when, and the second manager reapplies it', async ({
  page,
  browser,
}) => {
  const name = `Conflictol ${Date.now()}`;
  const { mine, hers, bea, other } = await twoManagersEditing(page, browser, name);

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

  // Her change was 100 → 80 ml, −20 ml: reapplied over the 120 ml there are now.
  await notice.getByRole('button', { name: 'Reapply my changes' }).click();
  await expect(hers).toBeHidden();
  await expect(bea.getByRole('row', { name: new RegExp(name) })).toContainText('100 ml');
  await other.close();
});

test('an issue made while a manager edits another field is not brought back by Reapply', async ({
  page,
  browser,
}) => {
  const name = `Issuol ${Date.now()}`;
  const { id, hers, bea, other } = await twoManagersEditing(page, browser, name);

  // Meanwhile 50 ml of it is issued to a lab through the issue cart.
  const lab = await postAsAdmin(page, '/api/management/store-consumers/', {
    name: `Issue Lab ${Date.now()}`,
    consumer_type: 'ORGANIC',
    room_number: '12',
    building_name: 'Science Building',
  });
  await postAsAdmin(page, '/api/management/issue-cart/', {
    object_type: 'CHEMICAL',
    object_id: id,
    quantity: 50,
  });
  await postAsAdmin(page, `/api/management/issue-cart/${lab.id}/merge/`);

  // The second manager, whose form still says 100 ml, only moves the bottle.
  await hers.getByLabel(/^Storage place/).fill('Cabinet B2');
  await hers.getByRole('button', { name: 'Save' }).click();
  const notice = hers.getByRole('alert', { name: 'Changed meanwhile' });
  await expect(notice.getByRole('row', { name: /Quantity/ })).toContainText('50');
  await notice.getByRole('button', { name: 'Reapply my changes' }).click();
  await expect(hers).toBeHidden();

  const row = bea.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('cell', { name: '50 ml', exact: true })).toBeVisible();
  await expect(row).toContainText('Cabinet B2');
  // The issue is still the record's newest ledger entry: no ADJUSTMENT brought the 50 ml back.
  const ledger = await page.request.get(`/api/management/stock-ledger/?type=chemical&object_id=${id}`, {
    headers: { Authorization: `Bearer ${await adminAccessToken(page.request)}` },
  });
  const [newest] = (await ledger.json()) as { kind: string; change: number; balance: number }[];
  expect(newest).toMatchObject({ kind: 'ISSUE', change: -50, balance: 50 });
  await other.close();
});
