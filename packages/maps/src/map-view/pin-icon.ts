import * as L from 'leaflet';
import './pins.css';
import { clusterCountLabel, clusterSize } from '../listing-pins/pin-labels';
import type { ListingType } from '../listing-pins/pin-labels';

const PIN_SIZE = 22;

/** A listing pin in its type's colour (CSS, pins.css): Leaflet's default images break once bundled. */
export function pinIcon(type: ListingType | undefined): L.DivIcon {
  return L.divIcon({
    className: 'terres-map-pin',
    html: `<span class="terres-map-pin__shape"${type ? ` data-type="${type}"` : ''}></span>`,
    iconSize: [PIN_SIZE, PIN_SIZE],
    iconAnchor: [PIN_SIZE / 2, PIN_SIZE],
    popupAnchor: [0, -20],
  });
}

/** A group of pins: a disc sized by the count, its ring split between cut and fill. */
export function clusterIcon(count: number, cut: number): L.DivIcon {
  const size = clusterSize(count);
  const share = count > 0 ? Math.round((cut / count) * 100) : 50;
  return L.divIcon({
    className: 'terres-map-cluster',
    html: `<span class="terres-map-cluster__disc" style="--cut-share:${share}%"><span class="terres-map-cluster__count" aria-hidden="true">${clusterCountLabel(count)}</span></span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}
