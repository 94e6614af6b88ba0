import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './attribution.css';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';

import {
  DEFAULT_ATTRIBUTION,
  DEFAULT_HEIGHT,
  DEFAULT_TILE_URL,
  EMPTY_TILE_URL,
  MAX_ZOOM,
  clampZoom,
  needsRecenter,
  resolveCenter,
} from './rules';
import type { LatLng } from './rules';
import { useWheelGuard } from '../wheel-guard/wheel-guard';

export * from './rules';

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
  /** Raster tile URL template ({z}/{x}/{y}); default DEFAULT_TILE_URL (OpenStreetMap). A failing tile shows EMPTY_TILE_URL. */
  tileUrl?: string;
  /** Attribution HTML shown in the corner; default DEFAULT_ATTRIBUTION. */
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
  // The wheel scrolls the page; Ctrl + wheel, or the wheel after a click, zooms (issue 21).
  const wheelHint = useWheelGuard(containerRef);

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
    const layer = L.tileLayer(tileUrl, { attribution, maxZoom: MAX_ZOOM, errorTileUrl: EMPTY_TILE_URL }).addTo(map);
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
    <div role="region" aria-label={label} className={className} style={{ position: 'relative' }}>
      <div ref={containerRef} data-testid="map-view-container" style={style} />
      {wheelHint}
      {map ? <MapContext.Provider value={map}>{children}</MapContext.Provider> : null}
    </div>
  );
}
