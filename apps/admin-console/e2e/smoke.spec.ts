import { expect, expectNoAxeViolations, screenshot, test } from '@terres/e2e/test';

// What stays true whatever the console's first page becomes: French, named, accessible.
test('the console answers in French with an accessible first page', async ({ page }) => {
  await test.step('open the console', async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  });
  await test.step('the page says it is French and names itself', async () => {
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page).toHaveTitle(/Bourse aux terres/);
  });
  await expectNoAxeViolations(page);
  await screenshot(page, 'first-page');
});
