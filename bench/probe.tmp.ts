import { launchChromium } from '/work/wt/h10-store/bench/browser';
async function main() {
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  const page = await context.newPage();
  const t0 = Date.now();
  page.on('request', (r) => console.log('req', Date.now() - t0, r.url().replace(process.argv[2], '')));
  page.on('requestfinished', (r) =>
    console.log('fin', Date.now() - t0, r.url().replace(process.argv[2], '')),
  );
  await page.goto(process.argv[2]);
  await page.getByRole('heading', { name: 'Search' }).waitFor();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const store = page.getByRole('navigation').getByRole('button', { name: 'Store', exact: true });
  await store.waitFor();
  await page.waitForTimeout(500);
  console.log('CLICK', Date.now() - t0);
  await store.click();
  await page.locator('table[aria-label="Chemical stock"] tr[aria-rowindex="2"]:not([aria-busy])').waitFor();
  console.log('ROW', Date.now() - t0);
  await browser.close();
}
main();
