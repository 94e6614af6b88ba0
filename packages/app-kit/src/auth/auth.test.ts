import { QueryClient } from '@tanstack/react-query';
import { createMemoryStorage, getCurrentUser, readSession, type LoginResponse } from '@terres/api-client';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuth, type SessionEnd } from './auth';

const API = 'http://api.test/api/v1';
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const user = {
  id: 'u1',
  email: 'owner@demo.test',
  role: 'OWNER' as const,
  firstName: 'Ana',
  lastName: 'Martin',
  phoneNumber: '0601020304',
  organizationId: 'o1',
};
const session = (access: string, accessIn: number, refreshIn: number): LoginResponse => ({
  accessToken: access,
  refreshToken: `refresh-${access}`,
  accessTokenExpirationDate: iso(accessIn),
  refreshTokenExpirationDate: iso(refreshIn),
  user,
});
const store = (storage: ReturnType<typeof createMemoryStorage>, value: LoginResponse) => {
  storage.setItem('accessToken', value.accessToken);
  storage.setItem('refreshToken', value.refreshToken);
  storage.setItem('user', JSON.stringify(value.user));
  storage.setItem('accessTokenExpirationDate', value.accessTokenExpirationDate);
  storage.setItem('refreshTokenExpirationDate', value.refreshTokenExpirationDate);
};

const server = setupServer();
let refreshes: unknown[];
let logouts: { body: unknown; authorization: string | null }[];
let refreshOk: boolean;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => server.resetHandlers());
beforeEach(() => {
  refreshes = [];
  logouts = [];
  refreshOk = true;
  server.use(
    http.post(`${API}/auth/refresh`, async ({ request }) => {
      refreshes.push(await request.json());
      if (!refreshOk) return HttpResponse.json({ status: 401, detail: 'Session expirée.' }, { status: 401 });
      return HttpResponse.json(session('fresh', 15 * 60_000, 30 * 86_400_000));
    }),
    http.post(`${API}/auth/logout`, async ({ request }) => {
      logouts.push({ body: await request.json(), authorization: request.headers.get('authorization') });
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`${API}/users/me`, ({ request }) =>
      request.headers.get('authorization') === 'Bearer fresh'
        ? HttpResponse.json(user)
        : HttpResponse.json({ status: 401, detail: 'Jeton invalide.' }, { status: 401 }),
    ),
  );
});

function setup(initial?: LoginResponse) {
  const storage = createMemoryStorage();
  if (initial) store(storage, initial);
  const queryClient = new QueryClient();
  const ended: SessionEnd[] = [];
  const auth = createAuth({ apiUrl: API, queryClient, storage, onSessionEnded: (end) => ended.push(end) });
  return { auth, storage, queryClient, ended };
}

describe('createAuth', () => {
  it('starts loading, then restores a live session without calling the API', async () => {
    const { auth } = setup(session('live', 10 * 60_000, 86_400_000));
    expect(auth.getState().status).toBe('loading');
    await expect(auth.ensureSession()).resolves.toMatchObject({ email: 'owner@demo.test' });
    expect(auth.getState()).toMatchObject({ status: 'authenticated', user: { firstName: 'Ana' } });
    expect(refreshes).toEqual([]);
  });

  it('renews an expired access token while the refresh token is valid (no sign-in after 15 minutes idle)', async () => {
    const { auth } = setup(session('old', -60_000, 86_400_000));
    const [a, b] = await Promise.all([auth.ensureSession(), auth.ensureSession()]);
    expect(a?.email).toBe('owner@demo.test');
    expect(b?.email).toBe('owner@demo.test');
    expect(refreshes).toEqual([{ refresh_token: 'refresh-old' }]);
    expect(readSession().accessToken).toBe('fresh');
    expect(auth.getState().status).toBe('authenticated');
  });

  it('signs out when the refresh token has expired or the renewal is refused', async () => {
    const expired = setup(session('old', -60_000, -1000));
    await expect(expired.auth.ensureSession()).resolves.toBeNull();
    expect(expired.auth.getState().status).toBe('unauthenticated');
    expect(readSession().accessToken).toBeNull();
    expect(refreshes).toEqual([]);

    refreshOk = false;
    const refused = setup(session('old', -60_000, 86_400_000));
    await expect(refused.auth.ensureSession()).resolves.toBeNull();
    expect(refused.auth.getState().status).toBe('unauthenticated');
    expect(readSession().refreshToken).toBeNull();
  });

  it('signs in, updates the stored user keeping the tokens, and signs out through the API', async () => {
    const { auth, queryClient } = setup();
    await auth.ensureSession();
    const listener = vi.fn();
    auth.subscribe(listener);
    auth.signIn(session('fresh', 15 * 60_000, 86_400_000));
    expect(auth.getState()).toMatchObject({ status: 'authenticated', user: { firstName: 'Ana' } });

    auth.updateUser({ firstName: 'Anaïs' });
    expect(auth.getState().user?.firstName).toBe('Anaïs');
    expect(readSession()).toMatchObject({ accessToken: 'fresh', user: { firstName: 'Anaïs', lastName: 'Martin' } });

    queryClient.setQueryData(['x'], 1);
    await auth.signOut();
    expect(logouts).toEqual([{ body: { refresh_token: 'refresh-fresh' }, authorization: 'Bearer fresh' }]);
    expect(auth.getState()).toEqual({ status: 'unauthenticated', user: null });
    expect(readSession().accessToken).toBeNull();
    expect(queryClient.getQueryData(['x'])).toBeUndefined();
    expect(listener).toHaveBeenCalled();
  });

  it('ends the session of an archived organisation with its French message', async () => {
    const { auth, ended } = setup(session('fresh', 10 * 60_000, 86_400_000));
    await auth.ensureSession();
    server.use(
      http.get(`${API}/users/me`, () =>
        HttpResponse.json(
          { type: 'urn:bourse-terres:problem:organization-archived', title: 'Forbidden', status: 403, detail: 'Votre organisation a été archivée.' },
          { status: 403, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    await expect(getCurrentUser()).rejects.toThrow();
    expect(ended).toEqual([{ reason: 'organization-archived', message: 'Votre organisation a été archivée.' }]);
    expect(auth.lastSessionEnd()).toEqual(ended[0]);
    expect(auth.getState().status).toBe('unauthenticated');
    expect(readSession().accessToken).toBeNull();
  });

  it('reports a session lost for good once, as unauthorized', async () => {
    refreshOk = false;
    const { auth, ended } = setup(session('revoked', 10 * 60_000, 86_400_000));
    await auth.ensureSession();
    await expect(getCurrentUser()).rejects.toThrow();
    expect(ended).toEqual([{ reason: 'unauthorized' }]);
    expect(auth.getState().status).toBe('unauthenticated');
  });
});
