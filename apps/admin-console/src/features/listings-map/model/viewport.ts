// Which pins the map asks the API for (GET /inquiries/pins, issue 10). With few listings, all of
// them at once: one answer, kept and revalidated by ETag, and the map pans without asking again.
// With many (100 000 listings are 19.5 MB of pins), the visible area with a margin, snapped to a
// grid so that small moves ask for the same box (the browser's ETag cache answers 304) and a
// move inside the box already loaded asks for nothing.

/** `[minLng, minLat, maxLng, maxLat]` in degrees, as the API's `bbox`. */
export type Bbox = readonly [minLng: number, minLat: number, maxLng: number, maxLat: number];

/** Up to this many listings, the map loads them all at once (about 1 MB, 230 kB gzipped). */
export const ALL_PINS_LIMIT = 5000;

/** Quiet time after a pan or zoom before the map asks for the new area. */
export const VIEW_SETTLE_MS = 250;

/** The box grows by this fraction of its size on each side before it is asked for. */
export const FETCH_MARGIN = 0.5;

/** A move keeps the loaded box while the view plus this margin stays inside it. */
export const KEEP_MARGIN = 0.1;

const round = (value: number) => Math.round(value * 1e6) / 1e6;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The box grown by `fraction` of its width and height on each side, within the world. */
export function padBbox([minLng, minLat, maxLng, maxLat]: Bbox, fraction: number): Bbox {
  const dLng = (maxLng - minLng) * fraction;
  const dLat = (maxLat - minLat) * fraction;
  return [clamp(minLng - dLng, -180, 180), clamp(minLat - dLat, -90, 90), clamp(maxLng + dLng, -180, 180), clamp(maxLat + dLat, -90, 90)];
}

/** The grid step at a zoom: about a quarter of a 1280 px wide view (0.03° at zoom 13, 4° at 6). */
export function gridStep(zoom: number): number {
  return clamp(2 ** (8 - Math.round(zoom)), 1 / 64, 8);
}

/** The box widened outward to the grid of its zoom, so that neighbouring views share a box. */
export function snapBbox([minLng, minLat, maxLng, maxLat]: Bbox, zoom: number): Bbox {
  const step = gridStep(zoom);
  const down = (value: number, min: number) => round(Math.max(min, Math.floor(value / step) * step));
  const up = (value: number, max: number) => round(Math.min(max, Math.ceil(value / step) * step));
  const box: Bbox = [down(minLng, -180), down(minLat, -90), up(maxLng, 180), up(maxLat, 90)];
  // The API wants each minimum strictly below its maximum.
  return box[0] < box[2] && box[1] < box[3] ? box : [box[0], box[1], round(box[0] + step), round(box[1] + step)];
}

export function containsBbox(outer: Bbox, inner: Bbox): boolean {
  return outer[0] <= inner[0] && outer[1] <= inner[1] && outer[2] >= inner[2] && outer[3] >= inner[3];
}

/**
 * The box to load for a view: null while the loaded one still covers the view with its margin
 * (nothing to ask), else the view with a margin, on the grid.
 */
export function nextFetchBbox(view: Bbox, zoom: number, loaded: Bbox | null): Bbox | null {
  if (loaded && containsBbox(loaded, padBbox(view, KEEP_MARGIN))) return null;
  return snapBbox(padBbox(view, FETCH_MARGIN), zoom);
}

/** `minLng,minLat,maxLng,maxLat` as the API reads it. */
export function bboxParam(box: Bbox): string {
  return box.map((value) => String(round(value))).join(',');
}

/** How many of `points` lie in the view. */
export function countInView(points: readonly { latitude: number; longitude: number }[], [minLng, minLat, maxLng, maxLat]: Bbox): number {
  let count = 0;
  for (const point of points) {
    if (point.longitude >= minLng && point.longitude <= maxLng && point.latitude >= minLat && point.latitude <= maxLat) count += 1;
  }
  return count;
}
