import { describe, expect, it } from 'vitest';
import { bboxParam, containsBbox, countInView, gridStep, nextFetchBbox, padBbox, snapBbox, type Bbox } from './viewport';

// The view of a 1280 x 600 map at zoom 13 around Mulhouse (47.75, 7.33).
const mulhouse: Bbox = [7.2421, 47.7204, 7.4179, 47.7796];

describe('which area the map asks for', () => {
  it('grows a box by a fraction on each side, within the world', () => {
    expect(padBbox([0, 0, 10, 10], 0.5)).toEqual([-5, -5, 15, 15]);
    expect(padBbox([-179, -89, 179, 89], 0.5)).toEqual([-180, -90, 180, 90]);
  });

  it('snaps outward to a grid that widens as the map zooms out', () => {
    expect(gridStep(13)).toBe(1 / 32);
    expect(gridStep(6)).toBe(4);
    expect(gridStep(2)).toBe(8);
    expect(snapBbox(mulhouse, 13)).toEqual([7.21875, 47.71875, 7.4375, 47.78125]);
    // A small pan asks for the same box (the browser then revalidates it with its ETag).
    expect(snapBbox([7.2431, 47.7214, 7.4189, 47.7806], 13)).toEqual(snapBbox(mulhouse, 13));
    expect(snapBbox([-5.2, 41.3, 9.6, 51.1], 6)).toEqual([-8, 40, 12, 52]);
  });

  it('asks for nothing while the loaded box covers the view, and for a wider box once it leaves it', () => {
    const first = nextFetchBbox(mulhouse, 13, null)!;
    expect(containsBbox(first, mulhouse)).toBe(true);
    expect(first[2] - first[0]).toBeGreaterThan((mulhouse[2] - mulhouse[0]) * 1.9);
    // Zooming in and small pans stay inside.
    expect(nextFetchBbox([7.3, 47.74, 7.35, 47.76], 15, first)).toBeNull();
    expect(nextFetchBbox([7.26, 47.725, 7.436, 47.784], 13, first)).toBeNull();
    // Panning 20 km east or zooming out leaves it.
    expect(nextFetchBbox([7.5, 47.72, 7.68, 47.78], 13, first)).not.toBeNull();
    const france = nextFetchBbox([-5.2, 41.3, 9.6, 51.1], 6, first)!;
    expect(containsBbox(france, [-5.2, 41.3, 9.6, 51.1])).toBe(true);
  });

  it('writes the box as the API reads it and counts the pins in view', () => {
    expect(bboxParam([7.21875, 47.6875, 7.4375, 47.78125])).toBe('7.21875,47.6875,7.4375,47.78125');
    const pins = [
      { latitude: 47.75, longitude: 7.33 },
      { latitude: 47.75, longitude: 7.5 },
      { latitude: 48.58, longitude: 7.75 },
    ];
    expect(countInView(pins, mulhouse)).toBe(1);
  });
});
