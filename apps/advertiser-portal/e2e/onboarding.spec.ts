import { expect, expectNoAxeViolations, registerOwner, screenshot, signIn, test, uniqueEmail, uniqueSiret } from '@terres/e2e/test';
import type { Page } from '@playwright/test';

// Acceptance plan (issue 9): a new owner registers, completes the profile and the four
// organisation steps, invites a collaborator on the way, and reaches the dashboard; the
// collaborator accepts the e-mailed invitation, signs in and works in the same organisation,
// without the owner's pages ('Collaborateurs', 'Acheter des crédits').

const ORGANISATION = 'Terrassements du Ried';
const LISTING = 'Remblai de la sablière du Ried';

async function fill(page: Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
}

async function checkPage(page: Page, name: string) {
  await expectNoAxeViolations(page);
  await screenshot(page, name);
}

test('a new owner onboards, invites a collaborator who joins the same organisation', async ({ page, mail, api }) => {
  const ownerEmail = uniqueEmail('owner');
  const employeeEmail = uniqueEmail('collaborator');
  let invitedAt = 0;

  await test.step('the owner registers and is asked for a profile', async () => {
    await registerOwner(page, ownerEmail);
    await expect(page).toHaveURL(/\/onboarding\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mes informations' })).toBeVisible();
    await expect(page).toHaveTitle('Mes informations · Bourse aux terres');
    await checkPage(page, 'onboarding-profile');
  });

  await test.step("profile: 'Suivant' waits for the three fields, then the thanks page", async () => {
    const next = page.getByRole('button', { name: 'Suivant' });
    await expect(next).toBeDisabled();
    await fill(page, { Nom: 'Meyer', Prénom: 'Claire', 'Numéro de téléphone': '06 20 30 40 50' });
    await expect(next).toBeEnabled();
    await next.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Merci pour votre inscription' })).toBeVisible();
    await checkPage(page, 'onboarding-thanks');
    await page.getByRole('link', { name: 'Créer le compte de mon organisation' }).click();
  });

  await test.step('step 1/4 Informations légales: Continuer only with a valid SIRET', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Informations légales' })).toBeVisible();
    await expect(page.getByText('Étape 1/4')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Pays', exact: true })).toHaveValue('France');
    await fill(page, {
      'Raison sociale': ORGANISATION,
      SIRET: '73282932000075',
      'Forme juridique': 'SARL',
      Adresse: '4 rue du Canal',
      'Code postal': '67600',
      Ville: 'Sélestat',
    });
    await page.getByRole('textbox', { name: 'Ville', exact: true }).press('Tab');
    await expect(page.getByText('Le numéro SIRET est invalide.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continuer' })).toBeDisabled();
    await checkPage(page, 'onboarding-step-1-invalid');
    // A SIRET of its own: a retried run must not meet its first organisation's (409).
    await fill(page, { SIRET: uniqueSiret() });
    await page.getByRole('button', { name: 'Continuer' }).click();
  });

  await test.step('step 2/4 Coordonnées, with the way back', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Coordonnées' })).toBeVisible();
    await expect(page.getByRole('link', { name: "Retour à l'étape précédente" })).toHaveAttribute('href', '/onboarding/step-1');
    await fill(page, {
      "Email de l'organisation": 'contact@terrassements-ried.fr',
      'Téléphone fixe': '03 88 92 00 00',
      'Téléphone portable': '06 20 30 40 51',
    });
    await checkPage(page, 'onboarding-step-2');
    await page.getByRole('button', { name: 'Continuer' }).click();
  });

  await test.step('step 3/4 Représentant légal', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Représentant légal' })).toBeVisible();
    await fill(page, {
      Nom: 'Meyer',
      Prénom: 'Claire',
      Fonction: 'Gérante',
      'Email personnel': 'claire.meyer@terrassements-ried.fr',
      'Téléphone personnel': '06 20 30 40 50',
    });
    await checkPage(page, 'onboarding-step-3');
    await page.getByRole('button', { name: 'Continuer' }).click();
  });

  await test.step('step 4/4: the owner invites a collaborator', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Ajouter des collaborateurs' })).toBeVisible();
    const field = page.getByRole('textbox', { name: 'Adresse email du collaborateur', exact: true });
    await field.fill(ownerEmail);
    await field.press('Tab');
    await expect(page.getByText('Vous ne pouvez pas vous inviter vous-même')).toBeVisible();
    await expect(page.getByRole('button', { name: "Envoyer l'invitation" })).toBeDisabled();
    await field.fill(employeeEmail);
    invitedAt = Date.now();
    await page.getByRole('button', { name: "Envoyer l'invitation" }).click();
    await expect(page.getByText('Invitation envoyée avec succès', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Collaborateurs invités' })).toContainText(employeeEmail);
    await expect(field).toHaveValue('');
    await checkPage(page, 'onboarding-step-4');
  });

  await test.step("'Terminer l'inscription' leads to the dashboard", async () => {
    await page.getByRole('button', { name: "Terminer l'inscription" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mes annonces' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Acheter des crédits' }).first()).toBeVisible();
    await checkPage(page, 'owner-dashboard');
  });

  await test.step("the organisation's first listing (a draft, through the API: the owner has no credits)", async () => {
    const session = await api.signIn(ownerEmail);
    await api.call(session, 'POST', '/inquiries', { type: 'FILL', project_name: LISTING, status: 'DRAFT' });
    await page.reload();
    await expect(page.getByRole('table', { name: 'Annonces de votre organisation' }).getByRole('link', { name: LISTING })).toBeVisible();
  });

  await test.step('the owner sees the invitation pending among the collaborators, then signs out', async () => {
    await page.goto('/user/account/collaborators');
    const row = page.getByRole('list', { name: 'Vos collaborateurs' }).getByRole('listitem').filter({ hasText: employeeEmail });
    await expect(row.getByText('Invitation en attente')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Renvoyer' })).toBeVisible();
    await checkPage(page, 'owner-collaborators');
    await page.getByRole('button', { name: 'Claire' }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/login/);
  });

  await test.step('the collaborator opens the e-mailed link and accepts with the code', async () => {
    const link = await mail.lastLink(employeeEmail, '/accept-invitation', { since: invitedAt });
    const codeAsked = Date.now();
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: "Accepter l'invitation" })).toBeVisible();
    await expect(page.getByText(employeeEmail)).toBeVisible();
    const submit = page.getByRole('button', { name: 'Vérifier et se connecter' });
    await expect(submit).toBeDisabled();
    await checkPage(page, 'invitation-code');
    const code = await mail.lastCode(employeeEmail, { since: codeAsked });
    await page.getByRole('textbox', { name: 'Code de vérification' }).fill(code);
    await submit.click();
    await expect(page.getByText('Bienvenue ! Vous êtes maintenant connecté', { exact: true })).toBeVisible();
  });

  await test.step('the new collaborator completes a profile and reaches the dashboard', async () => {
    await expect(page).toHaveURL(/\/onboarding\/profile$/);
    await fill(page, { Nom: 'Roth', Prénom: 'Hugo', 'Numéro de téléphone': '06 70 80 90 00' });
    await page.getByRole('button', { name: 'Suivant' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mes annonces' })).toBeVisible();
    // The organisation's listings are the collaborator's too.
    await expect(page.getByRole('table', { name: 'Annonces de votre organisation' }).getByRole('link', { name: LISTING })).toBeVisible();
    await checkPage(page, 'employee-dashboard');
  });

  await test.step('signed out and in again, the collaborator works in the same organisation, without the owner pages', async () => {
    await page.getByRole('button', { name: 'Hugo' }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await signIn(page, employeeEmail);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('link', { name: 'Acheter des crédits' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Mon Compte' }).click();
    const tabs = page.getByRole('navigation', { name: 'Mon Compte' });
    await expect(tabs.getByRole('link', { name: 'Mes informations' })).toBeVisible();
    await expect(tabs.getByRole('link', { name: 'Collaborateurs' })).toHaveCount(0);
    await tabs.getByRole('link', { name: 'Mon organisation' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Votre organisation' })).toBeVisible();
    await expect(page.getByText(ORGANISATION)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Modifier' })).toHaveCount(0);
    await checkPage(page, 'employee-organisation');
    await page.goto('/user/account/collaborators');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/credits/buy');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
