import { configureApiClient, createMemoryStorage } from '@terres/api-client';
import { ToastProvider } from '@terres/ui/toast';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignInScreen, type SignInMode } from './sign-in-screen';

const API = 'http://api.test/api/v1';
const server = setupServer();
let requests: { path: string; body: unknown }[];

const login = {
  accessToken: 'a',
  accessTokenExpirationDate: new Date(Date.now() + 900_000).toISOString(),
  refreshTokenExpirationDate: new Date(Date.now() + 86_400_000).toISOString(),
  user: { id: 'u', email: 'chef@chantier.fr', role: 'OWNER' as const, firstName: null, lastName: null, phoneNumber: null, organizationId: null },
};
const problem = (status: number, detail: string) =>
  HttpResponse.json({ type: 'about:blank', title: 'x', status, detail }, { status, headers: { 'content-type': 'application/problem+json' } });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());
beforeEach(() => {
  requests = [];
  configureApiClient({ baseUrl: API, onUnauthorized: () => undefined, storage: createMemoryStorage() });
  const record = (path: string) => async ({ request }: { request: Request }) => {
    requests.push({ path, body: await request.json() });
    return new HttpResponse(null, { status: 202 });
  };
  server.use(
    http.post(`${API}/auth/login/magic-link/request`, record('login')),
    http.post(`${API}/auth/register/magic-link/request`, record('register')),
    http.post(`${API}/auth/magic-link/verify`, async ({ request }) => {
      const body = (await request.json()) as { otp: string };
      requests.push({ path: 'verify', body });
      return body.otp === '123456' ? HttpResponse.json(login) : problem(400, 'Code incorrect. Veuillez réessayer.');
    }),
  );
});

function renderScreen(mode: SignInMode) {
  const onSignedIn = vi.fn();
  render(
    <ToastProvider>
      <SignInScreen mode={mode} onSignedIn={onSignedIn} alternateHref={mode === 'login' ? '/register' : '/login'} />
    </ToastProvider>,
  );
  return { onSignedIn, user: userEvent.setup() };
}

describe('SignInScreen', () => {
  it('signs in: e-mail, six digits auto-submitted, the session handed over', async () => {
    const { onSignedIn, user } = renderScreen('login');
    expect(screen.getByRole('heading', { level: 1, name: 'Connexion à votre compte' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inscrivez-vous ici' })).toHaveAttribute('href', '/register');
    await user.type(screen.getByLabelText(/Votre email/), '  Chef@Chantier.fr ');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByRole('heading', { name: 'Vérification du code' })).toBeInTheDocument();
    // The address is an element of its own (it wraps at its dots and @): the sentence reads whole.
    expect(screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === 'Un code à 6 chiffres a été envoyé à chef@chantier.fr')).toBeInTheDocument();
    expect(requests).toEqual([{ path: 'login', body: { email: 'chef@chantier.fr' } }]);

    await user.click(screen.getByRole('textbox', { name: /Chiffre 1/ }));
    await user.paste('123456');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(login));
    expect(requests.at(-1)).toEqual({ path: 'verify', body: { email: 'chef@chantier.fr', otp: '123456' } });
  });

  it('refuses a malformed e-mail with the login screen message and sends nothing', async () => {
    const { user } = renderScreen('login');
    await user.type(screen.getByLabelText(/Votre email/), 'chef@chantier');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Veuillez entrer un email valide.')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('shows a wrong code, keeps it to be typed over, and goes back with "Changer d\'email"', async () => {
    const { onSignedIn, user } = renderScreen('login');
    await user.type(screen.getByLabelText(/Votre email/), 'chef@chantier.fr');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await user.click(await screen.findByRole('textbox', { name: /Chiffre 1/ }));
    await user.paste('654321');
    expect(await screen.findByText('Code incorrect. Veuillez réessayer.')).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
    // The code stays (issue 21: a wrong code emptied the six boxes), the first box focused:
    // the next digit typed replaces it.
    expect(screen.getByRole('textbox', { name: /Chiffre 6/ })).toHaveValue('1');
    expect(screen.getByRole('textbox', { name: /Chiffre 1/ })).toHaveFocus();
    await user.keyboard('1');
    expect(screen.getByRole('textbox', { name: /Chiffre 1/ })).toHaveValue('1');
    expect(screen.getByRole('textbox', { name: /Chiffre 2/ })).toHaveValue('');

    await user.click(screen.getByRole('button', { name: "Changer d'email" }));
    expect(screen.getByRole('heading', { name: 'Connexion à votre compte' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Votre email/)).toHaveValue('chef@chantier.fr');
  });

  it('registers with the info toast, and shows the server reason for a cooldown', async () => {
    const { user } = renderScreen('register');
    expect(screen.getByRole('heading', { name: 'Création de votre compte' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connectez-vous ici' })).toHaveAttribute('href', '/login');
    await user.type(screen.getByLabelText(/Votre email/), 'neuf@chantier.fr');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByText('Un code de vérification a été envoyé à votre adresse email')).toBeInTheDocument();
    expect(requests).toEqual([{ path: 'register', body: { email: 'neuf@chantier.fr' } }]);

    server.use(http.post(`${API}/auth/register/magic-link/request`, () => problem(429, 'Veuillez patienter avant de demander un nouveau code.')));
    await user.click(screen.getByRole('button', { name: "Changer d'email" }));
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findAllByText('Veuillez patienter avant de demander un nouveau code.')).not.toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Création de votre compte' })).toBeInTheDocument();
  });

  it('says the spec sentence when the code cannot be sent', async () => {
    server.use(http.post(`${API}/auth/login/magic-link/request`, () => HttpResponse.error()));
    const { user } = renderScreen('login');
    await user.type(screen.getByLabelText(/Votre email/), 'chef@chantier.fr');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText("Erreur lors de l'envoi du code. Veuillez réessayer.")).toBeInTheDocument();
  });
});
