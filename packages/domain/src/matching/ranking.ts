import { roundTo } from '../inquiry/line-total';
import type { QualityClass, WasteCode } from '../inquiry/soil-quality';
import { dayRangeOverlap, type PeriodOverlap } from './period';
import {
  compatibilityCore,
  orderPair,
  prepareListing,
  type IncompatibilityReason,
  type MatchListing,
  type PreparedListing,
  type VolumeAllocation,
} from './compatibility';
import { createMatchingConfig, type MatchingConfig, type MatchingConfigInput } from './config';

// The figures of a compatible pair and its score. Formulas (README, Matching, worked example):
//
//   road km        = great-circle km × detour factor                       (1.3)
//   trips          = ⌈ matched m³ × density / payload ⌉                     (1.7 t/m³, 20 t)
//   truck-km       = trips × road km × 2                (loaded out, empty back)
//   CO2e emitted   = matched m³ × road km × factor                         (0.17 kg/m³·km,
//                                                        empty return included in the factor)
//   CO2e baseline  = matched m³ × disposal km × factor                     (50 km)
//   CO2e saved     = baseline − emitted  = m³ × (disposal km − road km) × factor
//   truck-km saved = trips × 2 × (disposal km − road km)
//   (both negative when the match is farther than the usual outlet: shown as is)
//
//   price per pair line: the CUT line asks p_c €/m³, the FILL line offers p_f €/m³
//   (negative: the other party pays); averages weighted by allocated m³;
//   spread = p_f − p_c; proposed price = (p_c + p_f) / 2: above 0 the receiver pays the
//   producer, below 0 the producer pays the receiver; total = proposed × matched m³.
//
//   score (0–100) = 100 × Σ wᵢ·sᵢ / Σ wᵢ, with
//     s_distance = max(0, 1 − road km / (radius km × detour factor))
//     s_volume   = ½ × (matched / FILL need + matched / CUT volume)   (the same from both sides)
//     s_overlap  = common days / days of the shorter period
//     s_price    = clamp(0.5 + spread / (2 × price scale), 0, 1)       (price scale 10 €/m³)
//   weights 0.4, 0.3, 0.15, 0.15 by default.

export type PricePayer = 'FILL' | 'CUT' | null;

export interface PriceBalance {
  /** Volume-weighted price the CUT side asks, €/m³. */
  cutPricePerM3: number;
  /** Volume-weighted price the FILL side offers, €/m³. */
  fillPricePerM3: number;
  /** offered − asked, €/m³: at or above 0 both prices are compatible. */
  spreadPerM3: number;
  /** Midway between the two, €/m³: above 0 the receiver pays, below 0 the producer pays. */
  proposedPricePerM3: number;
  /** Who pays whom at the proposed price; null when nobody pays. */
  payer: PricePayer;
  /** proposed price × matched m³, €, signed like the price. */
  totalEuros: number;
}

export interface ScoreParts {
  distance: number;
  volume: number;
  overlap: number;
  price: number;
}

export interface MatchResult {
  cutId: string;
  fillId: string;
  /** 0–100, one decimal. */
  score: number;
  /** Each in [0, 1], three decimals. */
  scoreParts: ScoreParts;
  distance: { greatCircleKm: number; roadKm: number };
  volume: {
    matchedM3: number;
    cutAvailableM3: number;
    fillNeededM3: number;
    /** matched / FILL need, [0, 1]. */
    fillCoverage: number;
    /** matched / CUT volume, [0, 1]. */
    cutCoverage: number;
  };
  overlap: PeriodOverlap;
  transport: {
    tonnes: number;
    truckLoadM3: number;
    trips: number;
    truckKm: number;
    baselineTruckKm: number;
    truckKmSaved: number;
  };
  co2: { emittedKg: number; baselineKg: number; savedKg: number };
  price: PriceBalance;
  quality: {
    /** Some matched soil has an unknown class or code: check before proposing. */
    toVerify: boolean;
    qualityClasses: QualityClass[];
    wasteCodes: WasteCode[];
  };
  /** Which CUT line goes to which FILL line, m³. */
  lines: { cutLine: number; fillLine: number; materialName: string; groundComposition: string; volumeM3: number }[];
}

export type MatchEvaluation = { compatible: true; match: MatchResult } | { compatible: false; reasons: IncompatibilityReason[] };

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
// Trips are counted up to floating-point noise: 85.00000000000001 loads is 85 trips.
const TRIP_EPSILON = 1e-9;

/** Number of truck trips for a volume: ⌈ m³ × density / payload ⌉ (0 for no volume). */
export function truckTrips(volumeM3: number, config: Pick<MatchingConfig, 'soilDensityTonnesPerM3' | 'truckPayloadTonnes'>): number {
  if (!(volumeM3 > 0)) return 0;
  return Math.ceil((volumeM3 * config.soilDensityTonnesPerM3) / config.truckPayloadTonnes - TRIP_EPSILON);
}

function weightedPrices(allocation: Pick<VolumeAllocation, 'pairs' | 'matchedM3'>): { asked: number; offered: number } {
  const volume = allocation.matchedM3;
  if (!(volume > 0)) return { asked: 0, offered: 0 };
  let asked = 0;
  let offered = 0;
  for (const pair of allocation.pairs) {
    asked += pair.cutPricePerM3 * pair.volumeM3;
    offered += pair.fillPricePerM3 * pair.volumeM3;
  }
  return { asked: asked / volume, offered: offered / volume };
}

/** offered − asked, €/m³, rounded to cents like `PriceBalance.spreadPerM3`. */
function priceSpread(allocation: Pick<VolumeAllocation, 'pairs' | 'matchedM3'>): number {
  const { asked, offered } = weightedPrices(allocation);
  return roundTo(offered - asked, 2);
}

/** Price balance of an allocation (see the formula at the top of this file). */
export function priceBalance(allocation: Pick<VolumeAllocation, 'pairs' | 'matchedM3'>): PriceBalance {
  const volume = allocation.matchedM3;
  const { asked, offered } = weightedPrices(allocation);
  const proposed = (asked + offered) / 2;
  const rounded = roundTo(proposed, 2);
  return {
    cutPricePerM3: roundTo(asked, 2),
    fillPricePerM3: roundTo(offered, 2),
    spreadPerM3: roundTo(offered - asked, 2),
    proposedPricePerM3: rounded,
    payer: rounded > 0 ? 'FILL' : rounded < 0 ? 'CUT' : null,
    totalEuros: roundTo(proposed * volume, 2),
  };
}

/** The raw parts of a compatible pair's score, before the figures are rounded. */
interface Scored {
  cut: PreparedListing;
  fill: PreparedListing;
  allocation: VolumeAllocation;
  overlapStartDay: number;
  overlapEndDay: number;
  greatCircleKm: number;
  roadKm: number;
  fillCoverage: number;
  cutCoverage: number;
  parts: ScoreParts;
  /** 0–100, one decimal: what is shown and what ranks. */
  score: number;
}

/** The score of a (CUT, FILL) pair, or the rules it fails (only the first with `stopAtFirst`). */
function scorePair(cut: PreparedListing, fill: PreparedListing, settings: MatchingConfig, stopAtFirst: boolean): Scored | IncompatibilityReason[] {
  const core = compatibilityCore(cut, fill, settings.radiusKm, stopAtFirst);
  if (core.reasons.length > 0) return core.reasons;
  const allocation = core.allocation as VolumeAllocation;
  const overlapStartDay = core.overlapStartDay as number;
  const overlapEndDay = core.overlapEndDay as number;
  const greatCircleKm = core.greatCircleKm as number;
  const roadKm = greatCircleKm * settings.detourFactor;
  const matched = allocation.matchedM3;
  const fillCoverage = allocation.fillNeededM3 > 0 ? clamp01(matched / allocation.fillNeededM3) : 0;
  const cutCoverage = allocation.cutAvailableM3 > 0 ? clamp01(matched / allocation.cutAvailableM3) : 0;
  // Both periods are valid here (they overlap): the shorter one bounds the common days.
  const shorter = Math.min((cut.endDay as number) - (cut.startDay as number), (fill.endDay as number) - (fill.startDay as number)) + 1;
  const parts: ScoreParts = {
    distance: clamp01(1 - roadKm / (settings.radiusKm * settings.detourFactor)),
    volume: (fillCoverage + cutCoverage) / 2,
    overlap: clamp01((overlapEndDay - overlapStartDay + 1) / shorter),
    // The spread as shown (2 decimals), so the score follows the figure on screen.
    price: clamp01(0.5 + priceSpread(allocation) / (2 * settings.priceScaleEurosPerM3)),
  };
  const w = settings.weights;
  const weighted = (w.distance * parts.distance + w.volume * parts.volume + w.overlap * parts.overlap + w.price * parts.price) / (w.distance + w.volume + w.overlap + w.price);
  return { cut, fill, allocation, overlapStartDay, overlapEndDay, greatCircleKm, roadKm, fillCoverage, cutCoverage, parts, score: roundTo(100 * weighted, 1) };
}

function toResult(scored: Scored, settings: MatchingConfig): MatchResult {
  const { cut, fill, allocation, greatCircleKm, roadKm, parts } = scored;
  const overlap = dayRangeOverlap(scored.overlapStartDay, scored.overlapEndDay, scored.overlapStartDay, scored.overlapEndDay) as PeriodOverlap;
  const matched = allocation.matchedM3;
  const trips = truckTrips(matched, settings);
  const truckKm = trips * roadKm * 2;
  const baselineTruckKm = trips * settings.disposalDistanceKm * 2;
  const emittedKg = matched * roadKm * settings.co2KgPerM3Km;
  const baselineKg = matched * settings.disposalDistanceKm * settings.co2KgPerM3Km;
  const cutLines = cut.listing.materials ?? [];
  const matchedCutLines = [...new Set(allocation.pairs.map((p) => p.cutLine))].map((index) => cut.lines[index]);
  return {
    cutId: cut.listing.id,
    fillId: fill.listing.id,
    score: scored.score,
    scoreParts: {
      distance: roundTo(parts.distance, 3),
      volume: roundTo(parts.volume, 3),
      overlap: roundTo(parts.overlap, 3),
      price: roundTo(parts.price, 3),
    },
    distance: { greatCircleKm: roundTo(greatCircleKm, 1), roadKm: roundTo(roadKm, 1) },
    volume: {
      matchedM3: roundTo(matched, 2),
      cutAvailableM3: roundTo(allocation.cutAvailableM3, 2),
      fillNeededM3: roundTo(allocation.fillNeededM3, 2),
      fillCoverage: roundTo(scored.fillCoverage, 3),
      cutCoverage: roundTo(scored.cutCoverage, 3),
    },
    overlap,
    transport: {
      tonnes: roundTo(matched * settings.soilDensityTonnesPerM3, 2),
      truckLoadM3: roundTo(settings.truckPayloadTonnes / settings.soilDensityTonnesPerM3, 2),
      trips,
      truckKm: roundTo(truckKm, 1),
      baselineTruckKm: roundTo(baselineTruckKm, 1),
      truckKmSaved: roundTo(baselineTruckKm - truckKm, 1),
    },
    co2: { emittedKg: roundTo(emittedKg, 1), baselineKg: roundTo(baselineKg, 1), savedKg: roundTo(baselineKg - emittedKg, 1) },
    price: priceBalance(allocation),
    quality: {
      toVerify: allocation.toVerify,
      qualityClasses: [...new Set(matchedCutLines.map((line) => line?.qualityClass ?? 'UNKNOWN'))],
      wasteCodes: [...new Set(matchedCutLines.map((line) => line?.wasteCode ?? null).filter((code): code is WasteCode => code !== null))],
    },
    lines: allocation.pairs.map((p) => ({
      cutLine: p.cutLine,
      fillLine: p.fillLine,
      materialName: cutLines[p.cutLine]?.materialName ?? '',
      groundComposition: cutLines[p.cutLine]?.groundComposition ?? '',
      volumeM3: roundTo(p.volumeM3, 2),
    })),
  };
}

function settingsOf(config: MatchingConfig | MatchingConfigInput | undefined): MatchingConfig {
  return config !== undefined && isFullConfig(config) ? config : createMatchingConfig(config ?? {});
}

/**
 * Everything about a pair given in any order: compatibility first, then, when compatible, the
 * figures and the score. `config` overrides the defaults (`createMatchingConfig`).
 */
export function evaluateMatch(a: MatchListing, b: MatchListing, config: MatchingConfig | MatchingConfigInput = {}): MatchEvaluation {
  const settings = settingsOf(config);
  const pair = orderPair(a, b);
  if (!pair) return { compatible: false, reasons: ['NOT_CUT_AND_FILL'] };
  const scored = scorePair(prepareListing(pair.cut), prepareListing(pair.fill), settings, false);
  return Array.isArray(scored) ? { compatible: false, reasons: scored } : { compatible: true, match: toResult(scored, settings) };
}

function isFullConfig(config: MatchingConfig | MatchingConfigInput): config is MatchingConfig {
  const c = config as Partial<MatchingConfig>;
  return (
    typeof c.radiusKm === 'number' &&
    typeof c.detourFactor === 'number' &&
    typeof c.co2KgPerM3Km === 'number' &&
    typeof c.soilDensityTonnesPerM3 === 'number' &&
    typeof c.truckPayloadTonnes === 'number' &&
    typeof c.disposalDistanceKm === 'number' &&
    typeof c.priceScaleEurosPerM3 === 'number' &&
    typeof c.weights === 'object' &&
    c.weights !== null &&
    ['distance', 'volume', 'overlap', 'price'].every((k) => typeof (c.weights as unknown as Record<string, unknown>)[k] === 'number')
  );
}

/**
 * The compatible counterparts of `listing` among `candidates`, best first: by score, then the
 * shorter distance, then the larger matched volume, then id (a stable order for equal pairs).
 * Candidates of the same type, or the listing itself, are skipped. `limit` keeps the first ones;
 * only those get their full figures, so ranking many candidates stays cheap.
 */
export function rankMatches(
  listing: MatchListing,
  candidates: readonly MatchListing[],
  options: { config?: MatchingConfig | MatchingConfigInput; limit?: number } = {},
): MatchResult[] {
  return rankAndCount(listing, candidates, options).matches;
}

/**
 * `rankMatches` plus the number of compatible counterparts (`total`), for the API's answer
 * ('N sites compatibles', then the best `limit`): the figures are built for the kept ones only.
 */
export function rankAndCount(
  listing: MatchListing,
  candidates: readonly MatchListing[],
  options: { config?: MatchingConfig | MatchingConfigInput; limit?: number } = {},
): { total: number; matches: MatchResult[] } {
  const settings = settingsOf(options.config);
  const source = prepareListing(listing);
  const isCut = listing.type === 'CUT';
  if (!isCut && listing.type !== 'FILL') return { total: 0, matches: [] };
  const scored: Scored[] = [];
  for (const candidate of candidates) {
    if (candidate.id === listing.id || candidate.type !== (isCut ? 'FILL' : 'CUT')) continue;
    const other = prepareListing(candidate);
    const result = isCut ? scorePair(source, other, settings, true) : scorePair(other, source, settings, true);
    if (!Array.isArray(result)) scored.push(result);
  }
  const counterpart = (entry: Scored) => (isCut ? entry.fill.listing.id : entry.cut.listing.id);
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      a.greatCircleKm - b.greatCircleKm ||
      b.allocation.matchedM3 - a.allocation.matchedM3 ||
      (counterpart(a) < counterpart(b) ? -1 : counterpart(a) > counterpart(b) ? 1 : 0),
  );
  const kept = options.limit === undefined ? scored : scored.slice(0, Math.max(0, options.limit));
  return { total: scored.length, matches: kept.map((entry) => toResult(entry, settings)) };
}

/** Sum of the savings of several transfers (the admin map's summary). */
export function summariseSavings(transfers: readonly Pick<TransferSavings, 'volumeM3' | 'co2SavedKg' | 'truckKmSaved'>[]): {
  matches: number;
  volumeM3: number;
  co2SavedKg: number;
  truckKmSaved: number;
} {
  const sum = (pick: (t: Pick<TransferSavings, 'volumeM3' | 'co2SavedKg' | 'truckKmSaved'>) => number) =>
    Math.round(transfers.reduce((total, t) => total + pick(t), 0) * 10) / 10;
  return {
    matches: transfers.length,
    volumeM3: sum((t) => t.volumeM3),
    co2SavedKg: sum((t) => t.co2SavedKg),
    truckKmSaved: sum((t) => t.truckKmSaved),
  };
}

/**
 * A match's savings for the volume actually moved (a DONE transfer): CO2e and truck-km scale
 * with the volume (trips recounted), the distance stays (`transferSavings` for the wire).
 */
export function savingsForVolume(
  match: Pick<MatchResult, 'co2' | 'transport' | 'volume' | 'distance'>,
  movedM3: number,
  config: MatchingConfig | MatchingConfigInput = {},
): Pick<MatchResult, 'co2' | 'transport' | 'volume'> {
  const settings = settingsOf(config);
  const volume = movedM3 > 0 ? movedM3 : 0;
  const trips = truckTrips(volume, settings);
  const roadKm = match.distance.roadKm;
  return {
    volume: { ...match.volume, matchedM3: roundTo(volume, 2) },
    transport: {
      ...match.transport,
      tonnes: roundTo(volume * settings.soilDensityTonnesPerM3, 2),
      trips,
      truckKm: roundTo(trips * roadKm * 2, 1),
      baselineTruckKm: roundTo(trips * settings.disposalDistanceKm * 2, 1),
      truckKmSaved: roundTo(trips * 2 * (settings.disposalDistanceKm - roadKm), 1),
    },
    co2: {
      emittedKg: roundTo(volume * roadKm * settings.co2KgPerM3Km, 1),
      baselineKg: roundTo(volume * settings.disposalDistanceKm * settings.co2KgPerM3Km, 1),
      savedKg: roundTo(volume * (settings.disposalDistanceKm - roadKm) * settings.co2KgPerM3Km, 1),
    },
  };
}

/** What a transfer done saved, for the volume moved, with the constants it was counted with. */
export interface TransferSavings {
  /** m³ moved. */
  volumeM3: number;
  tonnes: number;
  trips: number;
  truckKmSaved: number;
  co2SavedKg: number;
  /** The baseline's road km (the configured disposal distance). */
  disposalDistanceKm: number;
  /** The CO2e factor used, kg per m³·km. */
  co2KgPerM3Km: number;
}

/**
 * A DONE match's savings for the volume moved (`savingsForVolume`) under `config`, flat, with
 * the disposal distance and CO2e factor used: what the admin map sums (`summariseSavings`) and
 * states as its basis, so a configured baseline is the one shown.
 */
export function transferSavings(
  match: Pick<MatchResult, 'co2' | 'transport' | 'volume' | 'distance'>,
  movedM3: number,
  config: MatchingConfig | MatchingConfigInput = {},
): TransferSavings {
  const settings = settingsOf(config);
  const moved = savingsForVolume(match, movedM3, settings);
  return {
    volumeM3: moved.volume.matchedM3,
    tonnes: moved.transport.tonnes,
    trips: moved.transport.trips,
    truckKmSaved: moved.transport.truckKmSaved,
    co2SavedKg: moved.co2.savedKg,
    disposalDistanceKm: settings.disposalDistanceKm,
    co2KgPerM3Km: settings.co2KgPerM3Km,
  };
}
