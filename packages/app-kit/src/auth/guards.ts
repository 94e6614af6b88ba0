// Route guards both apps put in their pathless layout routes' `beforeLoad` (STYLE: guards live
// in the router, never in the HTTP client). They throw TanStack Router redirects.
import type { SessionUser } from '@terres/api-client';
import { redirect } from '@tanstack/react-router';
import type { Auth } from './auth';
import { LOGIN_PATH } from './paths';

/**
 * For protected layouts: the signed-in user, else a redirect to /login keeping the origin
 * (`location.href` is the path with its search and hash).
 */
export async function requireUser(auth: Auth, location: { href: string }): Promise<SessionUser> {
  const user = await auth.ensureSession();
  if (!user) {
    throw redirect({ to: LOGIN_PATH, search: { redirect: location.href }, replace: true });
  }
  return user;
}

/** For /login and /register: a signed-in user goes to `home(user)` instead (spec §2). */
export async function redirectSignedIn(auth: Auth, home: (user: SessionUser) => string): Promise<void> {
  const user = await auth.ensureSession();
  if (user) throw redirect({ to: home(user), replace: true });
}
