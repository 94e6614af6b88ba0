import { MAP } from '@terres/domain';
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';

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

const MapContext = createContext<L.Map | null>(null);

/** The Leaflet map of the nearest MapView, for markers and layers rendered as its children. */
export function useLeafletMap(): L.Map {
  const map = useContext(MapContext);
  if (!map) throw new Error('useLeafletMap must be used inside <MapView>.');
  return map;
}

export interface MapViewProps {
  /** [latitude, longitude]; anything but two finite numbers falls back to DEFAULT_CENTER. */
  center?: LatLng | readonly number[] | null;
  /** Default 13, clamped to 16 at most. */
  zoom?: number;
  /** CSS height; a number is pixels. Default 400. The map is always full width. */
  height?: number | string;
  tileUrl?: string;
  attribution?: string;
  /** Accessible name of the map region. */
  label?: string;
  className?: string;
  /** Markers and layers; rendered once the map exists, they reach it with useLeafletMap(). */
  children?: ReactNode;
}

export function MapView({
  center,
  zoom,
  height = DEFAULT_HEIGHT,
  tileUrl = DEFAULT_TILE_URL,
  attribution = DEFAULT_ATTRIBUTION,
  label = 'Carte',
  className,
  children,
}: MapViewProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const target = resolveCenter(center);
  const targetZoom = clampZoom(zoom);
  const [lat, lng] = target;

  // Create the map once; the view follows the props in the effect below.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const instance = L.map(container, {
      center: [lat, lng],
      zoom: targetZoom,
      maxZoom: MAX_ZOOM,
      scrollWheelZoom: true,
      dragging: true,
      zoomControl: false,
    });
    // Leaflet's own control is titled in English.
    L.control.zoom({ zoomInTitle: 'Zoom avant', zoomOutTitle: 'Zoom arrière' }).addTo(instance);
    setMap(instance);
    return () => {
      instance.remove();
      setMap(null);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- created once, recentred below
  }, []);

  useEffect(() => {
    if (!map) return;
    const layer = L.tileLayer(tileUrl, { attribution, maxZoom: MAX_ZOOM }).addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, tileUrl, attribution]);

  useEffect(() => {
    if (!map) return;
    const current = map.getCenter();
    if (needsRecenter([current.lat, current.lng], map.getZoom(), [lat, lng], targetZoom)) {
      map.setView([lat, lng], targetZoom, { animate: false });
    }
  }, [map, lat, lng, targetZoom]);

  const style: CSSProperties = { height, width: '100%' };

  return (
    <div role="region" aria-label={label} className={className}>
      <div ref={containerRef} data-testid="map-view-container" style={style} />
      {map ? <MapContext.Provider value={map}>{children}</MapContext.Provider> : null}
    </div>
  );
}
