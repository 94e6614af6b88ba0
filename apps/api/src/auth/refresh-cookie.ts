// The refresh token travels in a cookie, never in a body a script can read (issue 20): HttpOnly,
// SameSite=Strict, Secure over https (and always in production), its path limited to
// `POST /auth/refresh`, so the browser sends it on that one call and keeps it out of every
// other request. The portals and the API are on one site (other ports in dev, sibling
// sub-domains in production): Strict cookies flow on the portals' credentialed fetches. A
// deployment on different sites would need `SameSite=None; Secure` (see the API README).
//
// CSRF: the cookie is sent automatically, so the calls that use it (refresh, logout) need the
// portals' header (SESSION_CSRF_HEADER: a page of another site cannot add it without a CORS
// preflight, which only the portals' origins pass) and, when the browser names its Origin, one
// of the portals' origins (the CORS list). A client without an Origin header is no browser on a
// foreign page, and the header still applies to it.
import { messages, SESSION_CSRF_HEADER } from '@terres/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../env.js';
import { problem } from '../http/problem.js';
import { allowedOrigins, originsOf } from '../plugins/external/cors.js';

/**
 * The portal's cookie. The two apps call one API host, and cookies are per host (not per port):
 * one name would let a sign-in to the console replace the portal's session in the same browser
 * (an admin checking an owner's view, the demo accounts). So the console's calls (their Origin
 * is the console's) use their own cookie.
 */
export const REFRESH_COOKIE = 'terres_refresh';
export const CONSOLE_REFRESH_COOKIE = 'terres_refresh_console';
/** Only the refresh call carries it (a trailing slash still matches: RFC 6265 path-match). */
export const REFRESH_COOKIE_PATH = '/api/v1/auth/refresh';

type CookieConfig = Pick<Config, 'isProduction' | 'advertiserPortalUrl' | 'adminConsoleUrl' | 'nodeEnv'>;

/** The refresh cookie's name for this request's app: the console's when its Origin is the console's. */
export function refreshCookieName(config: CookieConfig, request: FastifyRequest): string {
  const origin = request.headers.origin;
  return origin !== undefined && originsOf(config.adminConsoleUrl, config.nodeEnv).includes(origin) ? CONSOLE_REFRESH_COOKIE : REFRESH_COOKIE;
}

function cookieOptions(config: CookieConfig, request: FastifyRequest) {
  return {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config.isProduction || request.protocol === 'https',
  };
}

/** Sets the session's refresh cookie, expiring with the refresh token. */
export function setRefreshCookie(config: CookieConfig, request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: string): void {
  reply.setCookie(refreshCookieName(config, request), token, { ...cookieOptions(config, request), expires: new Date(expiresAt) });
}

/** Tells the browser to forget the refresh cookie (sign-out, refused refresh). */
export function clearRefreshCookie(config: CookieConfig, request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(refreshCookieName(config, request), cookieOptions(config, request));
}

/**
 * The `Set-Cookie` line that clears it, for a refusal's problem answer (an error answer drops
 * the cookies set on the reply before the throw).
 */
export function clearedRefreshCookieHeader(
  config: CookieConfig,
  request: FastifyRequest,
  serialize: (name: string, value: string, options: Record<string, unknown>) => string,
): string {
  return serialize(refreshCookieName(config, request), '', { ...cookieOptions(config, request), expires: new Date(0) });
}

/** 403 unless the request carries the portals' header and, when it names one, a portal's Origin. */
export function assertSessionRequest(config: CookieConfig, request: FastifyRequest): void {
  const header = request.headers[SESSION_CSRF_HEADER.name.toLowerCase()];
  const origin = request.headers.origin;
  const originAllowed = origin === undefined || allowedOrigins(config).includes(origin);
  if (header !== SESSION_CSRF_HEADER.value || !originAllowed) throw problem(403, messages.sessionRequestRefused);
}
