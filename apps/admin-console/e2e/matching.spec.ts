import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import {
  completeListing,
  day,
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

// Issue 11, the transfer chain as an admin walks it: a validated CUT listing shows its compatible
// FILL site ranked with the distance, volume and CO2 figures; the admin proposes the pair, records
// the parties' agreement, generates the doubt-clearing letter, the pre-contract and the transfer
// contract (real PDFs, under 'Envoyés', and the advertiser sees them), walks the statuses to
// 'Traitée' with the volume moved, and the national register export holds the transfer with its
// waste code and volume. axe on each page; 375 and 1280 px.

interface Listing {
  id: string;
  projectName: string;
}

/** A listing the owner submits and the admin validates, with soil quality (CUT) or acceptance (FILL). */
async function seedValidated(
  api: E2eApi,
  owner: Session,
  { projectName, type, siteIndex, fields }: { projectName: string; type: 'CUT' | 'FILL'; siteIndex: number; fields: Record<string, unknown> },
): Promise<Listing> {
  const listing = await api.call<Listing>(owner, 'POST', '/inquiries', { type, project_name: projectName, status: 'DRAFT' });
  await api.call(owner, 'PUT', `/inquiries/${listing.id}`, {
    ...completeListing(siteIndex, { type, quantity: 2 }),
    start_date: day(20),
    end_date: day(140),
    ...fields,
  });
  await api.upload(owner, listing.id, 'PERMISSION', 'arrete-permis-amenager.pdf', pdf('permis'));
  await api.call(owner, 'PUT', `/inquiries/${listing.id}`, { status: 'PENDING_VALIDATION' });
  await api.call(await api.admin(), 'PUT', `/inquiries/${listing.id}/status`, { status: 'APPROVED' });
  return listing;
}

async function download(page: Page, trigger: Locator): Promise<{ name: string; text: string }> {
  const [file]: [Download, void] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  const bytes = await readFile(await file.path());
  return { name: file.suggestedFilename(), text: bytes.toString('latin1') };
}

async function moveStatus(page: Page, label: string) {
  await page.getByRole('combobox', { name: /Changer le statut/ }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: new RegExp(`statut « ${label} »`) });
  await dialog.getByRole('button', { name: 'Changer le statut' }).click();
  await expect(page.getByRole('combobox', { name: /Changer le statut/ })).toHaveText(label);
}

async function generate(page: Page, label: string) {
  const card = page.getByRole('region', { name: 'Documents de la mise en relation' });
  await card.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: new RegExp(`Générer « ${label}`) });
  await dialog.getByRole('button', { name: 'Générer et envoyer' }).click();
  await expect(page.getByText(`Document « ${label} » généré et envoyé à l’organisation.`, { exact: true })).toBeVisible();
}

test('an admin matches a CUT with a FILL site, generates the three documents, processes the transfer and exports the register', async ({
  page,
  api,
  stack,
}) => {
  const word = uniqueWord('m');
  const producerEmail = uniqueEmail('producteur');
  const { session: producer } = await api.seedOwner({ email: producerEmail, credits: 500, organization: { name: `Terrassements ${word}` } });
  const { session: receiver } = await api.seedOwner({ email: uniqueEmail('receveur'), credits: 500, organization: { name: `Aménagements ${word}` } });
  const cut = await seedValidated(api, producer, {
    projectName: `Déblais de la friche ${word}`,
    type: 'CUT',
    siteIndex: 0,
    fields: {
      materials: [{ material_name: 'Terre Végétale', ground_composition: 'Bonne qualité', quantity: 1000, price: 8, quality_class: 'INERT_NATURAL_BACKGROUND', waste_code: '17 05 04' }],
    },
  });
  const fill = await seedValidated(api, receiver, {
    projectName: `Remblai du parc ${word}`,
    type: 'FILL',
    siteIndex: 1,
    fields: {
      materials: [{ material_name: 'Terre Végétale', ground_composition: 'Nature inconnue', quantity: 600, price: 2 }],
      receiving_use: 'UNDER_BUILDING',
      accepted_quality_classes: ['INERT_NATURAL_BACKGROUND'],
      accepted_waste_codes: ['17 05 04'],
    },
  });

  await signIn(page, stack.adminEmails[0]!);

  await test.step('the validated CUT listing shows its compatible FILL site, ranked, with the distance, volume and CO2 figures', async () => {
    await page.goto(`/admin/inquiry/details/${cut.id}/management`);
    const panel = page.getByRole('region', { name: 'Sites compatibles' });
    const site = panel.getByRole('listitem', { name: fill.projectName });
    await expect(site).toBeVisible();
    await expect(site).toContainText(`Aménagements ${word}`);
    await expect(site).toContainText(/Distance routière estimée\s*\d+(,\d)?\skm/);
    await expect(site).toContainText(/600\sm³ \(100\s% du besoin, 60\s% des déblais\)/);
    await expect(site).toContainText(/CO₂e évité\s*[\d\s,]+\s(kg|t)\sCO₂e/);
    await expect(site).toContainText(/\d+\/100/);
    await expectNoAxeViolations(page);
    await expectFitsScreen(page);
    await screenshot(page, 'matching-compatible-sites');
  });

  await test.step('the pair on a map, then proposed and accepted', async () => {
    const site = page.getByRole('region', { name: 'Sites compatibles' }).getByRole('listitem', { name: fill.projectName });
    await site.getByRole('button', { name: 'Voir sur la carte' }).click();
    await expect(page.getByRole('region', { name: 'Trajet entre les deux sites' })).toBeVisible();
    await expect(page.locator('.match-map path[aria-label^="Trajet de"]')).toHaveCount(1);
    await site.getByRole('button', { name: 'Proposer' }).click();
    const dialog = page.getByRole('alertdialog', { name: /Proposer la mise en relation/ });
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Proposer' }).click();
    await expect(site.getByText('Mise en relation : Proposée')).toBeVisible();
    await site.getByRole('button', { name: 'Acceptée par les parties' }).click();
    await expect(site.getByText('Mise en relation : Acceptée')).toBeVisible();
    await expectFitsScreen(page);
    await screenshot(page, 'matching-accepted');
  });

  await test.step('the doubt-clearing letter, the pre-contract and the contract are generated; the statuses follow', async () => {
    await generate(page, 'Lettre de levée de doute');
    await expect(page.getByRole('combobox', { name: /Changer le statut/ })).toHaveText('Levée de doute envoyée');
    await moveStatus(page, 'Site compatible trouvé');
    await generate(page, 'Pré-contrat');
    await expect(page.getByRole('combobox', { name: /Changer le statut/ })).toHaveText('Transaction en cours');
    // The contract waits for the facts it states (issue 19): each party enters its own.
    const documents = page.getByRole('region', { name: 'Documents de la mise en relation' });
    await expect(documents.getByRole('button', { name: 'Contrat', exact: true })).toBeDisabled();
    const permit = { permit_reference: 'PC 068 224 25 00012', permit_date: '2025-03-01' };
    await api.call(producer, 'PUT', `/inquiries/${cut.id}/contract-facts`, { ...permit, soil_preparer: `Terrassements ${word}`, analysis_references: 'LRA-2026-0412' });
    await api.call(receiver, 'PUT', `/inquiries/${fill.id}/contract-facts`, permit);
    await page.reload();
    await generate(page, 'Contrat');
    await expectNoAxeViolations(page);
  });

  await test.step("the three PDFs are under 'Envoyés', real PDFs, and the advertiser has them", async () => {
    await page.getByRole('link', { name: 'Documents', exact: true }).click();
    const sent = page.getByRole('region', { name: 'Envoyés' });
    await expect(sent.getByRole('button', { name: /^Télécharger lettre-levee-de-doute-/ })).toBeVisible();
    await expect(sent.getByRole('button', { name: /^Télécharger pre-contrat-/ })).toBeVisible();
    const contract = await download(page, sent.getByRole('button', { name: /^Télécharger contrat-de-cession-/ }));
    expect(contract.text.slice(0, 5)).toBe('%PDF-');
    expect(contract.name).toMatch(/^contrat-de-cession-deblais-de-la-friche-.*\.pdf$/);
    const own = await api.call<{ kind: string; source: string }[]>(producer, 'GET', `/inquiries/${cut.id}/documents`);
    expect(own.filter((d) => d.source === 'PLATFORM').map((d) => d.kind).sort()).toEqual(['DOUBT_CLEARING_LETTER', 'PRE_CONTRACT', 'TRANSFER_CONTRACT']);
    const theirs = await api.call<{ kind: string }[]>(receiver, 'GET', `/inquiries/${fill.id}/documents`);
    expect(theirs.map((d) => d.kind)).toEqual(expect.arrayContaining(['PRE_CONTRACT', 'TRANSFER_CONTRACT']));
    await expectNoAxeViolations(page);
    await expectFitsScreen(page);
    await screenshot(page, 'matching-documents');
  });

  await test.step('the transfer is recorded with the volume moved, and the listing processed', async () => {
    await page.getByRole('link', { name: "Gestion de l'annonce" }).click();
    const site = page.getByRole('region', { name: 'Sites compatibles' }).getByRole('listitem', { name: fill.projectName });
    await site.getByRole('button', { name: 'Transfert réalisé' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Enregistrer le transfert réalisé' });
    await dialog.getByRole('textbox', { name: 'Volume transporté (m³)' }).fill('580');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Mise en relation : réalisée.', { exact: true })).toBeVisible();
    await moveStatus(page, 'Traitée');
  });

  await test.step('the register export leaves the transfer done outside the platform to its parties, and says so', async () => {
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Carte des annonces' }).click();
    const savings = page.getByRole('region', { name: 'Transferts réalisés' });
    await expect(savings).toContainText('Volume de terres réutilisé');
    const card = page.getByRole('region', { name: 'Registre national des terres excavées' });
    // No haulier known, so no line Trackdéchets would take: the producer declares it (issue 19).
    await expect(card).toContainText('Un transfert réalisé hors de la plateforme');
    await expectNoAxeViolations(page);
    await expectFitsScreen(page);
    await screenshot(page, 'matching-register');
    await card.getByRole('combobox', { name: 'Format' }).click();
    await page.getByRole('option', { name: 'CSV' }).click();
    await card.getByRole('textbox', { name: 'SIRET du déclarant' }).fill('73282932000074');
    const file = await download(page, card.getByRole('button', { name: 'Télécharger le registre' }));
    expect(file.name).toMatch(/^registre-sortant-terres-excavees_.*\.csv$/);
    const text = Buffer.from(file.text, 'latin1').toString('utf8');
    expect(text).toContain('Identifiant unique');
    expect(text).not.toContain(`Déblais de la friche ${word}`);
  });
});
