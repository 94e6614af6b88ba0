import { ADDRESS_SEARCH } from '@terres/domain';

/** The national address service (Base Adresse Nationale geocoder). */
export const DEFAULT_ADDRESS_SERVICE_URL = 'https://api-adresse.data.gouv.fr';
export const ADDRESS_MIN_LENGTH: number = ADDRESS_SEARCH.minLength;
export const ADDRESS_LIMIT: number = ADDRESS_SEARCH.limit;
export const ADDRESS_DEBOUNCE_MS: number = ADDRESS_SEARCH.debounceMs;

export const NO_ADDRESS_FOUND = 'Aucune adresse trouvée';
export const ADDRESS_SERVICE_UNAVAILABLE = 'Le service de recherche d’adresses est indisponible. Réessayez plus tard.';

export interface AddressResult {
  /** Full label, e.g. '8 Boulevard du Port 80000 Amiens'. */
  label: string;
  postcode: string;
  city: string;
  /** Street line: number and street name when the result is a house number, else the name. */
  street: string;
  /** [latitude, longitude]. */
  center: readonly [lat: number, lng: number];
}

/** Whether a query is long enough to be sent (3 characters, spec §9). */
export function isAddressQuery(query: string): boolean {
  return query.trim().length >= ADDRESS_MIN_LENGTH;
}

/** The `/search/?q=...&limit=5` URL for a query. */
export function addressSearchUrl(baseUrl: string, query: string, limit: number = ADDRESS_LIMIT): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}/search/?q=${encodeURIComponent(query.trim())}&limit=${limit}`;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** Results of a GeoJSON FeatureCollection answer; malformed features are skipped. */
export function parseAddressResults(body: unknown): AddressResult[] {
  const features = (body as { features?: unknown } | null)?.features;
  if (!Array.isArray(features)) return [];
  const results: AddressResult[] = [];
  for (const feature of features as unknown[]) {
    const f = feature as { properties?: Record<string, unknown>; geometry?: { coordinates?: unknown } } | null;
    const coordinates = f?.geometry?.coordinates;
    const props = f?.properties ?? {};
    if (!Array.isArray(coordinates) || coordinates.length < 2) continue;
    const [lng, lat] = coordinates as unknown[];
    if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng)) continue;
    const label = text(props.label);
    if (label === '') continue;
    const housenumber = text(props.housenumber);
    const streetName = text(props.street) || text(props.name);
    const street = housenumber && streetName && !streetName.startsWith(housenumber) ? `${housenumber} ${streetName}` : text(props.name) || streetName;
    results.push({ label, postcode: text(props.postcode), city: text(props.city), street, center: [lat, lng] });
  }
  return results;
}

export class AddressServiceError extends Error {
  constructor(readonly status?: number) {
    super(ADDRESS_SERVICE_UNAVAILABLE);
    this.name = 'AddressServiceError';
  }
}

const cache = new Map<string, AddressResult[]>();

/** Forget cached answers (tests). */
export function clearAddressCache(): void {
  cache.clear();
}

/**
 * Searches addresses; answers are cached per URL (base and query). Aborting the signal rejects
 * with an AbortError; a network failure or a non-ok answer rejects with AddressServiceError.
 */
export async function searchAddresses(
  query: string,
  { baseUrl = DEFAULT_ADDRESS_SERVICE_URL, signal }: { baseUrl?: string; signal?: AbortSignal } = {},
): Promise<AddressResult[]> {
  const url = addressSearchUrl(baseUrl, query);
  const hit = cache.get(url);
  if (hit) return hit;
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { Accept: 'application/json' } });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new AddressServiceError();
  }
  if (!response.ok) throw new AddressServiceError(response.status);
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new AddressServiceError(response.status);
  }
  const results = parseAddressResults(body);
  cache.set(url, results);
  return results;
}
