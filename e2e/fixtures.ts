import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export const adminEmail = process.env.E2E_ADMIN_EMAIL ?? 'admin@lab.org';
export const adminPassword = process.env.E2E_ADMIN_PASSWORD ?? 'e2e-Admin-password';
export const adminStorageState = 'test-results/.auth/admin.json';

// Every page a test opens must run without console errors. The browser's own line for an HTTP error status
// ("Failed to load resource") is expected where a test provokes one (a 401, a 409) and is left out.
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          errors.push(message.text());
        }
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/adminapp/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/adminapp$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/**
 * Opens the sidebar (admin or public shell) and chooses a page by its label; for a page that expands (Add Shipment),
 * `entry` names the sub-entry to choose.
 */
export async function openPage(page: Page, label: string, entry?: string): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const sidebar = page.getByRole('navigation');
  // An entry with a count badge says it after its label ('Store, 3 need attention').
  const item = sidebar.getByRole('button', { name: new RegExp(`^${label} ?(, .+)?$`) });
  if (entry === undefined) return item.click();
  if ((await item.getAttribute('aria-expanded')) !== 'true') await item.click();
  await sidebar.getByRole('list', { name: label }).getByRole('button', { name: entry, exact: true }).click();
}

/**
 * Create an Issue's Submit for the chosen location, answered in its confirmation: Issue (the test's locations have
 * no funds, so the charges go to the lab without one, and no CMR lines).
 */
export async function submitIssue(page: Page, location: string): Promise<void> {
  await page.getByRole('button', { name: 'Submit' }).click();
  const confirmation = page.getByRole('dialog', { name: `Issue the cart to ${location}?` });
  await confirmation.getByRole('button', { name: 'Issue', exact: true }).click();
  await expect(confirmation).toBeHidden();
}

type StockResource = 'chemicalobjs' | 'instrumentobjs' | 'glasswareobjs';

/** The first administrator's access token, through the API. */
export async function adminAccessToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/token/', { data: { email: adminEmail, password: adminPassword } });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { access: string }).access;
}

/** Sends one request to the API as the first administrator (set-up data for tests about other screens). */
export async function postAsAdmin<T = { id: number }>(page: Page, url: string, data?: object): Promise<T> {
  const token = await adminAccessToken(page.request);
  const response = await page.request.post(url, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** Creates a stock record through the API with an administrator's token. */
export async function postStock(
  request: APIRequestContext,
  token: string,
  kind: StockResource,
  fields: Record<string, unknown>,
): Promise<{ id: number }> {
  const response = await request.post(`/api/storeobjects/${kind}/`, {
    data: fields,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number };
}

/** Creates stock through the API as the first administrator: set-up data for tests about other screens. */
export async function createStock(
  page: Page,
  kind: StockResource,
  fields: Record<string, unknown>,
): Promise<{ id: number }> {
  return postStock(page.request, await adminAccessToken(page.request), kind, fields);
}
