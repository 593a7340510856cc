import { adminEmail, adminPassword, adminStorageState, expect, openPage, signIn, test } from './fixtures';

test.describe('signing in', () => {
  test('an administrator signs in through the login screen and logs out', async ({ page }) => {
    await signIn(page, adminEmail, adminPassword);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/adminapp\/login$/);
    // The token is gone: the admin area sends us back to the login screen.
    await page.goto('/adminapp');
    await expect(page).toHaveURL(/\/adminapp\/login$/);
  });

  test('a wrong password is refused with the spec text', async ({ page }) => {
    await page.goto('/adminapp/login');
    await page.getByLabel('Email').fill(adminEmail);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Invalid Email or Password.')).toBeVisible();
    await expect(page).toHaveURL(/\/adminapp\/login$/);
  });

  test('a tampered token in localStorage lands on the login screen', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() =>
      localStorage.setItem('labstore.accessToken', 'eyJhbGciOiJIUzI1NiJ9.e30.tampered'),
    );
    await page.goto('/adminapp');
    await expect(page).toHaveURL(/\/adminapp\/login$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('labstore.accessToken'))).toBeNull();
  });
});

test.describe('user accounts', () => {
  test.use({ storageState: adminStorageState });

  test('superuser rows cannot be reset, edited or deleted', async ({ page }) => {
    await page.goto('/adminapp');
    await openPage(page, 'User Managment');
    const row = page.getByRole('row', { name: new RegExp(adminEmail) });
    await expect(row.getByRole('button', { name: `Reset password for ${adminEmail}` })).toBeDisabled();
    await expect(row.getByRole('button', { name: `Edit ${adminEmail}` })).toBeDisabled();
    await expect(row.getByRole('button', { name: `Delete ${adminEmail}` })).toBeDisabled();
  });

  test('create, edit, reset the password of, sign in as, and delete a user', async ({ page, browser }) => {
    const email = `ann.${Date.now()}@lab.org`;
    await page.goto('/adminapp');
    await openPage(page, 'User Managment');

    await page.getByRole('button', { name: 'New User' }).click();
    const create = page.getByRole('dialog', { name: 'Create a New User' });
    await create.getByLabel('Email').fill(email);
    await create.getByLabel('First Name').fill('Ann');
    await create.getByLabel('Last Name').fill('Lee');
    await create.getByLabel(/^Password/).fill('first-password-1');
    await create.getByLabel('Confirm Password').fill('first-password-1');
    // The role is chosen, never assumed.
    await create.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Store manager' }).click();
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(email) });
    await expect(row).toContainText('Ann');

    await row.getByRole('button', { name: `Edit ${email}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User Information' });
    await edit.getByLabel('Last Name').fill('Leeds');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('Leeds');

    await row.getByRole('button', { name: `Reset password for ${email}` }).click();
    const reset = page.getByRole('dialog', { name: 'Reset Password' });
    await reset.getByLabel(/^Password/).fill('second-password-2');
    await reset.getByLabel('Repeat Password').fill('second-password-2');
    await reset.getByRole('button', { name: 'Reset' }).click();
    await expect(reset).toBeHidden();

    // The new user signs in with the new password in a browser of their own, then logs out.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage, email, 'second-password-2');
    await otherPage.getByRole('button', { name: 'Logout' }).click();
    await expect(otherPage).toHaveURL(/\/adminapp\/login$/);
    await other.close();

    await row.getByRole('button', { name: `Delete ${email}` }).click();
    const remove = page.getByRole('dialog', { name: 'Delete User Account' });
    await expect(remove).toContainText(email);
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect(remove).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(email) })).toHaveCount(0);
  });
});

test('the public area opens without signing in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'LabStore' })).toBeVisible();
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(page).toHaveURL(/\/adminapp\/login$/);
});
