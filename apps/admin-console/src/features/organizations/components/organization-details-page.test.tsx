import type { CreditTransaction, Inquiry, Member, Organization } from '@terres/api-client';
import { getListInquiriesResponseMock } from '@terres/api-client/mocks';
import { ORGANIZATION_CREDITS_UPDATED_EVENT } from '@terres/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admin, newcomer, organization } from '../../../../test/fixtures';
import { problem } from '../../../../test/http';
import { renderApp } from '../../../../test/render-app';
import { server } from '../../../../test/server';

afterEach(() => vi.restoreAllMocks());

const ledger: CreditTransaction[] = [
  {
    id: 'aaaaaaaa-0000-4000-8000-000000000003',
    organizationId: organization.id,
    kind: 'LISTING_VALIDATION',
    amount: -80,
    balanceAfter: 250,
    reference: 'inquiry-validation:bbbbbbbb-0000-4000-8000-000000000001',
    inquiryId: 'bbbbbbbb-0000-4000-8000-000000000001',
    invoiceNumber: null,
    inquiryProjectName: 'ZAC du Ried',
    reason: null,
    grantedBy: null,
    createdAt: '2026-11-20T13:05:00.000Z',
  },
  {
    id: 'aaaaaaaa-0000-4000-8000-000000000002',
    organizationId: organization.id,
    kind: 'PURCHASE',
    amount: 300,
    balanceAfter: 330,
    reference: 'purchase:cccccccc-0000-4000-8000-000000000001',
    inquiryId: null,
    invoiceNumber: 'FA-2026-000042',
    inquiryProjectName: null,
    reason: null,
    grantedBy: null,
    createdAt: '2026-10-02T08:00:00.000Z',
  },
  {
    id: 'aaaaaaaa-0000-4000-8000-000000000001',
    organizationId: organization.id,
    kind: 'ADMIN_GRANT',
    amount: 30,
    balanceAfter: 30,
    reference: 'admin-grant:welcome',
    inquiryId: null,
    invoiceNumber: null,
    inquiryProjectName: null,
    reason: 'Crédits de bienvenue',
    grantedBy: 'Julie Admin',
    createdAt: '2026-03-02T09:30:00.000Z',
  },
];

const members: Member[] = [
  { id: '11111111-1111-4111-8111-111111111111', email: 'owner@terrassements-alsace.fr', firstName: 'Camille', lastName: 'Muller', fullName: 'Camille Muller', role: 'OWNER', pending: false },
  { id: '22222222-2222-4222-8222-222222222222', email: 'lucas@terrassements-alsace.fr', firstName: 'Lucas', lastName: 'Bernard', fullName: 'Lucas Bernard', role: 'EMPLOYEE', pending: false },
  { id: '44444444-4444-4444-8444-444444444444', email: 'nouveau@terrassements-alsace.fr', firstName: null, lastName: null, fullName: null, role: 'EMPLOYEE', pending: true },
];

const listing: Inquiry = {
  ...getListInquiriesResponseMock()[0]!,
  id: 'bbbbbbbb-0000-4000-8000-000000000001',
  projectName: 'Réhabilitation de la friche DMC',
  type: 'CUT',
  status: 'APPROVED',
  organizationId: organization.id,
  createdAt: '2026-11-18T10:00:00.000Z',
};

interface Calls {
  puts: unknown[];
  grants: { body: unknown; key: string | null }[];
  verifies: string[];
  archives: number;
  listingQueries: URLSearchParams[];
}

/** The organisation's endpoints for one test (the organisation, its ledger, members and listings). */
function mockOrganisation(start: Organization, options: { ledger?: CreditTransaction[] } = {}) {
  let current = start;
  const calls: Calls = { puts: [], grants: [], verifies: [], archives: 0, listingQueries: [] };
  const lines = [...(options.ledger ?? ledger)];
  server.use(
    http.get(`*/organizations/${start.id}`, () => HttpResponse.json(current)),
    http.get(`*/organizations/${start.id}/credit-transactions`, () => HttpResponse.json(lines)),
    http.get(`*/organizations/${start.id}/members`, () => HttpResponse.json(members)),
    http.get('*/inquiries', ({ request }) => {
      const url = new URL(request.url);
      calls.listingQueries.push(url.searchParams);
      return HttpResponse.json([listing], { headers: { 'X-Total-Count': '1' } });
    }),
    http.put(`*/organizations/${start.id}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      calls.puts.push(body);
      const camel = Object.fromEntries(Object.entries(body).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]));
      current = { ...current, ...camel };
      return HttpResponse.json(current);
    }),
    http.put(`*/organizations/${start.id}/verify`, ({ request }) => {
      const verified = new URL(request.url).searchParams.get('verified')!;
      calls.verifies.push(verified);
      current = { ...current, verified: verified === 'true' };
      return HttpResponse.json(current);
    }),
    http.post(`*/organizations/${start.id}/credits`, async ({ request }) => {
      const body = (await request.json()) as { credits: number; reason: string };
      const key = request.headers.get('Idempotency-Key');
      calls.grants.push({ body, key });
      if (!calls.grants.slice(0, -1).some((grant) => grant.key === key)) {
        current = { ...current, creditBalance: current.creditBalance + body.credits };
        lines.unshift({ ...ledger[2]!, id: crypto.randomUUID(), amount: body.credits, balanceAfter: current.creditBalance, reference: `admin-grant:${key}`, reason: body.reason });
      }
      return HttpResponse.json(current);
    }),
    http.delete(`*/organizations/${start.id}/archive`, () => {
      calls.archives += 1;
      current = { ...current, archived: true };
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

const detailPath = (org: Organization = organization) => `/admin/organizations/details/${org.id}`;

async function openDetail(org: Organization = organization) {
  const app = renderApp(detailPath(org), { user: admin });
  await screen.findByRole('heading', { level: 1, name: org.name });
  return app;
}

/** A cell's text as read out: without the label a phone's card shows before the value (aria-hidden). */
const cellText = (cell: HTMLElement) =>
  Array.from(cell.childNodes)
    .filter((node) => !(node instanceof HTMLElement && node.getAttribute('aria-hidden') === 'true'))
    .map((node) => node.textContent)
    .join('');

describe('organisation detail: what the admin sees', () => {
  it('shows the balance, the verified box, the four sections, the ledger, members and listings, and the back bar', async () => {
    const calls = mockOrganisation(organization);
    await openDetail();
    await waitFor(() => expect(document.title).toBe("Terrassements d'Alsace SAS · Organisation · Bourse aux terres"));
    expect(screen.getByText('250 crédits')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter des crédits +' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Organisation vérifiée' })).toBeChecked();
    expect(screen.getByText('Inscrite le 02/03/2026')).toBeInTheDocument();
    for (const title of ['Identité', 'Siège Social', 'Coordonnées', 'Représentant légal']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    expect(screen.getByText('73282932000074', { selector: 'dd' })).toBeInTheDocument();
    // E-mail addresses wrap before their '@' and dots, not inside a name (UX walk p69).
    const email = screen.getByText('contact@terrassements-alsace.fr');
    expect(email.closest('dd')).not.toBeNull();
    expect(email.querySelectorAll('wbr').length).toBeGreaterThan(1);
    expect(screen.getByText('Présidente', { selector: 'dd' })).toBeInTheDocument();

    const ledgerTable = await screen.findByRole('table', { name: 'Mouvements de crédits de l’organisation' });
    const ledgerRows = within(ledgerTable).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map(cellText));
    expect(ledgerRows).toEqual([
      // What each reference stands for, not its key (issue 21): the listing, the invoice, the grant's reason and admin.
      ['20/11/2026 à 14:05', "Validation d'une annonce", '-80', '250', 'ZAC du Ried'],
      ['02/10/2026 à 10:00', 'Achat de crédits', '+300', '330', 'Facture FA-2026-000042'],
      ['02/03/2026 à 10:30', 'Crédits ajoutés par la plateforme', '+30', '30', 'Crédits de bienvenue (par Julie Admin)'],
    ]);
    expect(within(ledgerTable).getByRole('link', { name: 'ZAC du Ried' })).toHaveAttribute(
      'href',
      '/admin/inquiry/details/bbbbbbbb-0000-4000-8000-000000000001/overview',
    );

    const membersCard = screen.getByRole('heading', { level: 2, name: 'Membres' }).closest('section')!;
    await within(membersCard).findByText('Camille Muller');
    expect(within(membersCard).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Camille Mullerowner@terrassements-alsace.frResponsable',
      'Lucas Bernardlucas@terrassements-alsace.frCollaborateur',
      '—nouveau@terrassements-alsace.frInvitation en attente',
    ]);

    const listings = await screen.findByRole('table', { name: 'Annonces de l’organisation' });
    expect(await within(listings).findByRole('link', { name: 'Réhabilitation de la friche DMC' })).toHaveAttribute(
      'href',
      `/admin/inquiry/details/${listing.id}/overview`,
    );
    expect(within(listings).getByText('DÉBLAIS')).toBeInTheDocument();
    expect(within(listings).getByText('Validée')).toBeInTheDocument();
    expect(Object.fromEntries(calls.listingQueries[0]!)).toEqual({ organization_id: organization.id, page: '1', page_size: '25' });

    const back = screen.getByRole('link', { name: 'Revenir à la liste des organisations' });
    expect(back).toHaveAttribute('href', '/admin/organizations');
    expect(screen.getByRole('button', { name: 'Archiver cette organisation' })).toBeInTheDocument();
  });

  it("says 'Erreur : organisation introuvable.' for an unknown organisation", async () => {
    server.use(http.get('*/organizations/:id', () => problem(404, 'Organisation introuvable.')));
    renderApp(detailPath(), { user: admin });
    expect(await screen.findByRole('heading', { name: 'Erreur : organisation introuvable.' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
  });

  it('says the organisation could not load, and retries', async () => {
    let fail = true;
    mockOrganisation(organization);
    server.use(http.get(`*/organizations/${organization.id}`, () => (fail ? problem(500, 'Panne du serveur.') : undefined)));
    const app = renderApp(detailPath(), { user: admin });
    expect(
      await screen.findByRole('heading', { name: "Impossible de charger les informations de l'organization." }, { timeout: 5000 }),
    ).toBeInTheDocument();
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { level: 1, name: organization.name })).toBeInTheDocument();
  });

  it("says 'Erreur: ID d'organisation manquant' without an id", async () => {
    renderApp('/admin/organizations/details/%20', { user: admin });
    expect(await screen.findByRole('heading', { name: "Erreur: ID d'organisation manquant" })).toBeInTheDocument();
  });

  it('shows the sections their own failure, with a retry', async () => {
    mockOrganisation(organization);
    let fail = true;
    server.use(
      http.get(`*/organizations/${organization.id}/credit-transactions`, () => (fail ? problem(403, 'Accès refusé au grand livre.') : undefined)),
      http.get(`*/organizations/${organization.id}/members`, () => (fail ? problem(403, 'Accès refusé aux membres.') : undefined)),
    );
    const app = await openDetail();
    expect(await screen.findByText('Accès refusé au grand livre.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Impossible de charger les membres.' })).toBeInTheDocument();
    fail = false;
    const retries = screen.getAllByRole('button', { name: 'Réessayer' });
    for (const retry of retries) await app.user.click(retry);
    expect(await screen.findByText('Achat de crédits')).toBeInTheDocument();
    expect(await screen.findByText('Lucas Bernard')).toBeInTheDocument();
  });

  it('shows an empty ledger and an archived organisation read only', async () => {
    mockOrganisation({ ...organization, archived: true }, { ledger: [] });
    await openDetail();
    expect(screen.getByText('Organisation archivée')).toBeInTheDocument();
    expect(screen.getByText('Ses utilisateurs n’ont plus accès à la plateforme. Elle ne peut plus être modifiée ni créditée.')).toBeInTheDocument();
    expect(await screen.findByText('Aucun mouvement de crédits pour le moment.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modifier' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter des crédits +' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Organisation vérifiée' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Archiver cette organisation' })).not.toBeInTheDocument();
  });
});

describe('organisation detail: edit', () => {
  it('Annuler puts the values back; Enregistrer sends what changed with the spec toast', async () => {
    const calls = mockOrganisation(organization);
    const app = await openDetail();
    await app.user.click(screen.getByRole('button', { name: 'Modifier' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly');
    const name = screen.getByRole('textbox', { name: /^Raison sociale/ });
    await app.user.clear(name);
    await app.user.type(name, 'Terrassements du Rhin');
    await app.user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.getByText("Terrassements d'Alsace SAS", { selector: 'dd' })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Modifier' }));
    expect(screen.getByRole('textbox', { name: /^Raison sociale/ })).toHaveValue("Terrassements d'Alsace SAS");

    await app.user.clear(screen.getByRole('textbox', { name: /^Raison sociale/ }));
    await app.user.type(screen.getByRole('textbox', { name: /^Raison sociale/ }), 'Terrassements du Rhin');
    await app.user.clear(screen.getByRole('textbox', { name: /^Ville/ }));
    await app.user.type(screen.getByRole('textbox', { name: /^Ville/ }), ' Colmar ');
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Organisation mise à jour avec succès !')).toBeInTheDocument();
    expect(calls.puts).toEqual([{ name: 'Terrassements du Rhin', city: 'Colmar' }]);
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
    expect(screen.getByText('Terrassements du Rhin', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Terrassements du Rhin' })).toBeInTheDocument();
  });

  it('checks the changed fields with the domain rules and sends nothing while one is wrong', async () => {
    const calls = mockOrganisation(organization);
    const app = await openDetail();
    await app.user.click(screen.getByRole('button', { name: 'Modifier' }));
    await app.user.clear(screen.getByRole('textbox', { name: /^Raison sociale/ }));
    const siret = screen.getByRole('textbox', { name: /^SIRET/ });
    await app.user.clear(siret);
    await app.user.type(siret, '12345678901234');
    await app.user.tab();
    expect(await screen.findByText('Le numéro SIRET est invalide.')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByText("Le nom de l'organisation est requis")).toBeInTheDocument();
    expect(calls.puts).toEqual([]);
  });

  it('saves an organisation that never finished onboarding by sending only the changed field', async () => {
    const calls = mockOrganisation(newcomer, { ledger: [] });
    const app = await openDetail(newcomer);
    expect(screen.getAllByText('Non renseigné').length).toBeGreaterThan(5);
    await app.user.click(screen.getByRole('button', { name: 'Modifier' }));
    await app.user.clear(screen.getByRole('textbox', { name: /^Ville/ }));
    await app.user.type(screen.getByRole('textbox', { name: /^Ville/ }), 'Huningue');
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Organisation mise à jour avec succès !')).toBeInTheDocument();
    expect(calls.puts).toEqual([{ city: 'Huningue' }]);
  });

  it('keeps what was typed when the save fails, with the server reasons on the fields', async () => {
    mockOrganisation(organization);
    let answer = problem(500);
    server.use(http.put(`*/organizations/${organization.id}`, () => answer));
    const app = await openDetail();
    await app.user.click(screen.getByRole('button', { name: 'Modifier' }));
    const phone = screen.getByRole('textbox', { name: /^Téléphone fixe/ });
    await app.user.clear(phone);
    await app.user.type(phone, '03 89 00 00 01');
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Erreur lors de la mise à jour de l'organisation")).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Téléphone fixe/ })).toHaveValue('03 89 00 00 01');

    answer = problem(422, 'Données invalides.', { office_phone_number: 'Ce numéro est déjà utilisé.' });
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Ce numéro est déjà utilisé.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Téléphone fixe/ })).toHaveValue('03 89 00 00 01');
  });
});

describe('organisation detail: verified', () => {
  it('changes at once, then confirms with the spec toasts', async () => {
    const calls = mockOrganisation(organization);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.put(`*/organizations/${organization.id}/verify`, async ({ request }) => {
        await held;
        const verified = new URL(request.url).searchParams.get('verified') === 'true';
        calls.verifies.push(String(verified));
        return HttpResponse.json({ ...organization, verified });
      }),
    );
    const app = await openDetail();
    const box = screen.getByRole('checkbox', { name: 'Organisation vérifiée' });
    await app.user.click(box);
    expect(box).not.toBeChecked();
    release();
    expect(await screen.findByText('Organisation marquée comme non vérifiée !')).toBeInTheDocument();
    expect(calls.verifies).toEqual(['false']);
    expect(box).not.toBeChecked();
    await app.user.click(box);
    expect(await screen.findByText('Organisation vérifiée avec succès !')).toBeInTheDocument();
    expect(box).toBeChecked();
    expect(calls.verifies).toEqual(['false', 'true']);
  });

  it('goes back when the API refuses, with the spec error', async () => {
    mockOrganisation(newcomer, { ledger: [] });
    server.use(http.put(`*/organizations/${newcomer.id}/verify`, () => problem(500)));
    const app = await openDetail(newcomer);
    const box = screen.getByRole('checkbox', { name: 'Organisation vérifiée' });
    expect(box).not.toBeChecked();
    await app.user.click(box);
    expect(await screen.findByText('Erreur lors de la modification du statut de vérification')).toBeInTheDocument();
    expect(box).not.toBeChecked();
  });
});

describe('organisation detail: credits', () => {
  it('accepts an integer from 1 to 999 only', async () => {
    const calls = mockOrganisation(organization);
    const app = await openDetail();
    await app.user.click(screen.getByRole('button', { name: 'Ajouter des crédits +' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter des crédits' });
    const field = within(dialog).getByRole('spinbutton', { name: /Nombre de crédits/ });
    const submit = within(dialog).getByRole('button', { name: 'Ajouter' });
    expect(submit).toBeDisabled();
    for (const bad of ['0', '1000', '12.5', '-3']) {
      await app.user.clear(field);
      await app.user.type(field, bad);
      expect(submit, bad).toBeDisabled();
      expect(within(dialog).getByText('Le montant de crédits doit être entre 1 et 999')).toBeInTheDocument();
    }
    await app.user.type(field, '{Enter}');
    expect(calls.grants).toEqual([]);
    for (const good of ['1', '999']) {
      await app.user.clear(field);
      await app.user.type(field, good);
      expect(submit, good).toBeEnabled();
      expect(within(dialog).queryByText('Le montant de crédits doit être entre 1 et 999')).not.toBeInTheDocument();
    }
  });

  it('adds credits once with an Idempotency-Key, announces the new balance and refreshes the ledger', async () => {
    const calls = mockOrganisation(organization);
    const events: unknown[] = [];
    const listener = (event: Event) => events.push((event as CustomEvent).detail);
    window.addEventListener(ORGANIZATION_CREDITS_UPDATED_EVENT, listener);
    const app = await openDetail();
    await screen.findByText('Achat de crédits');
    await app.user.click(screen.getByRole('button', { name: 'Ajouter des crédits +' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter des crédits' });
    await app.user.type(within(dialog).getByRole('spinbutton', { name: /Nombre de crédits/ }), '120');
    await app.user.type(within(dialog).getByRole('textbox', { name: /Motif/ }), 'Geste commercial');
    await app.user.dblClick(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('120 crédits ajoutés avec succès !')).toBeInTheDocument();
    window.removeEventListener(ORGANIZATION_CREDITS_UPDATED_EVENT, listener);
    expect(calls.grants).toHaveLength(1);
    expect(calls.grants[0]!.body).toEqual({ credits: 120, reason: 'Geste commercial' });
    expect(calls.grants[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(events).toEqual([{ organisationId: organization.id, creditBalance: 370 }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('370 crédits')).toBeInTheDocument();
    const ledgerTable = screen.getByRole('table', { name: 'Mouvements de crédits de l’organisation' });
    expect(await within(ledgerTable).findByText('+120')).toBeInTheDocument();
    expect(within(ledgerTable).getByText('Geste commercial (par Julie Admin)')).toBeInTheDocument();
  });

  it('asks a reason for the grant, in French, and sends nothing without one (issue 21)', async () => {
    const calls = mockOrganisation(organization);
    const app = await openDetail();
    await app.user.click(screen.getByRole('button', { name: 'Ajouter des crédits +' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter des crédits' });
    await app.user.type(within(dialog).getByRole('spinbutton', { name: /Nombre de crédits/ }), '20');
    const reason = within(dialog).getByRole('textbox', { name: /Motif/ });
    await app.user.type(reason, '   ');
    await app.user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await within(dialog).findByText('Le motif de l’ajout de crédits est requis')).toBeInTheDocument();
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('Le motif de l’ajout de crédits est requis'));
    expect(calls.grants).toEqual([]);
    await app.user.type(reason, 'Remboursement d’une annonce refusée');
    expect(within(dialog).queryByText('Le motif de l’ajout de crédits est requis')).not.toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('20 crédits ajoutés avec succès !')).toBeInTheDocument();
    expect(calls.grants.map((grant) => grant.body)).toEqual([{ credits: 20, reason: 'Remboursement d’une annonce refusée' }]);
  });

  it('retries a failed grant with the same key (granted once), and a new opening uses a new key', async () => {
    const calls = mockOrganisation(organization);
    let failures = 1;
    const failedKeys: (string | null)[] = [];
    server.use(
      http.post(`*/organizations/${organization.id}/credits`, ({ request }) => {
        if (failures <= 0) return undefined;
        failures -= 1;
        failedKeys.push(request.headers.get('Idempotency-Key'));
        return problem(503, 'Service momentanément indisponible.');
      }),
    );
    const app = await openDetail();
    await app.user.click(screen.getByRole('button', { name: 'Ajouter des crédits +' }));
    let dialog = await screen.findByRole('dialog', { name: 'Ajouter des crédits' });
    await app.user.type(within(dialog).getByRole('spinbutton', { name: /Nombre de crédits/ }), '50');
    await app.user.type(within(dialog).getByRole('textbox', { name: /Motif/ }), 'Geste commercial');
    await app.user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('Erreur 503: Service momentanément indisponible.')).toBeInTheDocument();
    // The dialog keeps the amount; the retry names the same grant.
    expect(within(dialog).getByRole('spinbutton', { name: /Nombre de crédits/ })).toHaveValue(50);
    await app.user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('50 crédits ajoutés avec succès !')).toBeInTheDocument();
    expect(calls.grants.map((grant) => grant.key)).toEqual(failedKeys);
    expect(screen.getByText('300 crédits')).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Ajouter des crédits +' }));
    dialog = await screen.findByRole('dialog', { name: 'Ajouter des crédits' });
    expect(within(dialog).getByRole('spinbutton', { name: /Nombre de crédits/ })).toHaveValue(null);
    await app.user.type(within(dialog).getByRole('spinbutton', { name: /Nombre de crédits/ }), '50');
    await app.user.type(within(dialog).getByRole('textbox', { name: /Motif/ }), 'Geste commercial');
    await app.user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('350 crédits')).toBeInTheDocument();
    expect(calls.grants).toHaveLength(2);
    expect(calls.grants[1]!.key).not.toBe(failedKeys[0]);
  });

  it("says 'Erreur {status}: {detail}' with the spec's fallbacks", async () => {
    mockOrganisation(organization);
    server.use(http.post(`*/organizations/${organization.id}/credits`, () => new HttpResponse(null, { status: 502 })));
    const app = await openDetail();
    await app.user.click(screen.getByRole('button', { name: 'Ajouter des crédits +' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter des crédits' });
    await app.user.type(within(dialog).getByRole('spinbutton', { name: /Nombre de crédits/ }), '5');
    await app.user.type(within(dialog).getByRole('textbox', { name: /Motif/ }), 'Geste commercial');
    await app.user.click(within(dialog).getByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('Erreur 502: Erreur inconnue')).toBeInTheDocument();
    expect(screen.getByText('250 crédits')).toBeInTheDocument();
  });
});

describe('organisation detail: archive', () => {
  it('archives after a confirmation, then goes back to the organisations with the spec toast', async () => {
    const calls = mockOrganisation(organization);
    server.use(http.get('*/organizations', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })));
    const app = await openDetail();
    await app.user.click(screen.getByRole('button', { name: 'Archiver cette organisation' }));
    const dialog = await screen.findByRole('alertdialog', { name: "Archiver Terrassements d'Alsace SAS\u00a0?" });
    await app.user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(calls.archives).toBe(0);

    await app.user.click(screen.getByRole('button', { name: 'Archiver cette organisation' }));
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Archiver' }));
    expect(await screen.findByText('Organisation archivée avec succès !')).toBeInTheDocument();
    await waitFor(() => expect(app.location().pathname).toBe('/admin/organizations'));
    expect(calls.archives).toBe(1);
  });

  it("stays with 'Erreur {status}: {detail}' when the API refuses", async () => {
    mockOrganisation(organization);
    server.use(http.delete(`*/organizations/${organization.id}/archive`, () => problem(409, 'Cette organisation est déjà archivée.')));
    const app = await openDetail();
    await app.user.click(screen.getByRole('button', { name: 'Archiver cette organisation' }));
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Archiver' }));
    expect(await screen.findByText('Erreur 409: Cette organisation est déjà archivée.')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(app.location().pathname).toBe(detailPath());
  });
});
