import { getGetMyOrganizationMockHandler } from '@terres/api-client/mocks';
import { readSession } from '@terres/api-client';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { employee, organization } from '../../../../test/fixtures';
import { renderApp } from '../../../../test/render-app';
import { server } from '../../../../test/server';

const base64Url = (value: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(value))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (payload: object) => `${base64Url('{"alg":"HS256","typ":"JWT"}')}.${base64Url(JSON.stringify(payload))}.c2lnbmF0dXJl`;
const inAWeek = () => Math.floor(Date.now() / 1000) + 7 * 24 * 3600;
const invited = 'chef.chantier@terrassements-alsace.fr';
const validToken = jwt({ sub: invited, exp: inAWeek() });

const problem = (status: number, detail?: string) =>
  HttpResponse.json(
    { type: 'about:blank', title: 'Erreur', status, ...(detail ? { detail } : {}) },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

const session = (user = { ...employee, firstName: null, lastName: null, phoneNumber: null }) => ({
  accessToken: 'access',
  accessTokenExpirationDate: new Date(Date.now() + 900_000).toISOString(),
  refreshTokenExpirationDate: new Date(Date.now() + 86_400_000).toISOString(),
  user,
});

function recordRequests() {
  const calls: { path: string; body: unknown }[] = [];
  server.use(
    http.post('*/auth/invitation/request', async ({ request }) => {
      calls.push({ path: 'request', body: await request.json() });
      return HttpResponse.json({ email: invited }, { status: 202 });
    }),
    http.post('*/auth/magic-link/verify', async ({ request }) => {
      const body = (await request.json()) as { otp: string };
      calls.push({ path: 'verify', body });
      return body.otp === '654321' ? HttpResponse.json(session()) : problem(400, 'Code incorrect ou expiré.');
    }),
  );
  return calls;
}

const url = (token: string) => `/accept-invitation?token=${encodeURIComponent(token)}`;

describe('/accept-invitation', () => {
  it('sends a code to the invited address once, then signs in with it and goes to the dashboard after the welcome toast', async () => {
    const calls = recordRequests();
    server.use(getGetMyOrganizationMockHandler(organization));
    const app = renderApp(url(validToken));
    expect(await screen.findByRole('heading', { level: 1, name: "Accepter l'invitation" })).toBeInTheDocument();
    expect(await screen.findByText(invited)).toBeInTheDocument();
    expect(calls).toEqual([{ path: 'request', body: { token: validToken } }]);
    await waitFor(() => expect(document.title).toBe("Accepter l'invitation · Bourse aux terres"));

    const field = screen.getByLabelText(/Code de vérification/);
    expect(field).toHaveAttribute('placeholder', '123456');
    expect(field).toHaveAttribute('maxLength', '6');
    expect(screen.getByText(/courriers indésirables \(spam\)/)).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Vérifier et se connecter' });
    expect(submit).toBeDisabled();
    await app.user.type(field, '65a4-32');
    expect(field).toHaveValue('65432');
    expect(submit).toBeDisabled();
    await app.user.type(field, '19');
    expect(field).toHaveValue('654321');
    expect(submit).toBeEnabled();
    await app.user.click(submit);

    expect(await screen.findByText('Bienvenue ! Vous êtes maintenant connecté')).toBeInTheDocument();
    expect(calls[1]).toEqual({ path: 'verify', body: { email: invited, otp: '654321' } });
    expect(readSession().user?.email).toBe(employee.email);
    // Still here right after the toast; then /dashboard, where the profile step takes over.
    expect(app.location().pathname).toBe('/accept-invitation');
    await waitFor(() => expect(app.location().pathname).toBe('/onboarding/profile'));
  });

  it("shows the server's reason for a wrong code, clears the field and lets the user try again", async () => {
    const calls = recordRequests();
    const app = renderApp(url(validToken));
    const field = await screen.findByLabelText(/Code de vérification/);
    await app.user.type(field, '111111');
    await app.user.click(screen.getByRole('button', { name: 'Vérifier et se connecter' }));
    expect(await screen.findByText('Code incorrect ou expiré.')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(app.location().pathname).toBe('/accept-invitation');
    expect(calls.filter((c) => c.path === 'verify')).toHaveLength(1);
  });

  it("falls back to 'Code de vérification invalide' when the server gives no detail", async () => {
    recordRequests();
    server.use(http.post('*/auth/magic-link/verify', () => problem(400)));
    const app = renderApp(url(validToken));
    await app.user.type(await screen.findByLabelText(/Code de vérification/), '222222');
    await app.user.click(screen.getByRole('button', { name: 'Vérifier et se connecter' }));
    expect(await screen.findByText('Code de vérification invalide')).toBeInTheDocument();
  });

  it("resends the code with 'Renvoyer le code', and says why when it cannot", async () => {
    const calls = recordRequests();
    const app = renderApp(url(validToken));
    await screen.findByText(invited);
    await app.user.click(screen.getByRole('button', { name: 'Renvoyer le code' }));
    expect(await screen.findByText('Un nouveau code a été envoyé.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'request')).toHaveLength(2);

    server.use(http.post('*/auth/invitation/request', () => problem(429, 'Veuillez patienter avant de demander un nouveau code.')));
    await app.user.click(screen.getByRole('button', { name: 'Renvoyer le code' }));
    expect(await screen.findByText('Veuillez patienter avant de demander un nouveau code.')).toBeInTheDocument();
  });

  it.each([
    ['no token', '/accept-invitation', "Lien d'invitation invalide"],
    ['a token without subject', url(jwt({ exp: inAWeek() })), "Lien d'invitation invalide : l'adresse e-mail invitée n'y figure pas. Demandez une nouvelle invitation."],
    ['an expired token', url(jwt({ sub: invited, exp: Math.floor(Date.now() / 1000) - 60 })), "Ce lien d'invitation a expiré"],
    ['an unreadable token', url('pas-un-jeton'), "Lien d'invitation invalide : il est incomplet ou a été modifié. Demandez une nouvelle invitation."],
  ])('refuses %s without calling the API, with a way back to the sign-in page', async (_case, path, message) => {
    const calls = recordRequests();
    const app = renderApp(path);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(calls).toEqual([]);
    await app.user.click(screen.getByRole('link', { name: 'Retour à la page de connexion' }));
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
  });

  it("shows the server's refusal (invitation withdrawn, account exists) and the spec's sentence when sending fails", async () => {
    server.use(
      http.post('*/auth/invitation/request', () =>
        problem(400, "Cette invitation n'est plus valide. Demandez une nouvelle invitation."),
      ),
    );
    renderApp(url(validToken));
    expect(await screen.findByRole('alert')).toHaveTextContent("Cette invitation n'est plus valide. Demandez une nouvelle invitation.");
  });

  it("says 'Erreur lors de l'envoi du code de vérification' when the mail could not go out", async () => {
    server.use(http.post('*/auth/invitation/request', () => problem(503, 'Le service est indisponible.')));
    renderApp(url(validToken));
    expect(await screen.findByRole('alert')).toHaveTextContent("Erreur lors de l'envoi du code de vérification");
  });
});
