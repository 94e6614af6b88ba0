import { sessionFor } from '@terres/app-kit/testing';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { admin, owner } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { server } from '../test/server';

describe('console routes and access (issue 10)', () => {
  it('sends a signed-out visitor to /login, keeping where they were going', async () => {
    const app = renderApp('/admin/organizations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion à votre compte' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Inscrivez-vous ici' })).not.toBeInTheDocument();
    expect(app.location().search).toEqual({ redirect: '/admin/organizations' });
  });

  it('sends any other path to the listings table', async () => {
    const app = renderApp('/nulle/part', { user: admin });
    await waitFor(() => expect(app.location().pathname).toBe('/admin/inquiries'));
    expect(await screen.findByRole('link', { name: 'Liste des annonces' })).toHaveAttribute('aria-current', 'page');
  });

  it('signs a non-admin out and says the console is for admins only', async () => {
    const app = renderApp('/admin/inquiries', { user: owner });
    expect(await screen.findByText('Cette console est réservée aux administrateurs.')).toBeInTheDocument();
    expect(app.location().pathname).toBe('/login');
    expect(app.auth.getState().status).toBe('unauthenticated');
  });

  it('refuses a non-admin who signs in with a code, and lets an admin in', async () => {
    let who = owner;
    server.use(
      http.post('*/auth/login/magic-link/request', () => new HttpResponse(null, { status: 202 })),
      http.post('*/auth/magic-link/verify', () => HttpResponse.json(sessionFor(who))),
      http.post('*/auth/logout', () => new HttpResponse(null, { status: 204 })),
    );
    const app = renderApp('/login');
    const signIn = async (email: string) => {
      await app.user.type(await screen.findByLabelText(/Votre email/), email);
      await app.user.click(screen.getByRole('button', { name: 'Se connecter' }));
      await app.user.click(await screen.findByRole('textbox', { name: /Chiffre 1/ }));
      await app.user.paste('123456');
    };
    await signIn(owner.email);
    expect(await screen.findByText('Cette console est réservée aux administrateurs.')).toBeInTheDocument();
    expect(app.auth.getState().status).toBe('unauthenticated');

    who = admin;
    await signIn(admin.email);
    await waitFor(() => expect(app.location().pathname).toBe('/admin/inquiries'));
  });
});
