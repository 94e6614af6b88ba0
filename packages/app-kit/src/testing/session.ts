// Sessions for tests: a signed-in user without a sign-in screen.
import type { LoginResponse, StorageLike, User } from '@terres/api-client';

/** A live session for `user`: access token valid 15 minutes, refresh token 30 days. */
export function sessionFor(user: User): LoginResponse {
  return {
    accessToken: `access-${user.id}`,
    refreshToken: `refresh-${user.id}`,
    accessTokenExpirationDate: new Date(Date.now() + 15 * 60_000).toISOString(),
    refreshTokenExpirationDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    user,
  };
}

/** Writes a session into `storage` as the session store keeps it (one key per field). */
export function storeSession(storage: StorageLike, session: LoginResponse): void {
  storage.setItem('accessToken', session.accessToken);
  storage.setItem('refreshToken', session.refreshToken);
  storage.setItem('user', JSON.stringify(session.user));
  storage.setItem('accessTokenExpirationDate', session.accessTokenExpirationDate);
  storage.setItem('refreshTokenExpirationDate', session.refreshTokenExpirationDate);
}
