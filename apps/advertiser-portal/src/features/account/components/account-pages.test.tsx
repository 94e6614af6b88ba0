import { readSession, type CreditTransaction, type Invoice, type Organization, type User } from '@terres/api-client';
import { getGetCurrentUserMockHandler, getGetMyOrganizationMockHandler, getListInvoicesPageMockHandler } from '@terres/api-client/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { employee, organization, owner } from '../../../../test/fixtures';
import { problem } from '../../../../test/problem';
import { renderApp } from '../../../../test/render-app';
import { server } from '../../../../test/server';

afterEach(() => vi.restoreAllMocks());

const tabs = () => within(screen.getByRole('navigation', { name: 'Mon Compte' })).getAllByRole('link').map((link) => link.textContent);

describe('account layout', () => {
  it("shows the owner's four tabs (and the carriers' of issue 18) and the back bar with its help button", async () => {
    server.use(getGetMyOrganizationMockHandler(organization), getGetCurrentUserMockHandler(owner));
    const app = renderApp('/user/account', { user: owner });
    expect(await screen.findByRole('heading', { level: 2, name: 'Mes informations' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/user/account/informations');
    expect(tabs()).toEqual(['Mes informations', 'Mon organisation', 'Collaborateurs', 'Factures', 'Transporteurs', 'Registre', 'Notifications']);
    const back = screen.getByRole('navigation', { name: 'Retour' });
    expect(within(back).getByRole('link', { name: 'Revenir à mes annonces' })).toHaveAttribute('href', '/dashboard');
    expect(within(back).getByRole('link', { name: 'Aide' })).toHaveAttribute('href', '/help');
    await waitFor(() => expect(document.title).toBe('Mes informations · Bourse aux terres'));
  });

  it("hides 'Collaborateurs' from employees", async () => {
    server.use(getGetMyOrganizationMockHandler(organization), getGetCurrentUserMockHandler(employee));
    renderApp('/user/account/informations', { user: employee });
    await screen.findByRole('heading', { level: 2, name: 'Mes informations' });
    expect(tabs()).toEqual(['Mes informations', 'Mon organisation', 'Factures', 'Transporteurs', 'Registre', 'Notifications']);
  });
});

describe('Mes informations', () => {
  it('edits the profile: e-mail read-only, Annuler puts the values back, Enregistrer saves and the header follows', async () => {
    const bodies: unknown[] = [];
    server.use(
      getGetMyOrganizationMockHandler(organization),
      getGetCurrentUserMockHandler(owner),
      http.put('*/users/me', async ({ request }) => {
        const body = (await request.json()) as { first_name: string; last_name: string; phone_number: string };
        bodies.push(body);
        const updated: User = { ...owner, firstName: body.first_name, lastName: body.last_name, phoneNumber: body.phone_number };
        return HttpResponse.json(updated);
      }),
    );
    const app = renderApp('/user/account/informations', { user: owner });
    await screen.findByRole('heading', { level: 2, name: 'Mes informations' });
    expect(screen.getByText(owner.email)).toBeInTheDocument();
    expect(screen.getByText('Muller', { selector: 'dd' })).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Modifier' }));
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('readonly');
    const firstName = screen.getByLabelText(/^Prénom/);
    await app.user.clear(firstName);
    await app.user.type(firstName, 'Claude');
    await app.user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.getByText('Camille', { selector: 'dd' })).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await app.user.click(screen.getByRole('button', { name: 'Modifier' }));
    expect(screen.getByLabelText(/^Prénom/)).toHaveValue('Camille');
    await app.user.clear(screen.getByLabelText(/^Prénom/));
    await app.user.type(screen.getByLabelText(/^Prénom/), 'Claude');
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Votre profil a été mis à jour avec succès !')).toBeInTheDocument();
    expect(bodies).toEqual([{ first_name: 'Claude', last_name: 'Muller', phone_number: '06 12 34 56 78' }]);
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
    expect(readSession().user?.firstName).toBe('Claude');
    // The header's user menu shows the new first name.
    expect(screen.getByRole('button', { name: /Claude/ })).toBeInTheDocument();
  });

  it('keeps the form and says why when the save fails', async () => {
    server.use(
      getGetMyOrganizationMockHandler(organization),
      getGetCurrentUserMockHandler(owner),
      http.put('*/users/me', () => problem(422, 'Données invalides.', { phone_number: 'Veuillez entrer un numéro de téléphone valide.' })),
    );
    const app = renderApp('/user/account/informations', { user: owner });
    await app.user.click(await screen.findByRole('button', { name: 'Modifier' }));
    await app.user.clear(screen.getByLabelText(/^Nom/));
    await app.user.type(screen.getByLabelText(/^Nom/), 'Schneider');
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Erreur lors de la mise à jour de votre profil')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Numéro de téléphone/)).toHaveAccessibleDescription(/Veuillez entrer un numéro de téléphone valide./);
    expect(screen.getByLabelText(/^Nom/)).toHaveValue('Schneider');
  });

  it('checks the fields with the domain rules before sending', async () => {
    server.use(getGetMyOrganizationMockHandler(organization), getGetCurrentUserMockHandler(owner));
    const app = renderApp('/user/account/informations', { user: owner });
    await app.user.click(await screen.findByRole('button', { name: 'Modifier' }));
    await app.user.clear(screen.getByLabelText(/^Prénom/));
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le prénom est requis')).toBeInTheDocument();
  });

  it("says 'Erreur : impossible de charger vos informations.' and retries", async () => {
    let fail = true;
    server.use(
      getGetMyOrganizationMockHandler(organization),
      http.get('*/users/me', () => (fail ? problem(503, 'Service indisponible.') : HttpResponse.json(owner))),
    );
    const app = renderApp('/user/account/informations', { user: owner });
    expect(await screen.findByRole('heading', { name: 'Erreur : impossible de charger vos informations.' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Erreur lors du chargement de votre profil')).toBeInTheDocument();
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText(owner.email)).toBeInTheDocument();
  });
});

describe('Mon organisation', () => {
  const sections = () =>
    screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

  it('shows the four sections; the owner edits, Annuler resets, Enregistrer saves with the toast of the spec', async () => {
    let current: Organization = organization;
    const bodies: unknown[] = [];
    server.use(
      http.get('*/organizations/me', () => HttpResponse.json(current)),
      http.put('*/organizations/:id', async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        bodies.push(body);
        current = { ...current, legalForm: body.legal_form!, city: body.city! };
        return HttpResponse.json(current);
      }),
    );
    const app = renderApp('/user/account/organization', { user: owner });
    expect(await screen.findByRole('heading', { level: 2, name: 'Votre organisation' })).toBeInTheDocument();
    expect(sections()).toEqual(['Identité', 'Siège Social', 'Coordonnées', 'Représentant légal']);
    expect(screen.getByText(organization.registrationNumber)).toBeInTheDocument();
    expect(screen.getByText(organization.email!)).toBeInTheDocument();
    // E-mail addresses wrap before their '@' and dots, not inside a name (UX walk p69).
    for (const address of [organization.email!, organization.representativeEmail!]) {
      expect(screen.getByText(address).querySelectorAll('wbr').length).toBeGreaterThan(1);
    }

    await app.user.click(screen.getByRole('button', { name: 'Modifier' }));
    const email = screen.getByLabelText(/^Email$/);
    expect(email).toHaveAttribute('readonly');
    // The representative's e-mail and phone say whose they are, as in the console (one label each, the domain's).
    expect(screen.getByLabelText(/^Email du représentant/)).toHaveValue(organization.representativeEmail);
    expect(screen.getByLabelText(/^Téléphone du représentant/)).toHaveValue(organization.representativePhoneNumber);
    expect(screen.getByLabelText(/^Code postal/)).toHaveAttribute('maxLength', '20');
    expect(screen.getByLabelText(/^SIRET/)).toHaveAttribute('maxLength', '20');
    await app.user.clear(screen.getByLabelText(/^Ville/));
    await app.user.type(screen.getByLabelText(/^Ville/), 'Colmar');
    await app.user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.getByText('Mulhouse')).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Modifier' }));
    expect(screen.getByLabelText(/^Ville/)).toHaveValue('Mulhouse');
    await app.user.clear(screen.getByLabelText(/^SIRET/));
    await app.user.type(screen.getByLabelText(/^SIRET/), '73282932000075');
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le numéro SIRET est invalide.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await app.user.clear(screen.getByLabelText(/^SIRET/));
    await app.user.type(screen.getByLabelText(/^SIRET/), '73282932000074');
    await app.user.clear(screen.getByLabelText(/^Ville/));
    await app.user.type(screen.getByLabelText(/^Ville/), 'Colmar');
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Organisation mise à jour avec succès !')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        name: organization.name,
        registration_number: '73282932000074',
        legal_form: 'SAS',
        street: organization.street,
        postcode: organization.postcode,
        city: 'Colmar',
        country: 'France',
        office_phone_number: organization.officePhoneNumber,
        mobile_phone_number: organization.mobilePhoneNumber,
        representative_first_name: organization.representativeFirstName,
        representative_last_name: organization.representativeLastName,
        representative_position: organization.representativePosition,
        representative_email: organization.representativeEmail,
        representative_phone_number: organization.representativePhoneNumber,
      },
    ]);
    expect(screen.getByText('Colmar')).toBeInTheDocument();
  });

  it("keeps the edited values and shows the failure toast with the server's reason", async () => {
    server.use(
      getGetMyOrganizationMockHandler(organization),
      http.put('*/organizations/:id', () => problem(403, "Seul le responsable de l'organisation peut la modifier.")),
    );
    const app = renderApp('/user/account/organization', { user: owner });
    await app.user.click(await screen.findByRole('button', { name: 'Modifier' }));
    await app.user.clear(screen.getByLabelText(/^Ville/));
    await app.user.type(screen.getByLabelText(/^Ville/), 'Colmar');
    await app.user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Erreur lors de la mise à jour de l'organisation")).toBeInTheDocument();
    expect(screen.getByText("Seul le responsable de l'organisation peut la modifier.")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Ville/)).toHaveValue('Colmar');
  });

  it('lets employees read it without Modifier', async () => {
    server.use(getGetMyOrganizationMockHandler(organization));
    renderApp('/user/account/organization', { user: employee });
    expect(await screen.findByRole('heading', { level: 2, name: 'Votre organisation' })).toBeInTheDocument();
    expect(screen.getByText(organization.name)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modifier' })).not.toBeInTheDocument();
  });

  it("says 'Erreur : organisation introuvable.' when there is none, and retries a failed load", async () => {
    server.use(http.get('*/organizations/me', () => problem(404, 'Organisation introuvable.')));
    renderApp('/user/account/organization', { user: employee });
    expect(await screen.findByRole('heading', { name: 'Erreur : organisation introuvable.' })).toBeInTheDocument();
  });

  it("says 'Impossible de charger les informations de l'organisation.' with Réessayer", async () => {
    let fail = true;
    server.use(http.get('*/organizations/me', () => (fail ? problem(500) : HttpResponse.json(organization))));
    const app = renderApp('/user/account/organization', { user: employee });
    expect(
      await screen.findByRole('heading', { name: "Impossible de charger les informations de l'organisation." }, { timeout: 5000 }),
    ).toBeInTheDocument();
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText(organization.name)).toBeInTheDocument();
  });
});

describe('Factures', () => {
  const invoices: Invoice[] = [
    {
      id: '44444444-4444-4444-8444-444444444444',
      number: 'FA-2026-000012',
      issuedAt: '2026-11-20T09:30:00.000Z',
      amountExclTax: 1028.75,
      vatRate: 0.2,
      vatAmount: 205.75,
      amountInclTax: 1234.5,
      credits: 500,
      organizationId: organization.id,
    },
  ];

  it("shows the spec's title and sentence, then each invoice with its number, date and amount in euros", async () => {
    server.use(getGetMyOrganizationMockHandler(organization), http.get('*/invoices', () => HttpResponse.json(invoices)));
    renderApp('/user/account/bills', { user: employee });
    expect(await screen.findByRole('heading', { level: 2, name: 'Facture' })).toBeInTheDocument();
    expect(screen.getByText('Retrouvez ici toutes les factures concernant vos transactions')).toBeInTheDocument();
    const row = within(await screen.findByRole('list', { name: 'Factures de votre organisation' })).getByRole('listitem');
    expect(row).toHaveTextContent('FA-2026-000012');
    expect(row).toHaveTextContent('20/11/2026');
    expect(row.textContent).toContain('1\u202f234,50\u00a0€');
    expect(row.textContent).toContain('500\u00a0crédits');
    await waitFor(() => expect(document.title).toBe('Factures · Bourse aux terres'));
  });

  it("asks for a page of invoices, then the next one on 'Voir plus', until every invoice is shown (issue 23)", async () => {
    const many: Invoice[] = Array.from({ length: 30 }, (_, index) => ({
      ...invoices[0]!,
      id: `44444444-4444-4444-8444-${String(index).padStart(12, '0')}`,
      number: `FA-2026-${String(100 - index).padStart(6, '0')}`,
    }));
    const asked: string[] = [];
    server.use(
      getGetMyOrganizationMockHandler(organization),
      http.get('*/invoices', ({ request }) => {
        asked.push(new URL(request.url).search);
      }),
      getListInvoicesPageMockHandler(many),
    );
    const app = renderApp('/user/account/bills', { user: employee });
    const list = await screen.findByRole('list', { name: 'Factures de votre organisation' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(25);
    expect(screen.getByText('25 sur 30')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Voir plus' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(30));
    expect(within(list).getAllByRole('listitem').at(-1)).toHaveTextContent('FA-2026-000071');
    expect(screen.queryByRole('button', { name: 'Voir plus' })).not.toBeInTheDocument();
    expect(screen.queryByText(/sur 30/)).not.toBeInTheDocument();
    expect(asked).toEqual(['?page=1&page_size=25', '?page=2&page_size=25']);
  });

  it('downloads the PDF under its real file name', async () => {
    const requested: string[] = [];
    server.use(
      getGetMyOrganizationMockHandler(organization),
      http.get('*/invoices', () => HttpResponse.json(invoices)),
      http.get('*/invoices/:id/pdf', ({ params }) => {
        requested.push(String(params.id));
        return new HttpResponse(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="facture-FA-2026-000012.pdf"' },
        });
      }),
    );
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:facture');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const app = renderApp('/user/account/bills', { user: owner });
    const button = await screen.findByRole('button', { name: 'Télécharger le PDF' });
    expect(button).toHaveAccessibleDescription('FA-2026-000012');
    await app.user.click(button);
    await waitFor(() => expect(names).toEqual(['facture-FA-2026-000012.pdf']));
    expect(requested).toEqual([invoices[0]!.id]);
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
  });

  it('says when a download fails', async () => {
    server.use(
      getGetMyOrganizationMockHandler(organization),
      http.get('*/invoices', () => HttpResponse.json(invoices)),
      http.get('*/invoices/:id/pdf', () => problem(404, 'Facture introuvable.')),
    );
    const app = renderApp('/user/account/bills', { user: owner });
    await app.user.click(await screen.findByRole('button', { name: 'Télécharger le PDF' }));
    expect(await screen.findByText('Le téléchargement de la facture a échoué.')).toBeInTheDocument();
    expect(screen.getByText('Facture introuvable.')).toBeInTheDocument();
  });

  it('has an empty state', async () => {
    server.use(getGetMyOrganizationMockHandler(organization), http.get('*/invoices', () => HttpResponse.json([])));
    renderApp('/user/account/bills', { user: owner });
    expect(await screen.findByRole('heading', { name: 'Aucune facture pour le moment' })).toBeInTheDocument();
  });

  it('has an error state with Réessayer', async () => {
    let fail = true;
    server.use(
      getGetMyOrganizationMockHandler(organization),
      http.get('*/invoices', () => (fail ? problem(500) : HttpResponse.json(invoices))),
    );
    const app = renderApp('/user/account/bills', { user: owner });
    expect(await screen.findByRole('heading', { name: 'Impossible de charger les factures.' }, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('FA-2026-000012')).toBeInTheDocument();
  });

  it('shows the credits’ movements under the invoices: a grant with its reason, « Attribué par la plateforme », never the admin (issue 21)', async () => {
    const line = (fields: Partial<CreditTransaction>): CreditTransaction => ({
      id: '55555555-5555-4555-8555-555555555501',
      organizationId: organization.id,
      kind: 'ADMIN_GRANT',
      amount: 50,
      balanceAfter: 290,
      reference: 'grant:1',
      inquiryId: null,
      invoiceNumber: null,
      inquiryProjectName: null,
      reason: null,
      grantedBy: null,
      createdAt: '2026-11-21T10:15:00.000Z',
      ...fields,
    });
    const ledger = [
      // As if an admin's name had reached the portal: it must not show.
      line({ reason: 'Geste commercial après un incident de paiement', grantedBy: 'Julie Admin' }),
      line({ id: '55555555-5555-4555-8555-555555555502', kind: 'LISTING_VALIDATION', amount: -80, balanceAfter: 240, inquiryId: '66666666-6666-4666-8666-666666666666', inquiryProjectName: 'ZAC du Ried', createdAt: '2026-11-20T11:00:00.000Z' }),
      line({ id: '55555555-5555-4555-8555-555555555503', kind: 'PURCHASE', amount: 320, balanceAfter: 320, invoiceNumber: 'FA-2026-000012', createdAt: '2026-11-20T09:30:00.000Z' }),
    ];
    const asked: string[] = [];
    server.use(
      getGetMyOrganizationMockHandler(organization),
      http.get('*/invoices', () => HttpResponse.json(invoices)),
      http.get('*/organizations/:id/credit-transactions', ({ params, request }) => {
        asked.push(`${String(params.id)}?${new URL(request.url).searchParams.toString()}`);
        return HttpResponse.json(ledger, { headers: { 'X-Total-Count': String(ledger.length) } });
      }),
    );
    renderApp('/user/account/bills', { user: owner });
    expect(await screen.findByRole('heading', { level: 2, name: 'Mouvements de crédits' })).toBeInTheDocument();
    const rows = within(await screen.findByRole('list', { name: 'Mouvements de crédits de votre organisation' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Crédits ajoutés par la plateforme');
    expect(rows[0]).toHaveTextContent('Attribué par la plateforme · Motif : Geste commercial après un incident de paiement');
    expect(rows[0]).toHaveTextContent('+50');
    expect(rows[0]).toHaveTextContent('21/11/2026 à 11:15');
    expect(rows[0]).not.toHaveTextContent('Julie Admin');
    expect(rows[1]).toHaveTextContent('Annonce « ZAC du Ried »');
    expect(rows[1]).toHaveTextContent('-80');
    expect(rows[2]).toHaveTextContent('Facture FA-2026-000012');
    expect(asked).toEqual([`${owner.organizationId}?page=1&page_size=25`]);
  });
});
