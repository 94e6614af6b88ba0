import type { Page } from '@playwright/test';
import {
  completeListing,
  expect,
  expectFitsScreen,
  expectNoAxeViolations,
  pdf,
  screenshot,
  signIn,
  test,
  uniqueEmail,
  uniqueWord,
  type E2eApi,
  type Session,
} from '@terres/e2e/test';

// Issue 10, the rest of what an admin does in the spec, in Chromium against the real API: the
// listings table's filters (drafts only when asked, CONTRACT §11) and page sizes; the
// organisation's edit form (Modifier, Annuler resets, Enregistrer with the spec's toast); a
// document sent by the platform ('Envoyés', the advertiser sees it as the platform's); the map's
// address search recentring on another city's listing. Issue 21: the sidebar's queues open their
// filtered lists, the listing's history tells what happened, the map page opens on the map with
// its legend and the figures under it. axe on each new state, 375 and 1280 px.

/** A FILL listing submitted for validation at the Strasbourg site 'Rue du Havre'. */
async function seedPendingInStrasbourg(api: E2eApi, owner: Session, projectName: string): Promise<string> {
  const listing = await api.call<{ id: string }>(owner, 'POST', '/inquiries', { type: 'FILL', project_name: projectName, status: 'DRAFT' });
  await api.call(owner, 'PUT', `/inquiries/${listing.id}`, completeListing(3, { type: 'FILL', parcels: 1, quantity: 2, materialQuantity: 3000 }));
  await api.upload(owner, listing.id, 'PERMISSION', 'permis.pdf');
  await api.call(owner, 'PUT', `/inquiries/${listing.id}`, { status: 'PENDING_VALIDATION' });
  return listing.id;
}

async function chooseOption(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test("an admin filters the listings, edits an organisation, sends a document and recentres the map", async ({ page, api, stack }) => {
  const word = uniqueWord('t');
  const organisationName = `Remblais de l’Ill ${word}`;
  // Not verified yet: the sidebar's 'Organisations à vérifier' lists it (issue 21).
  const { session: owner, organizationId } = await api.seedOwner({ email: uniqueEmail('tasks'), credits: 300, verified: false, organization: { name: organisationName } });
  const draftName = `Brouillon du quai ${word}`;
  const draft = await api.call<{ id: string }>(owner, 'POST', '/inquiries', { type: 'CUT', project_name: draftName, status: 'DRAFT' });
  const pendingName = `Comblement du port du Rhin ${word}`;
  const pendingId = await seedPendingInStrasbourg(api, owner, pendingName);

  await signIn(page, stack.adminEmails[0]!);
  await expect(page).toHaveURL(/\/admin\/inquiries/);

  await test.step("the table hides the organisation's draft until the status filter asks for drafts", async () => {
    const table = page.getByRole('table', { name: 'Annonces de toutes les organisations' });
    await page.getByRole('searchbox', { name: 'Rechercher une annonce' }).fill(word);
    await expect(table.getByRole('link', { name: pendingName })).toBeVisible();
    await expect(table.getByRole('link', { name: draftName })).toHaveCount(0);
    await chooseOption(page, 'Statut', 'Brouillon');
    await expect(table.getByRole('link', { name: draftName })).toBeVisible();
    await expect(table.getByRole('link', { name: pendingName })).toHaveCount(0);
    await expect(page).toHaveURL(/status=DRAFT/);
    await chooseOption(page, 'Statut', 'Tous (hors brouillons)');
    await chooseOption(page, 'Type', 'Remblais');
    await expect(table.getByRole('link', { name: pendingName })).toBeVisible();
    await chooseOption(page, 'Type', 'Déblais');
    await expect(page.getByText('Aucune donnée')).toBeVisible();
    await page.getByRole('button', { name: 'Réinitialiser' }).click();
    await page.getByRole('combobox', { name: 'Lignes par page' }).selectOption('10');
    await expect(page).toHaveURL(/size=10/);
    await expect(table.getByRole('link', { name: pendingName })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectFitsScreen(page);
    await screenshot(page, 'listings-filters');
  });

  await test.step('the organisation is edited: Annuler puts the values back, Enregistrer saves', async () => {
    await page.goto(`/admin/organizations/details/${organizationId}`);
    await expect(page.getByRole('heading', { level: 1, name: organisationName })).toBeVisible();
    await page.getByRole('button', { name: 'Modifier' }).click();
    const city = page.getByRole('textbox', { name: /^Ville/ });
    const before = await city.inputValue();
    await city.fill('Colmar');
    await page.getByRole('button', { name: 'Annuler' }).click();
    await expect(page.getByRole('button', { name: 'Enregistrer' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Modifier' }).click();
    await expect(page.getByRole('textbox', { name: /^Ville/ })).toHaveValue(before);
    await page.getByRole('textbox', { name: /^Ville/ }).fill('Colmar');
    await page.getByRole('textbox', { name: /^Fonction/ }).fill('Directrice générale');
    await expectNoAxeViolations(page);
    await expectFitsScreen(page);
    await screenshot(page, 'organisation-edit');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Organisation mise à jour avec succès !', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Modifier' })).toBeVisible();
    const saved = await api.call<{ city: string; representativePosition: string }>(await api.admin(), 'GET', `/organizations/${organizationId}`);
    expect(saved).toMatchObject({ city: 'Colmar', representativePosition: 'Directrice générale' });
  });

  await test.step("the sidebar's queues open their lists, filtered, the filter shown and removable (issue 21)", async () => {
    const queues = page.getByRole('navigation', { name: 'À traiter' });
    await queues.getByRole('link', { name: /^Organisations à vérifier/ }).click();
    await expect(page).toHaveURL(/\/admin\/organizations\?verified=false/);
    await expect(page.getByRole('combobox', { name: 'Vérification' })).toHaveText('À vérifier (non vérifiées)');
    await page.getByRole('searchbox', { name: 'Rechercher une organisation' }).fill(word);
    const organisations = page.getByRole('table', { name: 'Liste des organisations' });
    await expect(organisations.getByRole('link', { name: organisationName })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, 'queue-organisations-to-verify');
    await chooseOption(page, 'Vérification', 'Vérifiées');
    await expect(page).toHaveURL(/verified=true/);
    await expect(organisations.getByRole('link', { name: organisationName })).toHaveCount(0);
    await page.getByRole('button', { name: 'Réinitialiser' }).click();
    await expect(page).not.toHaveURL(/verified=/);

    await queues.getByRole('link', { name: /^Études de sol confiées/ }).click();
    await expect(page).toHaveURL(/\/admin\/soil-studies\?state=delegated/);
    await expect(page.getByRole('combobox', { name: 'Étude' })).toHaveText('Confiées à la plateforme, à réaliser');
    await page.getByRole('searchbox', { name: 'Rechercher une étude' }).fill(word);
    const studies = page.getByRole('table', { name: 'Études de sol des annonces' });
    await expect(studies.getByRole('row').filter({ hasText: organisationName })).toHaveCount(1);
    await expectNoAxeViolations(page);
    await screenshot(page, 'queue-soil-studies-delegated');
  });

  await test.step("a document sent by the platform is under 'Envoyés', and the advertiser has it", async () => {
    await page.goto(`/admin/inquiry/details/${pendingId}/documents`);
    // The advertiser delegated the soil study: the platform's file is offered as one.
    await expect(page.getByRole('combobox', { name: 'Type de document' })).toHaveText('Étude de sol');
    await page.getByLabel('Fichier à envoyer').setInputFiles({
      name: 'étude de sol – port du Rhin.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(pdf('étude de sol')),
    });
    // Picked, seen, then confirmed: nothing leaves before (review D2).
    await page.getByRole('region', { name: "Envoyer un document à l'annonceur" }).getByRole('button', { name: "Envoyer à l'annonceur" }).click();
    const confirm = page.getByRole('alertdialog', { name: "Envoyer ce document à l'annonceur ?" });
    await expect(confirm).toContainText('« étude de sol – port du Rhin.pdf » sera envoyé comme « Étude de sol »');
    await confirm.getByRole('button', { name: "Envoyer à l'annonceur" }).click();
    await expect(page.getByText("Document envoyé à l'annonceur.", { exact: true })).toBeVisible();
    const sent = page.getByRole('region', { name: 'Envoyés' });
    await expect(sent.getByRole('button', { name: 'Télécharger étude de sol – port du Rhin.pdf' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Déposés' }).getByRole('button', { name: 'Télécharger permis.pdf' })).toBeVisible();
    const documents = await api.call<{ fileName: string; source: string }[]>(owner, 'GET', `/inquiries/${pendingId}/documents`);
    expect(documents.map((document) => [document.fileName, document.source])).toContainEqual(['étude de sol – port du Rhin.pdf', 'PLATFORM']);
    await expectNoAxeViolations(page);
    await expectFitsScreen(page);
    await screenshot(page, 'listing-document-sent');
  });

  await test.step("the listing's history says, dated, who submitted it and which document the platform sent (issue 21)", async () => {
    await page.goto(`/admin/inquiry/details/${pendingId}/management`);
    const history = page.getByRole('region', { name: 'Historique' }).getByRole('listitem');
    await expect(history.first()).toContainText('Document envoyé à l’annonceur : Étude de sol « étude de sol – port du Rhin.pdf »');
    await expect(history.first()).toContainText('(administrateur)');
    await expect(history.first().locator('time')).toHaveText(/^\d{1,2}(er)? [a-zéû]+ \d{4} à \d{2}:\d{2}$/);
    await expect(history.filter({ hasText: 'Annonce soumise à validation' })).toHaveCount(1);
    await expect(history.filter({ hasText: 'Document déposé : Autorisation d’urbanisme « permis.pdf »' })).toHaveCount(1);
    await expectNoAxeViolations(page);
    await screenshot(page, 'listing-history');

    // The delegated study now has its file: it leaves the queue's list.
    await page.goto(`/admin/soil-studies?state=delegated&q=${word}`);
    await expect(page.getByText('Aucune donnée')).toBeVisible();
  });

  await test.step("the map's address search recentres on a listing in Strasbourg", async () => {
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Carte des annonces' }).click();
    // The page opens on the map; its legend under it, then the figures and the register (issue 21).
    const map = page.getByRole('region', { name: 'Carte des annonces de toutes les organisations' });
    await expect(map).toBeVisible();
    const legend = page.getByRole('group', { name: 'Légende' });
    await expect(legend.getByRole('listitem')).toHaveCount(3);
    const mapBox = (await map.boundingBox())!;
    const legendBox = (await legend.boundingBox())!;
    const figuresBox = (await page.getByRole('region', { name: 'Transferts réalisés' }).boundingBox())!;
    expect(legendBox.y).toBeGreaterThanOrEqual(mapBox.y + mapBox.height);
    expect(figuresBox.y).toBeGreaterThan(legendBox.y);
    const pin = page.getByTitle(`${pendingName} (remblai, en attente de validation)`);
    await expect(page.getByText(/annonces? dans cette zone\./)).toBeVisible();
    await expect(pin).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Centrer la carte sur une adresse' }).fill('rue du havre');
    await page.getByRole('option', { name: /5 Rue du Havre 67100 Strasbourg/ }).click();
    await expect(pin).toBeVisible();
    await pin.click();
    await expect(page.locator('.terres-map-popup').getByText(organisationName)).toBeVisible();
    await expectNoAxeViolations(page);
    await expectFitsScreen(page);
    await screenshot(page, 'map-address-search');
  });

  // The draft stays the advertiser's: nothing above changed it.
  expect(await api.call<{ status: string }>(owner, 'GET', `/inquiries/${draft.id}`)).toMatchObject({ status: 'DRAFT' });
});
