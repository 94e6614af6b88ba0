import { describe, expect, it } from 'vitest';
import { buildPinIndex, clusterCountLabel, clusterSize, clusterTitle, pinItems } from './clusters';
import type { ListingPin } from './clusters';

const pin = (id: string, latitude: number, longitude: number, type: 'CUT' | 'FILL' = 'CUT'): ListingPin => ({
  id,
  type,
  status: 'APPROVED',
  latitude,
  longitude,
  projectName: `Projet ${id}`,
  organizationName: null,
});

// Three listings in Mulhouse a few hundred metres apart, one in Strasbourg (about 100 km north).
const pins = [pin('a', 47.75, 7.33), pin('b', 47.752, 7.335, 'FILL'), pin('c', 47.748, 7.328), pin('d', 48.58, 7.75, 'FILL')];
const ALSACE: [number, number, number, number] = [6.8, 47.4, 8.3, 49.1];

describe('pin clustering', () => {
  it('groups nearby pins when zoomed out, counting cut and fill', () => {
    const items = pinItems(buildPinIndex(pins), pins, ALSACE, 8);
    const group = items.find((item) => item.kind === 'cluster');
    expect(group).toMatchObject({ kind: 'cluster', count: 3, cut: 2, fill: 1 });
    expect(items.filter((item) => item.kind === 'pin').map((item) => item.kind === 'pin' && item.pin.id)).toEqual(['d']);
  });

  it('shows every pin on its own at the opening zoom 13', () => {
    const items = pinItems(buildPinIndex(pins), pins, [7.3, 47.73, 7.36, 47.77], 13);
    expect(items.map((item) => item.kind)).toEqual(['pin', 'pin', 'pin']);
  });

  it('draws only what is inside the view', () => {
    const items = pinItems(buildPinIndex(pins), pins, [7.7, 48.5, 7.8, 48.65], 13);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'pin', key: 'p:d' });
  });

  it('leaves out pins without usable coordinates', () => {
    const broken = [...pins, pin('x', Number.NaN, 7), pin('y', 95, 7)];
    const items = pinItems(buildPinIndex(broken), broken, [-180, -85, 180, 85], 0);
    const total = items.reduce((sum, item) => sum + (item.kind === 'cluster' ? item.count : 1), 0);
    expect(total).toBe(4);
  });

  it('labels groups in French', () => {
    expect(clusterCountLabel(245)).toBe('245');
    expect(clusterCountLabel(1234)).toBe('1,2\u00a0k');
    expect(clusterSize(5)).toBeLessThan(clusterSize(5000));
    expect(clusterTitle(3, 2, 1)).toBe('3 annonces (2 déblais, 1 remblai) : zoomer sur ce groupe');
    expect(clusterTitle(12, 0, 12)).toBe('12 annonces (12 remblais) : zoomer sur ce groupe');
  });
});
