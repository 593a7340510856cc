import type { APIRequestContext } from '@playwright/test';
import {
  adminAccessToken,
  adminEmail,
  adminPassword,
  adminStorageState,
  expect,
  openPage,
  postStock,
  signIn,
  test,
} from './fixtures';

// The lab terminal (issue 14): a label scanned at the terminal opens the record's page, its safety data sheet opens
// in one tap inside the terminal, and the terminal returns to its home screen when left alone; staff print labels with QR codes.

/** The shortest idle time a terminal takes (app/terminal.ts); the tests' clock jumps over it. */
const IDLE_SECONDS = 10;

const run = Date.now().toString(36);
const chemical = (letter: string) => ({
  name: `Kioskol ${letter} ${run}`,
  CAS_RN: '64-17-5',
  molecular_formula: 'C2H6O',
  purity: 99.5,
  manufacturer: 'Merck',
  supplier: 'Daraz',
  state: 'LIQUID',
  quantity: 250,
});

/** The id of the category named 'SDS' (any case), created when missing. */
async function sdsCategory(request: APIRequestContext, token: string): Promise<number> {
  const headers = { Authorization: `Bearer ${token}` };
  const categories = (await (await request.get('/api/filemanager/categories/')).json()) as {
    id: number;
    name: string;
  }[];
  const existing = categories.find((category) => category.name.toLowerCase() === 'sds');
  if (existing) return existing.id;
  const created = await request.post('/api/filemanager/categories/', { data: { name: 'SDS' }, headers });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

test('a scanned label opens the record at the terminal, its SDS opens in one tap inside it with a way back, and the terminal resets when idle', async ({
  page,
  request,
}) => {
  const token = await adminAccessToken(request);
  const { id } = await postStock(request, token, 'chemicalobjs', {
    ...chemical('T'),
    hazard_statements: ['H225', 'H319'],
  });
  const sheet = `kioskol_sds_${run}.pdf`;
  const upload = await request.post('/api/filemanager/files/', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      categories: String(await sdsCategory(request, token)),
      chemicals: String(id),
      file: { name: sheet, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 safety data sheet') },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);

  // The page's clock runs as usual until the test makes it jump.
  await page.clock.install();
  await page.goto(`/?terminal&idle=${IDLE_SECONDS}`);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);

  // The scanner types the label's QR code, the record's public URL, then Enter.
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.type(`${new URL(page.url()).origin}/chemicals/${id}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/chemicals/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: chemical('T').name })).toBeVisible();
  const pictograms = page.getByRole('list', { name: 'Hazard pictograms' });
  await expect(pictograms.getByRole('img', { name: 'Flammable' })).toBeVisible();
  await expect(pictograms.getByRole('img', { name: 'Harmful / irritant' })).toBeVisible();
  await expect(page.getByText('H225 Highly flammable liquid and vapour')).toBeVisible();

  // The sheet opens inside the terminal (no new tab, which would leave no way back), and Back returns to the record.
  const sheetName = `Safety data sheet of ${chemical('T').name}`;
  const served = page.waitForResponse(
    (response) => new URL(response.url()).pathname === `/media/files/${sheet}`,
  );
  await page.getByRole('button', { name: sheetName }).click();
  const viewer = page.getByRole('dialog', { name: sheetName });
  await expect(viewer).toBeVisible();
  const frame = viewer.getByTitle(sheetName);
  await expect(frame).toBeVisible();
  const answer = await served;
  expect(answer.status()).toBe(200);
  // The media answer lets the app's own origin frame it, and no other.
  expect(answer.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(page.context().pages()).toHaveLength(1);
  await viewer.getByRole('button', { name: 'Back' }).click();
  await expect(viewer).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/chemicals/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: chemical('T').name })).toBeVisible();

  // Left alone with the sheet open, the terminal closes it and goes back to its home screen with an empty search.
  await page.getByRole('button', { name: sheetName }).click();
  await expect(viewer).toBeVisible();
  await page.clock.fastForward(IDLE_SECONDS * 1000);
  await expect(page).toHaveURL(/\/$/);
  await expect(viewer).toBeHidden();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
});

test.describe("a staff sign-in in the terminal's browser", () => {
  test.use({ storageState: adminStorageState });

  test('ends when the terminal is turned on, and when the admin area is left idle there', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto(`/?terminal&idle=${IDLE_SECONDS}`);
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeFocused();
    await page.goto('/adminapp');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

    // A staff member signs in at the terminal, and walks away.
    await signIn(page, adminEmail, adminPassword);
    await page.clock.fastForward(IDLE_SECONDS * 1000);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    await page.goto('/adminapp');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });
});

test.describe('labels', () => {
  test.use({ storageState: adminStorageState });

  test('the print preview of a label sheet has one QR code per selected record', async ({
    page,
    request,
  }) => {
    const token = await adminAccessToken(request);
    const first = await postStock(request, token, 'chemicalobjs', chemical('A'));
    const second = await postStock(request, token, 'chemicalobjs', chemical('B'));
    await postStock(request, token, 'chemicalobjs', chemical('C'));

    await page.goto('/adminapp');
    await openPage(page, 'Store');
    await page.getByRole('searchbox', { name: 'Filter' }).fill(`Kioskol ${run}`);
    await page.getByRole('checkbox', { name: `Select ${chemical('A').name}` }).check();
    await page.getByRole('checkbox', { name: `Select ${chemical('B').name}` }).check();
    await page.getByRole('button', { name: 'Print labels (2)' }).click();

    const preview = page.getByRole('dialog', { name: 'Print labels (2 labels)' });
    const origin = new URL(page.url()).origin;
    await expect(preview.getByRole('img', { name: /^QR code for / })).toHaveCount(2);
    await expect(
      preview.getByRole('img', { name: `QR code for ${origin}/chemicals/${first.id}` }),
    ).toBeVisible();
    await expect(
      preview.getByRole('img', { name: `QR code for ${origin}/chemicals/${second.id}` }),
    ).toBeVisible();

    // Printed, only the sheet shows: the Store behind the preview and the preview's controls stand aside.
    await page.emulateMedia({ media: 'print' });
    await expect(preview.getByRole('group', { name: 'Sheet 1 of 1' })).toBeVisible();
    await expect(preview.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('table', { name: 'Chemical stock' })).toBeHidden();
  });
});
