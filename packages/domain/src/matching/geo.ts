// Distances on the Earth for matching: great-circle distance, the road estimate, and the
// latitude/longitude box that lets the API prefilter candidates with an ordinary index.

/** Mean Earth radius in km (IUGG mean radius R1 = 6 371 008.8 m). */
export const EARTH_RADIUS_KM = 6371.0088;

export interface LatLon {
  latitude: number;
  longitude: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** True for a finite latitude in [-90, 90] and longitude in [-180, 180]. */
export function isValidLatLon(point: { latitude?: number | null; longitude?: number | null } | null | undefined): point is LatLon {
  return (
    point != null &&
    typeof point.latitude === 'number' &&
    typeof point.longitude === 'number' &&
    Number.isFinite(point.latitude) &&
    Number.isFinite(point.longitude) &&
    Math.abs(point.latitude) <= 90 &&
    Math.abs(point.longitude) <= 180
  );
}

/**
 * Great-circle distance in km by the haversine formula on a sphere of radius
 * `EARTH_RADIUS_KM`: d = 2R·asin(√(sin²(Δφ/2) + cos φ1·cos φ2·sin²(Δλ/2))).
 * The sphere is within 0.5 % of the ellipsoid, far below the road detour's uncertainty.
 */
export function greatCircleDistanceKm(a: LatLon, b: LatLon): number {
  const phi1 = toRadians(a.latitude);
  const phi2 = toRadians(b.latitude);
  const dPhi = phi2 - phi1;
  const dLambda = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dPhi / 2) ** 2 + Math.cos(phi1) * Math.cos(phi2) * Math.sin(dLambda / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The haversine term h = sin²(d / 2R) of a great-circle distance d (`greatCircleDistanceKm` is
 * 2R·asin(√h)): a point lies within `radiusKm` when its h is at most this. A query can bound the
 * distance with the formula's first half (no asin); the exact test stays `greatCircleDistanceKm`.
 */
export function haversineReach(radiusKm: number): number {
  const half = Math.min(Math.PI / 2, Math.max(0, radiusKm) / (2 * EARTH_RADIUS_KM));
  return Math.sin(half) ** 2;
}

/** Road distance estimate: great-circle distance × detour factor (see `DEFAULT_DETOUR_FACTOR`). */
export function roadDistanceEstimateKm(greatCircleKm: number, detourFactor: number): number {
  return greatCircleKm * detourFactor;
}

/** A latitude/longitude box, in degrees. */
export interface BoundingBox {
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
}

/**
 * The smallest latitude/longitude box holding every point within `radiusKm` of `centre`
 * (J. Matuschek, « Finding Points Within a Distance of a Latitude/Longitude Using Bounding
 * Coordinates »): Δφ = r/R; Δλ = asin(sin(r/R) / cos φ). A box touching a pole spans every
 * longitude. A box crossing the 180° meridian has `minLongitude > maxLongitude`: a point is in it
 * when its longitude is ≥ min OR ≤ max (`isInBoundingBox` does this). The box is a prefilter:
 * the exact test stays `greatCircleDistanceKm(...) <= radiusKm`.
 */
export function boundingBox(centre: LatLon, radiusKm: number): BoundingBox {
  const angular = Math.max(0, radiusKm) / EARTH_RADIUS_KM;
  const lat = toRadians(centre.latitude);
  const lon = toRadians(centre.longitude);
  let minLat = lat - angular;
  let maxLat = lat + angular;
  let minLon: number;
  let maxLon: number;
  if (minLat > -Math.PI / 2 && maxLat < Math.PI / 2 && angular < Math.PI / 2) {
    const dLon = Math.asin(Math.min(1, Math.sin(angular) / Math.cos(lat)));
    minLon = lon - dLon;
    maxLon = lon + dLon;
    if (minLon < -Math.PI) minLon += 2 * Math.PI;
    if (maxLon > Math.PI) maxLon -= 2 * Math.PI;
  } else {
    minLat = Math.max(minLat, -Math.PI / 2);
    maxLat = Math.min(maxLat, Math.PI / 2);
    minLon = -Math.PI;
    maxLon = Math.PI;
  }
  return {
    minLatitude: toDegrees(minLat),
    maxLatitude: toDegrees(maxLat),
    minLongitude: toDegrees(minLon),
    maxLongitude: toDegrees(maxLon),
  };
}

/** True when the point is inside the box (a box across the 180° meridian included). */
export function isInBoundingBox(point: LatLon, box: BoundingBox): boolean {
  if (point.latitude < box.minLatitude || point.latitude > box.maxLatitude) return false;
  return box.minLongitude <= box.maxLongitude
    ? point.longitude >= box.minLongitude && point.longitude <= box.maxLongitude
    : point.longitude >= box.minLongitude || point.longitude <= box.maxLongitude;
}
