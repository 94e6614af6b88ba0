import { describe, expect, it } from 'vitest';
import type { MatchListing } from './compatibility';
import { createMatchingConfig, DEFAULT_MATCHING_CONFIG, truckLoadM3 } from './config';
import { matchingMessages } from './messages';
import { evaluateMatch, priceBalance, rankMatches, summariseSavings, transferSavings, truckTrips } from './ranking';

// The README's worked example. CUT in Mulhouse, 1 March to 30 June 2027: 3 000 m³ of good
// topsoil asking 8 €/m³ (natural inert, 17 05 04) and 2 000 m³ of silty alluvium paying 5 €/m³
// to be taken (suited to some uses, 17 05 04). FILL in Colmar, 15 April to 30 September 2027,
// building fill accepting both classes: 1 500 m³ of any topsoil offering 2 €/m³ and 4 000 m³ of
// silty alluvium at -5 €/m³.
const CUT: MatchListing = {
  id: 'cut-mulhouse',
  type: 'CUT',
  siteLatitude: 47.7508,
  siteLongitude: 7.3359,
  startDate: '2027-03-01',
  endDate: '2027-06-30',
  materials: [
    { materialName: 'Terre Végétale', groundComposition: 'Bonne qualité', quantity: 3000, price: 8, qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 04' },
    { materialName: 'Sable et gravier', groundComposition: 'Alluvions limoneux', quantity: 2000, price: -5, qualityClass: 'SUITED_TO_USES', wasteCode: '17 05 04' },
  ],
};
const FILL: MatchListing = {
  id: 'fill-colmar',
  type: 'FILL',
  siteLatitude: 48.0794,
  siteLongitude: 7.3585,
  startDate: '2027-04-15',
  endDate: '2027-09-30',
  materials: [
    { materialName: 'Terre Végétale', groundComposition: 'Nature inconnue', quantity: 1500, price: 2 },
    { materialName: 'Sable et gravier', groundComposition: 'Alluvions limoneux', quantity: 4000, price: -5 },
  ],
  acceptance: { receivingUse: 'UNDER_BUILDING', acceptedQualityClasses: ['INERT_NATURAL_BACKGROUND', 'SUITED_TO_USES'], acceptedWasteCodes: ['17 05 04', '20 02 02'] },
};

describe('evaluateMatch: the worked example', () => {
  const evaluation = evaluateMatch(CUT, FILL);
  if (!evaluation.compatible) throw new Error('the worked example must be compatible');
  const match = evaluation.match;

  it('states distances: 36.58 km great-circle, × 1.3 = 47.55 km by road', () => {
    expect(match.distance).toEqual({ greatCircleKm: 36.6, roadKm: 47.6 });
  });

  it('states volumes: 1 500 + 2 000 = 3 500 m³ of a 5 500 m³ need and 5 000 m³ of soil', () => {
    expect(match.volume).toEqual({ matchedM3: 3500, cutAvailableM3: 5000, fillNeededM3: 5500, fillCoverage: 0.636, cutCoverage: 0.7 });
    expect(match.lines).toEqual([
      { cutLine: 0, fillLine: 0, materialName: 'Terre Végétale', groundComposition: 'Bonne qualité', volumeM3: 1500 },
      { cutLine: 1, fillLine: 1, materialName: 'Sable et gravier', groundComposition: 'Alluvions limoneux', volumeM3: 2000 },
    ]);
  });

  it('states the common period: 15 April to 30 June, 77 days', () => {
    expect(match.overlap).toEqual({ start: '2027-04-15', end: '2027-06-30', days: 77 });
  });

  it('states transport: 3 500 × 1.7 = 5 950 t, ⌈5 950 / 20⌉ = 298 trips, 298 × 47.5508 × 2 = 28 340.2 truck-km', () => {
    expect(match.transport).toEqual({
      tonnes: 5950,
      truckLoadM3: 11.76,
      trips: 298,
      truckKm: 28340.2,
      baselineTruckKm: 29800, // 298 × 50 × 2
      truckKmSaved: 1459.8,
    });
  });

  it('states CO2e: 3 500 × 47.5508 × 0.17 = 28 292.7 kg against 3 500 × 50 × 0.17 = 29 750 kg', () => {
    expect(match.co2).toEqual({ emittedKg: 28292.7, baselineKg: 29750, savedKg: 1457.3 });
  });

  it('states the price balance: the producer pays 0,71 €/m³, 2 500 € in all', () => {
    // asked (8 × 1500 − 5 × 2000) / 3500 = 0.571; offered (2 × 1500 − 5 × 2000) / 3500 = −2;
    // proposed (0.571 − 2) / 2 = −0.714 €/m³; × 3500 = −2 500 €.
    expect(match.price).toEqual({
      cutPricePerM3: 0.57,
      fillPricePerM3: -2,
      spreadPerM3: -2.57,
      proposedPricePerM3: -0.71,
      payer: 'CUT',
      totalEuros: -2500,
    });
  });

  it('scores 45.8: 0.4 × 0.268 + 0.3 × 0.668 + 0.15 × 0.631 + 0.15 × 0.372', () => {
    // distance 1 − 47.5508 / 65 = 0.2684; volume (3500/5500 + 3500/5000) / 2 = 0.6682;
    // overlap 77 / 122 = 0.6311; price 0.5 − 2.57 / 20 = 0.3715.
    expect(match.scoreParts).toEqual({ distance: 0.268, volume: 0.668, overlap: 0.631, price: 0.372 });
    expect(match.score).toBe(45.8);
    expect(match.quality).toEqual({ toVerify: false, qualityClasses: ['INERT_NATURAL_BACKGROUND', 'SUITED_TO_USES'], wasteCodes: ['17 05 04'] });
  });

  it('is the same pair from either side', () => {
    expect(evaluateMatch(FILL, CUT)).toEqual(evaluation);
  });
});

describe('configuration', () => {
  it('applies overrides: a 30 km disposal distance makes the match cost CO2e', () => {
    const evaluation = evaluateMatch(CUT, FILL, { disposalDistanceKm: 30 });
    expect(evaluation.compatible && evaluation.match.co2.savedKg).toBe(-10442.7); // 3500 × 0.17 × (30 − 47.5508)
  });

  it('weights: distance alone gives 100 × 0.2684', () => {
    const evaluation = evaluateMatch(CUT, FILL, { weights: { volume: 0, overlap: 0, price: 0 } });
    expect(evaluation.compatible && evaluation.match.score).toBe(26.8);
  });

  it('refuses a bad configuration in French', () => {
    expect(() => createMatchingConfig({ weights: { distance: 0, volume: 0, overlap: 0, price: 0 } })).toThrow(matchingMessages.configWeights);
    expect(() => createMatchingConfig({ detourFactor: 0.5 })).toThrow(matchingMessages.configDetourFactor);
    expect(() => createMatchingConfig({ radiusKm: -1 })).toThrow(matchingMessages.configPositive);
  });

  it('keeps the documented defaults', () => {
    expect(createMatchingConfig()).toEqual(DEFAULT_MATCHING_CONFIG);
    expect(DEFAULT_MATCHING_CONFIG).toMatchObject({ radiusKm: 50, detourFactor: 1.3, co2KgPerM3Km: 0.17, truckPayloadTonnes: 20, soilDensityTonnesPerM3: 1.7, disposalDistanceKm: 50 });
    expect(truckLoadM3(DEFAULT_MATCHING_CONFIG)).toBeCloseTo(11.7647, 4);
  });
});

describe('truckTrips', () => {
  it('rounds loads up, without floating-point noise', () => {
    expect(truckTrips(0, DEFAULT_MATCHING_CONFIG)).toBe(0);
    expect(truckTrips(1, DEFAULT_MATCHING_CONFIG)).toBe(1);
    expect(truckTrips(1000, DEFAULT_MATCHING_CONFIG)).toBe(85); // 1 700 t / 20 t, exactly 85 loads
    expect(truckTrips(1000.01, DEFAULT_MATCHING_CONFIG)).toBe(86);
  });
});

describe('priceBalance', () => {
  it('says who pays whom', () => {
    const pair = (cutPrice: number, fillPrice: number) => ({ matchedM3: 100, pairs: [{ cutLine: 0, fillLine: 0, volumeM3: 100, cutPricePerM3: cutPrice, fillPricePerM3: fillPrice, toVerify: false }] });
    expect(priceBalance(pair(8, 8))).toMatchObject({ proposedPricePerM3: 8, payer: 'FILL', totalEuros: 800 });
    expect(priceBalance(pair(-5, -5))).toMatchObject({ proposedPricePerM3: -5, payer: 'CUT', totalEuros: -500 });
    expect(priceBalance(pair(-2, 2))).toMatchObject({ spreadPerM3: 4, proposedPricePerM3: 0, payer: null, totalEuros: 0 });
  });
});

describe('rankMatches', () => {
  const near = { ...FILL, id: 'fill-near', siteLatitude: 47.80, siteLongitude: 7.30 };
  const farAway = { ...FILL, id: 'fill-strasbourg', siteLatitude: 48.5734, siteLongitude: 7.7521 };
  const otherCut = { ...CUT, id: 'cut-other' };

  it('keeps compatible counterparts, best first, and skips itself and its own type', () => {
    const ranked = rankMatches(CUT, [FILL, farAway, near, otherCut, CUT]);
    expect(ranked.map((m) => m.fillId)).toEqual(['fill-near', 'fill-colmar']);
    expect(ranked[0]!.score).toBeGreaterThan(ranked[1]!.score);
  });

  it('orders equal scores by id, and keeps `limit`', () => {
    const twin = { ...FILL, id: 'fill-a-twin' };
    expect(rankMatches(CUT, [FILL, twin]).map((m) => m.fillId)).toEqual(['fill-a-twin', 'fill-colmar']);
    expect(rankMatches(CUT, [FILL, twin, near], { limit: 1 }).map((m) => m.fillId)).toEqual(['fill-near']);
  });

  it('ranks from a FILL listing too, and a wider radius brings Strasbourg in', () => {
    expect(rankMatches(FILL, [CUT]).map((m) => m.cutId)).toEqual(['cut-mulhouse']);
    expect(rankMatches(CUT, [farAway], { config: { radiusKm: 100 } }).map((m) => m.fillId)).toEqual(['fill-strasbourg']);
  });

  it('sums the savings for the map summary', () => {
    const ranked = rankMatches(CUT, [FILL]);
    const moved = ranked.map((match) => transferSavings(match, match.volume.matchedM3));
    expect(summariseSavings(moved)).toEqual({ matches: 1, volumeM3: 3500, co2SavedKg: 1428, truckKmSaved: 1430.4 }); // at the rounded 47.6 road km
    expect(summariseSavings([...moved, ...moved])).toEqual({ matches: 2, volumeM3: 7000, co2SavedKg: 2856, truckKmSaved: 2860.8 });
  });
});

describe('rankAndCount', () => {
  it('counts every compatible counterpart and keeps the best `limit`', async () => {
    const { rankAndCount, rankMatches } = await import('./ranking');
    const cut = { id: 'c', type: 'CUT', siteLatitude: 47.75, siteLongitude: 7.34, startDate: '2027-03-01', endDate: '2027-06-30',
      materials: [{ materialName: 'Terre Végétale', groundComposition: 'Bonne qualité', quantity: 1000, price: 8 }] };
    const fill = (id: string, lat: number) => ({ id, type: 'FILL', siteLatitude: lat, siteLongitude: 7.34, startDate: '2027-03-01', endDate: '2027-06-30',
      materials: [{ materialName: 'Terre Végétale', groundComposition: 'Nature inconnue', quantity: 500, price: 2 }] });
    const candidates = [fill('f1', 47.8), fill('f2', 47.9), fill('f3', 48.0), fill('far', 49.5)];
    const counted = rankAndCount(cut, candidates, { limit: 2 });
    expect(counted.total).toBe(3);
    expect(counted.matches.map((m) => m.fillId)).toEqual(['f1', 'f2']);
    expect(counted.matches).toEqual(rankMatches(cut, candidates, { limit: 2 }));
  });
});

describe('savingsForVolume', () => {
  it('recounts a transfer for the volume moved (the worked example at 3 200 m³)', async () => {
    const { savingsForVolume } = await import('./ranking');
    const figures = {
      distance: { greatCircleKm: 36.6, roadKm: 47.55 },
      volume: { matchedM3: 3500, cutAvailableM3: 5000, fillNeededM3: 5500, fillCoverage: 0.636, cutCoverage: 0.7 },
      transport: { tonnes: 5950, truckLoadM3: 11.76, trips: 298, truckKm: 28340.2, baselineTruckKm: 29800, truckKmSaved: 1459.8 },
      co2: { emittedKg: 28292.7, baselineKg: 29750, savedKg: 1457.3 },
    };
    const moved = savingsForVolume(figures, 3200);
    // 3 200 × 1.7 = 5 440 t: 272 trips; 3 200 × (50 − 47.55) × 0.17 = 1 332.8 kg.
    expect(moved.transport.trips).toBe(272);
    expect(moved.transport.truckKmSaved).toBeCloseTo(272 * 2 * 2.45, 1);
    expect(moved.co2.savedKg).toBeCloseTo(1332.8, 1);
    expect(moved.volume.matchedM3).toBe(3200);
  });
});

describe('transferSavings', () => {
  const evaluation = evaluateMatch(CUT, FILL);
  const match = evaluation.compatible ? evaluation.match : null;

  it('states the savings of the volume moved with the constants used (defaults: 50 km, 0.17)', () => {
    // 3 200 m³ moved 47.6 km by road: 3 200 × (50 − 47.6) × 0.17 = 1 305.6 kg; 272 trips × 2 × 2.4 = 1 305.6 km.
    expect(transferSavings(match!, 3200)).toEqual({
      volumeM3: 3200, tonnes: 5440, trips: 272, truckKmSaved: 1305.6, co2SavedKg: 1305.6, disposalDistanceKm: 50, co2KgPerM3Km: 0.17,
    });
  });

  it('counts against the configured disposal distance and factor', () => {
    // 3 200 × (80 − 47.6) × 0.15 = 15 552 kg; 272 × 2 × 32.4 = 17 625.6 km.
    expect(transferSavings(match!, 3200, { disposalDistanceKm: 80, co2KgPerM3Km: 0.15 })).toMatchObject({
      truckKmSaved: 17625.6, co2SavedKg: 15552, disposalDistanceKm: 80, co2KgPerM3Km: 0.15,
    });
  });
});
