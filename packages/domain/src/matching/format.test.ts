import { describe, expect, it } from 'vitest';
import {
  describePriceBalance,
  formatCo2,
  formatDays,
  formatEurosPerCubicMetre,
  formatKilometres,
  formatOverlap,
  formatPercent,
  formatScore,
  formatTrips,
  MATCH_FIGURE_LABELS,
} from './format';

// Intl fr-FR: thousands separated by U+202F; units after U+00A0.
const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('match figures in French', () => {
  it('formats distances, days and trips', () => {
    expect(formatKilometres(47.5508)).toBe(`47,6${NBSP}km`);
    expect(formatKilometres(28340.25)).toBe(`28${NNBSP}340,3${NBSP}km`);
    expect(formatDays(1)).toBe(`1${NBSP}jour`);
    expect(formatDays(77)).toBe(`77${NBSP}jours`);
    expect(formatTrips(1)).toBe(`1${NBSP}rotation`);
    expect(formatTrips(298)).toBe(`298${NBSP}rotations`);
    expect(formatKilometres(null)).toBe('-');
  });

  it('formats CO2e in kg below a tonne and in tonnes above', () => {
    expect(formatCo2(850)).toBe(`850${NBSP}kg${NBSP}CO₂e`);
    expect(formatCo2(1457.3)).toBe(`1,5${NBSP}t${NBSP}CO₂e`);
    expect(formatCo2(-10442.7)).toBe(`-10,4${NBSP}t${NBSP}CO₂e`);
  });

  it('formats the score, shares and prices', () => {
    expect(formatScore(45.8)).toBe('46/100');
    expect(formatPercent(0.636)).toBe(`64${NBSP}%`);
    expect(formatEurosPerCubicMetre(-0.71)).toBe(`-0,71${NBSP}€/m³`);
    expect(formatOverlap({ start: '2027-04-15', end: '2027-06-30', days: 77 })).toBe(`du 15/04/2027 au 30/06/2027 (77${NBSP}jours)`);
  });

  it('says who pays whom', () => {
    expect(describePriceBalance({ payer: 'CUT', proposedPricePerM3: -0.71 })).toBe(`Le producteur paie 0,71${NBSP}€/m³ au receveur`);
    expect(describePriceBalance({ payer: 'FILL', proposedPricePerM3: 8 })).toBe(`Le receveur paie 8,00${NBSP}€/m³ au producteur`);
    expect(describePriceBalance({ payer: null, proposedPricePerM3: 0 })).toBe('Cession sans paiement');
  });

  it('labels every figure', () => {
    expect(MATCH_FIGURE_LABELS.co2Saved).toBe('CO₂e évité');
    expect(MATCH_FIGURE_LABELS.roadKm).toBe('Distance routière estimée');
  });
});
