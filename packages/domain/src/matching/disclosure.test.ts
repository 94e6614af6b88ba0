import { describe, expect, it } from 'vitest';
import type { MatchListing } from './compatibility';
import { DEFAULT_MATCHING_CONFIG } from './config';
import {
  advertiserSearchWindow,
  coarseListing,
  coarsePeriod,
  coarsePoint,
  coarsePrice,
  formatAboutKilometres,
  formatAboutWeeks,
  formatMonthSpan,
  rankForAdvertiser,
} from './disclosure';
import { evaluateMatch } from './ranking';

// The README's worked example (ranking.test.ts): a CUT in Mulhouse, a FILL in Colmar.
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
// Colmar's cell is [48.06, 48.08) × [7.35, 7.38): the sites below stay well inside it.
const FILL: MatchListing = {
  id: 'fill-colmar',
  type: 'FILL',
  siteLatitude: 48.0694,
  siteLongitude: 7.3585,
  startDate: '2027-04-15',
  endDate: '2027-09-30',
  materials: [
    { materialName: 'Terre Végétale', groundComposition: 'Nature inconnue', quantity: 1500, price: 2.6 },
    { materialName: 'Sable et gravier', groundComposition: 'Alluvions limoneux', quantity: 4000, price: -5 },
  ],
  acceptance: { receivingUse: 'UNDER_BUILDING', acceptedQualityClasses: ['INERT_NATURAL_BACKGROUND', 'SUITED_TO_USES'], acceptedWasteCodes: ['17 05 04', '20 02 02'] },
};
const KM_PER_DEGREE_LATITUDE = 111.2;
const withSite = (listing: MatchListing, latitude: number, longitude: number): MatchListing => ({ ...listing, siteLatitude: latitude, siteLongitude: longitude });
const withTopsoilPrice = (listing: MatchListing, price: number): MatchListing => ({
  ...listing,
  materials: (listing.materials ?? []).map((line, index) => (index === 0 ? { ...line, price } : line)),
});
const viewsOf = (listing: MatchListing, candidates: MatchListing[]) => rankForAdvertiser(listing, candidates, { config: DEFAULT_MATCHING_CONFIG });

describe('coarsening a listing (fixed grid, bands and months)', () => {
  it('puts a site at the centre of its 0.02° × 0.03° cell', () => {
    expect(coarsePoint({ latitude: 48.0694, longitude: 7.3585 })).toEqual({ latitude: 48.07, longitude: 7.365 });
    expect(coarsePoint({ latitude: 48.0601, longitude: 7.3501 })).toEqual({ latitude: 48.07, longitude: 7.365 });
    expect(coarsePoint({ latitude: -0.001, longitude: -0.001 })).toEqual({ latitude: -0.01, longitude: -0.015 });
  });

  it('counts a price as the middle of its 2 €/m³ band', () => {
    expect([2, 2.6, 3.1, 3.99, 4, -0.5, -5].map(coarsePrice)).toEqual([3, 3, 3, 3, 5, -1, -5]);
  });

  it('widens a period to whole months', () => {
    expect(coarsePeriod('2027-04-15', '2027-09-03')).toEqual({ startDate: '2027-04-01', endDate: '2027-09-30' });
    expect(coarsePeriod('2028-02-10', '2028-02-11')).toEqual({ startDate: '2028-02-01', endDate: '2028-02-29' });
    expect(coarsePeriod(null, 'nope')).toEqual({ startDate: null, endDate: null });
  });

  it('coarsens every input the figures come from, and keeps volumes, materials and quality', () => {
    const coarse = coarseListing({ ...FILL, materials: [{ materialName: 'Terre Végétale', groundComposition: 'Nature inconnue', quantity: 1500, price: null }] });
    expect(coarse).toMatchObject({ siteLatitude: 48.07, siteLongitude: 7.365, startDate: '2027-04-01', endDate: '2027-09-30', acceptance: FILL.acceptance });
    // No price of its own: the catalogue's (Terre Végétale, Nature inconnue) counts, banded too.
    expect(coarse.materials?.[0]).toMatchObject({ quantity: 1500 });
    expect(Number.isInteger((coarse.materials?.[0]?.price ?? 0.5) - 1)).toBe(true);
  });

  it('searches around the coarse point with the radius plus a margin larger than half a cell', () => {
    const window = advertiserSearchWindow(CUT, { radiusKm: 50 });
    expect(window.radiusKm).toBe(52.5);
    expect(window.listing).toMatchObject({ siteLatitude: 47.75, siteLongitude: 7.335, startDate: '2027-03-01', endDate: '2027-06-30' });
  });
});

describe('rankForAdvertiser: what an advertiser sees of a counterpart', () => {
  it('gives the worked example in round figures built from the cells, not the exact sites', () => {
    const exact = evaluateMatch(CUT, FILL);
    if (!exact.compatible) throw new Error('compatible');
    const { total, items } = viewsOf(CUT, [FILL]);
    expect(total).toBe(1);
    const view = items[0]!.view;
    // Cells' centres (47.75, 7.335) and (48.07, 7.365): 35.65 km great-circle, × 1.3 = 46.3 -> 46.
    expect(view.roadKm).toBe(46);
    expect(exact.match.distance.roadKm).toBe(46.1);
    expect(view).toEqual({
      roadKm: 46,
      matchedM3: 3500,
      overlap: { fromMonth: '2027-04', toMonth: '2027-06', weeks: 13 },
      trips: 298,
      co2SavedKg: Math.round(3500 * (50 - 46) * 0.17),
      truckKmSaved: 298 * 2 * (50 - 46),
      quality: { toVerify: false, qualityClasses: ['INERT_NATURAL_BACKGROUND', 'SUITED_TO_USES'], wasteCodes: ['17 05 04'] },
    });
    // No field repeats an exact figure.
    expect(view.co2SavedKg).not.toBe(exact.match.co2.savedKg);
    expect(view.truckKmSaved).not.toBe(exact.match.transport.truckKmSaved);
    expect(JSON.stringify(view)).not.toContain('2027-04-15');
  });

  it('answers the same for two counterparts 300 m apart, though their exact figures differ', () => {
    const moved = withSite(FILL, FILL.siteLatitude! + 0.3 / KM_PER_DEGREE_LATITUDE, FILL.siteLongitude!);
    const [a, b] = [evaluateMatch(CUT, FILL), evaluateMatch(CUT, moved)];
    if (!a.compatible || !b.compatible) throw new Error('compatible');
    expect(a.match.co2.savedKg).not.toBe(b.match.co2.savedKg);
    expect(viewsOf(CUT, [moved])).toEqual(viewsOf(CUT, [FILL]));
    // And from the FILL's side (the CUT is then the counterpart).
    expect(viewsOf(moved, [CUT])).toEqual(viewsOf(FILL, [CUT]));
  });

  it('answers the same for two counterparts whose prices differ by 0.5 €/m³, and ranks them by id, not price', () => {
    const dearer = withTopsoilPrice(FILL, 3.1);
    const [a, b] = [evaluateMatch(CUT, FILL), evaluateMatch(CUT, dearer)];
    if (!a.compatible || !b.compatible) throw new Error('compatible');
    expect(a.match.score).not.toBe(b.match.score);
    expect(viewsOf(CUT, [dearer])).toEqual(viewsOf(CUT, [FILL]));
    // Two such counterparts at once: their order does not say which pays more.
    const order = (first: number, second: number) =>
      viewsOf(CUT, [withTopsoilPrice({ ...FILL, id: 'fill-a' }, first), withTopsoilPrice({ ...FILL, id: 'fill-b' }, second)]).items.map((item) => item.fillId);
    expect(order(2.6, 3.1)).toEqual(order(3.1, 2.6));
  });

  it('answers the same for counterparts whose periods differ within the same months', () => {
    expect(viewsOf(CUT, [{ ...FILL, startDate: '2027-04-03', endDate: '2027-09-21' }])).toEqual(viewsOf(CUT, [FILL]));
  });

  it('defeats trilateration: from any three own sites, every position in the cell answers the same', () => {
    const own = [CUT, withSite({ ...CUT, id: 'cut-2' }, 47.95, 7.6), withSite({ ...CUT, id: 'cut-3' }, 48.3, 7.1)];
    const answersFor = (site: MatchListing) => JSON.stringify(own.map((listing) => viewsOf(listing, [site])));
    const reference = answersFor(FILL);
    // 5 × 5 positions spread over the cell [48.06, 48.08) × [7.35, 7.38): about 2.2 × 2.2 km.
    const positions: [number, number][] = [];
    for (let i = 0; i < 5; i++) for (let j = 0; j < 5; j++) positions.push([48.0605 + i * 0.0047, 7.3505 + j * 0.007]);
    for (const [latitude, longitude] of positions) expect(answersFor(withSite(FILL, latitude, longitude)), `${latitude}, ${longitude}`).toBe(reference);
    // The farthest two of those positions are 2.5 km apart: whatever one infers, one of them is
    // at least 1.2 km off. A site in the next cell gives another answer (the test can fail).
    expect(answersFor(withSite(FILL, 48.0805, 7.3585))).not.toBe(reference);
  });

  it('counts and keeps only what the coarse rules find compatible', () => {
    const far = withSite({ ...FILL, id: 'fill-far' }, 49.5, 7.36);
    const result = viewsOf(CUT, [FILL, far, { ...CUT, id: 'other-cut' }]);
    expect(result.total).toBe(1);
    expect(result.items.map((item) => item.fillId)).toEqual(['fill-colmar']);
    expect(viewsOf(CUT, [FILL]).items[0]?.cutId).toBe('cut-mulhouse');
    expect(rankForAdvertiser(CUT, [FILL, { ...FILL, id: 'fill-2' }], { limit: 1 })).toMatchObject({ total: 2, items: [{ fillId: 'fill-2' }] });
  });
});

describe('the view in French', () => {
  it('says distances, months and weeks as approximations', () => {
    expect(formatAboutKilometres(46)).toBe('environ 46\u00a0km');
    expect(formatAboutKilometres(1200)).toBe('environ 1\u00a0200\u00a0km');
    expect(formatMonthSpan('2027-04', '2027-06')).toBe('d’avril à juin 2027');
    expect(formatMonthSpan('2027-03', '2028-01')).toBe('de mars 2027 à janvier 2028');
    expect(formatMonthSpan('2027-05', '2027-05')).toBe('en mai 2027');
    expect(formatAboutWeeks(1)).toBe('environ 1\u00a0semaine');
    expect(formatAboutWeeks(13)).toBe('environ 13\u00a0semaines');
  });
});
