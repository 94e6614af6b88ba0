import { createAppEnv, envUrl, loadRuntimeConfig, trimSlash, type AppEnv } from '@terres/app-kit';
import * as v from 'valibot';

// The only module that reads import.meta.env (eslint enforces it): the rest of the app imports
// `env`. The variables both apps read are app-kit's (`createAppEnv`); this adds the portal's own.

export { DEFAULT_API_URL, DEFAULT_SUPPORT_EMAIL } from '@terres/app-kit';
export const DEFAULT_ADMIN_CONSOLE_URL = 'http://localhost:5174';

export interface Env extends AppEnv {
  /** Where admins who open this portal are sent. */
  adminConsoleUrl: string;
}

/** Validates the build-time variables; an empty value counts as unset. */
export function parseEnv(source: Record<string, unknown>): Env {
  return createAppEnv(source, {
    entries: { VITE_ADMIN_CONSOLE_URL: v.optional(envUrl('VITE_ADMIN_CONSOLE_URL'), DEFAULT_ADMIN_CONSOLE_URL) },
    read: (values) => ({ adminConsoleUrl: trimSlash(values.VITE_ADMIN_CONSOLE_URL) }),
  });
}

// A production build first reads the deployment's /config.json (the same build serves any
// environment: deploy/README.md); its values override the build-time ones. The top-level await
// holds every module that imports `env`, so nothing (the router included) starts before it.
// Dev and the unit tests read import.meta.env alone.
const runtime = import.meta.env.PROD ? await loadRuntimeConfig({ ownKeys: ['ADMIN_CONSOLE_URL'] }) : {};

export const env: Env = parseEnv({ ...import.meta.env, ...runtime });
