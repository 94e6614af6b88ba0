// The deployment's configuration, read at start-up: the same build serves any environment.
// The web server serves a small `/config.json` next to index.html (written by the deployment,
// see deploy/README.md) whose keys are the build variables' names without `VITE_`, e.g.
// `{ "API_URL": "https://annonces.example.fr/api/v1", "TILE_URL": "https://..." }`. Its values
// override the build-time ones, then createAppEnv validates the whole as before. No file (404),
// or a server that answers something other than JSON (Vite's preview falls back to index.html):
// the build-time values stand, so `pnpm start`, dev and the tests are unchanged.

/** The only keys config.json may hold (the shared ones; each app passes its own too). */
export const RUNTIME_CONFIG_KEYS = ['API_URL', 'TILE_URL', 'CADASTRE_TILEJSON_URL', 'ADDRESS_SEARCH_URL', 'SUPPORT_EMAIL'] as const;

export type FetchLike = (url: string) => Promise<{
  ok: boolean;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}>;

/**
 * Reads `url` and answers its values under their `VITE_*` names, ready to spread over
 * import.meta.env. A malformed file or an unknown key throws (a typo must not silently leave a
 * production app on its build-time API); no file answers `{}`.
 */
export async function loadRuntimeConfig(
  options: { url?: string; fetch?: FetchLike; ownKeys?: readonly string[] } = {},
): Promise<Record<string, unknown>> {
  const url = options.url ?? '/config.json';
  const fetchImpl: FetchLike = options.fetch ?? ((target) => fetch(target));
  let response: Awaited<ReturnType<FetchLike>>;
  try {
    // A plain GET, as the built index.html preloads it (tooling/vite: `<link rel="preload"
    // as="fetch" crossorigin>`, fetched beside the page's code): a request with other headers,
    // credentials or cache mode would not reuse the preload and ask a second time. The server
    // marks it `no-cache` (deploy/nginx), so it is revalidated, never stale.
    response = await fetchImpl(url);
  } catch {
    return {};
  }
  // The body is read whatever the answer: one left unread keeps the request open in the browser
  // (a page that never goes network-idle).
  const text = await response.text().catch(() => '');
  if (!response.ok || !/\bjson\b/i.test(response.headers.get('content-type') ?? '')) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`Configuration invalide : ${url} n’est pas un JSON valide.`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Error(`Configuration invalide : ${url} doit contenir un objet JSON.`);
  }
  const allowed = new Set<string>([...RUNTIME_CONFIG_KEYS, ...(options.ownKeys ?? [])]);
  const unknown = Object.keys(body).filter((key) => !allowed.has(key));
  if (unknown.length > 0) {
    throw new Error(`Configuration invalide : ${url} contient des clés inconnues (${unknown.join(', ')}).`);
  }
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [`VITE_${key}`, value]));
}
