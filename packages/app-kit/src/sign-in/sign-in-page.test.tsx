import { configureApiClient, createMemoryStorage, isAuthenticated, saveSession, type StorageLike } from '@terres/api-client';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createRoot } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthController } from '../auth/auth-context';
import { safeRedirect } from '../auth/paths';
import { startSignInPage, type AppModule, type SignInPageProps } from './sign-in-page';
import { SignInScreen } from './sign-in-screen';

const API = 'http://api.test/api/v1';
const server = setupServer();
const login = {
  accessToken: 'a',
  accessTokenExpirationDate: new Date(Date.now() + 900_000).toISOString(),
  refreshTokenExpirationDate: new Date(Date.now() + 86_400_000).toISOString(),
  user: { id: 'u', email: 'chef@chantier.fr', role: 'OWNER' as const, firstName: null, lastName: null, phoneNumber: null, organizationId: null },
};
let storage: StorageLike;
let rootElement: HTMLElement;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  storage = createMemoryStorage();
  configureApiClient({ baseUrl: API, storage });
  server.use(
    http.post(`${API}/auth/login/magic-link/request`, () => new HttpResponse(null, { status: 202 })),
    http.post(`${API}/auth/magic-link/verify`, () => HttpResponse.json(login)),
  );
  rootElement = document.createElement('div');
  document.body.append(rootElement);
  window.history.replaceState(null, '', '/login?redirect=%2Fhelp');
});
afterEach(() => {
  server.resetHandlers();
  rootElement.remove();
  vi.restoreAllMocks();
});

/** An app's sign-in page as the apps write it: the shared screen, `leave` once signed in. */
function Page({ search, leave }: SignInPageProps) {
  const auth = useAuthController();
  return (
    <SignInScreen
      mode="login"
      alternateHref="/register"
      onSignedIn={async (response) => {
        auth.signIn(response);
        await leave(safeRedirect(search.get('redirect'), '/dashboard'));
      }}
    />
  );
}

/** An app drawn as a heading; `started` says at which page. */
function fakeApp() {
  const started: string[] = [];
  const app: AppModule = {
    appElement() {
      started.push(window.location.pathname);
      return <h1>Application</h1>;
    },
  };
  const loadApp = vi.fn(() => Promise.resolve(app));
  return { started, loadApp };
}

async function signIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Votre email/), 'chef@chantier.fr');
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
  await user.click(await screen.findByRole('textbox', { name: 'Chiffre 1 sur 6' }));
  await user.keyboard('123456');
}

describe('startSignInPage', () => {
  it('draws the sign-in screen, fetches the app once the e-mail is sent, and starts it in the same page on the page asked for', async () => {
    const { started, loadApp } = fakeApp();
    startSignInPage({ root: createRoot(rootElement), apiUrl: API, loadApp, render: (props) => <Page {...props} /> });
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion à votre compte' })).toBeInTheDocument();
    expect(loadApp).not.toHaveBeenCalled();

    await signIn();
    await waitFor(() => expect(started).toEqual(['/help']));
    expect(loadApp.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('heading', { name: 'Vérification du code' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Application' })).toBeInTheDocument();
    // The access token is in this tab's memory: the app has nothing to renew.
    expect(isAuthenticated()).toBe(true);
  });

  it('a stored session goes straight to the app (its own /login sends a signed-in user on)', async () => {
    saveSession(login);
    const { started, loadApp } = fakeApp();
    const render = vi.fn(() => <p>formulaire</p>);
    startSignInPage({ root: createRoot(rootElement), apiUrl: API, loadApp, render });
    expect(await screen.findByRole('heading', { level: 1, name: 'Application' })).toBeInTheDocument();
    expect(started).toEqual(['/login']);
    expect(render).not.toHaveBeenCalled();
  });

  it("the app's code out of reach at sign-in: the whole page is loaded at the target instead", async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, search: window.location.search, assign } as Location);
    const loadApp = vi.fn(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    startSignInPage({ root: createRoot(rootElement), apiUrl: API, loadApp, render: (props) => <Page {...props} /> });
    await signIn();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/help'));
  });
});
