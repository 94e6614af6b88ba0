import { completeListing, expect, pdf, screenshot, signIn, test, uniqueEmail, type E2eApi, type MailClient, type Session } from '@terres/e2e/test';

// Transfers on site (issue 18), as a user's acceptance plan: a CUT employee records three loads
// from a phone (one weighed, one after a lost connection), the FILL employee accepts two and
// refuses one, the admin (through the API here; the console has its own journey) sees the
// balance and closes the transfer, and both organisations see the same totals. On the way the CUT
// employee corrects a load before its reception (its page shows the history and the ticket's
// photo) and cancels a load recorded by mistake, with its reason.

interface Listing {
  id: string;
}

async function validatedListing(api: E2eApi, owner: Session, type: 'CUT' | 'FILL', projectName: string, siteIndex: number): Promise<Listing> {
  const admin = await api.admin();
  const listing = await api.call<Listing>(owner, 'POST', '/inquiries', { type, project_name: projectName, status: 'DRAFT' });
  await api.call(owner, 'PUT', `/inquiries/${listing.id}`, { project_name: projectName, ...completeListing(siteIndex, { type, materialQuantity: 1000 }) });
  await api.upload(owner, listing.id, 'PERMISSION', 'arrete-permis-amenager.pdf', pdf('permis'));
  await api.call(owner, 'PUT', `/inquiries/${listing.id}`, { status: 'PENDING_VALIDATION' });
  await api.call(admin, 'PUT', `/inquiries/${listing.id}/status`, { status: 'APPROVED' });
  return listing;
}

async function seedEmployee(api: E2eApi, mail: MailClient, owner: Session, firstName: string): Promise<string> {
  const email = uniqueEmail('employee');
  const since = Date.now();
  await api.call(owner, 'POST', '/users/invite', { email });
  const link = await mail.lastLink(email, '/accept-invitation', { since });
  const token = new URL(link).searchParams.get('token');
  const codeSince = Date.now();
  await api.call(null, 'POST', '/auth/invitation/request', { token });
  const otp = await mail.lastCode(email, { since: codeSince });
  const session = await api.call<Session>(null, 'POST', '/auth/magic-link/verify', { email, otp });
  await api.call(session, 'PUT', '/users/me', { first_name: firstName, last_name: 'Schmitt', phone_number: '06 22 33 44 55' });
  return email;
}

// The first bytes of a JPEG: what the API checks (its content must say what its name says).
const TICKET_PHOTO = { name: 'ticket-pesee.jpg', mimeType: 'image/jpeg', buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]) };

interface ApiLoad {
  id: string;
  number: string;
  volumeM3: number;
  status: string;
}

const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

test('a transfer run load by load from the sites’ phones, then closed', async ({ page, api, mail, browser, baseURL }) => {
  const producer = await api.seedOwner({ email: uniqueEmail('owner'), organization: { name: 'Terrassements du Sundgau' }, credits: 500 });
  const receiver = await api.seedOwner({ email: uniqueEmail('owner'), organization: { name: 'Remblais du Ried' }, credits: 500 });
  const cut = await validatedListing(api, producer.session, 'CUT', 'Déblais de la gare d’Altkirch', 0);
  const fill = await validatedListing(api, receiver.session, 'FILL', 'Plateforme de Colmar-Nord', 1);
  const admin = await api.admin();
  const match = await api.call<{ id: string }>(admin, 'POST', '/matches', { cut_inquiry_id: cut.id, fill_inquiry_id: fill.id });
  await api.call(admin, 'PUT', `/matches/${match.id}/status`, { status: 'ACCEPTED' });
  await api.call(producer.session, 'POST', `/organizations/${producer.organizationId}/carriers`, {
    siret: '55208131766522',
    name: 'Transports Kuntz',
    street: '3 rue des Vosges',
    postcode: '68100',
    city: 'Mulhouse',
    receipt_number: '2024-68-0118',
    receipt_department: '68',
    receipt_valid_until: inAYear(),
  });
  const cutEmployee = await seedEmployee(api, mail, producer.session, 'Léa');
  const fillEmployee = await seedEmployee(api, mail, receiver.session, 'Marc');
  const [transfer] = await api.call<{ id: string }[]>(admin, 'GET', '/transfers?q=Altkirch');
  expect(transfer).toBeDefined();
  const transferPath = `/user/transfers/${transfer!.id}`;

  await signIn(page, cutEmployee);

  await test.step('the CUT employee records a weighed load', async () => {
    await page.goto('/user/transfers');
    await page.getByRole('link', { name: /Déblais de la gare d’Altkirch/ }).click();
    await page.getByRole('link', { name: 'Enregistrer un départ' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Enregistrer un départ' })).toBeVisible();
    await page.getByRole('radio', { name: /Transports Kuntz/ }).check();
    await page.getByLabel(/^Immatriculation/).fill('ab 123 cd');
    await page.getByLabel(/^Volume \(m³\)/).fill('14');
    await page.getByLabel(/^Poids pesé \(t\)/).fill('23,8');
    await page.getByLabel(/^N° du ticket de pesée/).fill('PB-4471');
    await page.getByRole('button', { name: 'Enregistrer le départ' }).click();
    await expect(page.getByRole('main').getByRole('status')).toContainText('Départ enregistré : bon BT-');
    await screenshot(page, 'transfers-departure');
  });

  await test.step('the next load starts from the same carrier and plate', async () => {
    await expect(page.getByRole('radio', { name: /Transports Kuntz/ })).toBeChecked();
    await expect(page.getByLabel(/^Immatriculation/)).toHaveValue('AB-123-CD');
    const first = await page.getByRole('main').getByRole('status').textContent();
    await page.getByLabel(/^Volume \(m³\)/).fill('12');
    await page.getByRole('button', { name: 'Enregistrer le départ' }).click();
    await expect(page.getByRole('main').getByRole('status')).not.toHaveText(first ?? '');
    await expect(page.getByRole('main').getByRole('status')).toContainText('Départ enregistré : bon BT-');
  });

  await test.step('a load recorded without network waits on the phone, then goes once', async () => {
    await page.context().setOffline(true);
    await page.getByLabel(/^Volume \(m³\)/).fill('10');
    await page.getByRole('button', { name: 'Enregistrer le départ' }).click();
    await expect(page.getByRole('list', { name: 'En attente d’envoi' })).toContainText('en attente d’envoi');
    await page.context().setOffline(false);
    await expect(page.getByRole('list', { name: 'En attente d’envoi' })).toHaveCount(0, { timeout: 40_000 });
    const loads = await api.call<unknown[]>(admin, 'GET', `/transfers/${transfer!.id}/loads`);
    expect(loads).toHaveLength(3);
  });

  await test.step('the CUT employee corrects a load before its reception, with its ticket; its page shows the history', async () => {
    const loads = await api.call<ApiLoad[]>(admin, 'GET', `/transfers/${transfer!.id}/loads`);
    const second = loads.find((load) => load.volumeM3 === 12)!;
    await page.goto(transferPath);
    await page.getByRole('link', { name: second.number, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Bon ${second.number}` })).toBeVisible();
    await expect(page.getByText('Aucune correction : le chargement est tel qu’il a été enregistré.')).toBeVisible();
    await page.getByRole('link', { name: 'Corriger le chargement' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Corriger le chargement' })).toBeVisible();
    await expect(page.getByLabel(/^Volume \(m³\)/)).toHaveValue('12');
    await page.getByLabel(/^Volume \(m³\)/).fill('11');
    await page.getByLabel(/^Poids pesé \(t\)/).fill('19,6');
    await page.getByLabel('Photo ou PDF du ticket de pesée').setInputFiles(TICKET_PHOTO);
    await page.getByLabel(/^Commentaire de correction/).fill('Volume relu sur le ticket de pesée');
    await screenshot(page, 'transfers-correction');
    await page.getByRole('button', { name: 'Enregistrer la correction' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Bon ${second.number}` })).toBeVisible();
    const history = page.getByRole('region', { name: 'Historique' });
    await expect(history).toContainText(/Version 2 : corrigée le .* par Léa Schmitt/);
    await expect(history).toContainText('Commentaire : Volume relu sur le ticket de pesée');
    await expect(history).toContainText('Volume (m³) : 12 m³ → 11 m³');
    await expect(history).toContainText('Poids pesé (t) : - → 19,6 t');
    await expect(history).toContainText('Version 1 : enregistrée le');
    const slip = page.getByRole('region', { name: second.number });
    await expect(slip).toContainText('11 m³');
    await expect(slip).toContainText('ticket-pesee.jpg');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /Télécharger le ticket/ }).click();
    expect((await download).suggestedFilename()).toBe('ticket-pesee.jpg');
    await screenshot(page, 'transfers-load');
    // Printed, the slip alone: the number large, no buttons, no header.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Imprimer le bon' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeHidden();
    await expect(page.getByText(second.number, { exact: true })).toBeVisible();
    await screenshot(page, 'transfers-load-print');
    await page.emulateMedia({ media: 'screen' });
  });

  await test.step('a load recorded by mistake is cancelled with its reason, and counts no more', async () => {
    await page.goto(`${transferPath}/departure`);
    await page.getByLabel(/^Volume \(m³\)/).fill('8');
    await page.getByRole('button', { name: 'Enregistrer le départ' }).click();
    const recorded = page.getByRole('main').getByRole('status');
    await expect(recorded).toContainText('Départ enregistré : bon BT-');
    const number = /BT-\d{4}-\d+/.exec((await recorded.textContent()) ?? '')![0];
    await page.goto(transferPath);
    await page.getByRole('link', { name: number, exact: true }).click();
    await page.getByRole('button', { name: 'Annuler le chargement' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Annuler le chargement ${number} ?` });
    await dialog.getByRole('button', { name: 'Annuler le chargement' }).click();
    await expect(dialog.getByText('Indiquez le motif de l’annulation du chargement.')).toBeVisible();
    await dialog.getByLabel(/^Motif de l’annulation/).fill('Bon saisi deux fois');
    await dialog.getByRole('button', { name: 'Annuler le chargement' }).click();
    await expect(page.getByText(`Chargement ${number} annulé.`, { exact: true })).toBeVisible();
    const slip = page.getByRole('region', { name: number });
    await expect(slip).toContainText('Annulé');
    await expect(slip).toContainText('Bon saisi deux fois');
    await expect(page.getByRole('button', { name: 'Annuler le chargement' })).toHaveCount(0);
    const loads = await api.call<ApiLoad[]>(admin, 'GET', `/transfers/${transfer!.id}/loads`);
    expect(loads.map((load) => load.status).sort()).toEqual(['CANCELLED', 'IN_TRANSIT', 'IN_TRANSIT', 'IN_TRANSIT']);
  });

  await test.step('the FILL employee accepts two loads and refuses one', async () => {
    const context = await browser.newContext({ baseURL: baseURL!, viewport: page.viewportSize() ?? { width: 375, height: 812 } });
    const fillPage = await context.newPage();
    await signIn(fillPage, fillEmployee);
    for (const outcome of ['Accepté', 'Accepté', 'Refusé'] as const) {
      await fillPage.goto(transferPath);
      await fillPage.getByRole('link', { name: /Confirmer la réception/ }).first().click();
      await expect(fillPage.getByRole('heading', { level: 1, name: 'Confirmer la réception' })).toBeVisible();
      await fillPage.getByRole('radio', { name: outcome }).check();
      if (outcome === 'Refusé') {
        await fillPage.getByRole('button', { name: 'Confirmer' }).click();
        await expect(fillPage.getByText('Indiquez le motif du refus du chargement.')).toBeVisible();
        await fillPage.getByLabel(/^Motif du refus/).fill('Présence de déchets de démolition');
        await screenshot(fillPage, 'transfers-reception');
      }
      await fillPage.getByRole('button', { name: 'Confirmer' }).click();
      await expect(fillPage).toHaveURL(new RegExp(`${transferPath}$`));
    }
    await expect(fillPage.getByRole('link', { name: /Confirmer la réception/ })).toHaveCount(0);
    await context.close();
  });

  await test.step('the admin sees the balance and closes the transfer; both sides see the same totals', async () => {
    const seen = await api.call<{ balance: { departedVolumeM3: number; refusedVolumeM3: number; receivedVolumeM3: number; inTransitCount: number; cancelledCount: number } }>(
      admin,
      'GET',
      `/transfers/${transfer!.id}`,
    );
    // 14 + 11 (corrected from 12) + 10; the cancelled 8 m³ counts in no total.
    expect(seen.balance).toMatchObject({ departedVolumeM3: 35, inTransitCount: 0, cancelledCount: 1 });
    expect(seen.balance.receivedVolumeM3 + seen.balance.refusedVolumeM3).toBe(35);
    await api.call(admin, 'POST', `/transfers/${transfer!.id}/close`);

    const totalsOf = async (side: typeof page) => {
      await side.goto(transferPath);
      await expect(side.getByText('Clôturé', { exact: true }).first()).toBeVisible();
      const balance = side.getByLabel('Bilan du transfert');
      const figures: Record<string, string> = {};
      for (const item of await balance.locator('.terres-figure-list__item').all()) {
        // '35 m³' is written with a no-break space: compared as plain spaces.
        figures[(await item.locator('dt').innerText()).trim()] = (await item.locator('dd').innerText()).replace(/\s+/g, ' ').trim();
      }
      return figures;
    };
    const cutTotals = await totalsOf(page);
    await expect(page.getByRole('link', { name: 'Enregistrer un départ' })).toHaveCount(0);
    const context = await browser.newContext({ baseURL: baseURL!, viewport: page.viewportSize() ?? { width: 375, height: 812 } });
    const fillPage = await context.newPage();
    await signIn(fillPage, fillEmployee);
    const fillTotals = await totalsOf(fillPage);
    await context.close();
    expect(cutTotals).toMatchObject({
      Parti: '35 m³',
      Reçu: `${seen.balance.receivedVolumeM3} m³`,
      Refusé: `${seen.balance.refusedVolumeM3} m³`,
      'En route': '0 m³',
      Chargements: '3',
    });
    expect(fillTotals).toEqual(cutTotals);
  });
});
