// The browser session (spec §3 "Session", §4 "Session"). Since issue 20 no token is in
// storage: the refresh token is the API's HttpOnly `terres_refresh` cookie (no script reads
// it), the access token lives in this module's memory only (gone with the tab; a new tab or a
// reload renews it through the cookie). localStorage keeps what is no credential and lets the
// tabs agree: the user and until when the session can be renewed (`refreshTokenExpirationDate`).
// A sign-in or sign-out writes them, the other tabs see the `storage` event and follow. The
// roles and the "expiring soon" delay are the domain's (spec §9), re-exported for the client's users.
import { ACCESS_EXPIRING_SOON_MS, type Role } from '@terres/domain';

export { ACCESS_EXPIRING_SOON_MS, type Role };

/** localStorage keys, the spec's field names: what the tabs share (no token). */
export const SESSION_KEYS = {
  user: 'user',
  refreshTokenExpirationDate: 'refreshTokenExpirationDate',
} as const;

/**
 * Keys of earlier builds that kept the tokens in localStorage: read once at start-up (the
 * refresh token moves into the cookie, `takeLegacyRefreshToken`), then deleted.
 */
export const LEGACY_TOKEN_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  accessTokenExpirationDate: 'accessTokenExpirationDate',
} as const;

const SHARED_KEYS: readonly string[] = Object.values(SESSION_KEYS);
const LEGACY_KEYS: readonly string[] = Object.values(LEGACY_TOKEN_KEYS);

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

/**
 * Answer of `POST /auth/magic-link/verify` and `POST /auth/refresh` (CONTRACT §5); the refresh
 * token is not in it (the HttpOnly cookie). A `refreshToken` an older answer or test carries is ignored.
 */
export interface LoginResponse {
  accessToken: string;
  refreshToken?: string;
  /** ISO 8601 */
  accessTokenExpirationDate: string;
  /** ISO 8601 */
  refreshTokenExpirationDate: string;
  user: SessionUser;
}

/** The session as this tab knows it; every field may be missing (partial or tampered storage). */
export interface StoredSession {
  /** In memory only. */
  accessToken: string | null;
  user: SessionUser | null;
  /** In memory only. */
  accessTokenExpirationDate: string | null;
  refreshTokenExpirationDate: string | null;
}

/** The part of the Web Storage API the store uses. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type SessionListener = (session: StoredSession) => void;

const EMPTY_MEMORY = { accessToken: null, accessTokenExpirationDate: null, userId: null } as const;

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
  /** The refresh cookie's expiry has passed, or no session (user and expiry) is stored (spec §4). */
  isRefreshTokenExpired(now?: Date | number): boolean;
  /**
   * A refresh token an earlier build left in localStorage, returned once and deleted with the
   * other token keys (the next refresh sends it so the API moves it into the cookie); else null.
   */
  takeLegacyRefreshToken(): string | null;
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
  // This tab's access token: never written to storage.
  let memory: { accessToken: string | null; accessTokenExpirationDate: string | null; userId: string | null } = EMPTY_MEMORY;
  let legacyRefreshToken: string | null = null;

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

  /** Deletes an earlier build's token keys, keeping its refresh token in memory for one move. */
  const migrateLegacyKeys = (s: StorageLike) => {
    const legacy = s.getItem(LEGACY_TOKEN_KEYS.refreshToken);
    if (legacy) legacyRefreshToken = legacy;
    for (const key of LEGACY_KEYS) if (s.getItem(key) !== null) s.removeItem(key);
  };

  const readSession = (): StoredSession => {
    const s = storage();
    migrateLegacyKeys(s);
    return {
      accessToken: memory.accessToken,
      user: parseUser(s.getItem(SESSION_KEYS.user)),
      accessTokenExpirationDate: memory.accessTokenExpirationDate,
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
      if (event.key !== null && !SHARED_KEYS.includes(event.key)) return;
      // Another tab signed out (or in as someone else): this tab's access token goes too. Its
      // refreshes (same user, new expiry) leave this tab's token alone.
      const user = parseUser(storage().getItem(SESSION_KEYS.user));
      if (user === null || user.id !== memory.userId) memory = EMPTY_MEMORY;
      notify();
    };
    target.addEventListener('storage', onStorage);
    detachStorageEvent = () => target.removeEventListener?.('storage', onStorage);
  };

  return {
    saveSession(response) {
      const s = storage();
      migrateLegacyKeys(s);
      legacyRefreshToken = null;
      memory = { accessToken: response.accessToken, accessTokenExpirationDate: response.accessTokenExpirationDate, userId: response.user.id };
      s.setItem(SESSION_KEYS.user, JSON.stringify(response.user));
      s.setItem(SESSION_KEYS.refreshTokenExpirationDate, response.refreshTokenExpirationDate);
      notify();
    },
    updateSessionUser(user) {
      const s = storage();
      if (memory.accessToken === null && !s.getItem(SESSION_KEYS.refreshTokenExpirationDate)) return false;
      s.setItem(SESSION_KEYS.user, JSON.stringify(user));
      notify();
      return true;
    },
    readSession,
    clearSession() {
      const s = storage();
      memory = EMPTY_MEMORY;
      legacyRefreshToken = null;
      for (const key of [...SHARED_KEYS, ...LEGACY_KEYS]) s.removeItem(key);
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
      if (session.user === null || expiry === undefined) return true;
      return expiry <= toTime(now);
    },
    takeLegacyRefreshToken() {
      migrateLegacyKeys(storage());
      const token = legacyRefreshToken;
      legacyRefreshToken = null;
      return token;
    },
    restoreSession(now) {
      if (!isAuthenticated(now)) return null;
      return readSession().user;
    },
    onSessionChange(listener) {
      if (!detachStorageEvent) attachStorageEvent();
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
      // The other tabs are heard through localStorage only: follow them again when it is back.
      if (next !== undefined) {
        detachStorageEvent?.();
        detachStorageEvent = undefined;
      } else if (listeners.size > 0 && !detachStorageEvent) attachStorageEvent();
      memory = EMPTY_MEMORY;
      legacyRefreshToken = null;
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
