import { bench, describe } from 'vitest';
import type { MatchListing } from './compatibility';
import { DEFAULT_MATCHING_CONFIG } from './config';
import { rankMatches } from './ranking';

// `pnpm --filter @terres/domain bench`: the cost of ranking the candidates the API's index
// prefilter leaves (a 50 km box holds a few thousand listings at 1 000 000 over mainland France).
// Prints figures; asserts nothing (machine load decides the numbers).

const CUT: MatchListing = {
  id: 'cut',
  type: 'CUT',
  siteLatitude: 47.75,
  siteLongitude: 7.33,
  startDate: '2027-03-01',
  endDate: '2027-06-30',
  materials: [
    { materialName: 'Terre Végétale', groundComposition: 'Bonne qualité', quantity: 3000, price: 8, qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 04' },
    { materialName: 'Sable et gravier', groundComposition: 'Alluvions limoneux', quantity: 2000, price: -5, qualityClass: 'SUITED_TO_USES', wasteCode: '17 05 04' },
  ],
};

// Deterministic spread over the 50 km box: about a fifth fall outside the circle, a third out of season.
function candidates(count: number): MatchListing[] {
  let seed = 42;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  return Array.from({ length: count }, (_, i) => ({
    id: `fill-${i}`,
    type: 'FILL',
    siteLatitude: 47.75 + (random() - 0.5) * 0.9,
    siteLongitude: 7.33 + (random() - 0.5) * 1.34,
    startDate: random() < 0.33 ? '2027-08-01' : '2027-04-15',
    endDate: '2027-09-30',
    materials: [
      { materialName: 'Terre Végétale', groundComposition: 'Nature inconnue', quantity: 500 + Math.round(random() * 3000), price: 2 },
      { materialName: 'Sable et gravier', groundComposition: 'Alluvions limoneux', quantity: 500 + Math.round(random() * 5000), price: -5 },
    ],
    acceptance: { receivingUse: 'UNDER_BUILDING', acceptedQualityClasses: ['INERT_NATURAL_BACKGROUND', 'SUITED_TO_USES'], acceptedWasteCodes: ['17 05 04'] },
  }));
}

describe('rankMatches, top 10', () => {
  for (const count of [1_000, 10_000]) {
    const list = candidates(count);
    bench(`${count} candidates`, () => {
      rankMatches(CUT, list, { config: DEFAULT_MATCHING_CONFIG, limit: 10 });
    });
  }
});
