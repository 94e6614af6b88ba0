// The cadastre vector-tile source: TileJSON loading (spec §7) and the parcel colouring rules (spec §9).
// No maplibre import here, so the rules are testable anywhere and cost nothing to load.

/** Etalab's public cadastre TileJSON (parcels in the `parcelles` source layer, 14-character `id`). */
export const DEFAULT_CADASTRE_TILEJSON_URL = 'https://openmaptiles.geo.data.gouv.fr/data/cadastre.json';
/** Used when the TileJSON's `tiles` entry is not a usable list of URL templates. */
export const DEFAULT_CADASTRE_TILE_URL = 'https://openmaptiles.geo.data.gouv.fr/data/cadastre/{z}/{x}/{y}.pbf';
export const DEFAULT_CADASTRE_SOURCE_LAYER = 'parcelles';
/** Feature property holding the parcel id. */
export const DEFAULT_PARCEL_ID_PROPERTY = 'id';

/** Shown when the layer cannot load (spec §8, exact text). */
export const CADASTRE_UNAVAILABLE_MESSAGE = 'Impossible de charger le TileJSON cadastre';
/** The failing HTTP status, as the spec's catalogue words it. */
export function tileJsonStatusMessage(status: number | string): string {
  return `Erreur lors du chargement du TileJSON Cadastre: ${status}`;
}

export interface CadastreSource {
  tiles: string[];
  minzoom?: number;
  maxzoom?: number;
  attribution?: string;
}

/** A tiles entry is usable when it is a non-empty list of templates holding {z}, {x} and {y}. */
export function isValidTiles(tiles: unknown): tiles is string[] {
  return (
    Array.isArray(tiles) &&
    tiles.length > 0 &&
    tiles.every((t) => typeof t === 'string' && t.includes('{z}') && t.includes('{x}') && t.includes('{y}'))
  );
}

/** The source to give maplibre from a TileJSON body, falling back to the tile URL template. */
export function cadastreSourceFrom(tileJson: unknown, fallbackTileUrl: string): CadastreSource {
  const body = (typeof tileJson === 'object' && tileJson !== null ? tileJson : {}) as Record<string, unknown>;
  const source: CadastreSource = { tiles: isValidTiles(body.tiles) ? body.tiles : [fallbackTileUrl] };
  if (typeof body.minzoom === 'number') source.minzoom = body.minzoom;
  if (typeof body.maxzoom === 'number') source.maxzoom = body.maxzoom;
  if (typeof body.attribution === 'string') source.attribution = body.attribution;
  return source;
}

const tileJsonCache = new Map<string, Promise<CadastreSource>>();

/**
 * Fetches a cadastre TileJSON once per URL (every map of the page shares the answer).
 * Rejects with the spec's status message on a non-ok answer; a failure is not cached, so a
 * later map retries.
 */
export function loadCadastreSource(
  url: string = DEFAULT_CADASTRE_TILEJSON_URL,
  fallbackTileUrl: string = DEFAULT_CADASTRE_TILE_URL,
): Promise<CadastreSource> {
  const key = `${url}\n${fallbackTileUrl}`;
  const cached = tileJsonCache.get(key);
  if (cached) return cached;
  const pending = (async () => {
    let response: Response;
    try {
      response = await fetch(url, { headers: { Accept: 'application/json' } });
    } catch {
      throw new Error(CADASTRE_UNAVAILABLE_MESSAGE);
    }
    if (!response.ok) throw new Error(tileJsonStatusMessage(response.status));
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new Error(CADASTRE_UNAVAILABLE_MESSAGE);
    }
    return cadastreSourceFrom(body, fallbackTileUrl);
  })();
  tileJsonCache.set(key, pending);
  pending.catch(() => tileJsonCache.delete(key));
  return pending;
}

/** Forget every cached TileJSON (tests). */
export function clearCadastreCache(): void {
  tileJsonCache.clear();
}

export type ParcelType = 'CUT' | 'FILL';

/** Map colours of spec §9, as in the design tokens (packages/ui tokens.css). */
export const PARCEL_COLOURS = {
  CUT: '#f2c200',
  FILL: '#dc3c3c',
  overlap: '#8e44ad',
} as const;

export type ParcelRole = 'selected' | 'other' | 'overlap' | 'none';

/** A parcel is 'overlap' when selected here and claimed by another listing too. */
export function parcelRole(id: string, selected: ReadonlySet<string>, others: ReadonlySet<string>): ParcelRole {
  const mine = selected.has(id);
  const theirs = others.has(id);
  if (mine && theirs) return 'overlap';
  if (mine) return 'selected';
  if (theirs) return 'other';
  return 'none';
}

/** The colour of a parcel of the given role; others' parcels take the opposite listing type's colour. */
export function parcelColour(role: Exclude<ParcelRole, 'none'>, type: ParcelType): string {
  if (role === 'overlap') return PARCEL_COLOURS.overlap;
  if (role === 'selected') return PARCEL_COLOURS[type];
  return PARCEL_COLOURS[type === 'CUT' ? 'FILL' : 'CUT'];
}

/** Selected ids after a click on a parcel: added when absent, removed when present. */
export function toggleParcel(selected: readonly string[], id: string): string[] {
  return selected.includes(id) ? selected.filter((p) => p !== id) : [...selected, id];
}
