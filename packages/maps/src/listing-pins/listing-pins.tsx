import { statusLabel } from '@terres/domain';
import { StatusBadge } from '@terres/ui/status-badge';
import { TypeBadge } from '@terres/ui/type-badge';
import * as L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { organizationLabel } from '../map-view/map-marker';
import { useLeafletMap } from '../map-view/map-view';
import { PINS_MAX_ZOOM } from '../map-view/rules';
import { clusterIcon, pinIcon } from '../map-view/pin-icon';
import { buildPinIndex, CLUSTER_RADIUS, clusterTitle, pinItems } from './clusters';
import type { ListingPin, PinItem } from './clusters';

export * from './clusters';

/** Enter (and Space) on a focused marker: Leaflet only wires Enter for markers with a bound popup. */
function onEnter(marker: L.Marker, action: () => void): void {
  marker.on('keypress', (event: L.LeafletKeyboardEvent) => {
    const key = event.originalEvent.key;
    if (key === 'Enter' || key === ' ') {
      event.originalEvent.preventDefault();
      action();
    }
  });
}

export interface ListingPinsProps {
  /** Every listing to show (tens of thousands are fine: only what is in view is drawn). */
  pins: readonly ListingPin[];
  /** More popup content under the project, organisation and status: the link to the listing. */
  renderPopup?: (pin: ListingPin) => ReactNode;
  /** Pins show at this zoom and below; default 13 (CONTRACT §11). Above it the layer is empty. */
  maxZoom?: number;
  /** Screen radius, in pixels, within which pins merge into a group; default 80. */
  clusterRadius?: number;
  /** Called after each redraw with what is on screen (tests, benchmarks). */
  onDraw?: (drawn: { pins: number; clusters: number }) => void;
}

/**
 * The admin listings map's pins (spec §2, issue 10), inside a <MapView>: pins coloured by type
 * (CUT yellow, FILL red), grouped into discs that show their count when they would overlap
 * (supercluster), and only those in view are in the page, so the map stays fluid with 10 000
 * listings. A click on a group zooms in on it; a click on a pin opens its popup: project,
 * organisation ('Organisation inconnue' when unknown), type and status, then `renderPopup`.
 * Pins and groups are focusable and open with Enter.
 */
export function ListingPins({ pins, renderPopup, maxZoom = PINS_MAX_ZOOM, clusterRadius = CLUSTER_RADIUS, onDraw }: ListingPinsProps) {
  const map = useLeafletMap();
  const index = useMemo(() => buildPinIndex(pins, clusterRadius, maxZoom), [pins, clusterRadius, maxZoom]);
  const [openPin, setOpenPin] = useState<ListingPin | null>(null);
  const popupNode = useMemo(() => document.createElement('div'), []);
  const popup = useMemo(
    () => L.popup({ maxWidth: 300, minWidth: 200, autoPanPadding: [24, 24], className: 'terres-map-popup-frame' }).setContent(popupNode),
    [popupNode],
  );
  const opener = useRef<{ marker: L.Marker; fromKeyboard: boolean } | null>(null);
  const onDrawRef = useRef(onDraw);
  onDrawRef.current = onDraw;

  useEffect(() => {
    const layer = L.layerGroup().addTo(map);
    const markers = new Map<string, L.Marker>();

    const markerFor = (item: PinItem): L.Marker => {
      if (item.kind === 'cluster') {
        const marker = L.marker([item.lat, item.lng], {
          icon: clusterIcon(item.count, item.cut),
          title: clusterTitle(item.count, item.cut, item.fill),
          keyboard: true,
          zIndexOffset: 1000,
        });
        const zoomIn = () => {
          const zoom = Math.min(index.getClusterExpansionZoom(item.clusterId), maxZoom);
          map.setView([item.lat, item.lng], Math.max(zoom, map.getZoom() + 1));
        };
        marker.on('click', zoomIn);
        onEnter(marker, zoomIn);
        return marker;
      }
      const { pin } = item;
      const marker = L.marker([item.lat, item.lng], {
        icon: pinIcon(pin.type),
        title: `${pin.projectName} (${pin.type === 'CUT' ? 'déblai' : 'remblai'}, ${statusLabel(pin.status).toLowerCase()})`,
        keyboard: true,
      });
      const open = (fromKeyboard: boolean) => {
        opener.current = { marker, fromKeyboard };
        setOpenPin(pin);
        popup.setLatLng([item.lat, item.lng]).openOn(map);
      };
      marker.on('click', () => open(false));
      onEnter(marker, () => open(true));
      return marker;
    };

    const draw = () => {
      const zoom = map.getZoom();
      const wanted = new Map<string, PinItem>();
      if (zoom <= maxZoom) {
        const bounds = map.getBounds().pad(0.2);
        for (const item of pinItems(index, pins, [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], zoom)) {
          wanted.set(item.key, item);
        }
      } else {
        map.closePopup(popup);
      }
      // Keep what is still in view, so panning only adds and removes the edges.
      for (const [key, marker] of markers) {
        if (!wanted.has(key)) {
          layer.removeLayer(marker);
          markers.delete(key);
        }
      }
      let clusters = 0;
      for (const [key, item] of wanted) {
        if (item.kind === 'cluster') clusters += 1;
        if (markers.has(key)) continue;
        const marker = markerFor(item);
        markers.set(key, marker);
        layer.addLayer(marker);
      }
      onDrawRef.current?.({ pins: wanted.size - clusters, clusters });
    };

    draw();
    map.on('moveend', draw);
    const onClose = (event: L.PopupEvent) => {
      if (event.popup !== popup) return;
      // Back to the pin that opened it, when the keyboard was in the popup (Escape, 'Fermer').
      const element = opener.current?.marker.getElement();
      if (element && popupNode.parentElement?.closest('.leaflet-popup')?.contains(document.activeElement)) element.focus();
      setOpenPin(null);
    };
    map.on('popupclose', onClose);
    // Escape inside the popup closes it (Leaflet listens for it only while the map itself has the focus).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') map.closePopup(popup);
    };
    popupNode.addEventListener('keydown', onKeyDown);
    return () => {
      popupNode.removeEventListener('keydown', onKeyDown);
      map.off('moveend', draw);
      map.off('popupclose', onClose);
      map.closePopup(popup);
      layer.remove();
    };
  }, [map, index, pins, maxZoom, popup, popupNode]);

  // The popup's size follows its content once React has rendered it; opened from the keyboard,
  // the focus moves into it (its link), so Tab does not wander off into the next pins.
  useEffect(() => {
    if (!openPin) return;
    popup.update();
    if (opener.current?.fromKeyboard) {
      popupNode.querySelector<HTMLElement>('a[href], button')?.focus();
    }
  }, [openPin, popup, popupNode]);

  return createPortal(
    openPin ? (
      <div className="terres-map-popup">
        <p className="terres-map-popup__title">{openPin.projectName}</p>
        <p className="terres-map-popup__organization">{organizationLabel(openPin.organizationName)}</p>
        <div className="terres-map-popup__badges">
          <TypeBadge type={openPin.type} />
          <StatusBadge status={openPin.status} mode="label" />
        </div>
        {renderPopup ? <div className="terres-map-popup__extra">{renderPopup(openPin)}</div> : null}
      </div>
    ) : null,
    popupNode,
  );
}
