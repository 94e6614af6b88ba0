import { completeListing, expect, expectFitsScreen, expectWithinScreenWidth, pdf, screenshot, signIn, test, uniqueEmail, uniqueWord, type E2eApi, type Session } from '@terres/e2e/test';

// Issue 18, the admin's side of a transfer: three loads recorded and received through the API (the
// portal's journey drives the phones), the admin finds the transfer by its discrepancy (a refused
// load), reads the balance and both sides' loads, and closes it after a confirmation that says
// what it sets.

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

const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

test('an admin finds a transfer with a refused load, reads its balance and closes it', async ({ page, api, stack }) => {
  const project = uniqueWord('Déblais de Thann ');
  const producer = await api.seedOwner({ email: uniqueEmail('owner'), organization: { name: 'Terrassements de la Thur' }, credits: 500 });
  const receiver = await api.seedOwner({ email: uniqueEmail('owner'), organization: { name: 'Remblais de la Hardt' }, credits: 500 });
  const cut = await validatedListing(api, producer.session, 'CUT', project, 0);
  const fill = await validatedListing(api, receiver.session, 'FILL', 'Plateforme de Rixheim', 1);
  const admin = await api.admin();
  const match = await api.call<{ id: string }>(admin, 'POST', '/matches', { cut_inquiry_id: cut.id, fill_inquiry_id: fill.id });
  await api.call(admin, 'PUT', `/matches/${match.id}/status`, { status: 'ACCEPTED' });
  const carrier = await api.call<{ id: string }>(producer.session, 'POST', `/organizations/${producer.organizationId}/carriers`, {
    siret: '55208131766522',
    name: 'Transports Kuntz',
    street: '3 rue des Vosges',
    postcode: '68100',
    city: 'Mulhouse',
    receipt_number: '2024-68-0118',
    receipt_department: '68',
    receipt_valid_until: inAYear(),
  });
  const [transfer] = await api.call<{ id: string }[]>(admin, 'GET', `/transfers?q=${encodeURIComponent(project)}`);
  const departedAt = new Date(Date.now() - 3600_000).toISOString();
  for (const [volume, outcome] of [[14, 'ACCEPTED'], [12, 'ACCEPTED'], [10, 'REFUSED']] as const) {
    const departure = { departed_at: departedAt, carrier_id: carrier.id, vehicle_plate: 'AB-123-CD', waste_code: '17 05 04', volume_m3: volume };
    const load = await api.call<{ id: string }>(producer.session, 'POST', `/transfers/${transfer!.id}/loads`, departure);
    if (volume === 14) {
      // A departure corrected before its reception: its row gets the history button (whose
      // screen-reader text once widened the page to 892 px at 375).
      await api.call(producer.session, 'PUT', `/loads/${load.id}`, { ...departure, vehicle_plate: 'AB-124-CD', expected_version: 1, correction_note: 'Plaque mal saisie' });
    }
    await api.call(receiver.session, 'POST', `/loads/${load.id}/reception`, {
      received_at: new Date().toISOString(),
      outcome,
      ...(outcome === 'REFUSED' ? { refusal_reason: 'Présence de déchets de démolition' } : {}),
    });
  }

  await signIn(page, stack.adminEmails[0]!);

  await test.step('the transfer is listed among those with a discrepancy', async () => {
    await page.goto('/admin/transfers');
    await page.getByRole('link', { name: 'Transferts' }).first().click();
    await page.getByRole('searchbox', { name: 'Rechercher un transfert' }).fill(project);
    await page.getByRole('combobox', { name: 'Écart' }).click();
    await page.getByRole('option', { name: 'Avec un écart' }).click();
    await expect(page.getByText('1 refusé(s), 0 signalé(s)')).toBeVisible();
    await page.getByRole('link', { name: new RegExp(project) }).click();
  });

  await test.step('the transfer page shows the balance and both sides’ loads', async () => {
    const balance = page.getByRole('region', { name: 'Bilan' });
    await expect(balance).toContainText('36 m³');
    await expect(balance).toContainText('26 m³');
    await expect(page.getByRole('row', { name: /Refusé : Présence de déchets de démolition/ })).toBeVisible();
    await expectWithinScreenWidth(page, page.getByText('Refusé : Présence de déchets de démolition'));
    await expect(page.getByRole('button', { name: /^1 correction/ })).toBeVisible();
    await expectFitsScreen(page);
    await screenshot(page, 'transfer-admin');
  });

  await test.step('the admin closes it after a confirmation', async () => {
    await page.getByRole('button', { name: 'Clôturer le transfert' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Clôturer ce transfert ?' });
    await expect(dialog).toContainText('volume transféré de 26 m³');
    await dialog.getByRole('button', { name: 'Clôturer le transfert' }).click();
    await expect(page.getByText('Transfert clôturé : la mise en relation est réalisée.', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clôturer le transfert' })).toHaveCount(0);
    const closed = await api.call<{ status: string }>(admin, 'GET', `/matches/${match.id}`);
    expect(closed.status).toBe('DONE');
  });
});
