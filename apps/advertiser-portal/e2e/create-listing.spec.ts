import { calendarDateToDisplay, formatParcelId, todayInParis } from '@terres/domain';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, FIXTURE_SITES, screenshot, signIn, test, uniqueEmail } from '@terres/e2e/test';

// Issue 9, acceptance plan of the listing creation wizard (spec §2 "Listing creation wizard",
// §4 "Wizard", §5): an owner with credits creates a cut listing through every sub-step against
// the real API, the cadastre and address fixtures, reloads in the middle and resumes, submits,
// and finds the listing pending on the dashboard. Every sub-step passes axe, at 375 and 1280 px.

const site = FIXTURE_SITES[0]!;
const parcelLabel = formatParcelId(site.parcelIds[0]);
const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`) });

/** A day `days` after today (Europe/Paris), as the date fields take it (JJ/MM/AAAA). */
function frenchDay(days: number): string {
  const [y, m, d] = todayInParis().split('-').map(Number) as [number, number, number];
  return calendarDateToDisplay(new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10));
}

const subStep = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

/** Checks the sub-step as it is, keeps a picture of it, then goes on with 'Suivant'. */
async function checkAndNext(page: Page, title: string, shot: string, next: string | null) {
  await expectNoAxeViolations(page);
  await screenshot(page, shot);
  await page.getByRole('button', { name: 'Suivant', exact: true }).click();
  if (next) await expect(subStep(page, next)).toBeVisible();
  else await expect(subStep(page, title)).toBeHidden();
}

/** The step-end toast can sit over the map on a phone: wait until it has gone. */
async function waitForToastsToClose(page: Page) {
  await expect(page.getByText('Annonce enregistrée en brouillon avec succès')).toHaveCount(0, { timeout: 15_000 });
}

test('an owner creates a cut listing through the whole wizard, resumes it after a reload, and submits it', async ({ page, api }) => {
  const owner = await api.seedOwner({ email: uniqueEmail('wizard'), credits: 200 });
  await signIn(page, owner.email);

  await test.step('open the wizard from the dashboard for a cut listing', async () => {
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Créer une annonce' }).click();
    await page.getByRole('dialog').getByRole('button', { name: /^Déblai/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Création de votre annonce de déblai' })).toBeVisible();
    await expect(page).toHaveURL(/\/user\/create-inquiry\/[0-9a-f-]{36}\?type=CUT$/);
  });

  await test.step('1.1 project name: Next stays disabled until it is given', async () => {
    await expect(subStep(page, 'Votre projet')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Suivant', exact: true })).toBeDisabled();
    await page.getByRole('textbox', { name: 'Nom du projet' }).fill('ZAC des Tanneries');
    await checkAndNext(page, 'Votre projet', 'wizard-1-1-project-name', 'Maître d’ouvrage');
    await expect(page).toHaveURL(/step=1&sub=2/);
  });

  await test.step('1.2 project owner: Nom is the last name, Prénom the first (review D4)', async () => {
    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Muller');
    await page.getByRole('textbox', { name: 'Prénom', exact: true }).fill('Camille');
    await checkAndNext(page, 'Maître d’ouvrage', 'wizard-1-2-owner', 'Adresse du maître d’ouvrage');
  });

  await test.step('1.3 project owner’s address: a wrong postcode is refused', async () => {
    await page.getByRole('textbox', { name: 'Adresse', exact: true }).fill('12 rue du Rhin');
    await page.getByRole('textbox', { name: 'Code postal' }).fill('00000');
    await page.getByRole('textbox', { name: 'Ville' }).fill('Mulhouse');
    await expect(page.getByText('Veuillez entrer un code postal valide (5 chiffres).')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Suivant', exact: true })).toBeDisabled();
    await page.getByRole('textbox', { name: 'Code postal' }).fill('68100');
    await checkAndNext(page, 'Adresse du maître d’ouvrage', 'wizard-1-3-owner-address', 'SIRET du maître d’ouvrage');
  });

  await test.step('1.4 SIRET, checked by its checksum', async () => {
    await page.getByRole('textbox', { name: 'SIRET' }).fill('73282932000074');
    await checkAndNext(page, 'SIRET du maître d’ouvrage', 'wizard-1-4-siret', null);
  });

  await test.step('1.5 site address from the address search, and the permission document', async () => {
    await expect(subStep(page, 'Adresse du chantier et autorisation')).toBeVisible();
    await page.getByRole('combobox', { name: 'Adresse du chantier' }).fill('10 rue du Sauvage');
    await page.getByRole('option', { name: site.label }).click();
    await expect(page.getByText(`Adresse retenue : ${site.label}`)).toBeVisible();
    await page.locator('input[type=file]').setInputFiles(pdf('permis-amenager.pdf'));
    await expect(page.getByRole('button', { name: 'Télécharger permis-amenager.pdf' })).toBeVisible();
  });

  await test.step('a reload in the middle of the wizard resumes at the same sub-step with the same values', async () => {
    const url = page.url();
    await page.reload();
    await expect(subStep(page, 'Adresse du chantier et autorisation')).toBeVisible();
    expect(page.url()).toBe(url);
    await expect(page.getByText(`Adresse retenue : ${site.label}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Télécharger permis-amenager.pdf' })).toBeVisible();
    await page.getByRole('button', { name: 'Précédent' }).click();
    await expect(page.getByRole('textbox', { name: 'SIRET' })).toHaveValue('73282932000074');
    await page.getByRole('button', { name: 'Suivant', exact: true }).click();
    await checkAndNext(page, 'Adresse du chantier et autorisation', 'wizard-1-5-site', 'Parcelles du chantier');
    await expect(page.getByText('Annonce enregistrée en brouillon avec succès').first()).toBeVisible();
  });

  await test.step('2 parcels: the map opens on the site, a click selects the parcel under it', async () => {
    const map = page.getByRole('region', { name: 'Carte des parcelles cadastrales' });
    await expect(map).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
    await waitForToastsToClose(page);
    const canvas = map.locator('canvas');
    const box = (await canvas.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.getByText('Parcelles sélectionnées (1)')).toBeVisible();
    await expect(page.getByText(parcelLabel)).toBeVisible();
    await checkAndNext(page, 'Parcelles du chantier', 'wizard-2-parcels', 'Surface du chantier');
  });

  await test.step('3.1 surface in hectares, with its cost in credits', async () => {
    await page.getByRole('textbox', { name: 'Surface (ha)' }).fill('5,5');
    await expect(page.getByText(/^Coût de publication : 80\scrédits$/)).toBeVisible();
    await checkAndNext(page, 'Surface du chantier', 'wizard-3-1-surface', null);
  });

  await test.step('3.2 soil study: a file', async () => {
    await expect(subStep(page, 'Étude de sol')).toBeVisible();
    await page.locator('input[type=file]').setInputFiles(pdf('etude-de-sol.pdf'));
    await expect(page.getByRole('button', { name: 'Télécharger etude-de-sol.pdf' })).toBeVisible();
    await checkAndNext(page, 'Étude de sol', 'wizard-3-2-soil-study', 'Composition du sol');
  });

  await test.step('3.3 composition: a material line from the catalogue, its total in red, its quality class, waste code and POP', async () => {
    const line = page.getByRole('group', { name: 'Matériau 1' });
    await line.getByRole('combobox', { name: 'Matériau' }).click();
    await page.getByRole('option', { name: 'Sable et gravier' }).click();
    await line.getByRole('combobox', { name: 'Qualité', exact: true }).click();
    await page.getByRole('option', { name: 'Alluvions limoneux' }).click();
    await expect(line.getByRole('textbox', { name: 'Prix (€/m³)' })).toHaveValue('-5');
    await line.getByRole('textbox', { name: 'Quantité (m³)' }).fill('1200');
    await expect(line.getByRole('status', { name: 'Total de la ligne' })).toHaveText(/^-6\s000,00\s€$/);
    // The soil's quality class and waste code (issue 11).
    await line.getByRole('combobox', { name: 'Classe de qualité de la terre' }).click();
    await page.getByRole('option', { name: 'Terre compatible avec certains usages' }).click();
    await line.getByRole('combobox', { name: 'Code déchet' }).click();
    await page.getByRole('option', { name: /^17 05 04/ }).click();
    // POP, optional, declared from the lot's analyses (issue 19: the register's POP column).
    await line.getByRole('combobox', { name: 'Présence de POP' }).click();
    await page.getByRole('option', { name: 'Non : pas de POP (analyses à l’appui)' }).click();
    await checkAndNext(page, 'Composition du sol', 'wizard-3-3-composition', 'Période de disponibilité');
  });

  await test.step('3.4 availability: the end may not come before the start', async () => {
    await page.getByRole('textbox', { name: 'Date de début' }).fill(frenchDay(30));
    await page.getByRole('textbox', { name: 'Date de fin' }).fill(frenchDay(10));
    await page.getByRole('textbox', { name: 'Date de début' }).focus();
    await expect(page.getByRole('button', { name: 'Suivant', exact: true })).toBeDisabled();
    await page.getByRole('textbox', { name: 'Date de fin' }).fill(frenchDay(90));
    await page.getByRole('textbox', { name: 'Date de début' }).focus();
    await checkAndNext(page, 'Période de disponibilité', 'wizard-3-4-availability', 'Autres documents');
  });

  await test.step('3.5 other documents are optional', async () => {
    await expect(page.getByRole('button', { name: 'Suivant', exact: true })).toBeEnabled();
    await checkAndNext(page, 'Autres documents', 'wizard-3-5-other-documents', 'Récapitulatif de votre annonce');
  });

  await test.step('4 summary: everything entered, the cost, the certification', async () => {
    await expect(page.getByRole('region', { name: 'Projet' })).toContainText('ZAC des Tanneries');
    await expect(page.getByRole('region', { name: 'Maître d’ouvrage' })).toContainText('Muller Camille');
    await expect(page.getByRole('region', { name: 'Chantier' })).toContainText(site.label);
    await expect(page.getByRole('region', { name: 'Parcelles' })).toContainText(parcelLabel);
    await expect(page.getByRole('region', { name: 'Sol' })).toContainText('Sable et gravier · Alluvions limoneux');
    await expect(page.getByText(/^Votre solde : 200\scrédits$/)).toBeVisible();
    const submit = page.getByRole('button', { name: 'Soumettre mon annonce' });
    await expect(submit).toBeDisabled();
    await page.getByRole('checkbox', { name: /Je certifie l’exactitude/ }).check();
    await expectNoAxeViolations(page);
    await screenshot(page, 'wizard-4-summary');
    await submit.click();
  });

  await test.step('submit: the dialog says the cost is debited at validation', async () => {
    const dialog = page.getByRole('dialog', { name: 'Soumettre votre annonce' });
    await expect(dialog).toContainText(/Son coût, 80\scrédits, sera débité de votre solde \(200\scrédits\) lors de sa validation\./);
    await expectNoAxeViolations(page);
    await screenshot(page, 'wizard-4-submit-dialog');
    await dialog.getByRole('button', { name: 'Confirmer la soumission' }).click();
    await expect(page.getByText('Annonce créée avec succès').first()).toBeVisible();
  });

  await test.step('the dashboard shows the listing pending validation', async () => {
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('row', { name: /ZAC des Tanneries/ })).toContainText('En attente de validation');
    await screenshot(page, 'wizard-done-dashboard');
  });
});
