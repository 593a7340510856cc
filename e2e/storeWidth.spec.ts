import type { Locator, Page } from '@playwright/test';
import { adminStorageState, createStock, expect, openPage, test } from './fixtures';

// Issue 33, item 12: at 1,280 px (and wider) the Store's Amount and its row actions are in view without scrolling the
// table sideways, in the admin and the public Store, with a chemical whose texts are as long as real ones.
const WIDTH = 1280;

const name = `2,2,2-Trifluoroethyl trifluoromethanesulfonate ${Date.now()}`;

test.use({ viewport: { width: WIDTH, height: 800 } });
test.setTimeout(90_000);

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await createStock(page, 'chemicalobjs', {
    name,
    CAS_RN: '6226-25-1',
    molecular_formula: 'C3H2F6O3S',
    molecular_weight: 232.1,
    purity: 99.5,
    manufacturer: 'Thermo Fisher Scientific Chemicals',
    supplier: 'Sigma-Aldrich Chemie GmbH',
    state: 'LIQUID',
    quantity: 2500,
    storage_place: 'Cabinet F-12, shelf 3 (flammables)',
    // Within the Store's attention window: the date shows with its badge, the widest the column gets.
    expiry_date: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10),
  });
  await page.close();
});

/** The whole box of `locator` lies inside the window. */
async function expectInView(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'laid out').not.toBeNull();
  const { width } = page.viewportSize()!;
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

async function openChemicalRow(page: Page) {
  await openPage(page, 'Store');
  const table = page.getByRole('table', { name: 'Chemical stock' });
  await page.getByRole('searchbox', { name: 'Filter' }).fill(name);
  await expect(table).toHaveAttribute('aria-rowcount', '2');
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  return { table, row };
}

test.describe('signed in', () => {
  test.use({ storageState: adminStorageState });

  test('the admin Store shows Amount and every action of a row within 1,280 px', async ({ page }) => {
    await page.goto('/adminapp');
    const { table, row } = await openChemicalRow(page);
    await page.screenshot({ path: 'test-results/store-admin-1280.png' });
    await expectInView(page, table.getByRole('columnheader', { name: 'Amount' }));
    await expectInView(page, row.getByRole('cell', { name: '2500 ml' }));
    for (const action of ['History of', 'Print label of', 'Edit', 'Delete']) {
      await expectInView(page, row.getByRole('button', { name: `${action} ${name}` }));
    }
    // The actions stay at the table's right edge over the columns after Amount, which they do not cover.
    const amount = (await row.getByRole('cell', { name: '2500 ml' }).boundingBox())!;
    const actions = (await table.getByRole('columnheader', { name: 'Action' }).boundingBox())!;
    expect(amount.x + amount.width).toBeLessThanOrEqual(actions.x);
  });
});

test('the public Store shows Amount within 1,280 px', async ({ page }) => {
  await page.goto('/');
  const { table, row } = await openChemicalRow(page);
  await page.screenshot({ path: 'test-results/store-public-1280.png' });
  await expectInView(page, table.getByRole('columnheader', { name: 'Amount' }));
  await expectInView(page, row.getByRole('cell', { name: '2500 ml' }));
});
