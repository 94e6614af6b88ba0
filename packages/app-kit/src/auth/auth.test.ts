import { QueryClient } from '@tanstack/react-query';
import { createMemoryStorage, getCurrentUser, readSession, refreshSession, saveSession, setSessionStorage, type LoginResponse } from '@terres/api-client';
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
  accessTokenExpirationDate: iso(accessIn),
  refreshTokenExpirationDate: iso(refreshIn),
  user,
});
/** What the tabs share (no token): a reload or a new tab starts from this alone. */
const storeShared = (storage: Pick<Storage, 'setItem'>, value: LoginResponse) => {
  storage.setItem('user', JSON.stringify(value.user));
  storage.setItem('refreshTokenExpirationDate', value.refreshTokenExpirationDate);
};
/** Every stored value, to prove no token is among them. */
const valuesOf = (storage: Storage) => Array.from({ length: storage.length }, (_, i) => storage.getItem(storage.key(i)!) ?? '');

const server = setupServer();
/** The refresh calls: body as sent (the cookie is the browser's), and the CSRF header. */
let refreshes: { body: string; csrf: string | null }[];
let logouts: { body: string; csrf: string | null; authorization: string | null }[];
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
      refreshes.push({ body: await request.text(), csrf: request.headers.get('x-requested-with') });
      if (!refreshOk) return HttpResponse.json({ status: 401, detail: 'Session expirée.' }, { status: 401 });
      return HttpResponse.json(session('fresh', 15 * 60_000, 30 * 86_400_000));
    }),
    http.post(`${API}/auth/logout`, async ({ request }) => {
      logouts.push({ body: await request.text(), csrf: request.headers.get('x-requested-with'), authorization: request.headers.get('authorization') });
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`${API}/users/me`, ({ request }) =>
      request.headers.get('authorization') === 'Bearer fresh'
        ? HttpResponse.json(user)
        : HttpResponse.json({ status: 401, detail: 'Jeton invalide.' }, { status: 401 }),
    ),
  );
});

/** The API's answer to a request of an archived organisation's member. */
const archivedOrganisation = () =>
  HttpResponse.json(
    { type: 'urn:bourse-terres:problem:organization-archived', title: 'Forbidden', status: 403, detail: 'Votre organisation a été archivée.' },
    { status: 403, headers: { 'content-type': 'application/problem+json' } },
  );

/**
 * A tab: `initial` is shared in storage and, unless `reload`, its access token is in this tab's
 * memory (a tab that signed in or refreshed); `reload`: a reloaded or new tab, memory empty.
 */
function setup(initial?: LoginResponse, { reload = false } = {}) {
  const storage = createMemoryStorage();
  if (initial) storeShared(storage, initial);
  const queryClient = new QueryClient();
  const ended: SessionEnd[] = [];
  const auth = createAuth({ apiUrl: API, queryClient, storage, onSessionEnded: (end) => ended.push(end) });
  if (initial && !reload) saveSession(initial);
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
    // The cookie is the credential: no body, the CSRF header.
    expect(refreshes).toEqual([{ body: '', csrf: 'terres' }]);
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
    expect(readSession()).toMatchObject({ accessToken: null, user: null, refreshTokenExpirationDate: null });
    expect(refused.storage.size).toBe(0);
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
    expect(logouts).toEqual([{ body: '', csrf: 'terres', authorization: 'Bearer fresh' }]);
    expect(auth.getState()).toEqual({ status: 'unauthenticated', user: null });
    expect(readSession().accessToken).toBeNull();
    expect(queryClient.getQueryData(['x'])).toBeUndefined();
    expect(listener).toHaveBeenCalled();
  });

  it("starts a sign-in from an empty cache: nothing of the previous user's answers shows for the next", async () => {
    const { auth, queryClient } = setup(session('live', 10 * 60_000, 86_400_000));
    await auth.ensureSession();
    queryClient.setQueryData(['organizations', 'me'], { name: 'Ancienne organisation' });
    // Someone else signs in on this browser (an invitation accepted there).
    auth.signIn(session('fresh', 15 * 60_000, 86_400_000));
    expect(queryClient.getQueryData(['organizations', 'me'])).toBeUndefined();
    expect(auth.getState().status).toBe('authenticated');
  });

  it('ends the session of an archived organisation with its French message', async () => {
    const { auth, ended } = setup(session('fresh', 10 * 60_000, 86_400_000));
    await auth.ensureSession();
    server.use(
      http.get(`${API}/users/me`, archivedOrganisation),
    );
    await expect(getCurrentUser()).rejects.toThrow();
    expect(ended).toEqual([{ reason: 'organization-archived', message: 'Votre organisation a été archivée.' }]);
    expect(auth.lastSessionEnd()).toEqual(ended[0]);
    expect(auth.getState().status).toBe('unauthenticated');
    expect(readSession().accessToken).toBeNull();
  });

  it("keeps the archived organisation's reason when requests already under way come back refused after it", async () => {
    refreshOk = false;
    const { auth, ended } = setup(session('fresh', 10 * 60_000, 86_400_000));
    await auth.ensureSession();
    server.use(
      http.get(`${API}/users/me`, archivedOrganisation),
    );
    await expect(getCurrentUser()).rejects.toThrow();
    // The page's other queries, sent with the same token, are refused once the session is gone.
    server.use(http.get(`${API}/users/me`, () => HttpResponse.json({ status: 401, detail: 'Jeton invalide.' }, { status: 401 })));
    await expect(getCurrentUser()).rejects.toThrow();
    expect(ended).toEqual([{ reason: 'organization-archived', message: 'Votre organisation a été archivée.' }]);
    expect(auth.lastSessionEnd()?.message).toBe('Votre organisation a été archivée.');
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

describe('no token within reach of scripts (issue 20)', () => {
  /** A tab on the real localStorage (the one a script of the page could read). */
  function realTab() {
    setSessionStorage(undefined);
    localStorage.clear();
    sessionStorage.clear();
    const queryClient = new QueryClient();
    return createAuth({ apiUrl: API, queryClient });
  }
  afterEach(() => {
    localStorage.clear();
    setSessionStorage(undefined);
  });

  it('after a sign-in and a refresh, localStorage and sessionStorage hold no token', async () => {
    // An answer that still names a refresh token (an older API) does not get it stored either.
    server.use(http.post(`${API}/auth/refresh`, () => HttpResponse.json({ ...session('fresh', 15 * 60_000, 86_400_000), refreshToken: 'rt_secret' })));
    const auth = realTab();
    await auth.ensureSession();
    auth.signIn({ ...session('signed-in', 15 * 60_000, 86_400_000), refreshToken: 'rt_first' } as LoginResponse);
    await refreshSession();
    expect(readSession().accessToken).toBe('fresh');
    expect(Object.keys(localStorage).sort()).toEqual(['refreshTokenExpirationDate', 'user']);
    expect(sessionStorage.length).toBe(0);
    for (const value of valuesOf(localStorage)) {
      for (const secret of ['rt_secret', 'rt_first', 'fresh', 'signed-in']) expect(value).not.toContain(secret);
    }
  });

  it('a reload (or a new tab) stays signed in: it renews the access token through the cookie', async () => {
    const { auth, storage } = setup(session('lost-with-the-page', 10 * 60_000, 86_400_000), { reload: true });
    await expect(auth.ensureSession()).resolves.toMatchObject({ email: 'owner@demo.test' });
    expect(refreshes).toEqual([{ body: '', csrf: 'terres' }]);
    expect(readSession().accessToken).toBe('fresh');
    expect(auth.getState().status).toBe('authenticated');
    expect(storage.getItem('accessToken')).toBeNull();
  });

  it("moves an earlier build's stored refresh token into the cookie once, and deletes the old keys", async () => {
    const storage = createMemoryStorage();
    const old = session('old-access', 10 * 60_000, 86_400_000);
    storeShared(storage, old);
    storage.setItem('accessToken', 'old-access');
    storage.setItem('refreshToken', 'rt_legacy');
    storage.setItem('accessTokenExpirationDate', old.accessTokenExpirationDate);
    const auth = createAuth({ apiUrl: API, queryClient: new QueryClient(), storage });
    await expect(auth.ensureSession()).resolves.toMatchObject({ email: 'owner@demo.test' });
    expect(refreshes).toEqual([{ body: '{"refresh_token":"rt_legacy"}', csrf: 'terres' }]);
    for (const key of ['accessToken', 'refreshToken', 'accessTokenExpirationDate']) expect(storage.getItem(key)).toBeNull();
    expect(readSession().accessToken).toBe('fresh');
    // Once: the next renewal relies on the cookie alone.
    await refreshSession();
    expect(refreshes[1]).toEqual({ body: '', csrf: 'terres' });
  });

  it("signs out cleanly when an earlier build's stored refresh token is refused", async () => {
    refreshOk = false;
    const storage = createMemoryStorage();
    const old = session('old-access', -60_000, 86_400_000);
    storeShared(storage, old);
    storage.setItem('refreshToken', 'rt_revoked');
    const ended: SessionEnd[] = [];
    const auth = createAuth({ apiUrl: API, queryClient: new QueryClient(), storage, onSessionEnded: (end) => ended.push(end) });
    await expect(auth.ensureSession()).resolves.toBeNull();
    expect(refreshes).toEqual([{ body: '{"refresh_token":"rt_revoked"}', csrf: 'terres' }]);
    expect(auth.getState().status).toBe('unauthenticated');
    expect(storage.size).toBe(0);
  });

  it('two tabs are signed in together and signed out together, without any token in storage', async () => {
    const auth = realTab();
    await auth.ensureSession();
    expect(auth.getState().status).toBe('unauthenticated');

    // The other tab signs in: it writes the shared keys, this tab gets the `storage` event.
    storeShared(localStorage, session('other-tab', 15 * 60_000, 86_400_000));
    window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
    expect(auth.getState()).toMatchObject({ status: 'authenticated', user: { email: 'owner@demo.test' } });
    // Its first protected page renews this tab's own access token through the shared cookie.
    await auth.ensureSession();
    expect(refreshes).toEqual([{ body: '', csrf: 'terres' }]);
    expect(readSession().accessToken).toBe('fresh');

    // The other tab refreshes (same user, new expiry): this tab keeps its own token, no ping-pong.
    localStorage.setItem('refreshTokenExpirationDate', iso(2 * 86_400_000));
    window.dispatchEvent(new StorageEvent('storage', { key: 'refreshTokenExpirationDate' }));
    expect(readSession().accessToken).toBe('fresh');
    expect(refreshes).toHaveLength(1);

    // The other tab signs out: the shared keys go, and this tab forgets its access token too.
    localStorage.removeItem('user');
    localStorage.removeItem('refreshTokenExpirationDate');
    window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
    expect(auth.getState()).toEqual({ status: 'unauthenticated', user: null });
    expect(readSession().accessToken).toBeNull();
  });
});
