import { readSession, type Member, type Organization } from '@terres/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { employee, ORGANIZATION_ID, organization, owner } from '../../../../test/fixtures';
import { problem } from '../../../../test/problem';
import { renderApp } from '../../../../test/render-app';
import { server } from '../../../../test/server';

const ownerWithoutOrganisation = { ...owner, organizationId: null };

const afterStep1: Organization = {
  ...organization,
  email: null,
  officePhoneNumber: null,
  mobilePhoneNumber: null,
  representativeFirstName: null,
  representativeLastName: null,
  representativePosition: null,
  representativeEmail: null,
  representativePhoneNumber: null,
};

/** An API whose organisation changes with the saves, recording every request body. */
function organisationApi(initial: Organization | null) {
  let current = initial;
  const calls: { method: string; body?: unknown }[] = [];
  server.use(
    http.get('*/organizations/me', () => (current ? HttpResponse.json(current) : problem(404, 'Organisation introuvable.'))),
    http.post('*/organizations', async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      calls.push({ method: 'POST', body });
      current = {
        ...afterStep1,
        name: body.name!,
        registrationNumber: body.registration_number!,
        legalForm: body.legal_form!,
        street: body.street!,
        postcode: body.postcode!,
        city: body.city!,
        country: body.country ?? 'France',
      };
      return HttpResponse.json(current, { status: 201 });
    }),
    http.put('*/organizations/:id', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, string>;
      calls.push({ method: `PUT ${String(params.id)}`, body });
      const camel = Object.fromEntries(Object.entries(body).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]));
      current = { ...current!, ...camel };
      return HttpResponse.json(current);
    }),
  );
  return { calls, current: () => current };
}

describe('/onboarding/step-1 Informations légales', () => {
  it('creates the organisation once SIRET and postcode are valid, with France by default, then goes to step 2', async () => {
    const api = organisationApi(null);
    const app = renderApp('/onboarding/step-1', { user: ownerWithoutOrganisation });
    expect(await screen.findByRole('heading', { level: 1, name: 'Informations légales' })).toBeInTheDocument();
    expect(screen.getByText('Étape 1/4')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Informations légales · Étape 1 sur 4 · Bourse aux terres'));
    expect(screen.getByLabelText(/^Pays/)).toHaveValue('France');
    const next = screen.getByRole('button', { name: 'Continuer' });
    expect(next).toBeDisabled();

    await app.user.type(screen.getByLabelText(/^Raison sociale/), 'Terres du Rhin');
    await app.user.type(screen.getByLabelText(/^SIRET/), '73282932000075');
    await app.user.tab();
    expect(screen.getByText('Le numéro SIRET est invalide.')).toBeInTheDocument();
    await app.user.type(screen.getByLabelText(/^Forme juridique/), 'SAS');
    await app.user.type(screen.getByLabelText(/^Adresse/), '1 rue du Port');
    await app.user.type(screen.getByLabelText(/^Code postal/), '00000');
    await app.user.type(screen.getByLabelText(/^Ville/), 'Mulhouse');
    expect(next).toBeDisabled();
    expect(screen.getByLabelText(/^SIRET/)).toHaveAttribute('maxLength', '20');
    expect(screen.getByLabelText(/^Code postal/)).toHaveAttribute('maxLength', '10');
    expect(screen.getByLabelText(/^Forme juridique/)).toHaveAttribute('maxLength', '80');

    // Pasted as a company register prints them (grouped, non-breaking spaces): nothing is cut.
    await app.user.clear(screen.getByLabelText(/^SIRET/));
    await app.user.click(screen.getByLabelText(/^SIRET/));
    await app.user.paste('732\u00a0829\u00a0320\u00a000074');
    expect(screen.queryByText('Le numéro SIRET est invalide.')).not.toBeInTheDocument();
    expect(screen.queryByText('Le numéro SIRET doit contenir exactement 14 chiffres.')).not.toBeInTheDocument();
    await app.user.clear(screen.getByLabelText(/^Code postal/));
    await app.user.click(screen.getByLabelText(/^Code postal/));
    await app.user.paste('68 100');
    expect(next).toBeEnabled();
    await app.user.click(next);

    expect(await screen.findByRole('heading', { level: 1, name: 'Coordonnées' })).toBeInTheDocument();
    expect(api.calls).toEqual([
      {
        method: 'POST',
        body: {
          name: 'Terres du Rhin',
          registration_number: '73282932000074',
          legal_form: 'SAS',
          street: '1 rue du Port',
          postcode: '68100',
          city: 'Mulhouse',
          country: 'France',
        },
      },
    ]);
    // The session now knows the organisation, so the guards and the header do too.
    expect(readSession().user?.organizationId).toBe(ORGANIZATION_ID);
    expect(app.location().pathname).toBe('/onboarding/step-2');
  });

  it("names each missing field on blur with the spec's message", async () => {
    organisationApi(null);
    const app = renderApp('/onboarding/step-1', { user: ownerWithoutOrganisation });
    await app.user.click(await screen.findByLabelText(/^Raison sociale/));
    await app.user.tab();
    expect(await screen.findByText("Le nom de l'organisation est requis")).toBeInTheDocument();
    await app.user.tab();
    expect(screen.getByText("Le numéro d'enregistrement est requis")).toBeInTheDocument();
  });

  it("keeps the values and shows 'Erreur lors de la création de votre organisation' with the server's reason", async () => {
    organisationApi(null);
    server.use(http.post('*/organizations', () => problem(409, 'Vous avez déjà une organisation.')));
    const app = renderApp('/onboarding/step-1', { user: ownerWithoutOrganisation });
    await app.user.type(await screen.findByLabelText(/^Raison sociale/), 'Terres du Rhin');
    await app.user.type(screen.getByLabelText(/^SIRET/), '73282932000074');
    await app.user.type(screen.getByLabelText(/^Forme juridique/), 'SAS');
    await app.user.type(screen.getByLabelText(/^Adresse/), '1 rue du Port');
    await app.user.type(screen.getByLabelText(/^Code postal/), '68100');
    await app.user.type(screen.getByLabelText(/^Ville/), 'Mulhouse');
    await app.user.click(screen.getByRole('button', { name: 'Continuer' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Erreur lors de la création de votre organisation');
    expect(banner).toHaveTextContent('Vous avez déjà une organisation.');
    expect(screen.getByLabelText(/^Raison sociale/)).toHaveValue('Terres du Rhin');
    expect(app.location().pathname).toBe('/onboarding/step-1');
  });

  it('updates an existing organisation and goes to the dashboard when it is complete', async () => {
    const api = organisationApi(organization);
    const app = renderApp('/onboarding/step-1', { user: owner });
    const legalForm = await screen.findByLabelText(/^Forme juridique/);
    expect(legalForm).toHaveValue('SAS');
    await app.user.clear(legalForm);
    await app.user.type(legalForm, 'SARL');
    await app.user.click(screen.getByRole('button', { name: 'Continuer' }));
    await waitFor(() => expect(app.location().pathname).toBe('/dashboard'));
    expect(api.calls[0]).toMatchObject({ method: `PUT ${ORGANIZATION_ID}`, body: { legal_form: 'SARL' } });
  });

  it("shows 'Erreur lors du chargement de votre organisation' with a retry when the organisation cannot be read", async () => {
    let fail = true;
    server.use(
      http.get('*/organizations/me', () => (fail ? problem(500) : HttpResponse.json(afterStep1))),
    );
    const app = renderApp('/onboarding/step-1', { user: owner });
    // The query client retries a 5xx once before giving up.
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Erreur lors du chargement de votre organisation');
    expect(screen.queryByLabelText(/^Raison sociale/)).not.toBeInTheDocument();
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByLabelText(/^Raison sociale/)).toHaveValue(organization.name);
  });
});

describe('/onboarding/step-2 Coordonnées and step-3 Représentant légal', () => {
  it('saves the contacts, then the representative, then offers step 4', async () => {
    const api = organisationApi(afterStep1);
    const app = renderApp('/onboarding/step-2', { user: owner });
    expect(await screen.findByRole('heading', { level: 1, name: 'Coordonnées' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'étape précédente" })).toHaveAttribute('href', '/onboarding/step-1');
    const next = screen.getByRole('button', { name: 'Continuer' });
    expect(next).toBeDisabled();
    await app.user.type(screen.getByLabelText(/^Email de l'organisation/), 'contact@terres');
    await app.user.type(screen.getByLabelText(/^Téléphone fixe/), '03 89 00 00 00');
    await app.user.type(screen.getByLabelText(/^Téléphone portable/), '06 00 00 00 00');
    await app.user.click(next);
    expect(await screen.findByText("Format d'email invalide")).toBeInTheDocument();
    expect(api.calls).toEqual([]);
    await app.user.type(screen.getByLabelText(/^Email de l'organisation/), '.fr');
    await app.user.click(next);

    expect(await screen.findByRole('heading', { level: 1, name: 'Représentant légal' })).toBeInTheDocument();
    expect(api.calls[0]).toEqual({
      method: `PUT ${ORGANIZATION_ID}`,
      body: { email: 'contact@terres.fr', office_phone_number: '03 89 00 00 00', mobile_phone_number: '06 00 00 00 00' },
    });
    expect(screen.getByRole('link', { name: "Retour à l'étape précédente" })).toHaveAttribute('href', '/onboarding/step-2');
    await app.user.type(screen.getByLabelText(/^Nom/), 'Martin');
    await app.user.type(screen.getByLabelText(/^Prénom/), 'Anne');
    await app.user.type(screen.getByLabelText(/^Fonction/), 'Présidente');
    await app.user.type(screen.getByLabelText(/^Email personnel/), 'anne@terres.fr');
    await app.user.type(screen.getByLabelText(/^Téléphone personnel/), '06 11 11 11 11');
    await app.user.click(screen.getByRole('button', { name: 'Continuer' }));

    // Complete now; the optional collaborators step still comes before the dashboard.
    expect(await screen.findByRole('heading', { level: 1, name: 'Ajouter des collaborateurs' })).toBeInTheDocument();
    expect(api.calls[1]).toEqual({
      method: `PUT ${ORGANIZATION_ID}`,
      body: {
        representative_first_name: 'Anne',
        representative_last_name: 'Martin',
        representative_position: 'Présidente',
        representative_email: 'anne@terres.fr',
        representative_phone_number: '06 11 11 11 11',
      },
    });
  });

  it("puts a 422's messages on the fields and says 'Erreur lors de la mise à jour de votre organisation'", async () => {
    organisationApi(afterStep1);
    server.use(
      http.put('*/organizations/:id', () =>
        problem(422, 'Données invalides.', { office_phone_number: 'Veuillez entrer un numéro de téléphone valide.' }),
      ),
    );
    const app = renderApp('/onboarding/step-2', { user: owner });
    await app.user.type(await screen.findByLabelText(/^Email de l'organisation/), 'contact@terres.fr');
    await app.user.type(screen.getByLabelText(/^Téléphone fixe/), '03 89 00 00 00');
    await app.user.type(screen.getByLabelText(/^Téléphone portable/), '06 00 00 00 00');
    await app.user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByText('Erreur lors de la mise à jour de votre organisation')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Téléphone fixe/)).toHaveAccessibleDescription(/Veuillez entrer un numéro de téléphone valide./);
    expect(screen.getByLabelText(/^Email de l'organisation/)).toHaveValue('contact@terres.fr');
  });

  it('sends an owner who skipped a step back to the first one missing', async () => {
    organisationApi(afterStep1);
    const app = renderApp('/onboarding/step-3', { user: owner });
    expect(await screen.findByRole('heading', { level: 1, name: 'Coordonnées' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/onboarding/step-2');
  });

  it('is for owners only', async () => {
    organisationApi(organization);
    const app = renderApp('/onboarding/step-2', { user: employee });
    await waitFor(() => expect(app.location().pathname).toBe('/dashboard'));
  });
});

describe('/onboarding/step-4 Ajouter des collaborateurs', () => {
  const members = (list: Member[]) => {
    let current = list;
    const invited: unknown[] = [];
    server.use(
      http.get('*/users/organization/members', () => HttpResponse.json(current)),
      http.post('*/users/invite', async ({ request }) => {
        const body = (await request.json()) as { email: string };
        invited.push(body);
        current = [
          ...current,
          { id: crypto.randomUUID(), email: body.email, firstName: null, lastName: null, fullName: null, role: 'EMPLOYEE', pending: true },
        ];
        return HttpResponse.json({ email: body.email }, { status: 202 });
      }),
    );
    return invited;
  };
  const self: Member = { id: owner.id, email: owner.email, firstName: 'Camille', lastName: 'Muller', fullName: 'Camille Muller', role: 'OWNER', pending: false };
  const joined: Member = {
    id: employee.id,
    email: employee.email,
    firstName: 'Léa',
    lastName: 'Schmitt',
    fullName: 'Léa Schmitt',
    role: 'EMPLOYEE',
    pending: false,
  };

  it("invites collaborators with the spec's rules, lists them, and finishes on the dashboard", async () => {
    organisationApi(organization);
    const invited = members([self, joined]);
    const app = renderApp('/onboarding/step-4', { user: owner });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ajouter des collaborateurs' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Retour à l'étape précédente" })).toHaveAttribute('href', '/onboarding/step-3');
    const list = await screen.findByRole('list', { name: 'Collaborateurs invités' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent(employee.email);

    const field = screen.getByLabelText(/^Adresse email du collaborateur/);
    const send = screen.getByRole('button', { name: "Envoyer l'invitation" });
    expect(send).toBeDisabled();
    await app.user.type(field, owner.email.toUpperCase());
    expect(send).toBeDisabled();
    await app.user.tab();
    expect(screen.getByText('Vous ne pouvez pas vous inviter vous-même')).toBeInTheDocument();
    await app.user.clear(field);
    await app.user.type(field, employee.email.toUpperCase());
    await app.user.tab();
    expect(screen.getByText('Un employé avec cette adresse email a déjà été invité')).toBeInTheDocument();
    await app.user.clear(field);
    await app.user.type(field, 'paul@terres');
    await app.user.tab();
    expect(screen.getByText("Format d'email invalide")).toBeInTheDocument();
    await app.user.type(field, '.fr');
    expect(send).toBeEnabled();
    await app.user.click(send);

    expect(await screen.findByText('Invitation envoyée avec succès')).toBeInTheDocument();
    expect(invited).toEqual([{ email: 'paul@terres.fr' }]);
    expect(field).toHaveValue('');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Collaborateurs invités' })).getAllByRole('listitem')).toHaveLength(2));
    expect(screen.getByRole('list', { name: 'Collaborateurs invités' })).toHaveTextContent('Invitation envoyée');

    await app.user.click(screen.getByRole('button', { name: "Terminer l'inscription" }));
    await waitFor(() => expect(app.location().pathname).toBe('/dashboard'));
  });

  it("replaces the field with the limit sentence at 5 collaborators", async () => {
    organisationApi(organization);
    members([
      self,
      ...[1, 2, 3, 4, 5].map((n) => ({ ...joined, id: `00000000-0000-4000-8000-00000000000${n}`, email: `c${n}@terres.fr` })),
    ]);
    renderApp('/onboarding/step-4', { user: owner });
    expect(await screen.findByText('Vous avez atteint le nombre maximal de collaborateurs (5)')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Adresse email du collaborateur/)).not.toBeInTheDocument();
  });

  it("shows the server's refusal of an invitation and keeps the address", async () => {
    organisationApi(organization);
    members([self]);
    server.use(
      http.post('*/users/invite', () => problem(409, 'Un employé avec cette adresse email a déjà été invité')),
    );
    const app = renderApp('/onboarding/step-4', { user: owner });
    await app.user.type(await screen.findByLabelText(/^Adresse email du collaborateur/), 'paul@terres.fr');
    await app.user.click(screen.getByRole('button', { name: "Envoyer l'invitation" }));
    expect(await screen.findByText('Un employé avec cette adresse email a déjà été invité')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Adresse email du collaborateur/)).toHaveValue('paul@terres.fr');
  });

  it("says 'Erreur lors de l’actualisation de votre organisation' when the last check fails, and stays", async () => {
    organisationApi(organization);
    members([self]);
    const app = renderApp('/onboarding/step-4', { user: owner });
    await screen.findByLabelText(/^Adresse email du collaborateur/);
    server.use(http.get('*/organizations/me', () => problem(500)));
    await app.user.click(screen.getByRole('button', { name: "Terminer l'inscription" }));
    expect(await screen.findByText('Erreur lors de l’actualisation de votre organisation', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/onboarding/step-4');
  });
});
