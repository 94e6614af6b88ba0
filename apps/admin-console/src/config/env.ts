import * as v from 'valibot';

// The only module that reads import.meta.env (eslint enforces it): the rest of the app imports `env`.
// Every value is fixed at build time (Vite). Map and address URLs left unset use the public
// services @terres/maps defaults to; end-to-end tests point them at loopback fixtures.

export const DEFAULT_API_URL = 'http://localhost:3000/api/v1';
export const DEFAULT_ADVERTISER_PORTAL_URL = 'http://localhost:5173';
export const DEFAULT_SUPPORT_EMAIL = 'support@bourse-aux-terres.fr';

const url = (name: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.url(`${name} doit être une URL absolue.`),
    v.regex(/^https?:\/\//i, `${name} doit commencer par http:// ou https://.`),
  );

const EnvSchema = v.object({
  VITE_API_URL: v.optional(url('VITE_API_URL'), DEFAULT_API_URL),
  VITE_ADVERTISER_PORTAL_URL: v.optional(url('VITE_ADVERTISER_PORTAL_URL'), DEFAULT_ADVERTISER_PORTAL_URL),
  // Tile templates hold {z}/{x}/{y}, which v.url() accepts.
  VITE_TILE_URL: v.optional(url('VITE_TILE_URL')),
  VITE_CADASTRE_TILEJSON_URL: v.optional(url('VITE_CADASTRE_TILEJSON_URL')),
  VITE_ADDRESS_SEARCH_URL: v.optional(url('VITE_ADDRESS_SEARCH_URL')),
  VITE_SUPPORT_EMAIL: v.optional(
    v.pipe(v.string(), v.trim(), v.email('VITE_SUPPORT_EMAIL doit être une adresse e-mail.')),
    DEFAULT_SUPPORT_EMAIL,
  ),
});

export interface Env {
  /** Base URL of the HTTP API, without a trailing slash. */
  apiUrl: string;
  /** The advertisers' portal (links to what an advertiser sees). */
  advertiserPortalUrl: string;
  /** Map tiles, cadastre TileJSON and address search; undefined: the public services. */
  tileUrl: string | undefined;
  cadastreTileJsonUrl: string | undefined;
  addressSearchUrl: string | undefined;
  /** The support contact of the help page (the same address as the portal's). */
  supportEmail: string;
}

const trimSlash = (value: string) => value.replace(/\/+$/, '');

/** Validates the build-time variables; an empty value counts as unset. */
export function parseEnv(source: Record<string, unknown>): Env {
  const raw = Object.fromEntries(
    Object.keys(EnvSchema.entries).map((key) => [key, source[key] === '' ? undefined : source[key]]),
  );
  const result = v.safeParse(EnvSchema, raw);
  if (!result.success) {
    throw new Error(`Configuration invalide :\n${v.summarize(result.issues)}`);
  }
  const out = result.output;
  return {
    apiUrl: trimSlash(out.VITE_API_URL),
    advertiserPortalUrl: trimSlash(out.VITE_ADVERTISER_PORTAL_URL),
    tileUrl: out.VITE_TILE_URL,
    cadastreTileJsonUrl: out.VITE_CADASTRE_TILEJSON_URL,
    addressSearchUrl: out.VITE_ADDRESS_SEARCH_URL ? trimSlash(out.VITE_ADDRESS_SEARCH_URL) : undefined,
    supportEmail: out.VITE_SUPPORT_EMAIL,
  };
}

export const env: Env = parseEnv(import.meta.env);
