// The configuration both web apps share, validated (valibot): the API, the map and address
// services, the support address. It reads nothing itself: each app's src/config/env.ts, the
// only reader of import.meta.env there (lint rule `restrictEnvAccess`), passes it in with the
// variables of its own. Values are fixed at build time (Vite), and a production build lets the
// deployment's /config.json override them at start-up (runtime-config.ts). Map and address URLs left
// unset use the public services @terres/maps defaults to; end-to-end tests point them at
// loopback fixtures.
import * as v from 'valibot';

export const DEFAULT_API_URL = 'http://localhost:3000/api/v1';
export const DEFAULT_SUPPORT_EMAIL = 'support@bourse-aux-terres.fr';

/** An absolute http(s) URL; the messages name the variable. */
export const envUrl = (name: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.url(`${name} doit être une URL absolue.`),
    v.regex(/^https?:\/\//i, `${name} doit commencer par http:// ou https://.`),
  );

const sharedEntries = {
  VITE_API_URL: v.optional(envUrl('VITE_API_URL'), DEFAULT_API_URL),
  // Tile templates hold {z}/{x}/{y}, which v.url() accepts.
  VITE_TILE_URL: v.optional(envUrl('VITE_TILE_URL')),
  VITE_CADASTRE_TILEJSON_URL: v.optional(envUrl('VITE_CADASTRE_TILEJSON_URL')),
  VITE_ADDRESS_SEARCH_URL: v.optional(envUrl('VITE_ADDRESS_SEARCH_URL')),
  VITE_SUPPORT_EMAIL: v.optional(
    v.pipe(v.string(), v.trim(), v.email('VITE_SUPPORT_EMAIL doit être une adresse e-mail.')),
    DEFAULT_SUPPORT_EMAIL,
  ),
};

export interface AppEnv {
  /** Base URL of the HTTP API, without a trailing slash. */
  apiUrl: string;
  /** Map tiles, cadastre TileJSON and address search; undefined: the public services. */
  tileUrl: string | undefined;
  cadastreTileJsonUrl: string | undefined;
  addressSearchUrl: string | undefined;
  /** The support contact (help page, a payment that takes too long). */
  supportEmail: string;
}

export const trimSlash = (value: string) => value.replace(/\/+$/, '');

/**
 * Validates the build-time variables, the shared ones and the app's own (`entries`, turned
 * into its fields by `read`); an empty value counts as unset. Throws naming every bad variable.
 */
export function createAppEnv<TEntries extends v.ObjectEntries, TOwn extends object>(
  source: Record<string, unknown>,
  own: { entries: TEntries; read: (values: v.InferOutput<v.ObjectSchema<TEntries, undefined>>) => TOwn },
): AppEnv & TOwn {
  const schema = v.object({ ...sharedEntries, ...own.entries });
  const raw = Object.fromEntries(Object.keys(schema.entries).map((key) => [key, source[key] === '' ? undefined : source[key]]));
  const result = v.safeParse(schema, raw);
  if (!result.success) {
    throw new Error(`Configuration invalide :\n${v.summarize(result.issues)}`);
  }
  const out = result.output as v.InferOutput<v.ObjectSchema<typeof sharedEntries, undefined>> &
    v.InferOutput<v.ObjectSchema<TEntries, undefined>>;
  return {
    apiUrl: trimSlash(out.VITE_API_URL),
    tileUrl: out.VITE_TILE_URL,
    cadastreTileJsonUrl: out.VITE_CADASTRE_TILEJSON_URL,
    addressSearchUrl: out.VITE_ADDRESS_SEARCH_URL ? trimSlash(out.VITE_ADDRESS_SEARCH_URL) : undefined,
    supportEmail: out.VITE_SUPPORT_EMAIL,
    ...own.read(out),
  };
}
