// The sign-in paths and where a sign-in may lead, without the router: the sign-in page of its own
// (sign-in/sign-in-page.tsx, decision 0182) loads no router code.

/** The sign-in path; `redirect` in its search keeps where the user was going (spec §4). */
export const LOGIN_PATH = '/login';

/**
 * A redirect target that stays on this app: a path starting with one '/', never another
 * origin ('//evil.example', 'https://...'), never the sign-in pages themselves.
 */
export function safeRedirect(target: unknown, fallback: string): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) {
    return fallback;
  }
  const path = target.split(/[?#]/)[0] ?? '';
  if (path === LOGIN_PATH || path === '/register' || path === '/accept-invitation') return fallback;
  return target;
}
