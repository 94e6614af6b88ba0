import { roundTo } from '../inquiry/line-total';
import { linePrice, type MatchListing } from './compatibility';
import { DEFAULT_MATCHING_CONFIG, type MatchingConfig } from './config';
import { isValidLatLon } from './geo';
import { calendarDateOf, dayNumber } from './period';
import { rankAndCount, truckTrips, type MatchResult } from './ranking';
import type { QualityClass, WasteCode } from '../inquiry/soil-quality';

// What an advertiser may learn of a counterpart before a match is accepted (issue 20, CONTRACT
// §12): nothing that locates its site within about 1 km or prices it within about 1 €/m³,
// whatever they combine across their own listings and over time.
//
// Rounding the figures shown is not enough: a figure rounded from an exact distance still moves
// when the site moves, and many own listings (or band edges met from several sides) add up to
// the exact value. So each listing is COARSENED first, as a fixed function of its own data
// alone (`coarseListing`): its site becomes the centre of a fixed grid cell (about 2 km a side),
// its line prices the middle of a fixed 2 €/m³ band, its period whole calendar months. Then the
// ordinary rules (compatibility, allocation, score, ranking) run on the coarse pair, and the
// view keeps only figures built from those (`advertiserMatchView`: road km rounded to the km
// before CO2e and truck-km are derived from it; the common period as months and weeks; no
// score, no parts, no price). Every answer an advertiser gets is then a function of the
// counterpart's cell, bands and months: two sites in the same cell, or two prices in the same
// band, give identical answers whatever the advertiser's own listings are. The grid and bands
// are fixed (they do not depend on who asks), so combining answers tells at most which cell or
// band it is: a band edge is crossed only by moving the counterpart, never by moving oneself.
// Admins keep the exact figures (`rankAndCount`); once a match is accepted the parties see each
// other anyway.

/** The coarsening steps (README "What an advertiser sees of a counterpart"). */
export const ADVERTISER_DISCLOSURE = {
  /** Grid cell height, degrees of latitude: 0.02° ≈ 2.2 km. */
  latitudeStepDeg: 0.02,
  /** Grid cell width, degrees of longitude: 0.03° ≈ 2.5 km at 41° N (Corsica), 2.1 km at 51° N (Dunkirk). */
  longitudeStepDeg: 0.03,
  /** Price band, €/m³: a line's price counts as the middle of its band ([10, 12) counts 11). */
  priceStepEurosPerM3: 2,
  /**
   * Km added to the search radius when prefiltering around a coarse point: more than the
   * farthest a site can be from its cell's centre (half the diagonal, 2 km at the equator).
   */
  searchMarginKm: 2.5,
} as const;

const snap = (value: number, step: number) => roundTo((Math.floor(value / step) + 0.5) * step, 6);

/** The centre of the grid cell holding a point (latitude and longitude in degrees). */
export function coarsePoint(point: { latitude: number; longitude: number }): { latitude: number; longitude: number } {
  return { latitude: snap(point.latitude, ADVERTISER_DISCLOSURE.latitudeStepDeg), longitude: snap(point.longitude, ADVERTISER_DISCLOSURE.longitudeStepDeg) };
}

/** The middle of the price band holding a price, €/m³ (negative prices too: -0.5 counts -1). */
export function coarsePrice(price: number): number {
  return snap(price, ADVERTISER_DISCLOSURE.priceStepEurosPerM3);
}

/** A period widened to whole months: its first month's first day, its last month's last day. */
export function coarsePeriod(startDate: unknown, endDate: unknown): { startDate: string | null; endDate: string | null } {
  const start = dayNumber(startDate);
  const end = dayNumber(endDate);
  const monthStart = (day: number) => `${calendarDateOf(day).slice(0, 7)}-01`;
  const monthEnd = (day: number) => {
    const date = new Date(day * 86_400_000);
    return calendarDateOf(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0) / 86_400_000);
  };
  return { startDate: start === null ? null : monthStart(start), endDate: end === null ? null : monthEnd(end) };
}

/** A listing as an advertiser's view computes with it: cell centre, price bands, whole months. */
export function coarseListing(listing: MatchListing): MatchListing {
  const point = { latitude: listing.siteLatitude, longitude: listing.siteLongitude };
  const cell = isValidLatLon(point) ? coarsePoint(point) : null;
  return {
    ...listing,
    siteLatitude: cell?.latitude ?? null,
    siteLongitude: cell?.longitude ?? null,
    ...coarsePeriod(listing.startDate, listing.endDate),
    materials: (listing.materials ?? []).map((line) => ({ ...line, price: coarsePrice(linePrice(line)) })),
  };
}

/**
 * Where to look for the candidates of `listing`'s advertiser view: its coarse point, its period
 * widened to months, and the radius plus the margin. Every candidate whose coarse pair can be
 * compatible is inside (a site is within the margin of its cell's centre; a month-widened
 * period meets another month-widened one exactly when the exact periods meet each other's months).
 */
export function advertiserSearchWindow(listing: MatchListing, config: Pick<MatchingConfig, 'radiusKm'>): { listing: MatchListing; radiusKm: number } {
  return { listing: coarseListing(listing), radiusKm: config.radiusKm + ADVERTISER_DISCLOSURE.searchMarginKm };
}

/** What an advertiser is shown of one compatible site before a match is accepted. */
export interface AdvertiserMatchView {
  /** Estimated road km between the two cells' centres, whole km (at least 1): 'environ 12 km'. */
  roadKm: number;
  /** m³ the pair could exchange. */
  matchedM3: number;
  /** The common period in whole months ('YYYY-MM'), and its length in weeks (at least 1). */
  overlap: { fromMonth: string; toMonth: string; weeks: number };
  /** Truck rotations for the matched volume. */
  trips: number;
  /** kg CO2e saved against the usual outlet, from `roadKm` (negative when farther). */
  co2SavedKg: number;
  /** Truck-km saved, from `roadKm`. */
  truckKmSaved: number;
  quality: { toVerify: boolean; qualityClasses: QualityClass[]; wasteCodes: WasteCode[] };
}

/**
 * The view of a match computed on COARSE listings (`coarseListing` on both sides; use
 * `rankForAdvertiser`, which does it): the road km rounded to whole km first, then CO2e and
 * truck-km derived from that rounded figure only; the common period as months and weeks.
 * Applied to a match of exact listings it would leak through its band edges: never do that.
 */
export function advertiserMatchView(match: MatchResult, settings: MatchingConfig): AdvertiserMatchView {
  const roadKm = Math.max(1, Math.round(match.distance.roadKm));
  const matched = match.volume.matchedM3;
  const trips = truckTrips(matched, settings);
  const gapKm = settings.disposalDistanceKm - roadKm;
  return {
    roadKm,
    matchedM3: matched,
    overlap: { fromMonth: match.overlap.start.slice(0, 7), toMonth: match.overlap.end.slice(0, 7), weeks: Math.max(1, Math.round(match.overlap.days / 7)) },
    trips,
    co2SavedKg: Math.round(matched * gapKm * settings.co2KgPerM3Km),
    truckKmSaved: Math.round(trips * 2 * gapKm),
    quality: { toVerify: match.quality.toVerify, qualityClasses: [...match.quality.qualityClasses], wasteCodes: [...match.quality.wasteCodes] },
  };
}

export interface AdvertiserMatches {
  /** Compatible counterparts by the coarse rules. */
  total: number;
  /** The best `limit`, best first by the coarse score (then the counterpart's id). */
  items: { cutId: string; fillId: string; view: AdvertiserMatchView }[];
}

/**
 * An advertiser's compatible sites for `listing`: the ordinary ranking (`rankAndCount`) on the
 * coarse listing and coarse candidates, so the count, the order, the choice of the best `limit`
 * and every figure depend on cells, bands and months only. Symmetric: the pair (A, B) gives the
 * same view to A's and to B's organisation (what the alerts mail to earlier listings' owners).
 */
export function rankForAdvertiser(
  listing: MatchListing,
  candidates: readonly MatchListing[],
  options: { config?: MatchingConfig; limit?: number } = {},
): AdvertiserMatches {
  const settings = options.config ?? DEFAULT_MATCHING_CONFIG;
  const { total, matches } = rankAndCount(coarseListing(listing), candidates.map(coarseListing), {
    config: settings,
    ...(options.limit === undefined ? {} : { limit: options.limit }),
  });
  return { total, items: matches.map((match) => ({ cutId: match.cutId, fillId: match.fillId, view: advertiserMatchView(match, settings) })) };
}

const NBSP = '\u00a0';
const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'] as const;

/** 'environ 46 km' (the view's whole km). */
export function formatAboutKilometres(km: number): string {
  return `environ ${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }).format(km).replace(/\u202f/g, NBSP)}${NBSP}km`;
}

/** 'd’avril à juin 2027', 'de mars 2027 à janvier 2028', 'en mai 2027' (months 'YYYY-MM'). */
export function formatMonthSpan(fromMonth: string, toMonth: string): string {
  const read = (month: string) => ({ year: month.slice(0, 4), name: MONTHS[Number(month.slice(5, 7)) - 1] ?? month });
  const from = read(fromMonth);
  const to = read(toMonth);
  if (fromMonth === toMonth) return `en ${from.name} ${from.year}`;
  const de = /^[aeiouyéè]/.test(from.name) ? 'd’' : 'de ';
  return from.year === to.year ? `${de}${from.name} à ${to.name} ${to.year}` : `${de}${from.name} ${from.year} à ${to.name} ${to.year}`;
}

/** 'environ 1 semaine', 'environ 13 semaines'. */
export function formatAboutWeeks(weeks: number): string {
  return `environ ${weeks}${NBSP}${weeks < 2 ? 'semaine' : 'semaines'}`;
}
