// Sessions for tests: a signed-in user without a sign-in screen.
import type { LoginResponse, StorageLike, User } from '@terres/api-client';

/** A live session for `user`: access token valid 15 minutes, refresh token 30 days. */
export function sessionFor(user: User): LoginResponse {
  return {
    accessToken: `access-${user.id}`,
    accessTokenExpirationDate: new Date(Date.now() + 15 * 60_000).toISOString(),
    refreshTokenExpirationDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    user,
  };
}

/**
 * Writes what the tabs share of a session into `storage` (the user and the refresh cookie's
 * expiry; no token: the access token lives in memory, see `saveSession`). A store reading this
 * storage with no access token in memory renews it through `POST /auth/refresh`.
 */
export function storeSession(storage: StorageLike, session: LoginResponse): void {
  storage.setItem('user', JSON.stringify(session.user));
  storage.setItem('refreshTokenExpirationDate', session.refreshTokenExpirationDate);
}
