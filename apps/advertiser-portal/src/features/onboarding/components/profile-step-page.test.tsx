import { readSession, type User } from '@terres/api-client';
import { getGetMyOrganizationMockHandler } from '@terres/api-client/mocks';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { employee, newOwner, organization } from '../../../../test/fixtures';
import { problem } from '../../../../test/problem';
import { renderApp } from '../../../../test/render-app';
import { server } from '../../../../test/server';

function acceptProfile() {
  const bodies: unknown[] = [];
  server.use(
    http.put('*/users/me', async ({ request }) => {
      const body = (await request.json()) as { first_name: string; last_name: string; phone_number: string };
      bodies.push(body);
      const me: User = { ...newOwner, firstName: body.first_name, lastName: body.last_name, phoneNumber: body.phone_number };
      return HttpResponse.json(me);
    }),
  );
  return bodies;
}

describe('/onboarding/profile', () => {
  it("keeps 'Suivant' disabled until the three fields are filled, saves, updates the stored user and goes to the thanks page", async () => {
    const bodies = acceptProfile();
    server.use(http.get('*/organizations/me', () => problem(404, 'Organisation introuvable.')));
    const app = renderApp('/dashboard', { user: newOwner });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes informations' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/onboarding/profile');
    const next = screen.getByRole('button', { name: 'Suivant' });
    expect(next).toBeDisabled();
    await app.user.type(screen.getByLabelText(/^Nom/), ' Muller ');
    await app.user.type(screen.getByLabelText(/^Prénom/), 'Camille');
    expect(next).toBeDisabled();
    await app.user.type(screen.getByLabelText(/^Numéro de téléphone/), '   ');
    expect(next).toBeDisabled();
    await app.user.clear(screen.getByLabelText(/^Numéro de téléphone/));
    await app.user.type(screen.getByLabelText(/^Numéro de téléphone/), '06 12 34 56 78');
    expect(next).toBeEnabled();
    await app.user.click(next);

    expect(await screen.findByRole('heading', { level: 1, name: 'Merci pour votre inscription' })).toBeInTheDocument();
    expect(bodies).toEqual([{ first_name: 'Camille', last_name: 'Muller', phone_number: '06 12 34 56 78' }]);
    expect(readSession().user).toMatchObject({ firstName: 'Camille', lastName: 'Muller', phoneNumber: '06 12 34 56 78' });
    await waitFor(() => expect(document.title).toBe('Merci pour votre inscription · Bourse aux terres'));

    await app.user.click(screen.getByRole('link', { name: 'Créer le compte de mon organisation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Informations légales' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/onboarding/step-1');
  });

  it('checks the phone pattern with the domain message and sends nothing', async () => {
    const bodies = acceptProfile();
    const app = renderApp('/onboarding/profile', { user: newOwner });
    await app.user.type(await screen.findByLabelText(/^Nom/), 'Muller');
    await app.user.type(screen.getByLabelText(/^Prénom/), 'Camille');
    await app.user.type(screen.getByLabelText(/^Numéro de téléphone/), '06/12/34');
    await app.user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('Veuillez entrer un numéro de téléphone valide.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    // The message clears as soon as the user types again (spec §5).
    await app.user.type(screen.getByLabelText(/^Numéro de téléphone/), '5');
    expect(screen.queryByText('Veuillez entrer un numéro de téléphone valide.')).not.toBeInTheDocument();
  });

  it('keeps what was typed and says the save failed', async () => {
    server.use(http.put('*/users/me', () => problem(500)));
    const app = renderApp('/onboarding/profile', { user: newOwner });
    await app.user.type(await screen.findByLabelText(/^Nom/), 'Muller');
    await app.user.type(screen.getByLabelText(/^Prénom/), 'Camille');
    await app.user.type(screen.getByLabelText(/^Numéro de téléphone/), '0612345678');
    await app.user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors de la mise à jour du profil. Veuillez réessayer.');
    expect(screen.getByLabelText(/^Nom/)).toHaveValue('Muller');
    expect(screen.getByLabelText(/^Numéro de téléphone/)).toHaveValue('0612345678');
    expect(app.location().pathname).toBe('/onboarding/profile');
  });

  it("shows the server's field message of a 422 on the field", async () => {
    server.use(http.put('*/users/me', () => problem(422, 'Données invalides.', { last_name: 'Le nom est requis' })));
    const app = renderApp('/onboarding/profile', { user: newOwner });
    await app.user.type(await screen.findByLabelText(/^Nom/), 'Muller');
    await app.user.type(screen.getByLabelText(/^Prénom/), 'Camille');
    await app.user.type(screen.getByLabelText(/^Numéro de téléphone/), '0612345678');
    await app.user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('Le nom est requis')).toBeInTheDocument();
  });

  it('sends an employee on to the dashboard (they have no organisation steps)', async () => {
    server.use(
      http.put('*/users/me', () => HttpResponse.json(employee)),
      getGetMyOrganizationMockHandler(organization),
    );
    const app = renderApp('/onboarding/profile', { user: { ...employee, firstName: null, lastName: null, phoneNumber: null } });
    await app.user.type(await screen.findByLabelText(/^Nom/), 'Schmitt');
    await app.user.type(screen.getByLabelText(/^Prénom/), 'Léa');
    await app.user.type(screen.getByLabelText(/^Numéro de téléphone/), '0612345678');
    await app.user.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(app.location().pathname).toBe('/dashboard'));
  });

  it("offers 'Se déconnecter'", async () => {
    server.use(http.post('*/auth/logout', () => new HttpResponse(null, { status: 204 })));
    const app = renderApp('/onboarding/profile', { user: newOwner });
    await app.user.click(await screen.findByRole('button', { name: 'Se déconnecter' }));
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(readSession().user).toBeNull();
  });
});
