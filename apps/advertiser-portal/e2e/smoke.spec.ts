import { expect, expectAppFace, expectNoAxeViolations, screenshot, signIn, test, uniqueEmail } from '@terres/e2e/test';
import { logoSvg } from '@terres/ui/tokens';

// What stays true whatever the portal's first page becomes: French, named, accessible.
test('the portal answers in French with an accessible first page', async ({ page }) => {
  await test.step('open the portal', async () => {
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

// The journeys' axe check judges what the user reads, not a colour half way through a fade.
test('axe judges a page once its transitions have ended', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="fr"><head><title>Transition</title>
    <style>
      button { color: #fff; background: #d4d4d4; transition: background-color 1.5s linear; }
      button.ready { background: #1f5f38; }
      .spinner { width: 1rem; height: 1rem; animation: spin 1s linear infinite; }
      @keyframes spin { to { transform: rotate(1turn); } }
    </style></head>
    <body><main><h1>Transition</h1><div class="spinner" aria-hidden="true"></div><button type="button">Suivant</button></main></body></html>`);
  await page.locator('button').evaluate((button) => button.classList.add('ready'));
  await expectNoAxeViolations(page);
});

// Issue 21, one face: the apps' typeface is served and used (not the system's DejaVu), preloaded,
// the favicon is the logo mark; /login and the dashboard looked at at both widths.
test('the portal wears its own typeface and favicon', async ({ page, api, request }) => {
  await expectAppFace(page, request, logoSvg());
  await test.step('the dashboard, in the same face', async () => {
    const email = uniqueEmail('face');
    await api.seedOwner({ email });
    await signIn(page, email);
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await screenshot(page, 'face-dashboard');
  });
});
