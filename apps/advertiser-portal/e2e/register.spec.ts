import { completeListing, expect, pdf, screenshot, signIn, test, uniqueEmail, type E2eApi, type Session } from '@terres/e2e/test';
import type { Download } from '@playwright/test';

// Each organisation's own register (issue 19), as a user's acceptance plan: a load leaves the
// producer's site and is accepted at the receiver's; the producer's owner opens Mon Compte ›
// Registre and downloads the outgoing register as XLSX, named after its declaring SIRET.

async function validatedListing(api: E2eApi, owner: Session, type: 'CUT' | 'FILL', projectName: string, siteIndex: number): Promise<{ id: string }> {
  const admin = await api.admin();
  const listing = await api.call<{ id: string }>(owner, 'POST', '/inquiries', { type, project_name: projectName, status: 'DRAFT' });
  await api.call(owner, 'PUT', `/inquiries/${listing.id}`, { project_name: projectName, ...completeListing(siteIndex, { type, materialQuantity: 1000 }) });
  await api.upload(owner, listing.id, 'PERMISSION', 'arrete-permis-amenager.pdf', pdf('permis'));
  await api.call(owner, 'PUT', `/inquiries/${listing.id}`, { status: 'PENDING_VALIDATION' });
  await api.call(admin, 'PUT', `/inquiries/${listing.id}/status`, { status: 'APPROVED' });
  return listing;
}

const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

test('an organisation downloads its own register from Mon Compte', async ({ page, api }) => {
  const producer = await api.seedOwner({ email: uniqueEmail('owner'), organization: { name: 'Terrassements du Sundgau' }, credits: 500 });
  const receiver = await api.seedOwner({ email: uniqueEmail('owner'), organization: { name: 'Remblais du Ried' }, credits: 500 });
  const cut = await validatedListing(api, producer.session, 'CUT', 'Déblais de la gare de Dannemarie', 0);
  const fill = await validatedListing(api, receiver.session, 'FILL', 'Plateforme de Colmar-Sud', 1);
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
  const [transfer] = await api.call<{ id: string }[]>(admin, 'GET', '/transfers?q=Dannemarie');
  const load = await api.call<{ id: string; number: string }>(producer.session, 'POST', `/transfers/${transfer!.id}/loads`, {
    departed_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    carrier_id: carrier.id,
    vehicle_plate: 'EK-271-PZ',
    waste_code: '17 05 04',
    volume_m3: 18,
    weight_tonnes: 31.2,
  });
  await api.call(receiver.session, 'POST', `/loads/${load.id}/reception`, { received_at: new Date().toISOString(), outcome: 'ACCEPTED' });

  await signIn(page, producer.email);
  await test.step('Mon Compte › Registre: which file to import is said', async () => {
    await page.goto('/user/account/register');
    const card = page.getByRole('region', { name: 'Registre national des terres excavées' });
    await expect(card).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Mon Compte' }).getByRole('link', { name: 'Registre' })).toBeVisible();
    await expect(card.getByText(/Importez le fichier XLSX dans Trackdéchets/)).toBeVisible();
    await screenshot(page, 'register-download');
  });

  await test.step('the outgoing register of the organisation, as XLSX', async () => {
    const card = page.getByRole('region', { name: 'Registre national des terres excavées' });
    const [file]: [Download, void] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Télécharger mon registre' }).click()]);
    expect(file.suggestedFilename()).toMatch(/^registre-sortant-terres-excavees_\d{14}_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.xlsx$/);
    await expect(page.getByText('Registre téléchargé.').first()).toBeVisible();
  });
});
