import { enterCode, expect, signIn, test, uniqueEmail } from '@terres/e2e/test';

// /login opened from the address bar is login.html, a page of its own (decision 0182, issue 23),
// /register register.html and /accept-invitation accept-invitation.html:
// React and the sign-in screen, without the router and the query cache (the `framework` file of
// tooling/vite). Once the code is right the app starts in the same page, on the page the user
// was going to, with the access token still in this tab's memory (no renewal, no reload).

test('/login from the address bar: the sign-in screen alone, then the page asked for, in the same page', async ({ page, api }) => {
  const email = uniqueEmail('page');
  await api.seedOwner({ email, credits: 10, profile: { first_name: 'Inès', last_name: 'Moreau', phone_number: '06 11 22 33 44' } });
  const scripts: string[] = [];
  const refreshes: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'script') scripts.push(pathname);
    if (pathname.endsWith('/auth/refresh')) refreshes.push(pathname);
  });

  await page.goto('/login?redirect=%2Fhelp');
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion à votre compte' })).toBeVisible();
  await expect(page).toHaveTitle('Connexion · Bourse aux terres');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((script) => /\/assets\/framework-/.test(script)), "the router's code, before the e-mail is sent").toEqual([]);
  await expect(page.getByRole('link', { name: 'Inscrivez-vous ici' })).toHaveAttribute('href', '/register');

  await page.evaluate(() => {
    (window as unknown as { samePage: boolean }).samePage = true;
  });
  await signIn(page, email, { goto: false });
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole('link', { name: 'Revenir à mes annonces' })).toBeVisible();
  await expect(page).toHaveTitle('Aide · Bourse aux terres');
  expect(scripts.filter((script) => /\/assets\/framework-/.test(script)), "the router's code, once").toHaveLength(1);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage), 'the page was not reloaded').toBe(true);
  expect(refreshes, 'the session was not renewed: its access token stayed in memory').toEqual([]);

  await test.step('signed in, /login from the address bar goes to the dashboard', async () => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mes annonces' })).toBeVisible();
  });
});

test('/register from the address bar: the sign-in screen alone, then the onboarding, in the same page', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Création de votre compte' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((script) => /\/assets\/framework-/.test(script)), "the router's code, before the e-mail is sent").toEqual([]);
  await expect(page.getByRole('link', { name: 'Connectez-vous ici' })).toHaveAttribute('href', '/login');
  await page.evaluate(() => {
    (window as unknown as { samePage: boolean }).samePage = true;
  });
  const email = uniqueEmail('newcomer-page');
  await page.getByRole('textbox', { name: 'Votre email', exact: true }).fill(email);
  const since = Date.now();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await enterCode(page, email, since);
  // A new account's home sends it to the onboarding's first step (the completeness guard).
  await expect(page).toHaveURL(/\/onboarding\/profile$/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage), 'the page was not reloaded').toBe(true);
});

test("an invitation's link: the invitation screen alone, then the collaborator's onboarding, in the same page", async ({ page, api, mail }) => {
  const owner = await api.seedOwner({ email: uniqueEmail('inviting-owner'), credits: 0 });
  const invited = uniqueEmail('invited-page');
  const invitedAt = Date.now();
  await api.call(owner.session, 'POST', '/users/invite', { email: invited });
  const link = await mail.lastLink(invited, '/accept-invitation', { since: invitedAt });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });

  const codeAsked = Date.now();
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: "Accepter l'invitation" })).toBeVisible();
  await expect(page).toHaveTitle("Accepter l'invitation · Bourse aux terres");
  await expect(page.getByText(invited)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((script) => /\/assets\/framework-/.test(script)), "the router's code, before the code is sent").toEqual([]);
  await page.evaluate(() => {
    (window as unknown as { samePage: boolean }).samePage = true;
  });

  await page.getByRole('textbox', { name: 'Code de vérification' }).fill(await mail.lastCode(invited, { since: codeAsked }));
  await page.getByRole('button', { name: 'Vérifier et se connecter' }).click();
  await expect(page.getByText('Bienvenue ! Vous êtes maintenant connecté', { exact: true })).toBeVisible();
  // The dashboard's completeness guard asks a new collaborator for their profile first.
  await expect(page).toHaveURL(/\/onboarding\/profile$/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage), 'the page was not reloaded').toBe(true);
});
