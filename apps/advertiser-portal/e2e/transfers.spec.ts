import { completeListing, expect, pdf, screenshot, signIn, test, uniqueEmail, type E2eApi, type MailClient, type Session } from '@terres/e2e/test';

// Transfers on site (issue 18), as a user's acceptance plan: a CUT employee records three loads
// from a phone (one weighed, one after a lost connection), the FILL employee accepts two and
// refuses one, the admin (through the API here; the console has its own journey) sees the
// balance and closes the transfer, and both organisations see the same totals.

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
    const seen = await api.call<{ balance: { departedVolumeM3: number; refusedVolumeM3: number; receivedVolumeM3: number; inTransitCount: number } }>(admin, 'GET', `/transfers/${transfer!.id}`);
    expect(seen.balance).toMatchObject({ departedVolumeM3: 36, inTransitCount: 0 });
    expect(seen.balance.receivedVolumeM3 + seen.balance.refusedVolumeM3).toBe(36);
    await api.call(admin, 'POST', `/transfers/${transfer!.id}/close`);
    await page.goto(transferPath);
    const balance = page.getByLabel('Bilan du transfert');
    await expect(balance).toContainText(`${seen.balance.receivedVolumeM3} m³`);
    await expect(page.getByText('Clôturé', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Enregistrer un départ' })).toHaveCount(0);
  });
});
