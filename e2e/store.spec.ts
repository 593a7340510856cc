import { adminAccessToken, expect, openPage, postStock, test } from './fixtures';

// A few thousand instruments (a kind no other spec lists in the Store), seeded through the management API: the
// public Store pages through them from the server as it scrolls and filters.
const INSTRUMENTS = 2000;
const PARALLEL_WRITES = 8;

const nameOf = (n: number) => `Micropipette P-${n}`;

test.beforeAll(async ({ request }) => {
  test.setTimeout(60_000);
  const token = await adminAccessToken(request);
  for (let first = 1; first <= INSTRUMENTS; first += PARALLEL_WRITES) {
    const batch = Array.from(
      { length: Math.min(PARALLEL_WRITES, INSTRUMENTS - first + 1) },
      (_, i) => first + i,
    );
    // In order within the batch is not needed: the last row is found by name, and ids only decide the order.
    await Promise.all(
      batch.map((n) =>
        postStock(request, token, 'instrumentobjs', {
          name: nameOf(n),
          manufacturer: 'Eppendorf',
          supplier: 'Daraz',
          quantity: n % 7,
        }),
      ),
    );
  }
});

test('the public Store scrolls to the last of thousands of rows and finds one by filter', async ({
  page,
}) => {
  await page.goto('/');
  await openPage(page, 'Store');
  await page.getByRole('tab', { name: 'Instrument' }).click();
  const table = page.getByRole('table', { name: 'Instrument stock' });
  await expect(table.getByRole('row', { name: new RegExp(`^${nameOf(1)} `) })).toBeVisible();
  const rowCount = Number(await table.getAttribute('aria-rowcount'));
  expect(rowCount).toBeGreaterThan(INSTRUMENTS);

  // Drag the scrollbar to the bottom: the last page is asked for and drawn in place of the placeholders.
  await table.evaluate((element) => {
    const container = element.parentElement as HTMLElement;
    container.scrollTop = container.scrollHeight;
  });
  const lastRow = table.locator(`tr[aria-rowindex="${rowCount}"]`);
  await expect(lastRow).toBeVisible();
  await expect(lastRow).not.toHaveAttribute('aria-busy');
  await expect(table.getByRole('row', { name: new RegExp(`^${nameOf(INSTRUMENTS - 1)} `) })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Filter' }).fill('p-1234');
  const found = table.getByRole('row', { name: new RegExp(`^${nameOf(1234)} `) });
  await expect(found).toBeVisible();
  await expect(found).toContainText('Eppendorf');
  await expect(table).toHaveAttribute('aria-rowcount', '2');
});
