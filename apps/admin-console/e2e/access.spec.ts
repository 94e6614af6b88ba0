import {
  enterCode,
  expect,
  expectFitsScreen,
  expectNoAxeViolations,
  screenshot,
  SIGN_IN_TEXTS,
  signIn,
  test,
  uniqueEmail,
} from '@terres/e2e/test';

// Issue 10, access (spec §2 route table, §6): only admins get into the console. An owner who
// signs in with a good code is told so and signed out; an admin gets in, finds the help page
// from the header, and any other path brings them back to the listings. axe on each page.

const NOT_ADMIN = 'Cette console est réservée aux administrateurs.';

test('a non-admin is refused and signed out; an admin gets in and finds the help page', async ({ page, api, stack }) => {
  const ownerEmail = uniqueEmail('not-admin');
  await api.seedOwner({ email: ownerEmail });

  await test.step('an owner signs in with a good code and is told the console is for admins only', async () => {
    await page.goto('/admin/organizations');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.getByRole('textbox', { name: SIGN_IN_TEXTS.emailLabel, exact: true }).fill(ownerEmail);
    const since = Date.now();
    await page.getByRole('button', { name: SIGN_IN_TEXTS.loginButton, exact: true }).click();
    await enterCode(page, ownerEmail, since);
    await expect(page.getByRole('status').filter({ hasText: NOT_ADMIN })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    // A fresh sign-in screen for the next person.
    await expect(page.getByRole('textbox', { name: SIGN_IN_TEXTS.emailLabel, exact: true })).toHaveValue('');
    await expectNoAxeViolations(page);
    await expectFitsScreen(page);
    await screenshot(page, 'login-not-admin');
  });

  await test.step('the owner is signed out: the console asks to sign in again', async () => {
    await page.goto('/admin/inquiries');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Finquiries/);
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion à votre compte' })).toBeVisible();
    await expect(page.getByText(NOT_ADMIN)).toHaveCount(0);
  });

  await test.step('an admin gets in, and reaches the help page from the header', async () => {
    await signIn(page, stack.adminEmails[0]!, { goto: false });
    await expect(page).toHaveURL(/\/admin\/inquiries$/);
    await page.getByRole('banner').getByRole('link', { name: 'Aide' }).click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(page).toHaveTitle('Aide · Bourse aux terres');
    await expect(page.getByRole('heading', { level: 2, name: 'Questions fréquentes' })).toBeVisible();
    // The admins' own help, not the advertisers' FAQ (issue 21).
    await page.getByRole('button', { name: 'Comment valider ou refuser une annonce\u00a0?' }).click();
    await expect(page.getByText(/les crédits sont débités à la validation/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Comment créer une annonce\u00a0?' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expectFitsScreen(page);
    await screenshot(page, 'help');
  });

  await test.step('a reload keeps the admin signed in through the HttpOnly cookie; no token in storage (issue 20)', async () => {
    const refreshed = page.waitForResponse((response) => response.url().endsWith('/auth/refresh') && response.ok());
    await page.reload();
    await refreshed;
    await expect(page).toHaveURL(/\/help$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Questions fréquentes' })).toBeVisible();
    const cookies = await page.context().cookies(`${stack.apiUrl}/auth/refresh`);
    expect(cookies.find((cookie) => cookie.name === 'terres_refresh_console')).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth/refresh' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('terres_refresh');
    const keys = await page.evaluate(() => Object.keys(window.localStorage));
    expect(keys).not.toContain('accessToken');
    expect(keys).not.toContain('refreshToken');
  });

  await test.step('any other path goes to the listings table', async () => {
    await page.goto('/nulle/part');
    await expect(page).toHaveURL(/\/admin\/inquiries$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Liste des annonces' })).toBeVisible();
  });
});
