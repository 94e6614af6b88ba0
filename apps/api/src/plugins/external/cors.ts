// Browsers may call the API from the two portals only (their origins come from the config).
// Auth is a bearer token; the cookies are the sign-in calls' device cookie (src/auth/devices.ts)
// and the session's refresh cookie (src/auth/refresh-cookie.ts), sent with `credentials:
// 'include'`: so credentials are allowed, for these exact origins only (a credentialed answer
// never says `*`). The refresh cookie's CSRF check reads this same list of origins.
import { SESSION_CSRF_HEADER } from '@terres/domain';
import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import type { Config } from '../../env.js';

const LOOPBACK_TWINS: Readonly<Record<string, string>> = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' };

/**
 * The origins of one portal URL. Outside production a `localhost` origin also admits its
 * `127.0.0.1` twin and the reverse (CONTRACT §11): Vite prints the one, people type the other.
 */
export function originsOf(configured: string, nodeEnv: Config['nodeEnv']): string[] {
  const url = new URL(configured);
  const origins = [url.origin];
  const twin = LOOPBACK_TWINS[url.hostname];
  if (nodeEnv !== 'production' && twin) {
    url.hostname = twin;
    origins.push(url.origin);
  }
  return origins;
}

/** The portals' origins (both apps, with their loopback twins outside production). */
export function allowedOrigins(config: Pick<Config, 'advertiserPortalUrl' | 'adminConsoleUrl' | 'nodeEnv'>): string[] {
  return [...new Set([config.advertiserPortalUrl, config.adminConsoleUrl].flatMap((url) => originsOf(url, config.nodeEnv)))];
}

/** Request headers the portals send: the bearer token, JSON, a grant's idempotency key, the session calls' CSRF header. */
export const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Accept', 'Accept-Language', 'Idempotency-Key', SESSION_CSRF_HEADER.name];
/** Response headers the portals read: rate-limit waits, file names of downloads, list totals. */
export const CORS_EXPOSED_HEADERS = ['Retry-After', 'Content-Disposition', 'X-Total-Count', 'X-Total-Count-Capped', 'X-Request-Id'];

export default fp(
  async (app) => {
    await app.register(cors, {
      origin: allowedOrigins(app.config),
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: CORS_ALLOWED_HEADERS,
      exposedHeaders: CORS_EXPOSED_HEADERS,
      credentials: true,
      maxAge: 600,
    });
  },
  { name: 'cors', dependencies: ['config'] },
);
