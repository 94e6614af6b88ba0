import type { LatLng } from '@terres/maps/map-view';
import { useLeafletMap } from '@terres/maps/map-view';
import { useEffect, useRef } from 'react';
import { VIEW_SETTLE_MS, type Bbox } from '../model/viewport';

export interface MapViewState {
  bbox: Bbox;
  zoom: number;
}

export interface MapViewportProps {
  /** The view once it has settled (after a pan or zoom, and at first). */
  onViewChange: (view: MapViewState) => void;
  /** A place to show (an address chosen in the search); each new object recentres the map. */
  recentre: { center: LatLng; zoom: number } | null;
}

/**
 * Inside the MapView: reports the view after each pan or zoom, once it has been quiet for
 * VIEW_SETTLE_MS (a drag across the country asks for one area, not fifty), and recentres the map
 * on request without animation (spec §2).
 */
export function MapViewport({ onViewChange, recentre }: MapViewportProps) {
  const map = useLeafletMap();
  const report = useRef(onViewChange);
  report.current = onViewChange;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      const bounds = map.getBounds();
      report.current({ bbox: [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], zoom: map.getZoom() });
    };
    const settle = () => {
      clearTimeout(timer);
      timer = setTimeout(read, VIEW_SETTLE_MS);
    };
    read();
    map.on('moveend', settle);
    return () => {
      clearTimeout(timer);
      map.off('moveend', settle);
    };
  }, [map]);

  useEffect(() => {
    if (recentre) map.setView([recentre.center[0], recentre.center[1]], recentre.zoom, { animate: false });
  }, [map, recentre]);

  return null;
}
