import * as L from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { pinsVisibleAt, resolveCenter, useLeafletMap } from './map-view';
import { pinIcon } from './pin-icon';
import type { ListingType } from '../listing-pins/pin-labels';
import type { LatLng } from './map-view';

/** Popup line shown when a listing's organisation is not known (spec §2, listings map). */
export const UNKNOWN_ORGANIZATION = 'Organisation inconnue';

export type { ListingType } from '../listing-pins/pin-labels';

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
  /** Draw the pin at every zoom; by default pins show at zoom 13 and below (CONTRACT §11). */
  alwaysVisible?: boolean;
}

/** The popup's organisation line: the name, or 'Organisation inconnue'. */
export function organizationLabel(name: string | null | undefined): string {
  return name && name.trim() !== '' ? name : UNKNOWN_ORGANIZATION;
}

/** A listing pin with a popup, to render inside <MapView>. Hidden above zoom 13 unless alwaysVisible. */
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
      <p className="terres-map-popup__title">{title}</p>
      <p className="terres-map-popup__organization">{organizationLabel(organizationName)}</p>
      {children}
    </div>,
    popupNode,
  );
}
