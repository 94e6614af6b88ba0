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

// A production build first reads the deployment's /config.json (the same build serves any
// environment: deploy/README.md); its values override the build-time ones. The top-level await
// holds every module that imports `env`, so nothing (the router included) starts before it.
// Dev and the unit tests read import.meta.env alone.
const runtime = import.meta.env.PROD ? await loadRuntimeConfig({ ownKeys: ['ADVERTISER_PORTAL_URL'] }) : {};

export const env: Env = parseEnv({ ...import.meta.env, ...runtime });
