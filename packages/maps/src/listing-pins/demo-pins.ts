import { INQUIRY_STATUSES } from '@terres/domain';
import type { ListingPin } from './clusters';

// Stand-in listings for the catalogue and the benchmark: spread over mainland France, denser
// around a few cities (as building sites are), the same on every run (seeded).

const CITIES: readonly [lat: number, lng: number, weight: number][] = [
  [47.75, 7.33, 3], // Mulhouse
  [48.58, 7.75, 4], // Strasbourg
  [48.86, 2.35, 8], // Paris
  [45.76, 4.84, 5], // Lyon
  [43.3, 5.37, 4], // Marseille
  [43.6, 1.44, 3], // Toulouse
  [47.22, -1.55, 3], // Nantes
  [44.84, -0.58, 3], // Bordeaux
  [50.63, 3.06, 3], // Lille
  [48.11, -1.68, 2], // Rennes
];

const projects = ['Lotissement des Vignes', 'Friche DMC', 'École Jean Macé', 'Zone artisanale Nord', 'Rocade Sud', 'Éco-quartier du Canal'];
const companies = ['Terrassements Martin', 'BTP Alsace', 'Carrières du Rhin', 'Énergie Verte', null];

/** A small seeded generator (mulberry32): the same pins on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function demoPins(count: number, seed = 42): ListingPin[] {
  const next = random(seed);
  const totalWeight = CITIES.reduce((sum, [, , w]) => sum + w, 0);
  const statuses = INQUIRY_STATUSES.filter((s) => s !== 'DRAFT');
  return Array.from({ length: count }, (_, i) => {
    let latitude: number;
    let longitude: number;
    if (next() < 0.3) {
      // Scattered over mainland France.
      latitude = 43 + next() * 7.5;
      longitude = -1.5 + next() * 9;
    } else {
      let pick = next() * totalWeight;
      const city = CITIES.find(([, , w]) => (pick -= w) < 0) ?? CITIES[0]!;
      // Within about 30 km of the city, denser near its centre.
      const distance = 0.3 * next() ** 2;
      const angle = next() * 2 * Math.PI;
      latitude = city[0] + distance * Math.sin(angle);
      longitude = city[1] + distance * 1.4 * Math.cos(angle);
    }
    return {
      id: `pin-${i + 1}`,
      type: next() < 0.55 ? 'CUT' : 'FILL',
      status: statuses[Math.floor(next() * statuses.length)] ?? 'APPROVED',
      latitude,
      longitude,
      projectName: `${projects[i % projects.length]} ${Math.floor(i / projects.length) + 1}`,
      organizationName: companies[i % companies.length] ?? null,
    };
  });
}
