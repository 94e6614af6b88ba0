import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_EXPIRING_SOON_MS,
  createMemoryStorage,
  createSessionStore,
  type LoginResponse,
} from './session-store';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const iso = (time: number) => new Date(time).toISOString();

const login = (overrides: Partial<LoginResponse> = {}): LoginResponse => ({
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  accessTokenExpirationDate: iso(NOW + 15 * 60_000),
  refreshTokenExpirationDate: iso(NOW + 30 * 24 * 3_600_000),
  user: {
    id: 'u1',
    email: 'owner@demo.test',
    role: 'OWNER',
    firstName: 'Ana',
    lastName: 'Martin',
    phoneNumber: '0601020304',
    organizationId: 'o1',
  },
  ...overrides,
});

function setup(overrides: Partial<LoginResponse> = {}) {
  const storage = createMemoryStorage();
  const store = createSessionStore(storage);
  store.saveSession(login(overrides));
  return { storage, store };
}

describe('saveSession / readSession / clearSession', () => {
  it('stores no token (issue 20): only the user, as JSON, and the refresh cookie expiry', () => {
    const { storage } = setup();
    expect(storage.getItem('accessToken')).toBeNull();
    expect(storage.getItem('refreshToken')).toBeNull();
    expect(storage.getItem('accessTokenExpirationDate')).toBeNull();
    expect(storage.getItem('refreshTokenExpirationDate')).toBe(iso(NOW + 30 * 24 * 3_600_000));
    expect(JSON.parse(storage.getItem('user') ?? 'null')).toEqual(login().user);
    expect(storage.size).toBe(2);
  });

  it('reads back what was saved, the access token from memory', () => {
    const { store } = setup();
    const { user, refreshToken: _ignored, ...tokens } = login();
    expect(store.readSession()).toEqual({ ...tokens, user });
    // Another store on the same storage (a reload, another tab) has the user but no token.
    const { storage } = setup();
    expect(createSessionStore(storage).readSession()).toMatchObject({ accessToken: null, user: login().user });
  });

  it("deletes an earlier build's token keys, handing its refresh token over once", () => {
    const storage = createMemoryStorage();
    for (const [key, value] of Object.entries({ accessToken: 'old', refreshToken: 'rt_old', accessTokenExpirationDate: iso(NOW) })) storage.setItem(key, value);
    const store = createSessionStore(storage);
    expect(store.readSession().accessToken).toBeNull();
    expect(storage.size).toBe(0);
    expect(store.takeLegacyRefreshToken()).toBe('rt_old');
    expect(store.takeLegacyRefreshToken()).toBeNull();
  });

  it('clears every key', () => {
    const { storage, store } = setup();
    store.clearSession();
    expect(storage.size).toBe(0);
    expect(store.readSession()).toEqual({
      accessToken: null,
      user: null,
      accessTokenExpirationDate: null,
      refreshTokenExpirationDate: null,
    });
  });
});

describe('isAuthenticated', () => {
  it('is true while the access token expiry is in the future', () => {
    const { store } = setup({ accessTokenExpirationDate: iso(NOW + 1) });
    expect(store.isAuthenticated(NOW)).toBe(true);
    expect(store.isAuthenticated(new Date(NOW))).toBe(true);
  });

  it('is false once the expiry is reached or passed', () => {
    const { store } = setup({ accessTokenExpirationDate: iso(NOW) });
    expect(store.isAuthenticated(NOW)).toBe(false);
    expect(store.isAuthenticated(NOW + 60_000)).toBe(false);
  });

  it('is false without an access token in memory, or with an unreadable expiry', () => {
    const { store } = setup({ accessTokenExpirationDate: 'not a date' });
    expect(store.isAuthenticated(NOW)).toBe(false);
    store.clearSession();
    expect(store.isAuthenticated(NOW)).toBe(false);
  });
});

describe('isAccessTokenExpiringSoon', () => {
  it('counts as expiring soon at exactly 5 minutes before expiry', () => {
    expect(ACCESS_EXPIRING_SOON_MS).toBe(300_000);
    const { store } = setup({ accessTokenExpirationDate: iso(NOW + ACCESS_EXPIRING_SOON_MS) });
    expect(store.isAccessTokenExpiringSoon(NOW)).toBe(true);
    expect(store.isAccessTokenExpiringSoon(NOW - 1)).toBe(false);
  });

  it('is true once expired and when the expiry is missing', () => {
    const { store } = setup({ accessTokenExpirationDate: iso(NOW - 1) });
    expect(store.isAccessTokenExpiringSoon(NOW)).toBe(true);
    store.clearSession();
    expect(store.isAccessTokenExpiringSoon(NOW)).toBe(true);
  });

  it('is false well before expiry', () => {
    const { store } = setup({ accessTokenExpirationDate: iso(NOW + 15 * 60_000) });
    expect(store.isAccessTokenExpiringSoon(NOW)).toBe(false);
  });
});

describe('isRefreshTokenExpired', () => {
  it('is false while the expiry is in the future', () => {
    const { store } = setup({ refreshTokenExpirationDate: iso(NOW + 1) });
    expect(store.isRefreshTokenExpired(NOW)).toBe(false);
  });

  it('is true when the expiry has passed', () => {
    const { store } = setup({ refreshTokenExpirationDate: iso(NOW - 1) });
    expect(store.isRefreshTokenExpired(NOW)).toBe(true);
  });

  it('is true when the expiry or the user is missing', () => {
    const { storage, store } = setup();
    storage.removeItem('refreshTokenExpirationDate');
    expect(store.isRefreshTokenExpired(NOW)).toBe(true);
    storage.setItem('refreshTokenExpirationDate', iso(NOW + 60_000));
    storage.removeItem('user');
    expect(store.isRefreshTokenExpired(NOW)).toBe(true);
  });
});

describe('restoreSession', () => {
  it('restores the user of a valid stored session', () => {
    const { store } = setup();
    expect(store.restoreSession(NOW)).toEqual(login().user);
  });

  it('returns null when the access token expired', () => {
    const { store } = setup({ accessTokenExpirationDate: iso(NOW - 1) });
    expect(store.restoreSession(NOW)).toBeNull();
  });

  it('returns null when the stored user is corrupt JSON or not a user', () => {
    const { storage, store } = setup();
    storage.setItem('user', '{not json');
    expect(store.restoreSession(NOW)).toBeNull();
    storage.setItem('user', '"just a string"');
    expect(store.restoreSession(NOW)).toBeNull();
    storage.setItem('user', '{"id":"u1"}');
    expect(store.restoreSession(NOW)).toBeNull();
  });

  it('returns null on an empty storage', () => {
    expect(createSessionStore(createMemoryStorage()).restoreSession(NOW)).toBeNull();
  });
});

describe('updateSessionUser', () => {
  it('replaces the stored user, keeps the tokens and expiries, and tells the listeners', () => {
    const { store } = setup();
    const before = store.readSession();
    const listener = vi.fn();
    store.onSessionChange(listener);
    const renamed = { ...before.user!, firstName: 'Anaïs', lastName: 'Muller', phoneNumber: '0611223344' };
    expect(store.updateSessionUser(renamed)).toBe(true);
    const after = store.readSession();
    expect(after).toEqual({ ...before, user: renamed });
    expect(store.restoreSession(NOW)).toEqual(renamed);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith(after);
  });

  it('does nothing without a stored session (no user without tokens)', () => {
    const storage = createMemoryStorage();
    const store = createSessionStore(storage);
    const listener = vi.fn();
    store.onSessionChange(listener);
    expect(store.updateSessionUser(login().user)).toBe(false);
    expect(storage.size).toBe(0);
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('onSessionChange', () => {
  it('tells listeners about saves and clears until they unsubscribe', () => {
    const store = createSessionStore(createMemoryStorage());
    const listener = vi.fn();
    const unsubscribe = store.onSessionChange(listener);

    store.saveSession(login());
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenLastCalledWith(expect.objectContaining({ accessToken: 'access-1' }));

    store.clearSession();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(listener).toHaveBeenLastCalledWith(expect.objectContaining({ accessToken: null, user: null }));

    unsubscribe();
    store.saveSession(login());
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('storage selection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('works without localStorage (SSR, Node) through an in-memory storage', () => {
    expect((globalThis as { localStorage?: unknown }).localStorage).toBeUndefined();
    const store = createSessionStore();
    store.saveSession(login());
    expect(store.restoreSession(NOW)?.email).toBe('owner@demo.test');
  });

  it('uses localStorage when it exists', () => {
    const local = createMemoryStorage();
    vi.stubGlobal('localStorage', local);
    const store = createSessionStore();
    store.saveSession(login());
    expect(local.getItem('user')).toContain('owner@demo.test');
    expect(local.getItem('accessToken')).toBeNull();
  });

  it('uses an injected storage instead of localStorage', () => {
    const local = createMemoryStorage();
    vi.stubGlobal('localStorage', local);
    const injected = createMemoryStorage();
    const store = createSessionStore();
    store.setStorage(injected);
    store.saveSession(login());
    expect(injected.getItem('user')).toContain('owner@demo.test');
    expect(local.size).toBe(0);
  });
});
