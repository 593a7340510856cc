import { test as setup } from '@playwright/test';
import { adminEmail, adminPassword, adminStorageState, signIn } from './fixtures';

// Signs in once through the UI; the other tests start from the saved browser state.
setup('sign in as the first administrator', async ({ page }) => {
  await signIn(page, adminEmail, adminPassword);
  await page.context().storageState({ path: adminStorageState });
});
