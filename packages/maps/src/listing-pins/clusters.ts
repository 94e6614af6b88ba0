import Supercluster from 'supercluster';
import type { PointFeature } from 'supercluster';
import { PINS_MAX_ZOOM } from '../map-view/rules';
import type { ListingPin } from './pin-labels';

export * from './pin-labels';

interface PointProps {
  /** Index of the pin in the array given to the index. */
  i: number;
  cut: number;
  fill: number;
}

interface ClusterSums {
  cut: number;
  fill: number;
}

export type PinIndex = Supercluster<PointProps, ClusterSums>;

/** A pin or a group of pins, as drawn at the current view. */
export type PinItem =
  | { kind: 'pin'; key: string; lat: number; lng: number; pin: ListingPin }
  | { kind: 'cluster'; key: string; lat: number; lng: number; clusterId: number; count: number; cut: number; fill: number };

/** Radius, in screen pixels, within which pins merge into a group (default). */
export const CLUSTER_RADIUS = 80;

function validPin(pin: ListingPin): boolean {
  return (
    Number.isFinite(pin.latitude) &&
    Number.isFinite(pin.longitude) &&
    Math.abs(pin.latitude) <= 90 &&
    Math.abs(pin.longitude) <= 180
  );
}

/**
 * The clustering index of the pins (supercluster, a k-d tree per zoom). Groups exist up to one
 * zoom below the pins' maximum, so at the admin map's opening zoom every pin stands alone.
 * Pins without usable coordinates are left out.
 */
export function buildPinIndex(pins: readonly ListingPin[], radius: number = CLUSTER_RADIUS, maxZoom: number = PINS_MAX_ZOOM): PinIndex {
  const index = new Supercluster<PointProps, ClusterSums>({
    radius,
    maxZoom: Math.max(0, maxZoom - 1),
    minPoints: 2,
    map: (props) => ({ cut: props.cut, fill: props.fill }),
    reduce: (sum, props) => {
      sum.cut += props.cut;
      sum.fill += props.fill;
    },
  });
  const points: PointFeature<PointProps>[] = [];
  pins.forEach((pin, i) => {
    if (!validPin(pin)) return;
    points.push({
      type: 'Feature',
      properties: { i, cut: pin.type === 'CUT' ? 1 : 0, fill: pin.type === 'FILL' ? 1 : 0 },
      geometry: { type: 'Point', coordinates: [pin.longitude, pin.latitude] },
    });
  });
  return index.load(points);
}

/** What to draw inside [west, south, east, north] at this zoom. */
export function pinItems(index: PinIndex, pins: readonly ListingPin[], bbox: [number, number, number, number], zoom: number): PinItem[] {
  const [west, south, east, north] = bbox;
  const box: [number, number, number, number] = [
    Math.max(-180, west),
    Math.max(-85, south),
    Math.min(180, east),
    Math.min(85, north),
  ];
  const items: PinItem[] = [];
  for (const feature of index.getClusters(box, Math.floor(zoom))) {
    const [lng = 0, lat = 0] = feature.geometry.coordinates;
    const props = feature.properties;
    if ('cluster' in props && props.cluster) {
      items.push({
        kind: 'cluster',
        key: `c:${props.cluster_id}:${props.point_count}`,
        lat,
        lng,
        clusterId: props.cluster_id,
        count: props.point_count,
        cut: props.cut,
        fill: props.fill,
      });
    } else {
      const pin = pins[(props as PointProps).i];
      if (pin) items.push({ kind: 'pin', key: `p:${pin.id}`, lat, lng, pin });
    }
  }
  return items;
}
