import { formatDate, formatEuros, formatNumber } from '../format/format';
import type { PriceBalance } from './ranking';

// French display of a match's figures, built on the shared fr-FR helpers (`format/format.ts`):
// units follow the number after a no-break space (U+00A0), like m³ and ha there.

const NBSP = '\u00a0';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Labels of a match's figures, for tables, cards and PDFs. */
export const MATCH_FIGURE_LABELS = {
  score: 'Score de compatibilité',
  greatCircleKm: 'Distance à vol d’oiseau',
  roadKm: 'Distance routière estimée',
  matchedVolume: 'Volume apparié',
  fillCoverage: 'Part du besoin couverte',
  cutCoverage: 'Part des déblais placée',
  overlap: 'Période commune',
  trips: 'Rotations de camions',
  truckKm: 'Kilomètres parcourus par les camions',
  truckKmSaved: 'Kilomètres de camion évités',
  co2Emitted: 'CO₂e émis par le transport',
  co2Saved: 'CO₂e évité',
  price: 'Équilibre des prix',
  toVerify: 'Qualité à vérifier',
  compatibleSites: 'Sites compatibles',
  volumeReused: 'Volume de terres réutilisé',
} as const;

/** Labels of the score's parts. */
export const SCORE_PART_LABELS = {
  distance: 'Proximité',
  volume: 'Volumes',
  overlap: 'Calendrier',
  price: 'Prix',
} as const;

/** '12,3 km' (one decimal); '-' when not a number. */
export function formatKilometres(value: number | null | undefined): string {
  return isNumber(value) ? `${formatNumber(value, 1)}${NBSP}km` : '-';
}

/** '1 jour', '31 jours'. */
export function formatDays(value: number | null | undefined): string {
  if (!isNumber(value)) return '-';
  return `${formatNumber(value, 0)}${NBSP}${Math.abs(value) < 2 ? 'jour' : 'jours'}`;
}

/** '1 rotation', '85 rotations' (a rotation: one loaded trip and the empty return). */
export function formatTrips(value: number | null | undefined): string {
  if (!isNumber(value)) return '-';
  return `${formatNumber(value, 0)}${NBSP}${Math.abs(value) < 2 ? 'rotation' : 'rotations'}`;
}

/** CO2e from kg: '850 kg CO₂e' below a tonne, '12,4 t CO₂e' from a tonne (signed). */
export function formatCo2(kg: number | null | undefined): string {
  if (!isNumber(kg)) return '-';
  return Math.abs(kg) >= 1000 ? `${formatNumber(kg / 1000, 1)}${NBSP}t${NBSP}CO₂e` : `${formatNumber(kg, 0)}${NBSP}kg${NBSP}CO₂e`;
}

/** A ratio as a percentage: 0.625 -> '63 %'. */
export function formatPercent(ratio: number | null | undefined): string {
  return isNumber(ratio) ? `${formatNumber(ratio * 100, 0)}${NBSP}%` : '-';
}

/** '87/100' (a score of 0–100, rounded). */
export function formatScore(score: number | null | undefined): string {
  return isNumber(score) ? `${formatNumber(score, 0)}/100` : '-';
}

/** '8,00 €/m³', '-5,00 €/m³'. */
export function formatEurosPerCubicMetre(value: number | null | undefined): string {
  return isNumber(value) ? `${formatEuros(value)}/m³` : '-';
}

/** 'du 01/03/2027 au 31/03/2027 (31 jours)'. */
export function formatOverlap(overlap: { start: string; end: string; days: number } | null | undefined): string {
  if (!overlap) return '-';
  return `du ${formatDate(overlap.start)} au ${formatDate(overlap.end)} (${formatDays(overlap.days)})`;
}

/** Who pays whom at the proposed price: 'Le receveur paie 2,50 €/m³ au producteur'. */
export function describePriceBalance(balance: Pick<PriceBalance, 'payer' | 'proposedPricePerM3'>): string {
  const amount = formatEurosPerCubicMetre(Math.abs(balance.proposedPricePerM3));
  if (balance.payer === 'FILL') return `Le receveur paie ${amount} au producteur`;
  if (balance.payer === 'CUT') return `Le producteur paie ${amount} au receveur`;
  return 'Cession sans paiement';
}
