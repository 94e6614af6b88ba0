import { expect, expectNoAxeViolations, screenshot, signIn, test, uniqueEmail } from '@terres/e2e/test';

// Issue 9, "Sessions that last" (spec §4 "Session", CONTRACT §6) against the real API: an
// access token lost with the page (memory only since issue 20) is renewed at start-up through
// the HttpOnly refresh cookie, the stored user follows a profile change, an
// archived organisation's user is signed out with the reason. On the way, the pages the other
// journeys do not open (Mes informations in edit mode, the help page, the registration's code
// step) pass axe at both widths.

test('an owner back after the access token expired is still signed in, and a new first name reaches the header', async ({ page, api, stack }) => {
  const email = uniqueEmail('idle');
  await api.seedOwner({ email, credits: 10, profile: { first_name: 'Nina', last_name: 'Keller', phone_number: '06 10 20 30 40' } });
  await signIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Mes annonces' })).toBeVisible();

  await test.step('no token within reach of scripts: the refresh token is an HttpOnly cookie of the API (issue 20)', async () => {
    const cookies = await page.context().cookies(`${stack.apiUrl}/auth/refresh`);
    expect(cookies.find((cookie) => cookie.name === 'terres_refresh')).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth/refresh' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('terres_refresh');
    const stored = await page.evaluate(() => ({
      keys: Object.keys(window.localStorage).sort(),
      session: window.sessionStorage.length,
      values: Object.values(window.localStorage).join(' '),
    }));
    expect(stored.keys).not.toContain('accessToken');
    expect(stored.keys).not.toContain('refreshToken');
    expect(stored.session).toBe(0);
    expect(stored.values).not.toContain(cookies.find((cookie) => cookie.name === 'terres_refresh')!.value);
  });

  await test.step('a reload keeps the owner signed in: the access token, kept in memory, is renewed through the cookie', async () => {
    const refreshed = page.waitForResponse((response) => response.url().endsWith('/auth/refresh') && response.ok());
    await page.goto('/user/account/informations');
    await refreshed;
    await expect(page).toHaveURL(/\/user\/account\/informations$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Mes informations' })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, 'sessions-informations');
  });

  await test.step('Mes informations: the new first name is in the header at once and after a reload', async () => {
    await page.getByRole('button', { name: 'Modifier' }).click();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly', '');
    await expectNoAxeViolations(page);
    await screenshot(page, 'sessions-informations-edit');
    await page.getByRole('textbox', { name: 'Prénom' }).fill('Ninon');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Votre profil a été mis à jour avec succès !').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menu du compte, Ninon' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Menu du compte, Ninon' })).toBeVisible();
  });

  await test.step('the help page: the four questions and the contact', async () => {
    await page.getByRole('link', { name: 'Aide' }).click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(page).toHaveTitle('Aide · Bourse aux terres');
    await expect(page.getByRole('link', { name: 'Revenir à mes annonces' })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, 'sessions-help');
  });
});

test("an archived organisation's owner is signed out with the reason", async ({ page, api }) => {
  const email = uniqueEmail('archived');
  const owner = await api.seedOwner({ email, credits: 10 });
  await signIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Mes annonces' })).toBeVisible();

  await api.call(await api.admin(), 'DELETE', `/organizations/${owner.organizationId}/archive`);
  await page.getByRole('link', { name: 'Mon Compte' }).click();

  await expect(page).toHaveURL(/\/login\?redirect=/);
  await expect(page.getByText('Votre organisation a été archivée.')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('user'))).toBeNull();
  await expectNoAxeViolations(page);
  await screenshot(page, 'sessions-archived');
});

test("registration's code step, and 'Changer d'email' back to the e-mail", async ({ page }) => {
  const email = uniqueEmail('newcomer');
  await page.goto('/register');
  await expect(page).toHaveTitle('Création de votre compte · Bourse aux terres');
  await expectNoAxeViolations(page);
  await page.getByRole('textbox', { name: 'Votre email', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vérification du code' })).toBeVisible();
  await expect(page.getByText(`Un code à 6 chiffres a été envoyé à ${email}`)).toBeVisible();
  await expect(page.getByText('Un code de vérification a été envoyé à votre adresse email').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'sessions-register-code');
  await page.getByRole('button', { name: "Changer d'email" }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Création de votre compte' })).toBeVisible();
});

test('a keyboard user who presses the user menu before its code has arrived lands on « Se déconnecter »: a second Enter signs out', async ({ page, api }) => {
  const email = uniqueEmail('keys');
  await api.seedOwner({ email, credits: 0, profile: { first_name: 'Ninon', last_name: 'Keller', phone_number: '06 10 20 30 40' } });
  // The menu's code is held back until the button has been pressed (a slow phone network).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/user-menu-dropdown[-.][^/]*$/, async (route) => {
    await held;
    await route.continue();
  });
  await signIn(page, email);
  const trigger = page.getByRole('button', { name: 'Menu du compte, Ninon' });
  await trigger.focus();
  // The button drawn before the code (Radix's own carries an id).
  await expect(trigger).not.toHaveAttribute('id');
  await page.keyboard.press('Enter');
  release();
  await expect(page.getByRole('menuitem', { name: 'Se déconnecter' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
});
