import * as v from 'valibot';

// The only module that reads import.meta.env (eslint enforces it): the rest of the app imports `env`.

export const DEFAULT_API_URL = 'http://localhost:3000/api/v1';

const EnvSchema = v.object({
  VITE_API_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.url('VITE_API_URL doit être une URL absolue.'),
      v.regex(/^https?:\/\//i, 'VITE_API_URL doit commencer par http:// ou https://.'),
    ),
    DEFAULT_API_URL,
  ),
});

export interface Env {
  /** Base URL of the HTTP API, without a trailing slash. */
  apiUrl: string;
}

/** Validates the build-time variables; an empty value counts as unset. */
export function parseEnv(source: Record<string, unknown>): Env {
  const raw = source.VITE_API_URL === '' ? undefined : source.VITE_API_URL;
  const result = v.safeParse(EnvSchema, { VITE_API_URL: raw });
  if (!result.success) {
    throw new Error(`Configuration invalide :\n${v.summarize(result.issues)}`);
  }
  return { apiUrl: result.output.VITE_API_URL.replace(/\/+$/, '') };
}

export const env: Env = parseEnv(import.meta.env);
