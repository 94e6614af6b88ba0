import { MAP } from '@terres/domain';

// The map rules of spec §2 and §9, free of any map engine: MapView (Leaflet) and ParcelMap
// (maplibre-gl) share them without one loading the other.

export type LatLng = readonly [lat: number, lng: number];

// Spec section 9 constants, named once in @terres/domain; re-exported here for map callers.
/** Default centre when none (or a malformed one) is given: near Mulhouse. */
export const DEFAULT_CENTER: LatLng = MAP.defaultCenter;
export const DEFAULT_ZOOM: number = MAP.defaultZoom;
export const MAX_ZOOM: number = MAP.maxZoom;
export const MIN_ZOOM = 0;
export const DEFAULT_HEIGHT: number = MAP.defaultHeight;
/** Centre moves smaller than this (degrees) are noise, not a request to recentre. */
export const RECENTER_THRESHOLD: number = MAP.recentreThreshold;

export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_ATTRIBUTION =
  '&copy; les contributeurs d\u2019<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';
/** A 1x1 transparent GIF: what a tile that failed to load shows (spec §7: an empty tile). */
export const EMPTY_TILE_URL = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
/** Pins are drawn at this zoom and below (CONTRACT §11, over spec §9's "below 13"). */
export const PINS_MAX_ZOOM: number = MAP.pinsMaxZoom;

/** Whether listing pins are drawn at this zoom: the admin map's opening zoom 13 and below. */
export function pinsVisibleAt(zoom: number): boolean {
  return zoom <= PINS_MAX_ZOOM;
}

/** The given centre when it is exactly two finite numbers, else the default centre. */
export function resolveCenter(center: unknown): LatLng {
  if (
    Array.isArray(center) &&
    center.length === 2 &&
    typeof center[0] === 'number' &&
    typeof center[1] === 'number' &&
    Number.isFinite(center[0]) &&
    Number.isFinite(center[1])
  ) {
    return [center[0], center[1]];
  }
  return DEFAULT_CENTER;
}

/** The requested zoom within [MIN_ZOOM, MAX_ZOOM]; the default zoom when it is not a finite number. */
export function clampZoom(zoom: unknown): number {
  if (typeof zoom !== 'number' || !Number.isFinite(zoom)) return DEFAULT_ZOOM;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** Whether the map shown at (current, currentZoom) must jump to (next, nextZoom). */
export function needsRecenter(current: LatLng, currentZoom: number, next: LatLng, nextZoom: number): boolean {
  return (
    Math.abs(current[0] - next[0]) > RECENTER_THRESHOLD ||
    Math.abs(current[1] - next[1]) > RECENTER_THRESHOLD ||
    Math.abs(currentZoom - nextZoom) > RECENTER_THRESHOLD
  );
}
