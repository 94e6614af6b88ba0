// The signed-in state both apps share (spec §4 "Session"), without React: the router's guards
// read it in `beforeLoad`, the components through `useAuth()`. The session itself lives in
// api-client's session store: the access token in this tab's memory, the user and the refresh
// cookie's expiry in localStorage (shared by the tabs), the refresh token in the API's HttpOnly
// cookie (issue 20). This module decides when it counts as signed in, renews it at start-up (a
// reload or a new tab renews through the cookie), and ends it.
import type { QueryClient } from '@tanstack/react-query';
import { authMessages } from '@terres/domain';
import {
  clearSession,
  configureApiClient,
  isAuthenticated,
  isRefreshTokenExpired,
  logout,
  onSessionChange,
  readSession,
  refreshSession,
  saveSession,
  updateSessionUser,
  type LoginResponse,
  type SessionUser,
  type StorageLike,
} from '@terres/api-client';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthState {
  status: AuthStatus;
  /** The signed-in user, null unless `status` is 'authenticated'. */
  user: SessionUser | null;
}

/** Why a session ended without the user asking: the app sends them to /login and may say why. */
export interface SessionEnd {
  reason: 'unauthorized' | 'organization-archived';
  /** A French sentence for the sign-in screen, when there is one to show. */
  message?: string;
}

export interface AuthOptions {
  /** API root including `/api/v1`. */
  apiUrl: string;
  /**
   * Cleared at sign-out, so nothing of the previous user stays on screen (the sign-in page of its
   * own, decision 0182, has none).
   */
  queryClient?: QueryClient;
  /** The session was lost for good (spec §4: tokens cleared, browser to /login). */
  onSessionEnded?: (end: SessionEnd) => void;
  /** Tests: another storage or fetch. */
  storage?: StorageLike;
  fetch?: typeof globalThis.fetch;
}

export interface Auth {
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  /**
   * The user if the session is usable, renewing it first when the access token has expired
   * while the refresh token is still valid (so nobody signs in again after 15 minutes idle);
   * null otherwise. Guards call it on every protected navigation; it is cheap when valid.
   */
  ensureSession(): Promise<SessionUser | null>;
  /** Stores a verified sign-in (`POST /auth/magic-link/verify`). */
  signIn(response: LoginResponse): SessionUser;
  /** Revokes the session server-side (best effort), clears it and the query cache. */
  signOut(): Promise<void>;
  /** Replaces the stored user after a profile change, keeping the tokens. */
  updateUser(user: Partial<SessionUser>): void;
  /** Why the last session ended without the user asking (for the sign-in page); null after a sign-in. */
  lastSessionEnd(): SessionEnd | null;
}

/**
 * The stored user while the session counts as signed in: its access token lives, or it can be
 * renewed (the 401 flow does it); null otherwise. Read by the auth state and by the sign-in page
 * of its own, which hands a signed-in visitor to the app.
 */
export function usableSessionUser(): SessionUser | null {
  const { user } = readSession();
  return user !== null && (isAuthenticated() || !isRefreshTokenExpired()) ? user : null;
}

function stateFromStore(): AuthState {
  const user = usableSessionUser();
  return user ? { status: 'authenticated', user } : { status: 'unauthenticated', user: null };
}

export function createAuth(options: AuthOptions): Auth {
  const listeners = new Set<() => void>();
  let state: AuthState = { status: 'loading', user: null };
  let booted = false;
  let renewal: Promise<SessionUser | null> | undefined;
  let signingOut = false;
  let lastEnd: SessionEnd | null = null;

  const publish = (next: AuthState) => {
    if (next.status === state.status && next.user === state.user) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };

  configureApiClient({
    baseUrl: options.apiUrl,
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    // The client has already cleared the session: say so once, the app navigates.
    onSessionEnded: (event) => {
      if (signingOut) return;
      // The page's other requests, sent before it ended, come back refused ('unauthorized'):
      // the session has ended once, and its first reason stays on the sign-in page.
      if (lastEnd !== null && state.status === 'unauthenticated') return;
      lastEnd = {
        reason: event.reason,
        ...(event.reason === 'organization-archived' ? { message: event.message ?? authMessages.organizationArchived } : {}),
      };
      options.queryClient?.clear();
      publish({ status: 'unauthenticated', user: null });
      options.onSessionEnded?.(lastEnd);
    },
  });

  // Sign-in, refresh, sign-out, or another tab doing one of them.
  onSessionChange(() => {
    if (booted) publish(stateFromStore());
  });

  const ensureSession = (): Promise<SessionUser | null> => {
    if (isAuthenticated()) {
      booted = true;
      const current = stateFromStore();
      publish(current);
      return Promise.resolve(current.user);
    }
    const { user, refreshTokenExpirationDate } = readSession();
    if (user === null || isRefreshTokenExpired()) {
      booted = true;
      if (user !== null || refreshTokenExpirationDate !== null) clearSession();
      publish({ status: 'unauthenticated', user: null });
      return Promise.resolve(null);
    }
    renewal ??= refreshSession()
      .then(() => readSession().user)
      .catch(() => null)
      .then((renewed) => {
        booted = true;
        publish(stateFromStore());
        return renewed;
      })
      .finally(() => {
        renewal = undefined;
      });
    return renewal;
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ensureSession,
    signIn(response) {
      booted = true;
      lastEnd = null;
      // Nothing of a previous session on this browser may show for the one starting (an
      // invitation accepted while someone else was signed in).
      options.queryClient?.clear();
      saveSession(response);
      publish(stateFromStore());
      return response.user;
    },
    async signOut() {
      const { user } = readSession();
      signingOut = true;
      try {
        // The call needs the bearer token (renewed through the cookie by the client's 401 flow
        // if this tab has none yet), so it goes before the session is cleared; the API ends the
        // session and clears the refresh cookie. Best effort: the browser forgets the session
        // whatever the server answers.
        if (user !== null && !isRefreshTokenExpired()) {
          await logout({ signal: AbortSignal.timeout(3000) }).catch(() => undefined);
        }
      } finally {
        signingOut = false;
        clearSession();
        options.queryClient?.clear();
        booted = true;
        publish({ status: 'unauthenticated', user: null });
      }
    },
    lastSessionEnd: () => lastEnd,
    updateUser(user) {
      const current = readSession().user;
      if (current) updateSessionUser({ ...current, ...user });
    },
  };
}
