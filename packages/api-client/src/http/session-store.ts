// The browser session (spec §3 "Session", §4 "Session"), kept in localStorage under one key
// per field so other code (and older builds) can read each value on its own. The roles and the
// "expiring soon" delay are the domain's (spec §9), re-exported for the client's users.
import { ACCESS_EXPIRING_SOON_MS, type Role } from '@terres/domain';

export { ACCESS_EXPIRING_SOON_MS, type Role };

/** localStorage keys, exactly the spec's field names. */
export const SESSION_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  user: 'user',
  accessTokenExpirationDate: 'accessTokenExpirationDate',
  refreshTokenExpirationDate: 'refreshTokenExpirationDate',
} as const;

const ALL_KEYS: readonly string[] = Object.values(SESSION_KEYS);

/** The user carried by a login or refresh answer (CONTRACT §5). */
export interface SessionUser {
  id: string;
  email: string;
  /** On the wire in upper case; compare case-insensitively (spec §3). */
  role: Role | (string & {});
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  organizationId: string | null;
}

/** Answer of `POST /auth/magic-link/verify` and `POST /auth/refresh` (CONTRACT §5). */
export interface LoginResponse {
  accessToken: string;
  refreshToken: string;
  /** ISO 8601 */
  accessTokenExpirationDate: string;
  /** ISO 8601 */
  refreshTokenExpirationDate: string;
  user: SessionUser;
}

/** What is stored; every field may be missing (partial or tampered storage). */
export interface StoredSession {
  accessToken: string | null;
  refreshToken: string | null;
  user: SessionUser | null;
  accessTokenExpirationDate: string | null;
  refreshTokenExpirationDate: string | null;
}

/** The part of the Web Storage API the store uses. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type SessionListener = (session: StoredSession) => void;

/** A Map-backed Storage: used when `localStorage` does not exist (SSR, Node) and in tests. */
export function createMemoryStorage(): StorageLike & { readonly size: number; clear(): void } {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, String(value));
    },
    removeItem: (key) => {
      items.delete(key);
    },
    clear: () => items.clear(),
    get size() {
      return items.size;
    },
  };
}

function parseTime(value: string | null): number | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

function toTime(now: Date | number | undefined): number {
  if (now === undefined) return Date.now();
  return typeof now === 'number' ? now : now.getTime();
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const candidate = value as Partial<SessionUser>;
    // Without a role the guards cannot route the user: treat it as no user.
    if (typeof candidate.role !== 'string') return null;
    return value as SessionUser;
  } catch {
    return null;
  }
}

export interface SessionStore {
  saveSession(response: LoginResponse): void;
  /**
   * Replaces the stored user (e.g. with the answer of `PUT /users/me`), keeping the tokens,
   * and notifies the listeners, so headers and guards see the new names at once. Does nothing
   * (and returns false) when no session is stored: a signed-out browser gets no user alone.
   */
  updateSessionUser(user: SessionUser): boolean;
  readSession(): StoredSession;
  clearSession(): void;
  /** An access token exists and its expiry is in the future (spec §4). */
  isAuthenticated(now?: Date | number): boolean;
  /** The access token expires within ACCESS_EXPIRING_SOON_MS (inclusive), or has no readable expiry. */
  isAccessTokenExpiringSoon(now?: Date | number): boolean;
  /** The refresh token's expiry has passed, or the token or its expiry is missing (spec §4). */
  isRefreshTokenExpired(now?: Date | number): boolean;
  /** The stored user when the stored session is valid (authenticated and a readable user), else null. */
  restoreSession(now?: Date | number): SessionUser | null;
  /** Called after every save or clear, and on changes made by another tab. Returns the unsubscribe function. */
  onSessionChange(listener: SessionListener): () => void;
  /** Swap the backing storage (tests, SSR). `undefined` goes back to `localStorage` when present. */
  setStorage(storage: StorageLike | undefined): void;
}

/**
 * Builds a store. Without an explicit storage it uses `globalThis.localStorage` when it exists,
 * looked up on each access (so it works in SSR and picks up a test environment's storage),
 * and an in-memory storage otherwise.
 */
export function createSessionStore(initialStorage?: StorageLike): SessionStore {
  let injected = initialStorage;
  const fallback = createMemoryStorage();
  const listeners = new Set<SessionListener>();
  let detachStorageEvent: (() => void) | undefined;

  const storage = (): StorageLike => {
    if (injected) return injected;
    try {
      // Accessing localStorage throws in some sandboxed iframes and privacy modes.
      const local = (globalThis as { localStorage?: StorageLike }).localStorage;
      if (local) return local;
    } catch {
      /* fall through */
    }
    return fallback;
  };

  const readSession = (): StoredSession => {
    const s = storage();
    return {
      accessToken: s.getItem(SESSION_KEYS.accessToken) || null,
      refreshToken: s.getItem(SESSION_KEYS.refreshToken) || null,
      user: parseUser(s.getItem(SESSION_KEYS.user)),
      accessTokenExpirationDate: s.getItem(SESSION_KEYS.accessTokenExpirationDate) || null,
      refreshTokenExpirationDate: s.getItem(SESSION_KEYS.refreshTokenExpirationDate) || null,
    };
  };

  const notify = () => {
    if (listeners.size === 0) return;
    const session = readSession();
    for (const listener of [...listeners]) listener(session);
  };

  const isAuthenticated = (now?: Date | number) => {
    const session = readSession();
    const expiry = parseTime(session.accessTokenExpirationDate);
    return session.accessToken !== null && expiry !== undefined && expiry > toTime(now);
  };

  // Another tab signing in or out changes localStorage; follow it so both tabs agree.
  const attachStorageEvent = () => {
    const target = globalThis as {
      addEventListener?: (type: string, listener: (event: { key: string | null }) => void) => void;
      removeEventListener?: (type: string, listener: (event: { key: string | null }) => void) => void;
    };
    if (injected || typeof target.addEventListener !== 'function') return;
    const onStorage = (event: { key: string | null }) => {
      if (event.key === null || ALL_KEYS.includes(event.key)) notify();
    };
    target.addEventListener('storage', onStorage);
    detachStorageEvent = () => target.removeEventListener?.('storage', onStorage);
  };

  return {
    saveSession(response) {
      const s = storage();
      s.setItem(SESSION_KEYS.accessToken, response.accessToken);
      s.setItem(SESSION_KEYS.refreshToken, response.refreshToken);
      s.setItem(SESSION_KEYS.user, JSON.stringify(response.user));
      s.setItem(SESSION_KEYS.accessTokenExpirationDate, response.accessTokenExpirationDate);
      s.setItem(SESSION_KEYS.refreshTokenExpirationDate, response.refreshTokenExpirationDate);
      notify();
    },
    updateSessionUser(user) {
      const s = storage();
      if (!s.getItem(SESSION_KEYS.accessToken) && !s.getItem(SESSION_KEYS.refreshToken)) return false;
      s.setItem(SESSION_KEYS.user, JSON.stringify(user));
      notify();
      return true;
    },
    readSession,
    clearSession() {
      const s = storage();
      for (const key of ALL_KEYS) s.removeItem(key);
      notify();
    },
    isAuthenticated,
    isAccessTokenExpiringSoon(now) {
      const expiry = parseTime(readSession().accessTokenExpirationDate);
      if (expiry === undefined) return true;
      return expiry - toTime(now) <= ACCESS_EXPIRING_SOON_MS;
    },
    isRefreshTokenExpired(now) {
      const session = readSession();
      const expiry = parseTime(session.refreshTokenExpirationDate);
      if (session.refreshToken === null || expiry === undefined) return true;
      return expiry <= toTime(now);
    },
    restoreSession(now) {
      if (!isAuthenticated(now)) return null;
      return readSession().user;
    },
    onSessionChange(listener) {
      if (listeners.size === 0) attachStorageEvent();
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          detachStorageEvent?.();
          detachStorageEvent = undefined;
        }
      };
    },
    setStorage(next) {
      injected = next;
    },
  };
}

/** The app-wide store the HTTP client reads; `configureApiClient({ storage })` swaps its storage. */
export const sessionStore: SessionStore = createSessionStore();

export const saveSession = (response: LoginResponse): void => sessionStore.saveSession(response);
export const updateSessionUser = (user: SessionUser): boolean => sessionStore.updateSessionUser(user);
export const readSession = (): StoredSession => sessionStore.readSession();
export const clearSession = (): void => sessionStore.clearSession();
export const isAuthenticated = (now?: Date | number): boolean => sessionStore.isAuthenticated(now);
export const isAccessTokenExpiringSoon = (now?: Date | number): boolean =>
  sessionStore.isAccessTokenExpiringSoon(now);
export const isRefreshTokenExpired = (now?: Date | number): boolean =>
  sessionStore.isRefreshTokenExpired(now);
export const restoreSession = (now?: Date | number): SessionUser | null =>
  sessionStore.restoreSession(now);
export const onSessionChange = (listener: SessionListener): (() => void) =>
  sessionStore.onSessionChange(listener);
export const setSessionStorage = (storage: StorageLike | undefined): void =>
  sessionStore.setStorage(storage);
