import { describe, expect, it } from 'vitest';
import type { FillAcceptance } from '../inquiry/soil-quality';
import { allocateVolumes, checkCompatibility, materialFits, qualityVerdict, type MatchListing } from './compatibility';

const ACCEPT_SUITED: FillAcceptance = {
  receivingUse: 'UNDER_BUILDING',
  acceptedQualityClasses: ['INERT_NATURAL_BACKGROUND', 'SUITED_TO_USES'],
  acceptedWasteCodes: ['17 05 04', '20 02 02'],
};

function cut(overrides: Partial<MatchListing> = {}): MatchListing {
  return {
    id: 'cut-1',
    type: 'CUT',
    siteLatitude: 47.7508,
    siteLongitude: 7.3359,
    startDate: '2027-03-01',
    endDate: '2027-06-30',
    materials: [
      { materialName: 'Terre Végétale', groundComposition: 'Bonne qualité', quantity: 3000, price: 8, qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 04' },
      { materialName: 'Sable et gravier', groundComposition: 'Alluvions limoneux', quantity: 2000, price: -5, qualityClass: 'SUITED_TO_USES', wasteCode: '17 05 04' },
    ],
    ...overrides,
  };
}

function fill(overrides: Partial<MatchListing> = {}): MatchListing {
  return {
    id: 'fill-1',
    type: 'FILL',
    siteLatitude: 48.0794,
    siteLongitude: 7.3585,
    startDate: '2027-04-15',
    endDate: '2027-09-30',
    materials: [
      { materialName: 'Terre Végétale', groundComposition: 'Nature inconnue', quantity: 1500, price: 2 },
      { materialName: 'Sable et gravier', groundComposition: 'Alluvions limoneux', quantity: 4000, price: -5 },
    ],
    acceptance: ACCEPT_SUITED,
    ...overrides,
  };
}

describe('qualityVerdict', () => {
  it('admits a class and code the receiver accepts', () => {
    expect(qualityVerdict({ qualityClass: 'SUITED_TO_USES', wasteCode: '17 05 04' }, ACCEPT_SUITED)).toEqual({
      accepted: true,
      toVerify: false,
      refusals: [],
    });
  });

  it('refuses a class or a code the receiver does not list', () => {
    expect(qualityVerdict({ qualityClass: 'CASE_BY_CASE', wasteCode: '17 05 04' }, ACCEPT_SUITED).refusals).toEqual(['CLASS_NOT_ACCEPTED']);
    expect(qualityVerdict({ qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 06' }, ACCEPT_SUITED).refusals).toEqual(['CODE_NOT_ACCEPTED']);
  });

  it('never sends a hazardous code to an inert-only receiver, even one that lists it', () => {
    const inertOnly: FillAcceptance = { receivingUse: 'FOOD_GROWING', acceptedQualityClasses: ['INERT_NATURAL_BACKGROUND', 'CASE_BY_CASE'], acceptedWasteCodes: ['17 05 03*'] };
    expect(qualityVerdict({ qualityClass: 'CASE_BY_CASE', wasteCode: '17 05 03*' }, inertOnly).refusals).toEqual([
      'CLASS_NOT_ADMITTED_BY_USE',
      'HAZARDOUS_TO_INERT_ONLY',
    ]);
    const inertClasses: FillAcceptance = { receivingUse: 'ROAD_WORKS', acceptedQualityClasses: ['INERT_NATURAL_BACKGROUND', 'UNKNOWN'], acceptedWasteCodes: ['17 05 03*'] };
    expect(qualityVerdict({ qualityClass: 'UNKNOWN', wasteCode: '17 05 03*' }, inertClasses).refusals).toEqual(['HAZARDOUS_TO_INERT_ONLY']);
  });

  it('lets a receiver that studies case by case take hazardous soil it lists', () => {
    const studies: FillAcceptance = { receivingUse: 'ROAD_WORKS', acceptedQualityClasses: ['CASE_BY_CASE'], acceptedWasteCodes: ['17 05 03*'] };
    expect(qualityVerdict({ qualityClass: 'CASE_BY_CASE', wasteCode: '17 05 03*' }, studies).accepted).toBe(true);
  });

  it('reads a line saved before the classification as unknown 17 05 04 soil, to verify', () => {
    const legacyReceiver: FillAcceptance = { receivingUse: null, acceptedQualityClasses: ['INERT_NATURAL_BACKGROUND', 'UNKNOWN'], acceptedWasteCodes: ['17 05 04'] };
    expect(qualityVerdict({}, legacyReceiver)).toEqual({ accepted: true, toVerify: true, refusals: [] });
    expect(qualityVerdict({}, ACCEPT_SUITED).refusals).toEqual(['CLASS_NOT_ACCEPTED']);
    // A known class without a code is not guessed.
    expect(qualityVerdict({ qualityClass: 'INERT_NATURAL_BACKGROUND' }, ACCEPT_SUITED).refusals).toEqual(['CODE_NOT_ACCEPTED']);
  });
});

describe('materialFits', () => {
  it('wants the same material and quality, unless the need takes any quality', () => {
    const topsoilGood = { materialName: 'Terre Végétale', groundComposition: 'Bonne qualité' };
    expect(materialFits(topsoilGood, { materialName: 'terre végétale', groundComposition: 'bonne qualité' })).toBe(true);
    expect(materialFits(topsoilGood, { materialName: 'Terre Végétale', groundComposition: 'Qualité moyenne' })).toBe(false);
    expect(materialFits(topsoilGood, { materialName: 'Terre Végétale', groundComposition: 'Nature inconnue' })).toBe(true);
    expect(materialFits(topsoilGood, { materialName: 'Sable et gravier', groundComposition: 'Nature inconnue' })).toBe(false);
    expect(materialFits({ materialName: 'Terre Végétale', groundComposition: 'Nature inconnue' }, topsoilGood)).toBe(false);
  });
});

describe('allocateVolumes', () => {
  it('serves precise needs, then open ones, never counting a m³ twice', () => {
    const allocation = allocateVolumes(cut(), fill());
    expect(allocation.pairs).toEqual([
      { cutLine: 0, fillLine: 0, volumeM3: 1500, cutPricePerM3: 8, fillPricePerM3: 2, toVerify: false },
      { cutLine: 1, fillLine: 1, volumeM3: 2000, cutPricePerM3: -5, fillPricePerM3: -5, toVerify: false },
    ]);
    expect(allocation).toMatchObject({ matchedM3: 3500, cutAvailableM3: 5000, fillNeededM3: 5500, toVerify: false });
  });

  it('gives a quality to its precise need before an open need takes it', () => {
    // 1000 m³ of good topsoil; an open need of 1000 listed first and a precise need of 600.
    // Precise first: 600 to the precise need, 400 to the open one (not 1000 to the open one).
    const allocation = allocateVolumes(
      cut({ materials: [{ materialName: 'Terre Végétale', groundComposition: 'Bonne qualité', quantity: 1000, price: 8, qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 04' }] }),
      fill({
        materials: [
          { materialName: 'Terre Végétale', groundComposition: 'Nature inconnue', quantity: 1000, price: 2 },
          { materialName: 'Terre Végétale', groundComposition: 'Bonne qualité', quantity: 600, price: 8 },
        ],
      }),
    );
    expect(allocation.pairs.map((p) => [p.fillLine, p.volumeM3])).toEqual([
      [0, 400],
      [1, 600],
    ]);
    expect(allocation.matchedM3).toBe(1000);
  });

  it('takes no soil the receiver refuses', () => {
    const allocation = allocateVolumes(cut(), fill({ acceptance: { ...ACCEPT_SUITED, acceptedQualityClasses: ['INERT_NATURAL_BACKGROUND'] } }));
    expect(allocation.matchedM3).toBe(1500); // the alluvium is SUITED_TO_USES: refused
    expect(allocation.qualityRefused).toBe(true);
  });

  it('uses the catalogue price for a line without one, and ignores lines without volume', () => {
    const allocation = allocateVolumes(
      cut({ materials: [{ materialName: 'Terre Végétale', groundComposition: 'Qualité moyenne', quantity: 50, price: null, qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 04' }] }),
      fill({ materials: [{ materialName: 'Terre Végétale', groundComposition: 'Nature inconnue', quantity: 80 }, { materialName: 'Terre Végétale', groundComposition: 'Nature inconnue', quantity: null }] }),
    );
    expect(allocation.pairs).toEqual([{ cutLine: 0, fillLine: 0, volumeM3: 50, cutPricePerM3: 2, fillPricePerM3: 2, toVerify: false }]);
    expect(allocation.fillNeededM3).toBe(80);
  });
});

describe('checkCompatibility', () => {
  it('accepts the Mulhouse–Colmar pair in either order', () => {
    const result = checkCompatibility(cut(), fill());
    expect(result).toMatchObject({ compatible: true, reasons: [], cutId: 'cut-1', fillId: 'fill-1', overlap: { days: 77 } });
    expect(result.greatCircleKm).toBeCloseTo(36.5775, 3);
    expect(checkCompatibility(fill(), cut())).toEqual(result);
  });

  it('lists every rule that fails', () => {
    const far = fill({ siteLatitude: 48.5734, siteLongitude: 7.7521, startDate: '2027-07-01', endDate: '2027-07-31', materials: [{ materialName: 'Autre', groundComposition: 'Nature inconnue', quantity: 10 }] });
    expect(checkCompatibility(cut(), far).reasons).toEqual(['TOO_FAR', 'NO_COMMON_PERIOD', 'NO_MATERIAL_FIT']);
    expect(checkCompatibility(cut(), fill({ siteLatitude: null })).reasons).toEqual(['NO_LOCATION']);
    expect(checkCompatibility(cut(), cut({ id: 'cut-2' })).reasons).toEqual(['NOT_CUT_AND_FILL']);
    const refusing = fill({ acceptance: { receivingUse: 'QUARRY_BACKFILL', acceptedQualityClasses: ['INERT_NATURAL_BACKGROUND'], acceptedWasteCodes: ['20 02 02'] } });
    expect(checkCompatibility(cut(), refusing).reasons).toEqual(['QUALITY_NOT_ACCEPTED']);
  });

  it('takes the radius from the configuration', () => {
    expect(checkCompatibility(cut(), fill(), { radiusKm: 36.5 }).reasons).toEqual(['TOO_FAR']);
    expect(checkCompatibility(cut(), fill(), { radiusKm: 36.6 }).compatible).toBe(true);
  });

  it('matches listings saved before the classification, flagged to verify', () => {
    const oldCut = cut({ materials: [{ materialName: 'Terre Végétale', groundComposition: 'Bonne qualité', quantity: 100, price: 8 }] });
    const oldFill = fill({ acceptance: undefined });
    const result = checkCompatibility(oldCut, oldFill);
    expect(result.compatible).toBe(true);
    expect(result.allocation).toMatchObject({ matchedM3: 100, toVerify: true });
  });
});
