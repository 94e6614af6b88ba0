import * as L from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { pinsVisibleAt, resolveCenter, useLeafletMap } from './map-view';
import type { LatLng } from './map-view';

/** Popup line shown when a listing's organisation is not known (spec §2, listings map). */
export const UNKNOWN_ORGANIZATION = 'Organisation inconnue';

export type ListingType = 'CUT' | 'FILL';

export interface MapMarkerProps {
  /** [latitude, longitude]; a malformed pair falls back to the default centre. */
  position: LatLng | readonly number[];
  /** Colours the pin: CUT yellow, FILL red (design tokens). */
  type?: ListingType;
  /** Accessible name of the pin (its title), e.g. the project name. */
  title: string;
  /** Organisation shown first in the popup; null, undefined or blank reads 'Organisation inconnue'. */
  organizationName?: string | null;
  /** Extra popup content (address, link to the listing). */
  children?: ReactNode;
  /** Draw the pin at every zoom; by default pins show only below zoom 13 (spec §9). */
  alwaysVisible?: boolean;
}

const PIN_COLOURS: Record<ListingType, string> = {
  CUT: 'var(--terres-color-cut, #f2c200)',
  FILL: 'var(--terres-color-fill, #dc3c3c)',
};

function pinIcon(type: ListingType | undefined): L.DivIcon {
  const colour = type ? PIN_COLOURS[type] : 'var(--terres-color-primary, #8b4513)';
  // A CSS pin: Leaflet's default marker images break once bundled, and this one takes the type colour.
  return L.divIcon({
    className: 'terres-map-pin',
    html: `<span style="display:block;width:18px;height:18px;border-radius:50% 50% 50% 0;transform:rotate(-45deg);background:${colour};border:2px solid #fff;box-shadow:0 1px 3px rgba(0,0,0,.45)"></span>`,
    iconSize: [22, 22],
    iconAnchor: [11, 22],
    popupAnchor: [0, -20],
  });
}

/** The popup's organisation line: the name, or 'Organisation inconnue'. */
export function organizationLabel(name: string | null | undefined): string {
  return name && name.trim() !== '' ? name : UNKNOWN_ORGANIZATION;
}

/** A listing pin with a popup, to render inside <MapView>. Hidden from zoom 13 up unless alwaysVisible. */
export function MapMarker({ position, type, title, organizationName, children, alwaysVisible = false }: MapMarkerProps) {
  const map = useLeafletMap();
  const [lat, lng] = resolveCenter(position);
  const [zoom, setZoom] = useState(() => map.getZoom());
  const popupNode = useMemo(() => document.createElement('div'), []);
  const visible = alwaysVisible || pinsVisibleAt(zoom);

  useEffect(() => {
    const onZoom = () => setZoom(map.getZoom());
    map.on('zoomend', onZoom);
    return () => {
      map.off('zoomend', onZoom);
    };
  }, [map]);

  useEffect(() => {
    if (!visible) return;
    const marker = L.marker([lat, lng], { icon: pinIcon(type), title, alt: title, keyboard: true })
      .bindPopup(popupNode)
      .addTo(map);
    return () => {
      marker.remove();
    };
  }, [map, lat, lng, type, title, visible, popupNode]);

  return createPortal(
    <div className="terres-map-popup">
      <strong>{organizationLabel(organizationName)}</strong>
      <div>{title}</div>
      {children}
    </div>,
    popupNode,
  );
}
