import * as L from 'leaflet';
import { useEffect } from 'react';
import { resolveCenter, useLeafletMap, type LatLng } from './map-view';

export interface MapLineProps {
  /** [latitude, longitude] of each end (a CUT and a FILL site). */
  from: LatLng | readonly number[];
  to: LatLng | readonly number[];
  /** Accessible description of the line ('Trajet de 12,3 km'). */
  title: string;
  /** Zoom the map so both ends show (on mount and when an end moves). */
  fitBounds?: boolean;
}

/**
 * A straight dashed line between two sites, to render inside <MapView> (matching, issue 11:
 * where the soil goes). Drawn in the design system's accent colour; the map zooms to both ends.
 */
export function MapLine({ from, to, title, fitBounds = true }: MapLineProps) {
  const map = useLeafletMap();
  const [fromLat, fromLng] = resolveCenter(from);
  const [toLat, toLng] = resolveCenter(to);
  useEffect(() => {
    const line = L.polyline(
      [
        [fromLat, fromLng],
        [toLat, toLng],
      ],
      { color: 'var(--terres-color-accent, #2f6b3a)', weight: 3, dashArray: '6 6', interactive: false },
    ).addTo(map);
    // A named image, so assistive technologies read what the line shows (axe: aria-label needs a role).
    line.getElement()?.setAttribute('role', 'img');
    line.getElement()?.setAttribute('aria-label', title);
    if (fitBounds) map.fitBounds(line.getBounds(), { padding: [32, 32], maxZoom: 13 });
    return () => {
      line.remove();
    };
  }, [map, fromLat, fromLng, toLat, toLng, title, fitBounds]);
  return null;
}
