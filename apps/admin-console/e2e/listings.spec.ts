import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import {
  completeListing,
  expect,
  expectFitsScreen,
  expectWithinScreenWidth,
  expectNoAxeViolations,
  FIXTURE_SITES,
  screenshot,
  signIn,
  test,
  uniqueEmail,
  uniqueWord,
  type E2eApi,
  type Session,
} from '@terres/e2e/test';

// Issue 10, the admin's listings (spec §2 "Admin screens", "Tables", §4 statuses, §8; CONTRACT
// §8 credits, §11 documents): an admin finds a listing by typing part of its project name
// without the accents, validates it (the debit and the new balance on screen, the balance really
// debited), refuses another with a reason (the owner's e-mail holds it), downloads a soil study
// and a listing's PDF summary (real PDFs, under their names). axe on every page, 375 and 1280 px.

const REFUSAL = 'Le permis joint ne correspond pas aux parcelles indiquées.';

interface Listing {
  id: string;
  projectName: string;
}

/** A listing submitted for validation by `owner`: every wizard rule holds, its permit uploaded. */
async function seedPending(
  api: E2eApi,
  owner: Session,
  { projectName, type, siteIndex, soilStudyFile }: { projectName: string; type: 'CUT' | 'FILL'; siteIndex: number; soilStudyFile?: string },
): Promise<Listing> {
  const listing = await api.call<Listing>(owner, 'POST', '/inquiries', { type, project_name: projectName, status: 'DRAFT' });
  await api.call(owner, 'PUT', `/inquiries/${listing.id}`, { ...completeListing(siteIndex, { type }), soil_study_delegation: !soilStudyFile });
  await api.upload(owner, listing.id, 'PERMISSION', 'arrete-permis-amenager.pdf');
  if (soilStudyFile) await api.upload(owner, listing.id, 'SOIL_STUDY', soilStudyFile);
  await api.call(owner, 'PUT', `/inquiries/${listing.id}`, { status: 'PENDING_VALIDATION' });
  return listing;
}

/** Clicks `trigger`, waits for the browser's download, and answers its name and its bytes. */
async function download(page: Page, trigger: Locator): Promise<{ name: string; head: string }> {
  const [file]: [Download, void] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  const path = await file.path();
  const bytes = await readFile(path);
  return { name: file.suggestedFilename(), head: bytes.subarray(0, 5).toString('latin1') };
}

async function chooseStatus(page: Page, label: string) {
  await page.getByRole('combobox', { name: /Changer le statut/ }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

test('an admin finds, validates and refuses listings, and downloads a soil study and a PDF summary', async ({
  page,
  api,
  mail,
  stack,
}) => {
  const word = uniqueWord('k');
  const ownerEmail = uniqueEmail('owner');
  const organisationName = `Terrassements du Sundgau ${word}`;
  const { session: owner, organizationId } = await api.seedOwner({ email: ownerEmail, credits: 500, organization: { name: organisationName } });
  const toValidate = await seedPending(api, owner, {
    projectName: `Réhabilitation de la friche Émile-Zola ${word}`,
    type: 'CUT',
    siteIndex: 0,
    soilStudyFile: 'étude de sol G2 – Mulhouse.pdf',
  });
  const toRefuse = await seedPending(api, owner, { projectName: `Remblai de l’ancienne gravière ${word}`, type: 'FILL', siteIndex: 1 });

  await signIn(page, stack.adminEmails[0]!);
  await expect(page).toHaveURL(/\/admin\/inquiries/);

  await test.step('the listings table finds a project typed without its accents', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Liste des annonces' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Annonces de toutes les organisations' });
    await expect(table.getByRole('row')).not.toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Rechercher une annonce' }).fill(`rehabilitation emile ${word}`);
    await expect(table.getByRole('link', { name: toValidate.projectName })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(page).toHaveURL(new RegExp(`q=rehabilitation`));
    const row = table.getByRole('row').filter({ hasText: toValidate.projectName });
    await expect(row.getByText('DÉBLAIS')).toBeVisible();
    await expect(row.getByText(organisationName)).toBeVisible();
    await expect(row.getByText('Mulhouse')).toBeVisible();
    await expect(row.getByText('En attente de validation')).toBeVisible();
    // On a phone each row is a card: its status is on screen, not past a sideways scroll (issue 21).
    await expectWithinScreenWidth(page, row.getByText('En attente de validation'));
    await expectNoAxeViolations(page);
    await expectFitsScreen(page);
    await screenshot(page, 'listings-table-search');
  });

  await test.step('the overview shows the site, the parcels and the materials; its PDF summary is a real PDF', async () => {
    await page.getByRole('link', { name: toValidate.projectName }).click();
    await expect(page.getByRole('heading', { level: 1, name: toValidate.projectName })).toBeVisible();
    await expect(page).toHaveTitle(`Vue d'ensemble · ${toValidate.projectName} · Bourse aux terres`);
    await expect(page.getByText(FIXTURE_SITES[0]!.label)).toBeVisible();
    await expect(page.getByText(/^5,01\sha$/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Carte des parcelles de l’annonce' })).toHaveAttribute('data-status', 'ready');
    await expect(page.getByRole('table', { name: 'Matériaux, quantités et prix' })).toContainText(/80\s000,00\s€/);
    const summary = await download(page, page.getByRole('button', { name: 'Télécharger le récapitulatif (PDF)' }));
    expect(summary.head).toBe('%PDF-');
    expect(summary.name).toMatch(/\.pdf$/);
    await expectNoAxeViolations(page);
    await expectFitsScreen(page);
    await screenshot(page, 'listing-overview');
  });

  await test.step('the administrative information links to the organisation', async () => {
    await page.getByRole('link', { name: 'Informations administratives' }).click();
    const advertiser = page.getByRole('region', { name: 'Organisation annonceuse' });
    await expect(advertiser.getByText(organisationName)).toBeVisible();
    await expect(advertiser.getByRole('link', { name: 'Voir la fiche de l’organisation' })).toHaveAttribute(
      'href',
      `/admin/organizations/details/${organizationId}`,
    );
    await expectNoAxeViolations(page);
    await expectFitsScreen(page);
    await screenshot(page, 'listing-informations');
  });

  await test.step("the documents: the advertiser's under 'Déposés'", async () => {
    await page.getByRole('link', { name: 'Documents', exact: true }).click();
    const deposited = page.getByRole('region', { name: 'Déposés' });
    // Each document's button names it (an accented name kept end to end).
    await expect(deposited.getByRole('button', { name: 'Télécharger arrete-permis-amenager.pdf' })).toBeVisible();
    await expect(deposited.getByRole('button', { name: 'Télécharger étude de sol G2 – Mulhouse.pdf' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Envoyés' }).getByText("La plateforme n'a encore envoyé aucun document.")).toBeVisible();
    await expectNoAxeViolations(page);
    await expectFitsScreen(page);
    await screenshot(page, 'listing-documents');
  });

  await test.step('validating debits the cost: the debit and the new balance on screen, and in the API', async () => {
    await page.getByRole('link', { name: "Gestion de l'annonce" }).click();
    await expect(page.getByRole('heading', { level: 2, name: "Statut de l'annonce" })).toBeVisible();
    await expect(page.getByText(/Coût de l’annonce\s:\s80\scrédits\. Solde de .*\s:\s500\scrédits\./)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Lettre de levée de doute' })).toBeDisabled();
    await expectNoAxeViolations(page);
    await chooseStatus(page, 'Validée');
    const dialog = page.getByRole('alertdialog', { name: /Valider cette annonce/ });
    await expect(dialog).toContainText(/80\scrédits seront débités du solde de .*500\scrédits aujourd’hui, 420\scrédits après la validation\./);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: "Valider l'annonce" }).click();
    // In the status panel (a toast says it too).
    const status = page.getByRole('region', { name: "Statut de l'annonce" });
    await expect(status.getByText(new RegExp(`Annonce validée\\s:\\s80\\scrédits débités\\. Nouveau solde de ${organisationName}\\s:\\s420\\scrédits\\.`))).toBeVisible();
    await expect(page.getByRole('combobox', { name: /Changer le statut/ })).toHaveText('Validée');
    const organisation = await api.call<{ creditBalance: number }>(await api.admin(), 'GET', `/organizations/${organizationId}`);
    expect(organisation.creditBalance).toBe(420);
    await expectNoAxeViolations(page);
    await expectFitsScreen(page);
    await screenshot(page, 'listing-validated');
  });

  await test.step('refusing needs a reason; the owner receives it by e-mail', async () => {
    await page.goto('/admin/inquiries');
    await page.getByRole('searchbox', { name: 'Rechercher une annonce' }).fill(`gravière ${word}`);
    await page.getByRole('link', { name: toRefuse.projectName }).click();
    await page.getByRole('link', { name: "Gestion de l'annonce" }).click();
    await chooseStatus(page, 'Refusée');
    const dialog = page.getByRole('dialog', { name: 'Refuser cette annonce' });
    await expect(dialog.getByRole('button', { name: "Refuser l'annonce" })).toBeDisabled();
    await expectNoAxeViolations(page);
    await expectFitsScreen(page);
    await screenshot(page, 'listing-refusal-dialog');
    const since = Date.now();
    await dialog.getByRole('textbox', { name: /Motif du refus/ }).fill(REFUSAL);
    await dialog.getByRole('button', { name: "Refuser l'annonce" }).click();
    const status = page.getByRole('region', { name: "Statut de l'annonce" });
    await expect(status.getByText("Annonce refusée. L'organisation a été prévenue par e-mail.")).toBeVisible();
    await expect(status.getByText(REFUSAL)).toBeVisible();
    const refusal = await mail.waitForMail({ to: ownerEmail, subject: 'Refusée', since });
    expect(refusal.subject).toContain(toRefuse.projectName);
    expect(refusal.text).toContain(REFUSAL);
    await expectNoAxeViolations(page);
  });

  await test.step('the soil studies: found without accents, downloaded as a real PDF under its name', async () => {
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Études de sol' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Études de sol' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Rechercher une étude' }).fill(`emile ${word}`);
    const table = page.getByRole('table', { name: 'Études de sol des annonces' });
    const row = table.getByRole('row').filter({ hasText: organisationName });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: 'Mulhouse', exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectFitsScreen(page);
    await screenshot(page, 'soil-studies');
    const study = await download(page, row.getByRole('button', { name: /^Télécharger/ }));
    expect(study).toEqual({ name: 'étude de sol G2 – Mulhouse.pdf', head: '%PDF-' });

    await row.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Étude de sol' })).toBeVisible();
    await expect(page.getByRole('link', { name: "Voir l'annonce" })).toHaveAttribute('href', `/admin/inquiry/details/${toValidate.id}/overview`);
    await expect(page.getByRole('link', { name: 'Revenir à la liste des études de sol' })).toHaveAttribute('href', '/admin/soil-studies');
    await expectNoAxeViolations(page);
    await expectFitsScreen(page);
    await screenshot(page, 'soil-study');
  });
});
