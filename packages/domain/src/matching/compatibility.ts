import { priceFor } from '../inquiry/materials';
import {
  acceptanceOf,
  isHazardousWasteCode,
  isInertOnlyAcceptance,
  qualityClassOf,
  USE_ADMITTED_CLASSES,
  wasteCodeOf,
  type FillAcceptance,
  type QualityClass,
  type WasteCode,
} from '../inquiry/soil-quality';
import { DEFAULT_MATCHING_CONFIG, type MatchingConfig } from './config';
import { greatCircleDistanceKm, isValidLatLon, type LatLon } from './geo';
import { dayNumber, dayRangeOverlap, type PeriodOverlap } from './period';

// When a CUT listing and a FILL listing are compatible, and how much soil they can exchange.
// The rules, in order (README, Matching):
//  1. one CUT and one FILL;
//  2. both located, within `radiusKm` great-circle km of each other;
//  3. their availability periods share at least one day;
//  4. at least one CUT line's soil is accepted by the FILL (quality) and fits a FILL line
//     (material), so the matched volume is above 0.

/** A material line as matching reads it (the listing's `materials`, camelCase). */
export interface MatchMaterialLine {
  materialName: string;
  groundComposition: string;
  /** m³. */
  quantity: number | null;
  /** €/m³: on a CUT line what the producer asks, on a FILL line what the receiver offers; negative: the other way round. */
  price?: number | null;
  qualityClass?: QualityClass | string | null;
  wasteCode?: WasteCode | string | null;
}

/** A listing as matching reads it. */
export interface MatchListing {
  id: string;
  type: 'CUT' | 'FILL' | string;
  siteLatitude: number | null | undefined;
  siteLongitude: number | null | undefined;
  startDate: string | null | undefined;
  endDate: string | null | undefined;
  materials: readonly MatchMaterialLine[] | null | undefined;
  /** FILL only; missing on listings saved before 2026-11-23 (read as `LEGACY_FILL_ACCEPTANCE`). */
  acceptance?: FillAcceptance | null;
}

export type IncompatibilityReason = 'NOT_CUT_AND_FILL' | 'NO_LOCATION' | 'TOO_FAR' | 'NO_COMMON_PERIOD' | 'QUALITY_NOT_ACCEPTED' | 'NO_MATERIAL_FIT';

export const INCOMPATIBILITY_LABELS: Readonly<Record<IncompatibilityReason, string>> = {
  NOT_CUT_AND_FILL: 'Il faut une annonce de déblais et une annonce de remblais.',
  NO_LOCATION: 'Un des deux sites n’est pas localisé.',
  TOO_FAR: 'Les sites sont au-delà du rayon de recherche.',
  NO_COMMON_PERIOD: 'Les périodes de disponibilité ne se recoupent pas.',
  QUALITY_NOT_ACCEPTED: 'Le site receveur n’accepte ni la classe de qualité ni le code déchet des terres proposées.',
  NO_MATERIAL_FIT: 'Aucun matériau des déblais ne correspond à un besoin du remblai.',
};

export type QualityRefusal = 'CLASS_NOT_ACCEPTED' | 'CLASS_NOT_ADMITTED_BY_USE' | 'CODE_NOT_ACCEPTED' | 'HAZARDOUS_TO_INERT_ONLY';

export interface QualityVerdict {
  accepted: boolean;
  /** Accepted, but the soil's class or code is not known yet: to check before any proposal. */
  toVerify: boolean;
  refusals: QualityRefusal[];
}

/**
 * Whether a FILL acceptance admits a CUT line's soil. The rule:
 * - the line's class (UNKNOWN when missing) is among the accepted classes, and admitted by the
 *   receiving use (`USE_ADMITTED_CLASSES`; a missing use admits natural inert and unknown soil);
 * - the line's code is among the accepted codes; a line without a code (saved before
 *   2026-11-23) counts as non-hazardous natural soil (17 05 04) when its class is UNKNOWN and the
 *   receiver accepts UNKNOWN, and is then flagged 'to verify';
 * - a hazardous code (*) never reaches an inert-only receiver (`isInertOnlyAcceptance`),
 *   whatever the acceptance lists.
 */
export function qualityVerdict(line: Pick<MatchMaterialLine, 'qualityClass' | 'wasteCode'>, acceptance: FillAcceptance): QualityVerdict {
  return verdictOf(qualityClassOf(line), wasteCodeOf(line), acceptance);
}

const LEGACY_USE_CLASSES: readonly QualityClass[] = ['INERT_NATURAL_BACKGROUND', 'UNKNOWN'];

function verdictOf(qualityClass: QualityClass, code: WasteCode | null, acceptance: FillAcceptance): QualityVerdict {
  const refusals: QualityRefusal[] = [];
  if (!acceptance.acceptedQualityClasses.includes(qualityClass)) refusals.push('CLASS_NOT_ACCEPTED');
  const admitted = acceptance.receivingUse === null ? LEGACY_USE_CLASSES : USE_ADMITTED_CLASSES[acceptance.receivingUse];
  if (!admitted.includes(qualityClass)) refusals.push('CLASS_NOT_ADMITTED_BY_USE');
  const effectiveCode: WasteCode | null = code ?? (qualityClass === 'UNKNOWN' ? '17 05 04' : null);
  if (effectiveCode === null || !acceptance.acceptedWasteCodes.includes(effectiveCode)) refusals.push('CODE_NOT_ACCEPTED');
  if (isHazardousWasteCode(effectiveCode) && isInertOnlyAcceptance(acceptance)) refusals.push('HAZARDOUS_TO_INERT_ONLY');
  return { accepted: refusals.length === 0, toVerify: qualityClass === 'UNKNOWN' || code === null, refusals };
}

// Catalogue names and qualities compare without regard to case, like `priceFor`. Keys are
// memoised: ranking compares the same few catalogue labels thousands of times.
const keys = new Map<string, string>();
function key(text: string | null | undefined): string {
  const raw = text ?? '';
  let found = keys.get(raw);
  if (found === undefined) {
    found = raw.normalize('NFC').trim().toLocaleLowerCase('fr-FR');
    if (keys.size < 10_000) keys.set(raw, found);
  }
  return found;
}
const ANY_COMPOSITION = key('Nature inconnue');

/**
 * A CUT line's material fits a FILL line's need: same catalogue material, and the same quality,
 * unless the FILL line's quality is 'Nature inconnue', which takes any quality of that material.
 */
export function materialFits(cutLine: Pick<MatchMaterialLine, 'materialName' | 'groundComposition'>, fillLine: Pick<MatchMaterialLine, 'materialName' | 'groundComposition'>): boolean {
  return fits(prepareLine(cutLine), prepareLine(fillLine));
}

/** The price of a line in €/m³: its own, else the catalogue's, else 0. */
export function linePrice(line: Pick<MatchMaterialLine, 'materialName' | 'groundComposition' | 'price'>): number {
  if (typeof line.price === 'number' && Number.isFinite(line.price)) return line.price;
  return priceFor(line.materialName, line.groundComposition) ?? 0;
}

function lineVolume(line: { quantity?: number | null }): number {
  return typeof line.quantity === 'number' && Number.isFinite(line.quantity) && line.quantity > 0 ? line.quantity : 0;
}

/** A line read once: keys, volume, price, class and code. */
interface PreparedLine {
  material: string;
  composition: string;
  anyComposition: boolean;
  volume: number;
  price: number;
  qualityClass: QualityClass;
  wasteCode: WasteCode | null;
}

function prepareLine(line: Partial<MatchMaterialLine>): PreparedLine {
  const composition = key(line.groundComposition);
  return {
    material: key(line.materialName),
    composition,
    anyComposition: composition === ANY_COMPOSITION,
    volume: lineVolume(line),
    price: linePrice({ materialName: line.materialName ?? '', groundComposition: line.groundComposition ?? '', price: line.price }),
    qualityClass: qualityClassOf(line),
    wasteCode: wasteCodeOf(line),
  };
}

function fits(cutLine: PreparedLine, fillLine: PreparedLine): boolean {
  if (cutLine.material === '' || cutLine.material !== fillLine.material) return false;
  return fillLine.anyComposition || fillLine.composition === cutLine.composition;
}

/**
 * A listing read once for matching: its point, its period as day numbers, its lines, and (FILL)
 * the order in which its needs are served. `rankMatches` prepares the listing and each candidate
 * once, so thousands of candidates cost thousands of cheap comparisons, not re-parsing.
 */
export interface PreparedListing {
  listing: MatchListing;
  point: LatLon | null;
  startDay: number | null;
  endDay: number | null;
  lines: PreparedLine[];
  /** FILL lines' indices, precise needs first. */
  needOrder: number[];
  totalVolume: number;
  acceptance: FillAcceptance;
}

export function prepareListing(listing: MatchListing): PreparedListing {
  const lines = (listing.materials ?? []).map(prepareLine);
  const point = { latitude: listing.siteLatitude, longitude: listing.siteLongitude };
  return {
    listing,
    point: isValidLatLon(point) ? point : null,
    startDay: dayNumber(listing.startDate),
    endDay: dayNumber(listing.endDate),
    lines,
    needOrder: lines.map((_, index) => index).sort((a, b) => Number(lines[a]?.anyComposition) - Number(lines[b]?.anyComposition) || a - b),
    totalVolume: lines.reduce((sum, line) => sum + line.volume, 0),
    acceptance: acceptanceOf(listing),
  };
}

export interface AllocatedPair {
  /** Index in the CUT listing's `materials`. */
  cutLine: number;
  /** Index in the FILL listing's `materials`. */
  fillLine: number;
  /** m³ of that CUT line sent to that FILL line. */
  volumeM3: number;
  cutPricePerM3: number;
  fillPricePerM3: number;
  toVerify: boolean;
}

export interface VolumeAllocation {
  pairs: AllocatedPair[];
  matchedM3: number;
  /** Every CUT line's volume, m³ (accepted or not). */
  cutAvailableM3: number;
  /** Every FILL line's volume, m³. */
  fillNeededM3: number;
  /** At least one CUT line was refused on quality alone. */
  qualityRefused: boolean;
  /** Some matched soil is of unknown class or code. */
  toVerify: boolean;
}

/**
 * Splits the CUT's accepted soil among the FILL's needs. FILL lines asking for a precise quality
 * are served first, then those taking any quality of the material ('Nature inconnue'), each in
 * line order from the CUT lines in line order. Serving the precise needs first never lowers the
 * total: a precise need can only use its own quality, an open one can use any. Volumes are never
 * counted twice: each CUT line's remaining volume goes down as it is allocated.
 */
export function allocateVolumes(cut: Pick<MatchListing, 'materials'>, fill: Pick<MatchListing, 'materials' | 'acceptance'>): VolumeAllocation {
  const asListing = (l: Pick<MatchListing, 'materials' | 'acceptance'>): MatchListing => ({
    id: '', type: '', siteLatitude: null, siteLongitude: null, startDate: null, endDate: null, ...l,
  });
  return allocatePrepared(prepareListing(asListing(cut)), prepareListing(asListing(fill)));
}

export function allocatePrepared(cut: PreparedListing, fill: PreparedListing): VolumeAllocation {
  // A CUT line's verdict is read when it first fits a FILL line (most pairs share no material:
  // ranking then skips the quality rules), and its volume is available only when accepted.
  const verdicts: (QualityVerdict | undefined)[] = new Array(cut.lines.length);
  const remaining = cut.lines.map((line) => line.volume);
  const pairs: AllocatedPair[] = [];
  let qualityRefused = false;
  let matched = 0;
  for (const fillIndex of fill.needOrder) {
    const fillLine = fill.lines[fillIndex] as PreparedLine;
    let need = fillLine.volume;
    for (let cutIndex = 0; cutIndex < cut.lines.length; cutIndex++) {
      const cutLine = cut.lines[cutIndex] as PreparedLine;
      if (!fits(cutLine, fillLine)) continue;
      const verdict = (verdicts[cutIndex] ??= verdictOf(cutLine.qualityClass, cutLine.wasteCode, fill.acceptance));
      if (!verdict.accepted) {
        if (cutLine.volume > 0) qualityRefused = true;
        continue;
      }
      const available = remaining[cutIndex] ?? 0;
      const volume = Math.min(need, available);
      if (volume <= 0) continue;
      remaining[cutIndex] = available - volume;
      need -= volume;
      matched += volume;
      pairs.push({ cutLine: cutIndex, fillLine: fillIndex, volumeM3: volume, cutPricePerM3: cutLine.price, fillPricePerM3: fillLine.price, toVerify: verdict.toVerify });
    }
  }
  pairs.sort((a, b) => a.cutLine - b.cutLine || a.fillLine - b.fillLine);
  return {
    pairs,
    matchedM3: matched,
    cutAvailableM3: cut.totalVolume,
    fillNeededM3: fill.totalVolume,
    qualityRefused,
    toVerify: pairs.some((pair) => pair.toVerify),
  };
}

export interface Compatibility {
  compatible: boolean;
  /** Every rule that fails (empty when compatible). */
  reasons: IncompatibilityReason[];
  cutId: string | null;
  fillId: string | null;
  /** Null when a site is not located. */
  greatCircleKm: number | null;
  overlap: PeriodOverlap | null;
  allocation: VolumeAllocation | null;
}

/** Orders a pair as (CUT, FILL); null when it is not one of each. */
export function orderPair<T extends Pick<MatchListing, 'type'>>(a: T, b: T): { cut: T; fill: T } | null {
  if (a.type === 'CUT' && b.type === 'FILL') return { cut: a, fill: b };
  if (a.type === 'FILL' && b.type === 'CUT') return { cut: b, fill: a };
  return null;
}

/** Checks every rule for a pair given in any order; `reasons` lists each failure. */
export function checkCompatibility(
  a: MatchListing,
  b: MatchListing,
  config: Pick<MatchingConfig, 'radiusKm'> = DEFAULT_MATCHING_CONFIG,
): Compatibility {
  return checkPrepared(prepareListing(a), prepareListing(b), config);
}

/** The rules on prepared listings, with the common days as day numbers (no strings yet). */
export interface CompatibilityCore {
  reasons: IncompatibilityReason[];
  cut: PreparedListing;
  fill: PreparedListing;
  greatCircleKm: number | null;
  overlapStartDay: number | null;
  overlapEndDay: number | null;
  allocation: VolumeAllocation | null;
}

/**
 * The compatibility rules on a prepared (CUT, FILL) pair. With `stopAtFirst`, the first failing
 * rule ends the check (ranking needs no more), so a far or out-of-season candidate costs a
 * distance or a date comparison only.
 */
export function compatibilityCore(cut: PreparedListing, fill: PreparedListing, radiusKm: number, stopAtFirst: boolean): CompatibilityCore {
  const reasons: IncompatibilityReason[] = [];
  const core: CompatibilityCore = { reasons, cut, fill, greatCircleKm: null, overlapStartDay: null, overlapEndDay: null, allocation: null };
  if (cut.point && fill.point) {
    core.greatCircleKm = greatCircleDistanceKm(cut.point, fill.point);
    if (core.greatCircleKm > radiusKm) reasons.push('TOO_FAR');
  } else {
    reasons.push('NO_LOCATION');
  }
  if (stopAtFirst && reasons.length > 0) return core;
  if (cut.startDay !== null && cut.endDay !== null && fill.startDay !== null && fill.endDay !== null && cut.startDay <= cut.endDay && fill.startDay <= fill.endDay) {
    const start = Math.max(cut.startDay, fill.startDay);
    const end = Math.min(cut.endDay, fill.endDay);
    if (start <= end) {
      core.overlapStartDay = start;
      core.overlapEndDay = end;
    }
  }
  if (core.overlapStartDay === null) reasons.push('NO_COMMON_PERIOD');
  if (stopAtFirst && reasons.length > 0) return core;
  core.allocation = allocatePrepared(cut, fill);
  if (core.allocation.matchedM3 <= 0) reasons.push(core.allocation.qualityRefused ? 'QUALITY_NOT_ACCEPTED' : 'NO_MATERIAL_FIT');
  return core;
}

/** `checkCompatibility` on prepared listings. */
export function checkPrepared(a: PreparedListing, b: PreparedListing, config: Pick<MatchingConfig, 'radiusKm'>): Compatibility {
  const pair = orderPair(a.listing, b.listing);
  if (!pair) {
    return { compatible: false, reasons: ['NOT_CUT_AND_FILL'], cutId: null, fillId: null, greatCircleKm: null, overlap: null, allocation: null };
  }
  const [cut, fill] = pair.cut === a.listing ? [a, b] : [b, a];
  const core = compatibilityCore(cut, fill, config.radiusKm, false);
  return {
    compatible: core.reasons.length === 0,
    reasons: core.reasons,
    cutId: cut.listing.id,
    fillId: fill.listing.id,
    greatCircleKm: core.greatCircleKm,
    overlap: dayRangeOverlap(core.overlapStartDay, core.overlapEndDay, core.overlapStartDay, core.overlapEndDay),
    allocation: core.allocation,
  };
}
