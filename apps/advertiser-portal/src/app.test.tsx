import { getGetMyOrganizationMockHandler } from '@terres/api-client/mocks';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { admin, employee, newOwner, organization, owner } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { server } from '../test/server';

const noOrganization = http.get('*/organizations/me', () =>
  HttpResponse.json({ status: 404, title: 'Not Found', detail: 'Organisation introuvable.' }, { status: 404 }),
);

describe('portal routes and guards (spec §2, §4, §6)', () => {
  it('sends a signed-out visitor to /login, keeping where they were going', async () => {
    const app = renderApp('/user/account/organization?x=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion à votre compte' })).toBeInTheDocument();
    expect(app.location().pathname).toBe('/login');
    expect(app.location().search).toEqual({ redirect: '/user/account/organization?x=1' });
    await waitFor(() => expect(document.title).toBe('Connexion · Bourse aux terres'));
  });

  it('sends / and unknown paths to the role home', async () => {
    server.use(getGetMyOrganizationMockHandler(organization));
    const app = renderApp('/nulle-part', { user: owner });
    await waitFor(() => expect(app.location().pathname).toBe('/dashboard'));
    const signedOut = renderApp('/');
    await waitFor(() => expect(signedOut.location().pathname).toBe('/login'));
  });

  it('sends a signed-in user away from /login and /register to their home', async () => {
    server.use(getGetMyOrganizationMockHandler(organization));
    const app = renderApp('/register', { user: owner });
    await waitFor(() => expect(app.location().pathname).toBe('/dashboard'));
  });

  it('starts the onboarding of a new account at the profile step', async () => {
    server.use(noOrganization);
    const app = renderApp('/dashboard', { user: newOwner });
    await waitFor(() => expect(app.location().pathname).toBe('/onboarding/profile'));
  });

  it('sends an owner to the onboarding step the organisation stops at', async () => {
    server.use(getGetMyOrganizationMockHandler({ ...organization, officePhoneNumber: null }));
    const app = renderApp('/dashboard', { user: owner });
    await waitFor(() => expect(app.location().pathname).toBe('/onboarding/step-2'));

    server.use(noOrganization);
    const none = renderApp('/credits/buy', { user: owner });
    await waitFor(() => expect(none.location().pathname).toBe('/onboarding/step-1'));
  });

  it('lets an employee of an incomplete organisation in, but not on owner-only pages', async () => {
    server.use(getGetMyOrganizationMockHandler({ ...organization, representativeEmail: null }));
    const app = renderApp('/credits/buy', { user: employee });
    await waitFor(() => expect(app.location().pathname).toBe('/dashboard'));
    const steps = renderApp('/onboarding/step-1', { user: employee });
    await waitFor(() => expect(steps.location().pathname).toBe('/dashboard'));
    const collaborators = renderApp('/user/account/collaborators', { user: employee });
    await waitFor(() => expect(collaborators.location().pathname).toBe('/dashboard'));
  });

  it('tells an employee sent back from the credits why (issue 21: the bounce said nothing)', async () => {
    const app = renderApp('/credits/buy', { user: employee });
    expect(
      await screen.findByText('Seul le responsable de votre organisation peut acheter des crédits : demandez-lui d’en ajouter.'),
    ).toBeInTheDocument();
    // The address is the dashboard's own again; the message stays.
    await waitFor(() => expect(app.location().href).toBe('/dashboard'));
    expect(screen.getByText(/^Seul le responsable de votre organisation peut acheter des crédits/)).toBeVisible();
  });

  it('signs out the user of an archived organisation and says why on the sign-in page', async () => {
    server.use(
      http.get('*/organizations/me', () =>
        HttpResponse.json(
          { type: 'urn:bourse-terres:problem:organization-archived', title: 'Forbidden', status: 403, detail: 'Votre organisation a été archivée.' },
          { status: 403, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const app = renderApp('/user/account/informations', { user: owner });
    expect(await screen.findByText('Votre organisation a été archivée.')).toBeInTheDocument();
    expect(app.location().pathname).toBe('/login');
    expect(app.auth.getState().status).toBe('unauthenticated');
  });

  it('sends an owner who opens an /admin link to their home, still signed in (review D9)', async () => {
    const app = renderApp('/admin/inquiries', { user: owner });
    await waitFor(() => expect(app.location().pathname).toBe('/dashboard'));
    expect(screen.queryByRole('heading', { name: 'Ce portail est réservé aux annonceurs' })).not.toBeInTheDocument();
    expect(app.auth.getState().status).toBe('authenticated');
  });

  it('sends a visitor who opens an /admin link to the sign-in page', async () => {
    const app = renderApp('/admin/inquiries');
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
  });

  it('tells an admin who opens an /admin link here that the console is elsewhere', async () => {
    renderApp('/admin/inquiries', { user: admin });
    expect(await screen.findByRole('heading', { name: 'Ce portail est réservé aux annonceurs' })).toBeInTheDocument();
  });

  it('tells an admin this portal is not theirs and signs them out of it', async () => {
    const app = renderApp('/dashboard', { user: admin });
    expect(await screen.findByRole('heading', { name: 'Ce portail est réservé aux annonceurs' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ouvrir la console des administrateurs' })).toHaveAttribute(
      'href',
      'http://localhost:5174/admin/inquiries',
    );
    await waitFor(() => expect(app.auth.getState().status).toBe('unauthenticated'));
  });
});
