import type { Browser, Page } from '@playwright/test';
import {
  adminAccessToken,
  adminStorageState,
  createStock,
  expect,
  openPage,
  postAsAdmin,
  test,
} from './fixtures';

// Issue 24's loop in the browser, each step by the person whose step it is, in a browser of their own: a lab
// member asks for a chemical, the lab's manager approves less than asked, the store fulfils the request with the
// suggested record, the stock drops, and the lab's statement shows what it cost.
const run = Date.now();

interface Account {
  email: string;
  password: string;
}

async function createAccount(page: Page, name: string, labs: object[]): Promise<Account> {
  const account = { email: `${name}.requests.${run}@lab.org`, password: `${name}-password-1` };
  await postAsAdmin(page, '/api/account/users/', {
    ...account,
    confirm_password: account.password,
    first_name: name,
    last_name: 'Tester',
    role: 'lab_user',
    labs,
  });
  return account;
}

/** A page of a fresh browser context, signed in as a lab user, on their lab page. */
async function labPage(browser: Browser, { email, password }: Account): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/adminapp/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/lab$/);
  return page;
}

test('a member requests, the manager approves less, the store fulfils, and the statement shows the cost', async ({
  page,
  browser,
}) => {
  test.slow();
  const item = `Requested acetone ${run}`;
  const lab = await postAsAdmin<{ id: number; name: string }>(page, '/api/management/store-consumers/', {
    name: `Requesting Lab ${run}`,
    consumer_type: 'ORGANIC',
    room_number: '214',
    building_name: 'Science Building',
  });
  const record = await createStock(page, 'chemicalobjs', {
    name: item,
    CAS_RN: '67-64-1',
    molecular_formula: 'C3H6O',
    purity: 99.8,
    manufacturer: 'Merck',
    supplier: 'Daraz',
    state: 'LIQUID',
    quantity: 250,
    unit_price: 0.05,
  });
  const member = await createAccount(page, 'kim', [{ location: lab.id, role: 'member' }]);
  const manager = await createAccount(page, 'mia', [{ location: lab.id, role: 'manager' }]);
  await postAsAdmin(page, `/api/labs/${lab.id}/funds/`, { code: `ERC-${run}`, name: 'ERC grant' });
  const fund = `ERC-${run} ERC grant`;

  // The member asks for 100 ml.
  const memberPage = await labPage(browser, member);
  await memberPage.getByRole('tab', { name: 'Requests' }).click();
  await memberPage.getByRole('button', { name: 'New request' }).click();
  const form = memberPage.getByRole('dialog', { name: `New request for ${lab.name}` });
  await form.getByRole('combobox', { name: 'Add an item' }).fill(item);
  await memberPage.getByRole('option', { name: new RegExp(`^${item}`) }).click();
  await form.getByRole('spinbutton', { name: `Quantity of ${item}` }).fill('100');
  await expect(form.getByLabel(`Estimated cost of ${item}: 5.00 EUR`)).toBeVisible();
  await form.getByRole('combobox', { name: /^Fund/ }).click();
  await memberPage.getByRole('option', { name: fund }).click();
  await form.getByRole('button', { name: 'Submit request' }).click();
  await expect(form).toBeHidden();
  const submitted = memberPage.getByRole('article', { name: /^Request #\d+$/ });
  await expect(submitted.getByText('Submitted', { exact: true })).toBeVisible();
  const requestId = Number((await submitted.getByRole('heading').first().textContent())?.match(/\d+/)?.[0]);

  // The manager approves 60 ml of it.
  const managerPage = await labPage(browser, manager);
  await managerPage.getByRole('tab', { name: 'Requests, 1 request to approve' }).click();
  const toApprove = managerPage.getByRole('article', { name: `Request #${requestId}` });
  await toApprove.getByRole('button', { name: 'Approve' }).click();
  const approval = managerPage.getByRole('dialog', { name: `Approve request #${requestId}` });
  await approval.getByRole('spinbutton', { name: `Approved quantity of ${item}` }).fill('60');
  await approval.getByRole('button', { name: 'Approve' }).click();
  await expect(managerPage.getByText(`Request #${requestId} approved.`)).toBeVisible();
  await expect(toApprove.getByRole('row', { name: new RegExp(`${item}.*100 ml.*60 ml`) })).toBeVisible();
  await expect(toApprove.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The store fulfils it with the suggested record.
  const storeContext = await browser.newContext({ storageState: adminStorageState });
  const store = await storeContext.newPage();
  await store.goto('/adminapp');
  await openPage(store, 'Requests');
  await store.getByRole('button', { name: `Fulfil request ${requestId}` }).click();
  const fulfil = store.getByRole('dialog', { name: `Fulfil request #${requestId} of ${lab.name}` });
  await expect(
    fulfil.getByRole('spinbutton', { name: `Quantity of Chemical #${record.id} for ${item}` }),
  ).toHaveValue('60');
  await fulfil.getByRole('button', { name: 'Fulfil' }).click();
  await expect(
    store.getByText(new RegExp(`^Issue #\\d+ to ${lab.name} made: request #${requestId} is fulfilled\\.$`)),
  ).toBeVisible();

  const token = await adminAccessToken(page.request);
  const stock = await page.request.get(`/api/storeobjects/chemicalobjs/${record.id}/`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(((await stock.json()) as { quantity: number }).quantity).toBe(190);

  // The lab's statement of this month holds the charge: 60 ml at 0.05 EUR.
  await managerPage.getByRole('tab', { name: 'Statement' }).click();
  const charges = managerPage.getByRole('table', { name: `Charges to ${fund}` });
  await expect(charges.getByRole('row', { name: new RegExp(`${item}.*60 ml.*3\\.00 EUR`) })).toBeVisible();
  await managerPage.screenshot({ path: 'test-results/lab-statement.png', fullPage: true });
  await expect(memberPage.getByRole('tab', { name: 'Statement' })).toHaveCount(0);
});
