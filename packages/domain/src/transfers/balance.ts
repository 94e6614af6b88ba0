import { WASTE_CODES } from '../inquiry/soil-quality';
import { DEFAULT_SOIL_DENSITY_T_PER_M3 } from '../matching/config';
import { fillTemplate } from '../util';
import { calendarDayInParis } from '../validators/date';
import type { LoadStatus } from './load';
import { transferMessages as m } from './messages';

// The mass balance of a transfer (issue 18): every total comes from its loads. Pure functions of
// the loads the API reads; the same figures on the CUT side's page, the FILL side's and the
// console, and in the register lines of issue 19 (weight REEL when weighed, ESTIME otherwise at
// the configured soil density: the matching's `soilDensityTonnesPerM3`, 1.7 t/m³ by default,
// the one `outgoingTexsRows` already uses).

/** A load as the balance reads it (the current version; older versions are ignored, see below). */
export interface BalanceLoad {
  id: string;
  /** Version number of a corrected load (1 first); when several rows of one id come, the highest counts. */
  version?: number;
  status: LoadStatus;
  wasteCode: string;
  /** m³ declared at departure. */
  volumeM3: number;
  /** Tonnes weighed at departure, when weighed. */
  weightTonnes?: number | null;
  /** ISO date-time of departure. */
  departedAt: string;
  receivedAt?: string | null;
  /** m³ the FILL side received, when it differs from the departure's. */
  receivedVolumeM3?: number | null;
  /** Tonnes the FILL side weighed, when it differs. */
  receivedWeightTonnes?: number | null;
  /** Recorded over the remaining expected volume, after confirmation: shown to the admin. */
  overRemaining?: boolean;
}

/** A tonnage split into its weighed (REEL) and estimated (ESTIME) parts. */
export interface WeightFigure {
  tonnes: number;
  realTonnes: number;
  estimatedTonnes: number;
  /** The register's « Type de poids »: ESTIME as soon as one part is estimated. */
  isEstimate: boolean;
}

export interface BalanceFigures {
  /** Loads that count: every load not cancelled. */
  loadCount: number;
  inTransitCount: number;
  acceptedCount: number;
  refusedCount: number;
  cancelledCount: number;
  /** Σ departure volumes of the loads that count. */
  departedVolumeM3: number;
  /** Σ received volumes of accepted loads (the departure's when none was given). */
  receivedVolumeM3: number;
  /** Σ departure volumes of refused loads. */
  refusedVolumeM3: number;
  inTransitVolumeM3: number;
  /** Departed − received − refused − in transit: what accepted loads lost (or gained) on the way. */
  discrepancyVolumeM3: number;
  /** Tonnes of the accepted loads (received weight, else departure weight, else estimated). */
  receivedWeight: WeightFigure;
  /** Tonnes of every load that counts, at departure. */
  departedWeight: WeightFigure;
}

export interface TransferBalance extends BalanceFigures {
  expectedVolumeM3: number;
  /** What is still to send: expected − received − in transit, never below 0. */
  remainingVolumeM3: number;
  /** Received and in transit beyond the expected volume, never below 0. */
  overrunVolumeM3: number;
  /** Loads recorded over the remaining volume (flagged for the admin), not cancelled. */
  flaggedLoadCount: number;
  /** The same figures per waste code, in the register's code order, codes with loads only. */
  byWasteCode: ({ wasteCode: string } & BalanceFigures)[];
}

export interface BalanceOptions {
  /** t/m³ of the estimated weights; the configured soil density (1.7 when missing or not above 0). */
  soilDensityTonnesPerM3?: number | null;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
// Volumes compare to the litre: 3 decimals is the register's precision.
const EPSILON = 0.0005;

function densityOf(options: BalanceOptions): number {
  const density = options.soilDensityTonnesPerM3;
  return typeof density === 'number' && Number.isFinite(density) && density > 0 ? density : DEFAULT_SOIL_DENSITY_T_PER_M3;
}

/**
 * One row per load id: the highest version (a correction replaces the load it corrects, it is not
 * a second load). Rows with the same id and version are the same row read twice.
 */
export function currentLoads<T extends { id: string; version?: number }>(loads: readonly T[]): T[] {
  const latest = new Map<string, T>();
  for (const load of loads) {
    const seen = latest.get(load.id);
    if (!seen || (load.version ?? 1) > (seen.version ?? 1)) latest.set(load.id, load);
  }
  return [...latest.values()];
}

/** A load's tonnes at departure: weighed (REEL) or volume × density (ESTIME). */
export function departureWeight(load: Pick<BalanceLoad, 'volumeM3' | 'weightTonnes'>, options: BalanceOptions = {}): { tonnes: number; estimated: boolean } {
  if (typeof load.weightTonnes === 'number' && load.weightTonnes > 0) return { tonnes: load.weightTonnes, estimated: false };
  return { tonnes: round3(load.volumeM3 * densityOf(options)), estimated: true };
}

/** An accepted load's tonnes: weighed at reception, else at departure (same load), else received volume × density. */
export function receivedWeight(
  load: Pick<BalanceLoad, 'volumeM3' | 'weightTonnes' | 'receivedVolumeM3' | 'receivedWeightTonnes'>,
  options: BalanceOptions = {},
): { tonnes: number; estimated: boolean } {
  if (typeof load.receivedWeightTonnes === 'number' && load.receivedWeightTonnes > 0) return { tonnes: load.receivedWeightTonnes, estimated: false };
  if (typeof load.weightTonnes === 'number' && load.weightTonnes > 0) return { tonnes: load.weightTonnes, estimated: false };
  return { tonnes: round3(receivedVolume(load) * densityOf(options)), estimated: true };
}

function receivedVolume(load: Pick<BalanceLoad, 'volumeM3' | 'receivedVolumeM3'>): number {
  return typeof load.receivedVolumeM3 === 'number' && load.receivedVolumeM3 > 0 ? load.receivedVolumeM3 : load.volumeM3;
}

function emptyWeight(): WeightFigure {
  return { tonnes: 0, realTonnes: 0, estimatedTonnes: 0, isEstimate: false };
}

function addWeight(figure: WeightFigure, part: { tonnes: number; estimated: boolean }): void {
  figure.tonnes = round3(figure.tonnes + part.tonnes);
  if (part.estimated) {
    figure.estimatedTonnes = round3(figure.estimatedTonnes + part.tonnes);
    figure.isEstimate = true;
  } else figure.realTonnes = round3(figure.realTonnes + part.tonnes);
}

function figuresOf(loads: readonly BalanceLoad[], options: BalanceOptions): BalanceFigures {
  const figures: BalanceFigures = {
    loadCount: 0,
    inTransitCount: 0,
    acceptedCount: 0,
    refusedCount: 0,
    cancelledCount: 0,
    departedVolumeM3: 0,
    receivedVolumeM3: 0,
    refusedVolumeM3: 0,
    inTransitVolumeM3: 0,
    discrepancyVolumeM3: 0,
    receivedWeight: emptyWeight(),
    departedWeight: emptyWeight(),
  };
  for (const load of loads) {
    if (load.status === 'CANCELLED') {
      figures.cancelledCount += 1;
      continue;
    }
    figures.loadCount += 1;
    figures.departedVolumeM3 = round3(figures.departedVolumeM3 + load.volumeM3);
    addWeight(figures.departedWeight, departureWeight(load, options));
    if (load.status === 'IN_TRANSIT') {
      figures.inTransitCount += 1;
      figures.inTransitVolumeM3 = round3(figures.inTransitVolumeM3 + load.volumeM3);
    } else if (load.status === 'REFUSED') {
      figures.refusedCount += 1;
      figures.refusedVolumeM3 = round3(figures.refusedVolumeM3 + load.volumeM3);
    } else if (load.status === 'ACCEPTED') {
      figures.acceptedCount += 1;
      figures.receivedVolumeM3 = round3(figures.receivedVolumeM3 + receivedVolume(load));
      addWeight(figures.receivedWeight, receivedWeight(load, options));
    }
  }
  figures.discrepancyVolumeM3 = round3(figures.departedVolumeM3 - figures.receivedVolumeM3 - figures.refusedVolumeM3 - figures.inTransitVolumeM3);
  return figures;
}

function codeOrder(code: string): number {
  const index = (WASTE_CODES as readonly string[]).indexOf(code);
  return index === -1 ? WASTE_CODES.length : index;
}

/**
 * The balance of a transfer expecting `expectedVolumeM3` (the match's volume) from its loads:
 * cancelled loads are counted apart and out of every volume; a corrected load counts once (its
 * latest version).
 */
export function transferBalance(expectedVolumeM3: number, loads: readonly BalanceLoad[], options: BalanceOptions = {}): TransferBalance {
  const current = currentLoads(loads);
  const figures = figuresOf(current, options);
  const committed = round3(figures.receivedVolumeM3 + figures.inTransitVolumeM3);
  const codes = [...new Set(current.map((load) => load.wasteCode))].sort((a, b) => codeOrder(a) - codeOrder(b) || a.localeCompare(b));
  return {
    ...figures,
    expectedVolumeM3,
    remainingVolumeM3: Math.max(0, round3(expectedVolumeM3 - committed)),
    overrunVolumeM3: Math.max(0, round3(committed - expectedVolumeM3)),
    flaggedLoadCount: current.filter((load) => load.overRemaining === true && load.status !== 'CANCELLED').length,
    byWasteCode: codes.map((wasteCode) => ({
      wasteCode,
      ...figuresOf(
        current.filter((load) => load.wasteCode === wasteCode),
        options,
      ),
    })),
  };
}

/**
 * The volume still expected, m³ (never below 0): expected minus received and in transit, the load
 * being corrected (`replacingVolumeM3`) given back.
 */
export function remainingVolumeOf(
  balance: Pick<TransferBalance, 'expectedVolumeM3' | 'receivedVolumeM3' | 'inTransitVolumeM3'>,
  options: { replacingVolumeM3?: number } = {},
): number {
  const committed = balance.receivedVolumeM3 + balance.inTransitVolumeM3 - (options.replacingVolumeM3 ?? 0);
  return Math.max(0, balance.expectedVolumeM3 - committed);
}

/**
 * The most a transfer may have committed (received plus in transit, m³) for a new load of
 * `volumeM3` to fit in what remains: the load goes over the remaining volume exactly when the
 * committed volume is above it (Infinity: a load that small always fits). The same rule as
 * `exceedsRemaining`, as one number, so that a check can be made by the database in the statement
 * that locks the transfer and inserts the load (the API's `recordLoad`).
 */
export function committedCeiling(expectedVolumeM3: number, volumeM3: number): number {
  return volumeM3 <= EPSILON ? Number.POSITIVE_INFINITY : expectedVolumeM3 - volumeM3 + EPSILON;
}

/**
 * Whether a new load of `volumeM3` goes over the remaining expected volume (the portal then asks
 * for confirmation and the load is flagged for the admin). For a correction, pass the volume the
 * load had (`replacingVolumeM3`, when it is in transit): it is given back before comparing.
 */
export function exceedsRemaining(
  balance: Pick<TransferBalance, 'expectedVolumeM3' | 'receivedVolumeM3' | 'inTransitVolumeM3'>,
  volumeM3: number,
  options: { replacingVolumeM3?: number } = {},
): boolean {
  // volume > max(0, expected − committed) + ε, written as committed > expected − volume + ε.
  const committed = balance.receivedVolumeM3 + balance.inTransitVolumeM3 - (options.replacingVolumeM3 ?? 0);
  return committed > committedCeiling(balance.expectedVolumeM3, volumeM3);
}

/** The French text of the confirmation (volumes already formatted by the caller: '12 m³'). */
export function overRemainingMessage(volume: string, remaining: string): string {
  return fillTemplate(m.loadOverRemaining, { volume, remaining });
}

/** What closing the transfer records on the match (DONE). */
export interface TransferClosing {
  /** Σ received volumes of accepted loads: the match's moved volume. */
  movedVolumeM3: number;
  movedWeight: WeightFigure;
  acceptedLoadCount: number;
  /** Paris day of the first accepted load's departure: the match's transfer date. */
  firstLoadDate: string;
  /** Paris day of the last accepted load's departure. */
  lastLoadDate: string;
  /** Paris day of the last accepted load's reception. */
  lastReceptionDate: string;
}

export type ClosingResult = { ok: true; closing: TransferClosing } | { ok: false; message: string };

/**
 * The close computation: refused while a load is in transit (it must be received or cancelled
 * first) or when no load was accepted (then the match is closed as run outside the platform).
 * Moved volume = Σ accepted loads (received volumes); dates = first and last accepted load.
 */
export function transferClosing(loads: readonly BalanceLoad[], options: BalanceOptions = {}): ClosingResult {
  const current = currentLoads(loads);
  const inTransit = current.filter((load) => load.status === 'IN_TRANSIT').length;
  if (inTransit > 0) return { ok: false, message: fillTemplate(m.transferCloseLoadsInTransit, { count: inTransit }) };
  const accepted = current.filter((load) => load.status === 'ACCEPTED');
  if (accepted.length === 0) return { ok: false, message: m.transferCloseNoAcceptedLoad };
  const figures = figuresOf(accepted, options);
  const departures = accepted.map((load) => new Date(load.departedAt).getTime()).sort((a, b) => a - b);
  const receptions = accepted.map((load) => new Date(load.receivedAt ?? load.departedAt).getTime()).sort((a, b) => a - b);
  const day = (ms: number) => calendarDayInParis(new Date(ms));
  return {
    ok: true,
    closing: {
      movedVolumeM3: figures.receivedVolumeM3,
      movedWeight: figures.receivedWeight,
      acceptedLoadCount: accepted.length,
      firstLoadDate: day(departures[0] as number),
      lastLoadDate: day(departures[departures.length - 1] as number),
      lastReceptionDate: day(receptions[receptions.length - 1] as number),
    },
  };
}
