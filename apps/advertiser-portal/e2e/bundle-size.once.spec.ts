import { expect, LOGIN_BUDGET_BYTES, loginBundleChecks, measurePageLoad, test } from '@terres/e2e/test';

// The sign-in page is the first page most people load, often on a phone on site (issues 9, 21
// and 23); the checks are the same in both apps (@terres/e2e's loginBundleChecks).
test('/login loads no map engine', loginBundleChecks.noMapEngine);
test('/login loads at most 120 KB of JavaScript, CSS and fonts (gzip), the typeface included', loginBundleChecks.withinBudget);

// /register is the portal's other first page (a new account, often on a phone): a page of its own
// as /login is (decision 0182), within the same budget.
test('/register loads at most 120 KB of JavaScript, CSS and fonts (gzip), the typeface included', async ({ page, stack, appName }) => {
  const load = await measurePageLoad(page, {
    distDir: stack.apps[appName].distDir!,
    path: '/register',
    page: 'register.html',
    ready: (p) => expect(p.getByRole('heading', { level: 1, name: 'Création de votre compte' })).toBeVisible(),
  });
  expect(load.totalGzipBytes, `initial load of /register in bytes (gzip), budget ${LOGIN_BUDGET_BYTES}`).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
});

// /accept-invitation is an invited collaborator's first page, opened from the e-mail (often on a
// phone): a page of its own too, within the same budget.
test('/accept-invitation loads at most 120 KB of JavaScript, CSS and fonts (gzip), the typeface included', async ({ page, stack, appName }) => {
  const load = await measurePageLoad(page, {
    distDir: stack.apps[appName].distDir!,
    path: '/accept-invitation',
    page: 'accept-invitation.html',
    ready: (p) => expect(p.getByRole('heading', { level: 1, name: "Accepter l'invitation" })).toBeVisible(),
  });
  expect(load.totalGzipBytes, `initial load of /accept-invitation in bytes (gzip), budget ${LOGIN_BUDGET_BYTES}`).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
});
