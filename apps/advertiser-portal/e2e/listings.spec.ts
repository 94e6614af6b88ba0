import {
  completeListing,
  expect,
  expectNoAxeViolations,
  FIXTURE_SITES,
  pdf,
  screenshot,
  signIn,
  test,
  uniqueEmail,
  type E2eApi,
  type MailClient,
  type Session,
} from '@terres/e2e/test';

// The organisation's listings, as owners and employees see them (spec §2 dashboard and listing
// detail, §4 statuses, §8 'Erreur : annonce introuvable.'), and what another organisation does
// not see. Listings are seeded through the HTTP API: the wizard has its own journey.

const PERMIT_PDF = pdf('permis de construire');

const NAMES = {
  draft: 'Extension du parc d’activités de la Hardt',
  pending: 'Remblai de l’ancienne gravière de Hombourg',
  approved: 'Écoquartier Rive Droite – tranche 2',
  rejected: 'Bassin de rétention de Wittenheim',
} as const;
const REFUSAL = 'Le permis joint ne correspond pas aux parcelles indiquées.';

interface Listing {
  id: string;
  projectName: string;
}

interface SeededOrganisation {
  ownerEmail: string;
  owner: Session;
  listings: Record<keyof typeof NAMES, Listing>;
}

/** An owner (with credits) whose organisation has a draft, a pending, a validated and a refused listing. */
async function seedOrganisation(api: E2eApi): Promise<SeededOrganisation> {
  const ownerEmail = uniqueEmail('owner');
  const { session: owner } = await api.seedOwner({ email: ownerEmail, credits: 500 });
  const admin = await api.admin();
  const create = (projectName: string, type: 'CUT' | 'FILL') =>
    api.call<Listing>(owner, 'POST', '/inquiries', { type, project_name: projectName, status: 'DRAFT' });
  const submit = async (listing: Listing, siteIndex: number, type: 'CUT' | 'FILL' = 'CUT') => {
    await api.call(owner, 'PUT', `/inquiries/${listing.id}`, { project_name: listing.projectName, ...completeListing(siteIndex, { type }) });
    await api.upload(owner, listing.id, 'PERMISSION', 'arrete-permis-amenager.pdf', PERMIT_PDF);
    await api.call(owner, 'PUT', `/inquiries/${listing.id}`, { status: 'PENDING_VALIDATION' });
  };

  const draft = await create(NAMES.draft, 'CUT');
  const pending = await create(NAMES.pending, 'FILL');
  await submit(pending, 1, 'FILL');
  const approved = await create(NAMES.approved, 'CUT');
  await submit(approved, 0);
  await api.call(admin, 'PUT', `/inquiries/${approved.id}/status`, { status: 'APPROVED' });
  const rejected = await create(NAMES.rejected, 'CUT');
  await submit(rejected, 2);
  await api.call(admin, 'PUT', `/inquiries/${rejected.id}/status`, { status: 'REJECTED', reason: REFUSAL });
  return { ownerEmail, owner, listings: { draft, pending, approved, rejected } };
}

/** An employee of the organisation, through the real invitation (e-mailed link, then code). */
async function seedEmployee(api: E2eApi, mail: MailClient, owner: Session): Promise<string> {
  const email = uniqueEmail('employee');
  const since = Date.now();
  await api.call(owner, 'POST', '/users/invite', { email });
  const link = await mail.lastLink(email, '/accept-invitation', { since });
  const token = new URL(link).searchParams.get('token');
  const codeSince = Date.now();
  await api.call(null, 'POST', '/auth/invitation/request', { token });
  const otp = await mail.lastCode(email, { since: codeSince });
  const session = await api.call<Session>(null, 'POST', '/auth/magic-link/verify', { email, otp });
  await api.call(session, 'PUT', '/users/me', { first_name: 'Léa', last_name: 'Schmitt', phone_number: '06 22 33 44 55' });
  return email;
}

const detailsPath = (listing: Listing, tab = 'overview') => `/user/inquiry/details/${listing.id}/${tab}`;

test('an owner follows the listings of the organisation and their details', async ({ page, api }) => {
  const { ownerEmail, listings } = await seedOrganisation(api);
  await signIn(page, ownerEmail);

  await test.step('the dashboard lists every listing with its type, status and cost', async () => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Mes annonces' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Annonces de votre organisation' });
    for (const name of Object.values(NAMES)) await expect(table.getByRole('link', { name })).toBeVisible();
    for (const status of ['Brouillon', 'En attente de validation', 'Validée', 'Refusée']) {
      await expect(table.getByText(status, { exact: true })).toBeVisible();
    }
    await expect(page.getByText('4 annonces')).toBeVisible();
    // The search field is one line high (a flex-basis meant for its width once made it 190 px tall).
    const search = await page.getByRole('searchbox', { name: 'Rechercher une annonce' }).boundingBox();
    expect(search?.height).toBeLessThan(56);
    await expectNoAxeViolations(page);
    await screenshot(page, 'listings-dashboard');
  });

  await test.step('the create dialog offers cut or fill', async () => {
    await page.getByRole('button', { name: 'Créer une annonce' }).click();
    const dialog = page.getByRole('dialog', { name: "Quel type d'annonce souhaitez-vous créer ?" });
    await expect(dialog.getByRole('button', { name: /^Déblai/ })).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Remblai/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, 'listings-create-dialog');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('a validated listing: stepper, badge, site, parcels on the map, materials', async () => {
    await page.getByRole('link', { name: NAMES.approved }).click();
    await expect(page).toHaveURL(new RegExp(`${detailsPath(listings.approved)}$`));
    await expect(page.getByRole('heading', { level: 1, name: NAMES.approved })).toBeVisible();
    await expect(page).toHaveTitle(`Vue d'ensemble · ${NAMES.approved} · Bourse aux terres`);
    const steps = page.getByRole('list', { name: "Étapes de l'annonce" });
    await expect(steps.locator('[aria-current="step"]')).toContainText('Validée');
    const site = page.getByRole('region', { name: 'Chantier' });
    await expect(site).toContainText(FIXTURE_SITES[0]!.label);
    await expect(site).toContainText('5,01 ha');
    await expect(site).toContainText('80 crédits');
    // The read-only cadastre map draws from the stack's fixtures.
    await expect(page.getByRole('region', { name: 'Carte des parcelles de l’annonce' })).toHaveAttribute('data-status', 'ready');
    await expect(page.getByRole('table', { name: 'Matériaux, quantités et prix' })).toContainText('80 000,00 €');
    await expectNoAxeViolations(page);
    await screenshot(page, 'listings-overview-approved');
  });

  await test.step('the detailed summary and the documents', async () => {
    await page.getByRole('link', { name: 'Récapitulatif détaillé' }).click();
    await expect(page.getByRole('region', { name: "Maître d'ouvrage" })).toContainText('73282932000074');
    await expectNoAxeViolations(page);
    await screenshot(page, 'listings-informations');
    await page.getByRole('link', { name: 'Documents', exact: true }).click();
    const deposited = page.getByRole('region', { name: 'Déposés' });
    await expect(deposited).toContainText('arrete-permis-amenager.pdf');
    const download = page.waitForEvent('download');
    await deposited.getByRole('button', { name: 'Télécharger arrete-permis-amenager.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('arrete-permis-amenager.pdf');
    await expectNoAxeViolations(page);
    await screenshot(page, 'listings-documents');
  });

  await test.step('a refused listing shows the reason and can be edited or resubmitted', async () => {
    await page.goto(detailsPath(listings.rejected));
    const notice = page.getByRole('region', { name: 'Annonce refusée' });
    await expect(notice).toContainText(REFUSAL);
    await expect(page.getByRole('link', { name: "Modifier l'annonce" })).toHaveAttribute('href', `/user/create-inquiry/${listings.rejected.id}`);
    await expect(page.getByRole('button', { name: 'Soumettre à nouveau' })).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, 'listings-overview-rejected');
  });
});

test('a draft is deleted after confirmation', async ({ page, api }) => {
  const { ownerEmail, owner, listings } = await seedOrganisation(api);
  await signIn(page, ownerEmail);
  await page.goto(detailsPath(listings.draft));
  await expect(page.getByRole('region', { name: 'Brouillon' })).toBeVisible();
  await page.getByRole('button', { name: 'Supprimer le brouillon' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Supprimer ce brouillon ?' });
  await expect(dialog).toContainText(NAMES.draft);
  await expectNoAxeViolations(page);
  await screenshot(page, 'listings-delete-draft');
  await dialog.getByRole('button', { name: 'Supprimer' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Brouillon supprimé.', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: NAMES.approved })).toBeVisible();
  await expect(page.getByRole('link', { name: NAMES.draft })).toHaveCount(0);
  // Gone for the API too.
  await expect(api.call(owner, 'GET', `/inquiries/${listings.draft.id}`)).rejects.toMatchObject({ status: 404 });
});

test('a refused listing gets its wrong permit replaced and is submitted again', async ({ page, api }) => {
  const { ownerEmail, listings } = await seedOrganisation(api);
  await signIn(page, ownerEmail);

  await test.step('the wrong permit is removed from the Documents tab after a confirmation', async () => {
    await page.goto(detailsPath(listings.rejected, 'documents'));
    const deposited = page.getByRole('region', { name: 'Déposés' });
    await deposited.getByRole('button', { name: 'Supprimer arrete-permis-amenager.pdf' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Supprimer ce document ?' });
    await expectNoAxeViolations(page);
    await screenshot(page, 'listings-refused-remove-document');
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await expect(page.getByText('Document supprimé.', { exact: true })).toBeVisible();
    await expect(deposited).not.toContainText('arrete-permis-amenager.pdf');
  });

  await test.step("'Modifier l'annonce': the wizard shows the reason and takes a new permit", async () => {
    await page.getByRole('link', { name: "Vue d'ensemble" }).click();
    await page.getByRole('link', { name: "Modifier l'annonce" }).click();
    await expect(page.getByRole('note', { name: 'Annonce refusée' })).toContainText(REFUSAL);
    // The refusal names the permit: the wizard opens on the sub-step that asks for it (issue 21).
    await expect(page.getByRole('heading', { level: 2, name: 'Adresse du chantier et autorisation' })).toBeVisible();
    await expect(page).toHaveURL(/step=1&sub=5/);
    await expectNoAxeViolations(page);
    await screenshot(page, 'listings-refused-opens-at-permit');
    await page.locator('input[type=file]').setInputFiles({ name: 'permis-rectifie.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PERMIT_PDF) });
    await expect(page.getByRole('button', { name: 'Télécharger permis-rectifie.pdf' })).toBeVisible();
  });

  await test.step('every later sub-step kept its values: the stepper opens the summary, then submitted', async () => {
    const submit = page.getByRole('button', { name: 'Soumettre mon annonce' });
    await page.getByRole('list', { name: 'Étapes de création de l’annonce' }).getByRole('button', { name: /^Récapitulatif/ }).click();
    await expect(submit).toBeVisible();
    await expect(page.getByRole('region', { name: 'Chantier' })).toContainText('permis-rectifie.pdf');
    await submit.click();
    await page.getByRole('dialog', { name: 'Soumettre votre annonce' }).getByRole('button', { name: 'Confirmer la soumission' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('row', { name: new RegExp(NAMES.rejected) })).toContainText('En attente de validation');
  });
});

test('a complete draft resumes on its recap; credits bought from the wizard come back to it (issue 21)', async ({ page, api }) => {
  const ownerEmail = uniqueEmail('resume');
  const { session: owner } = await api.seedOwner({ email: ownerEmail, credits: 10 });
  const draft = await api.call<Listing>(owner, 'POST', '/inquiries', { type: 'CUT', project_name: NAMES.draft, status: 'DRAFT' });
  await api.call(owner, 'PUT', `/inquiries/${draft.id}`, { project_name: NAMES.draft, ...completeListing(0, { type: 'CUT' }) });
  await api.upload(owner, draft.id, 'PERMISSION', 'arrete-permis-amenager.pdf', PERMIT_PDF);
  await signIn(page, ownerEmail);
  const steps = page.getByRole('list', { name: 'Étapes de création de l’annonce' });

  await test.step("'Reprendre la saisie' opens the recap of a complete draft", async () => {
    await page.goto(detailsPath(draft));
    await page.getByRole('link', { name: 'Reprendre la saisie' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Récapitulatif de votre annonce' })).toBeVisible();
    await expect(page).toHaveURL(/step=4&sub=1/);
    await expect(steps.locator('[aria-current="step"]')).toContainText('Récapitulatif');
    await expectNoAxeViolations(page);
    await screenshot(page, 'wizard-resume-recap');
  });

  await test.step('the stepper opens a filled-in step, from the keyboard too, and the wizard remembers it', async () => {
    await steps.getByRole('button', { name: /^Parcelles/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Parcelles du chantier' })).toBeVisible();
    await expect(steps.getByRole('button')).toHaveCount(3);
    await screenshot(page, 'wizard-stepper-steps');
    // The wheel over the map scrolls the page and says how to zoom (issue 21).
    const map = page.getByRole('region', { name: 'Carte des parcelles cadastrales' });
    await expect(map).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
    const box = (await map.locator('canvas').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 100));
    await page.mouse.wheel(0, 120);
    await expect(map.getByText(/^Utilisez Ctrl \+ molette pour zoomer/)).toBeVisible();
    await screenshot(page, 'wizard-parcels-wheel-hint');
    await page.goto(detailsPath(draft));
    await page.getByRole('link', { name: 'Reprendre la saisie' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Parcelles du chantier' })).toBeVisible();
    await steps.getByRole('button', { name: /^Récapitulatif/ }).click();
  });

  await test.step("'Crédits insuffisants', 'Acheter des crédits', pay: back on the draft's recap", async () => {
    await page.getByRole('checkbox', { name: /Je certifie l’exactitude/ }).check();
    await page.getByRole('button', { name: 'Soumettre mon annonce' }).click();
    await page.getByRole('dialog', { name: 'Crédits insuffisants' }).getByRole('button', { name: 'Acheter des crédits' }).click();
    await expect(page).toHaveURL(/\/credits\/buy\?redirect=/);
    await expect(page.getByRole('link', { name: 'Revenir à votre annonce' })).toHaveAttribute('href', `/user/create-inquiry/${draft.id}`);
    await screenshot(page, 'credits-packs-from-listing');
    await page.locator('article[data-recommended]').getByRole('link', { name: 'Acheter ce pack' }).click();
    await page.getByRole('button', { name: 'Payer' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Paiement confirmé\u00a0!' })).toBeVisible();
    await expect(page.getByText(/Retour à votre annonce dans \d+ s\./)).toBeVisible();
    await page.getByRole('button', { name: 'Revenir à votre annonce' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Récapitulatif de votre annonce' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/user/create-inquiry/${draft.id}\\?.*step=4&sub=1`));
  });
});

test('an employee sees the same listings as the owner', async ({ page, api, mail }) => {
  const { owner } = await seedOrganisation(api);
  const employeeEmail = await seedEmployee(api, mail, owner);
  await signIn(page, employeeEmail);
  await page.goto('/dashboard');
  const table = page.getByRole('table', { name: 'Annonces de votre organisation' });
  for (const name of Object.values(NAMES)) await expect(table.getByRole('link', { name })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'listings-dashboard-employee');

  await table.getByRole('link', { name: NAMES.pending }).click();
  await expect(page.getByRole('heading', { level: 1, name: NAMES.pending })).toBeVisible();
  await expect(page.getByRole('list', { name: "Étapes de l'annonce" }).locator('[aria-current="step"]')).toContainText('En attente de validation');
  await expectNoAxeViolations(page);

  // The Factures tab is the employee's too (CONTRACT §11); credits granted by the platform give no invoice.
  await page.getByRole('link', { name: 'Mon Compte' }).click();
  await page.getByRole('navigation', { name: 'Mon Compte' }).getByRole('link', { name: 'Factures' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Facture' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Aucune facture pour le moment' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'listings-employee-bills');
});

test('the owner of another organisation sees none of them', async ({ page, api }) => {
  const { listings } = await seedOrganisation(api);
  const otherEmail = uniqueEmail('other-owner');
  await api.seedOwner({ email: otherEmail, organization: { name: 'Carrières du Ried' } });
  await signIn(page, otherEmail);

  await test.step('the dashboard is empty, and without credits the first listing waits for some', async () => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: "Vous n'avez pas encore créé d'annonce" })).toBeVisible();
    for (const name of Object.values(NAMES)) await expect(page.getByText(name)).toHaveCount(0);
    const notice = page.getByRole('region', { name: 'Des crédits sont nécessaires pour créer votre première annonce' });
    await expect(notice.getByRole('link', { name: 'Acheter des crédits' })).toHaveAttribute('href', '/credits/buy');
    await expect(notice.getByRole('link', { name: "Consulter l'aide" })).toHaveAttribute('href', '/help');
    await expectNoAxeViolations(page);
    await screenshot(page, 'listings-dashboard-other-organisation');
  });

  await test.step("another organisation's listing is 'introuvable' on every tab", async () => {
    for (const tab of ['overview', 'informations', 'documents']) {
      await page.goto(detailsPath(listings.approved, tab));
      await expect(page.getByRole('heading', { name: 'Erreur : annonce introuvable.' })).toBeVisible();
      await expect(page.getByText(NAMES.approved)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Réessayer' })).toHaveCount(0);
    }
    await expectNoAxeViolations(page);
    await screenshot(page, 'listings-foreign-not-found');
  });
});
