import { expect, expectFitsScreen, expectAppFace, expectNoAxeViolations, screenshot, signIn, test } from '@terres/e2e/test';
import { logoSvg } from '@terres/ui/tokens';

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
  await expectFitsScreen(page);
  await screenshot(page, 'first-page');
});

// Issue 21, one face: the apps' typeface is served and used (not the system's DejaVu), preloaded,
// the favicon is the logo mark; /login and a list page looked at at both widths.
test('the console wears its own typeface and favicon', async ({ page, request, stack }) => {
  await expectAppFace(page, request, logoSvg());
  await test.step('the listings, in the same face', async () => {
    await signIn(page, stack.adminEmails[0]!);
    await expect(page).toHaveURL(/\/admin\/inquiries/);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectFitsScreen(page);
    await screenshot(page, 'face-inquiries');
  });
});
