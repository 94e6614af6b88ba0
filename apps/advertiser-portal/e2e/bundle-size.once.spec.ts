import { expect, LOGIN_BUDGET_BYTES, loginBundleChecks, measurePageLoad, test } from '@terres/e2e/test';

// The sign-in page is the first page most people load, often on a phone on site (issues 9, 21
// and 23); the checks are the same in both apps (@terres/e2e's loginBundleChecks).
test('/login loads no map engine', loginBundleChecks.noMapEngine);
test('/login loads at most 120 KB of JavaScript, CSS and fonts (gzip), the typeface included', loginBundleChecks.withinBudget);

// The portal's other first pages, often opened on a phone from a link, are pages of their own as
// /login is (decision 0182), within the same budget: /register (a new account) and
// /accept-invitation (an invited collaborator, from the e-mail).
const FIRST_PAGES = [
  { path: '/register', heading: 'Création de votre compte' },
  { path: '/accept-invitation', heading: "Accepter l'invitation" },
];
for (const { path, heading } of FIRST_PAGES) {
  test(`${path} loads at most 120 KB of JavaScript, CSS and fonts (gzip), the typeface included`, async ({ page, stack, appName }) => {
    const load = await measurePageLoad(page, {
      distDir: stack.apps[appName].distDir!,
      path,
      page: `${path.slice(1)}.html`,
      ready: (p) => expect(p.getByRole('heading', { level: 1, name: heading })).toBeVisible(),
    });
    expect(load.totalGzipBytes, `initial load of ${path} in bytes (gzip), budget ${LOGIN_BUDGET_BYTES}`).toBeLessThanOrEqual(LOGIN_BUDGET_BYTES);
  });
}
