import type { Page } from '@playwright/test';
import {
  ApiError,
  completeListing,
  expect,
  expectFitsScreen,
  expectNoAxeViolations,
  pdf,
  screenshot,
  signIn,
  test,
  uniqueEmail,
  type E2eApi,
  type Session,
  type StackInfo,
} from '@terres/e2e/test';

// Issue 10, the admin's organisations and map (spec §2 "Admin screens", §4 "Organisation
// (admin)", §5 credits dialog, §8 texts; CONTRACT §6 archiving): an admin verifies and credits an
// organisation, archives another (its owner's next call is refused at once), and opens the map
// and a listing's popup. axe on every page, at 375 and 1280 px.

/** A name no other journey of the run uses, with the accents an admin does not type. */
const uniqueName = (base: string) => `${base} ${Date.now().toString(36).slice(-5)}`;

async function signInAdmin(page: Page, stack: StackInfo) {
  await signIn(page, stack.adminEmails[0]!);
  await expect(page).toHaveURL(/\/admin\/inquiries/);
}

/** From the organisations table: search without accents, then open the organisation. */
async function openOrganisation(page: Page, name: string, search: string) {
  await page.goto('/admin/organizations');
  await expect(page.getByRole('table', { name: 'Liste des organisations' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Rechercher une organisation' }).fill(search);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** A pending listing of the owner's organisation at a fixture site (complete, with its permit). */
async function seedPendingListing(api: E2eApi, owner: Session, projectName: string): Promise<string> {
  const listing = await api.call<{ id: string }>(owner, 'POST', '/inquiries', { type: 'CUT', project_name: projectName, status: 'DRAFT' });
  await api.call(owner, 'PUT', `/inquiries/${listing.id}`, completeListing(0, { parcels: 1, quantity: 2, materialQuantity: 3000 }));
  await api.upload(owner, listing.id, 'PERMISSION', 'permis.pdf', pdf('permis de construire'));
  await api.call(owner, 'PUT', `/inquiries/${listing.id}`, { status: 'PENDING_VALIDATION' });
  return listing.id;
}

test('an admin verifies an organisation and adds credits to it', async ({ page, api, stack }) => {
  const name = uniqueName('Carrières Vérifiées');
  const owner = await api.seedOwner({ email: uniqueEmail('verifier'), verified: false, organization: { name } });
  await signInAdmin(page, stack);

  await test.step('find the organisation by typing its name without accents', async () => {
    await openOrganisation(page, name, name.replace('è', 'e').replace('é', 'e').toLowerCase());
    await expect(page).toHaveTitle(`${name} · Organisation · Bourse aux terres`);
    await expect(page.getByRole('checkbox', { name: 'Organisation vérifiée' })).not.toBeChecked();
    await expect(page.getByText('0 crédit', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('verify it', async () => {
    await page.getByRole('checkbox', { name: 'Organisation vérifiée' }).click();
    await expect(page.getByText('Organisation vérifiée avec succès !', { exact: true })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Organisation vérifiée' })).toBeChecked();
    const admin = await api.admin();
    expect(await api.call<{ verified: boolean }>(admin, 'GET', `/organizations/${owner.organizationId}`)).toMatchObject({ verified: true });
  });

  await test.step('add credits: 0 and 1000 are refused, 150 is granted once', async () => {
    await page.getByRole('button', { name: 'Ajouter des crédits +' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter des crédits' });
    const amount = dialog.getByRole('spinbutton', { name: /Nombre de crédits/ });
    await amount.fill('1000');
    await expect(dialog.getByText('Le montant de crédits doit être entre 1 et 999')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Ajouter' })).toBeDisabled();
    await amount.fill('150');
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    await expect(dialog.getByText('Le motif de l’ajout de crédits est requis')).toBeVisible();
    await dialog.getByRole('textbox', { name: /Motif/ }).fill('Geste commercial');
    await expectNoAxeViolations(page);
    await expectFitsScreen(page);
    await screenshot(page, 'organisation-credits-dialog');
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    await expect(page.getByText('150 crédits ajoutés avec succès !', { exact: true })).toBeVisible();
    await expect(page.getByText('150 crédits', { exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Mouvements de crédits de l’organisation' }).getByText('+150')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Mouvements de crédits de l’organisation' }).getByText(/^Geste commercial \(par /)).toBeVisible();
    const admin = await api.admin();
    expect(await api.call<{ creditBalance: number }>(admin, 'GET', `/organizations/${owner.organizationId}`)).toMatchObject({ creditBalance: 150 });
    await expectNoAxeViolations(page);
    await expectFitsScreen(page);
    await screenshot(page, 'organisation-detail');
  });
});

test('an admin archives an organisation: its owner is refused at once', async ({ page, api, stack }) => {
  const name = uniqueName('Démolitions Archivées');
  const owner = await api.seedOwner({ email: uniqueEmail('archived'), organization: { name } });
  // The owner is signed in and works.
  await api.call(owner.session, 'GET', '/users/me');
  await signInAdmin(page, stack);

  await test.step('archive it after the confirmation', async () => {
    await openOrganisation(page, name, name);
    await page.getByRole('button', { name: 'Archiver cette organisation' }).click();
    const confirm = page.getByRole('alertdialog', { name: new RegExp(`^Archiver ${name}`) });
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Archiver' }).click();
    await expect(page.getByText('Organisation archivée avec succès !', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/organizations$/);
  });

  await test.step("the owner's next call is refused", async () => {
    const refused = await api.call(owner.session, 'GET', '/users/me').then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(403);
    expect((refused as ApiError).problem).toMatchObject({ detail: 'Votre organisation a été archivée.' });
  });

  await test.step('the table lists it only when archived ones are asked for', async () => {
    await page.getByRole('searchbox', { name: 'Rechercher une organisation' }).fill(name);
    await expect(page.getByText('Aucune donnée')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Afficher les organisations archivées' }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
    await expect(row.getByText('Archivée')).toBeVisible();
    await expectNoAxeViolations(page);
    await expectFitsScreen(page);
    await screenshot(page, 'organisations-archived');
  });
});

test('an admin opens the map and a listing popup', async ({ page, api, stack }) => {
  const projectName = uniqueName('Friche de la carte');
  const { session: owner } = await api.seedOwner({ email: uniqueEmail('mapper'), credits: 200 });
  const listingId = await seedPendingListing(api, owner, projectName);
  await signInAdmin(page, stack);

  await test.step('the pins of the opening view, at zoom 13', async () => {
    await page.getByRole('link', { name: 'Carte des annonces' }).click();
    await expect(page).toHaveTitle('Carte des annonces · Bourse aux terres');
    await expect(page.getByTitle(`${projectName} (déblai, en attente de validation)`)).toBeVisible();
    await expect(page.getByText(/annonces? dans cette zone\./)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  await test.step('the popup names the project and the organisation and links to the listing', async () => {
    await page.getByTitle(`${projectName} (déblai, en attente de validation)`).click();
    const link = page.getByRole('link', { name: 'Voir l’annonce' });
    await expect(link).toBeVisible();
    const popup = page.locator('.terres-map-popup');
    await expect(popup.getByText(projectName)).toBeVisible();
    await expect(popup.getByText('Terrassements du Sundgau')).toBeVisible();
    await expect(popup.getByText('En attente de validation')).toBeVisible();
    await expectNoAxeViolations(page);
    await expectFitsScreen(page);
    await screenshot(page, 'map-popup');
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/admin/inquiry/details/${listingId}/overview$`));
  });
});
