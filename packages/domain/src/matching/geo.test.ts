import { describe, expect, it } from 'vitest';
import { boundingBox, EARTH_RADIUS_KM, greatCircleDistanceKm, haversineReach, isInBoundingBox, isValidLatLon, roadDistanceEstimateKm } from './geo';

// Figures computed by hand: 1° of arc is R·π/180 = 6371.0088 × 0.0174532925 = 111.1951 km.
const ONE_DEGREE_KM = 111.1951;
const MULHOUSE = { latitude: 47.7508, longitude: 7.3359 };
const COLMAR = { latitude: 48.0794, longitude: 7.3585 };

describe('greatCircleDistanceKm', () => {
  it('measures arcs of the sphere', () => {
    expect(greatCircleDistanceKm({ latitude: 45, longitude: 3 }, { latitude: 46, longitude: 3 })).toBeCloseTo(ONE_DEGREE_KM, 3);
    // A quarter of the equator: R·π/2 = 10 007.557 km.
    expect(greatCircleDistanceKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 90 })).toBeCloseTo(10007.557, 2);
    expect(greatCircleDistanceKm(MULHOUSE, MULHOUSE)).toBe(0);
  });

  it('gives Mulhouse to Colmar 36.58 km', () => {
    // By hand, flat-earth check: Δφ = 0.3286° -> 36.539 km; Δλ = 0.0226° × cos 47.9° -> 1.684 km;
    // √(36.539² + 1.684²) = 36.578 km. The haversine gives 36.5775.
    expect(greatCircleDistanceKm(MULHOUSE, COLMAR)).toBeCloseTo(36.5775, 3);
    expect(greatCircleDistanceKm(COLMAR, MULHOUSE)).toBeCloseTo(greatCircleDistanceKm(MULHOUSE, COLMAR), 9);
  });

  it('bounds a distance by its haversine term (haversineReach)', () => {
    // h = sin²(d / 2R): 36.5775 km is h = sin²(36.5775 / 12 742.0176) = 8.2395e-6.
    expect(haversineReach(36.5775)).toBeCloseTo(Math.sin(36.5775 / (2 * EARTH_RADIUS_KM)) ** 2, 15);
    expect(haversineReach(0)).toBe(0);
    expect(haversineReach(-5)).toBe(0);
    // Half the circumference and beyond reach every point.
    expect(haversineReach(Math.PI * EARTH_RADIUS_KM * 2)).toBe(1);
    const h = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) => {
      const rad = Math.PI / 180;
      return Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
    };
    expect(h(MULHOUSE, COLMAR) <= haversineReach(36.58)).toBe(true);
    expect(h(MULHOUSE, COLMAR) <= haversineReach(36.57)).toBe(false);
  });

  it('estimates road km with the detour factor', () => {
    expect(roadDistanceEstimateKm(36.5775, 1.3)).toBeCloseTo(47.55075, 6); // 36.5775 × 1.3
  });

  it('checks coordinates', () => {
    expect(isValidLatLon(MULHOUSE)).toBe(true);
    expect(isValidLatLon({ latitude: null, longitude: 7 })).toBe(false);
    expect(isValidLatLon({ latitude: 91, longitude: 7 })).toBe(false);
    expect(isValidLatLon({ latitude: 47, longitude: Number.NaN })).toBe(false);
    expect(isValidLatLon(null)).toBe(false);
  });
});

describe('boundingBox', () => {
  it('spans r/R of latitude and asin(sin(r/R)/cos φ) of longitude', () => {
    // r = 1° of arc at 45° N: Δλ = asin(sin 1° / cos 45°) = asin(0.0174524 / 0.7071068) = 1.414285°.
    const box = boundingBox({ latitude: 45, longitude: 0 }, EARTH_RADIUS_KM * (Math.PI / 180));
    expect(box.minLatitude).toBeCloseTo(44, 9);
    expect(box.maxLatitude).toBeCloseTo(46, 9);
    expect(box.minLongitude).toBeCloseTo(-1.414285, 6);
    expect(box.maxLongitude).toBeCloseTo(1.414285, 6);
  });

  it('gives the default 50 km box around Mulhouse', () => {
    // 50 / 6371.0088 rad = 0.449660°; Δλ = asin(sin(0.449660°) / cos 47.7508°) = 0.668783°.
    const box = boundingBox(MULHOUSE, 50);
    expect(box.maxLatitude - MULHOUSE.latitude).toBeCloseTo(0.44966, 5);
    expect(box.maxLongitude - MULHOUSE.longitude).toBeCloseTo(0.66878, 4);
  });

  it('holds every point within the radius, and the exact test then decides', () => {
    const box = boundingBox(MULHOUSE, 50);
    expect(isInBoundingBox(COLMAR, box)).toBe(true);
    // Strasbourg is about 97 km away: outside the box already.
    expect(isInBoundingBox({ latitude: 48.5734, longitude: 7.7521 }, box)).toBe(false);
    // A corner of the box is inside it but beyond the radius.
    const corner = { latitude: box.maxLatitude - 0.001, longitude: box.maxLongitude - 0.001 };
    expect(isInBoundingBox(corner, box)).toBe(true);
    expect(greatCircleDistanceKm(MULHOUSE, corner)).toBeGreaterThan(50);
    // Points on the circle in 16 directions are all inside.
    for (let i = 0; i < 16; i++) {
      const bearing = (i * Math.PI) / 8;
      const d = 49.999 / EARTH_RADIUS_KM;
      const phi1 = (MULHOUSE.latitude * Math.PI) / 180;
      const phi2 = Math.asin(Math.sin(phi1) * Math.cos(d) + Math.cos(phi1) * Math.sin(d) * Math.cos(bearing));
      const lambda2 =
        (MULHOUSE.longitude * Math.PI) / 180 + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(phi1), Math.cos(d) - Math.sin(phi1) * Math.sin(phi2));
      expect(isInBoundingBox({ latitude: (phi2 * 180) / Math.PI, longitude: (lambda2 * 180) / Math.PI }, box)).toBe(true);
    }
  });

  it('wraps across the 180° meridian', () => {
    const box = boundingBox({ latitude: 0, longitude: 179.5 }, ONE_DEGREE_KM);
    expect(box.minLongitude).toBeCloseTo(178.5, 4);
    expect(box.maxLongitude).toBeCloseTo(-179.5, 4);
    expect(isInBoundingBox({ latitude: 0, longitude: -179.8 }, box)).toBe(true);
    expect(isInBoundingBox({ latitude: 0, longitude: 179.9 }, box)).toBe(true);
    expect(isInBoundingBox({ latitude: 0, longitude: 0 }, box)).toBe(false);
  });

  it('spans every longitude near a pole', () => {
    const box = boundingBox({ latitude: 89.5, longitude: 10 }, ONE_DEGREE_KM);
    expect(box).toEqual({ minLatitude: expect.closeTo(88.5, 4), maxLatitude: 90, minLongitude: -180, maxLongitude: 180 });
  });
});
