import { createAppEnv, envUrl, loadRuntimeConfig, trimSlash, type AppEnv } from '@terres/app-kit';
import * as v from 'valibot';

// The only module that reads import.meta.env (eslint enforces it): the rest of the app imports
// `env`. The variables both apps read are app-kit's (`createAppEnv`); this adds the console's own.

export { DEFAULT_API_URL, DEFAULT_SUPPORT_EMAIL } from '@terres/app-kit';
export const DEFAULT_ADVERTISER_PORTAL_URL = 'http://localhost:5173';

export interface Env extends AppEnv {
  /** The advertisers' portal (links to what an advertiser sees). */
  advertiserPortalUrl: string;
}

/** Validates the build-time variables; an empty value counts as unset. */
export function parseEnv(source: Record<string, unknown>): Env {
  return createAppEnv(source, {
    entries: { VITE_ADVERTISER_PORTAL_URL: v.optional(envUrl('VITE_ADVERTISER_PORTAL_URL'), DEFAULT_ADVERTISER_PORTAL_URL) },
    read: (values) => ({ advertiserPortalUrl: trimSlash(values.VITE_ADVERTISER_PORTAL_URL) }),
  });
}

export const env: Env = parseEnv(import.meta.env);

/**
 * A production build reads the deployment's /config.json (the same build serves any environment:
 * deploy/README.md) and its values override the build-time ones in `env`. main.tsx awaits it
 * before the router starts; every reader of `env` reads it when rendering or calling, never at
 * import. Not a top-level await here: it would make every module importing `env` async and
 * split the route files out of the entry chunk (/login's bundle budget). Dev and the unit tests
 * keep import.meta.env alone.
 */
export async function loadRuntimeEnv(): Promise<void> {
  if (!import.meta.env.PROD) return;
  Object.assign(env, parseEnv({ ...import.meta.env, ...(await loadRuntimeConfig({ ownKeys: ['ADVERTISER_PORTAL_URL'] })) }));
}
